/**
 * What both test harnesses need to run the package's nodes in n8n-core's real execution
 * contexts: the test credentials, nock switched on per test file, the additional data n8n would
 * pass (a credentials helper that calls the credential's own `authenticate`), and a
 * node of the package in a workflow of its own.
 */
import { LoadOptionsContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IHttpRequestOptions,
	INode,
	INodeParameters,
	INodeType,
	INodeTypes,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';
import nock from 'nock';

import { CommunityPlatformApi } from '../../credentials/CommunityPlatformApi.credentials';

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
	afterEach(() => {
		nock.cleanAll();
	});
	afterAll(() => {
		nock.cleanAll();
		nock.restore();
	});
}

/** `credentials`: the credential's data, or a function that gives it at each read (to count reads, or edit it between them). */
export function additionalData(credentials: ICredentialDataDecryptedObject | (() => ICredentialDataDecryptedObject)): IWorkflowExecuteAdditionalData {
	const known: Record<string, unknown> = {
		credentialsHelper: {
			getParentTypes: () => [],
			isCredentialUsableByNode: () => true,
			getDecrypted: async () => (typeof credentials === 'function' ? credentials() : credentials),
			// As n8n does for a credential whose `authenticate` is a function: it is called as it is.
			authenticate: async (creds: ICredentialDataDecryptedObject, _type: string, options: IHttpRequestOptions) =>
				await credentialType.authenticate(creds, options),
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


/**
 * A node of the package's `nodeType` with the test credential, named and placed by `settings`;
 * its parameters get their defaults as the editor fills them in when it saves a workflow.
 */
export function nodeOf(nodeType: INodeType, parameters: INodeParameters, settings: Pick<INode, 'id' | 'name'> & Partial<INode>): INode {
	const node: INode = {
		type: `n8n-nodes-community-platform.${nodeType.description.name}`,
		typeVersion: 1,
		position: [0, 0],
		credentials: { communityPlatformApi: { id: '1', name: 'Community Platform account' } },
		...settings,
		parameters: {},
	};
	node.parameters =
		NodeHelpers.getNodeParameters(nodeType.description.properties, parameters, true, false, node, nodeType.description) ?? {};
	return node;
}

/** n8n's registry of node types, knowing the one. */
export function nodeTypesFor(nodeType: INodeType): INodeTypes {
	return {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
}

/** A workflow of the one node. */
export function workflowOf(nodeType: INodeType, node: INode, { id = 'wf', active = false } = {}): Workflow {
	return new Workflow({ id, nodes: [node], connections: {}, active, nodeTypes: nodeTypesFor(nodeType) });
}

/** A real LoadOptionsContext for the node's loaders, list searches and resource mappers. */
export function loadOptionsContextOf(nodeType: INodeType, node: INode, credentials: ICredentialDataDecryptedObject) {
	return new LoadOptionsContext(workflowOf(nodeType, node), node, additionalData(credentials), '');
}
