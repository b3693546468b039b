import { ExecuteContext } from 'n8n-core';
import type { ICredentialDataDecryptedObject, IDataObject, INodeExecutionData, INodeParameters, IRunExecutionData } from 'n8n-workflow';

import { CommunityPlatform } from '../../nodes/CommunityPlatform/CommunityPlatform.node';
import { API, BASE_URL, CREDENTIALS, additionalData, loadOptionsContextOf, nodeOf, workflowOf } from './n8nContext.cjs';

export { API, BASE_URL, CREDENTIALS };

export interface RunOptions {
	parameters: INodeParameters;
	items?: IDataObject[];
	credentials?: ICredentialDataDecryptedObject;
	continueOnFail?: boolean;
	abortSignal?: AbortSignal;
}

const NODE = { id: 'node-1', name: 'Community Platform' };

/** nock needs a real Error to drop a connection (a plain object leaves the socket hanging). */
export const socketError = (code: string, message: string) => Object.assign(new Error(message), { code });

/** A page of a list as the API answers a Get Many. */
export const page = (results: object[], pageNumber: number, pageSize: number) => ({
	size: results.length,
	pageNumber,
	pageSize,
	results,
});

/** Runs the action node once, in n8n-core's real ExecuteContext, over the given input items. */
export async function runNode(options: RunOptions): Promise<INodeExecutionData[]> {
	const nodeType = new CommunityPlatform();
	const node = nodeOf(nodeType, options.parameters, { ...NODE, ...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}) });
	const workflow = workflowOf(nodeType, node);
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
	return loadOptionsContextOf(nodeType, nodeOf(nodeType, parameters, NODE), credentials);
}
