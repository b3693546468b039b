import { ExecuteContext, LoadOptionsContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRunExecutionData,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';
import nock from 'nock';

import { CommunityPlatformApi } from '../../credentials/CommunityPlatformApi.credentials';
import { CommunityPlatform } from '../../nodes/CommunityPlatform/CommunityPlatform.node';

export const BASE_URL = 'https://community.test';
export const API = `${BASE_URL}/public-api/v1`;
export const CREDENTIALS = {
	baseUrl: BASE_URL,
	clientId: 'client-123',
	accessToken: 'secret-token-abc123',
};

const credentialType = new CommunityPlatformApi();

// Jest runs several test files in one worker, each with its own copy of nock: a file must
// switch its copy on, and off again when done, or the next file's mocks are never seen.
// Outside jest (benchmarks) the harness runs against a real server and nock stays off.
if (typeof beforeAll === 'function') {
	beforeAll(() => {
		if (!nock.isActive()) nock.activate();
		nock.disableNetConnect();
	});
	afterAll(() => {
		nock.cleanAll();
		nock.restore();
	});
}

/**
 * Applies the credential's generic `authenticate` block the way n8n does: each value is an
 * expression over $credentials.
 */
function authenticate(credentials: ICredentialDataDecryptedObject, options: IHttpRequestOptions) {
	const headers = { ...(options.headers ?? {}) };
	for (const [name, template] of Object.entries(credentialType.authenticate.properties.headers ?? {})) {
		const text = String(template).replace(/^=/, '');
		headers[name] = text.replace(/\{\{\s*\$credentials\.(\w+)\s*\}\}/g, (_, key: string) => String(credentials[key]));
	}
	return { ...options, headers };
}

function additionalData(credentials: ICredentialDataDecryptedObject): IWorkflowExecuteAdditionalData {
	const known: Record<string, unknown> = {
		credentialsHelper: {
			getParentTypes: () => [],
			isCredentialUsableByNode: () => true,
			getDecrypted: async () => credentials,
			authenticate: async (creds: ICredentialDataDecryptedObject, _type: string, options: IHttpRequestOptions) =>
				authenticate(creds, options),
			preAuthentication: async () => undefined,
			runPreAuthentication: async () => undefined,
		},
		ssrfBridge: {
			validateIp: () => ({ ok: true, result: undefined }),
			validateUrl: async () => ({ ok: true, result: undefined }),
			validateConnectionHost: () => ({ ok: true, result: undefined }),
			validateRedirectSync: () => undefined,
			createSecureLookup: () => undefined,
		},
		evalLlmMockHandler: undefined,
		hooks: undefined,
		executionId: 'test-execution',
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678/',
		variables: {},
		webhookBaseUrl: '',
		webhookTestBaseUrl: '',
		webhookWaitingBaseUrl: '',
		formWaitingBaseUrl: '',
		currentNodeParameters: undefined,
		userId: 'user',
	};
	return known as unknown as IWorkflowExecuteAdditionalData;
}

function nodeTypesFor(type: INodeType): INodeTypes {
	return {
		getByName: () => type,
		getByNameAndVersion: () => type,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
}

export interface RunOptions {
	parameters: INodeParameters;
	items?: IDataObject[];
	credentials?: ICredentialDataDecryptedObject;
	continueOnFail?: boolean;
	abortSignal?: AbortSignal;
}

function makeNode(nodeType: INodeType, parameters: INodeParameters, continueOnFail = false): INode {
	const node: INode = {
		id: 'node-1',
		name: 'Community Platform',
		type: 'n8n-nodes-community-platform.communityPlatform',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { communityPlatformApi: { id: '1', name: 'Community Platform account' } },
		...(continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	};
	// Fill in defaults as the editor does when it saves a workflow.
	node.parameters = 
		NodeHelpers.getNodeParameters(nodeType.description.properties, parameters, true, false, node, nodeType.description) ?? {};
	return node;
}

function workflowWith(nodeType: INodeType, node: INode) {
	return new Workflow({
		id: 'wf',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: nodeTypesFor(nodeType),
	});
}

/** Runs the action node once, in n8n-core's real ExecuteContext, over the given input items. */
export async function runNode(options: RunOptions): Promise<INodeExecutionData[]> {
	const nodeType = new CommunityPlatform();
	const node = makeNode(nodeType, options.parameters, options.continueOnFail);
	const workflow = workflowWith(nodeType, node);
	const items: INodeExecutionData[] = (options.items ?? [{}]).map((json, index) => ({ json, pairedItem: { item: index } }));
	const runExecutionData: IRunExecutionData = {
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			nodeExecutionStack: [],
			metadata: {},
			waitingExecution: {},
			waitingExecutionSource: {},
		},
	} as unknown as IRunExecutionData;
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData(options.credentials ?? CREDENTIALS),
		'manual',
		runExecutionData,
		0,
		items,
		{ main: [items] },
		{ node, data: { main: [items] }, source: null },
		[],
		options.abortSignal,
	);
	const result = await nodeType.execute!.call(context);
	return (result as INodeExecutionData[][])[0];
}

/** A real LoadOptionsContext for the node's loaders, list searches and resource mappers. */
export function loadOptionsContext(parameters: INodeParameters = {}, credentials = CREDENTIALS) {
	const nodeType = new CommunityPlatform();
	const node = makeNode(nodeType, parameters);
	const workflow = workflowWith(nodeType, node);
	return new LoadOptionsContext(workflow, node, additionalData(credentials), '');
}
