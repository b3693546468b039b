import type { IExecuteFunctions, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { Operation } from './operation';
import { RESOURCES, operationOf } from './resources';

/**
 * Runs the chosen operation once per input item (a batch operation once, for all of them).
 * Every output item points at its input (pairedItem); with Continue On Fail an item's error
 * becomes its output and the loop goes on.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const first = chosenOrUndefined(this);
	if (first && 'executeBatch' in first) return await first.executeBatch.call(this);

	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const handler = chosen(this, itemIndex);
			if (!('execute' in handler)) throw new NodeOperationError(this.getNode(), 'A batch operation runs once for all items', { itemIndex });
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

/**
 * The operation an item chose. A Resource or an Operation the node does not have (a workflow
 * written by hand or by an AI builder: n8n checks no parameter of a community node before the
 * run) fails the item, naming the parameter and the values it can take.
 */
function chosen(ctx: IExecuteFunctions, itemIndex: number): Operation {
	const resource = ctx.getNodeParameter('resource', itemIndex) as string;
	const entry = RESOURCES.find((r) => r.option.value === resource);
	if (!entry) {
		throw new NodeOperationError(ctx.getNode(), `Invalid parameter: Resource "${resource}" does not exist`, {
			itemIndex,
			description: `Set Resource to one of: ${RESOURCES.map((r) => r.option.value).join(', ')}.`,
		});
	}
	const operation = ctx.getNodeParameter('operation', itemIndex) as string;
	const handler = operationOf(resource, operation);
	if (!handler) {
		throw new NodeOperationError(ctx.getNode(), `Invalid parameter: Operation "${operation}" does not exist for Resource "${entry.option.name}"`, {
			itemIndex,
			description: `Set Operation to one of: ${Object.keys(entry.operations).join(', ')}.`,
		});
	}
	return handler;
}

/** The first item's operation, to tell a batch operation; undefined when it is not one the node has (the item fails in the loop). */
function chosenOrUndefined(ctx: IExecuteFunctions): Operation | undefined {
	try {
		return chosen(ctx, 0);
	} catch {
		return undefined;
	}
}
