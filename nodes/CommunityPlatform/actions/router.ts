import type { IExecuteFunctions, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { operationOf } from './resources';

/**
 * Runs the chosen operation once per input item (a batch operation once, for all of them).
 * Every output item points at its input (pairedItem); with Continue On Fail an item's error
 * becomes its output and the loop goes on.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const batch = operationOf(
		this.getNodeParameter('resource', 0) as string,
		this.getNodeParameter('operation', 0) as string,
	);
	if (batch && 'executeBatch' in batch) return await batch.executeBatch.call(this);

	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const resource = this.getNodeParameter('resource', itemIndex) as string;
			const operation = this.getNodeParameter('operation', itemIndex) as string;
			const handler = operationOf(resource, operation);
			if (!handler || !('execute' in handler)) {
				throw new NodeOperationError(this.getNode(), `The operation "${operation}" is not supported on "${resource}"`, {
					itemIndex,
				});
			}
			const result = await handler.execute.call(this, itemIndex);
			for (const json of Array.isArray(result) ? result : [result]) {
				output.push({ json, pairedItem: { item: itemIndex } });
			}
		} catch (error) {
			if (!this.continueOnFail()) {
				// Re-wrapping an n8n error hands back the original, with its own item index.
				if (error instanceof NodeApiError) throw new NodeApiError(this.getNode(), error as unknown as JsonObject);
				throw new NodeOperationError(this.getNode(), error as Error, { itemIndex });
			}
			output.push({ json: { error: (error as Error).message }, pairedItem: { item: itemIndex } });
		}
	}
	return [output];
}
