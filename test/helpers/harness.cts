import { ExecuteContext, LoadOptionsContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRunExecutionData,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { CommunityPlatform } from '../../nodes/CommunityPlatform/CommunityPlatform.node';
import { API, BASE_URL, CREDENTIALS, additionalData } from './n8nContext.cjs';

export { API, BASE_URL, CREDENTIALS };

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
