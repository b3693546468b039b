import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { JobKind } from './jobs';
import { jobEndpoints } from './jobs';
import type { PreparedRow } from './submitAndWait';
import { submitAndWait } from './submitAndWait';

/** Wait for Completion and Max Wait, shared by the three batch operations. */
export const waitProperties: INodeProperties[] = [
	{
		displayName:
			'All input items become rows of one batch, sent in jobs of up to 100 rows at the pace the API allows (about 10 jobs a minute, 200 a day). Each item gets back its own result.',
		name: 'batchNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Wait for Completion',
		name: 'waitForCompletion',
		type: 'boolean',
		default: true,
		description:
			'Whether to wait until the jobs finish and return each row’s result, or return the job IDs at once (check them later with Batch Job → Get)',
	},
	{
		displayName: 'Max Wait (Minutes)',
		name: 'maxWaitMinutes',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 120 },
		default: 15,
		description: 'How long to wait for the jobs; rows of unfinished jobs come back with their job ID and last status',
		displayOptions: { show: { waitForCompletion: [true] } },
	},
];

/** How often job status is read: the spec recommends every 2 to 5 seconds. */
export const FIRST_POLL_MS = 2000;
export const POLL_INTERVAL_MS = 3000;

/** Turns an item's parameters into a row (for a club job: with its club as `group`), or throws why not. */
export type PrepareRow = (itemIndex: number) => Promise<{ row: IDataObject; key?: string; group?: string }>;

export interface BatchOperation {
	kind: JobKind;
	extraBody?: IDataObject;
	prepare: PrepareRow;
}

/**
 * Runs a batch operation over all input items: one output item per input item, in order,
 * with pairedItem. Failed rows carry `error` under Continue On Fail, so "Continue (using
 * error output)" routes them to the error branch; otherwise they stay in the output with
 * status "failed" and their reason, and the rest of the batch is never lost.
 */
export async function runBatchOperation(ctx: IExecuteFunctions, operation: BatchOperation): Promise<INodeExecutionData[][]> {
	const items = ctx.getInputData();
	if (items.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'The batch has no rows: connect a node that outputs at least one item');
	}
	const prepared: PreparedRow[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			prepared.push({ itemIndex, ...(await operation.prepare(itemIndex)) });
		} catch (error) {
			prepared.push({ itemIndex, error: (error as Error).message });
		}
	}
	const waitForCompletion = ctx.getNodeParameter('waitForCompletion', 0, true) as boolean;
	const maxWaitMinutes = ctx.getNodeParameter('maxWaitMinutes', 0, 15) as number;
	const results = await submitAndWait(ctx, items.length, prepared, {
		endpoints: (group) => jobEndpoints(operation.kind, group),
		extraBody: operation.extraBody,
		waitForCompletion,
		maxWaitMs: Math.max(1, maxWaitMinutes) * 60_000,
		firstPollMs: FIRST_POLL_MS,
		pollIntervalMs: POLL_INTERVAL_MS,
	});
	const continueOnFail = ctx.continueOnFail();
	return [
		results.map((json, itemIndex) => ({
			json,
			pairedItem: { item: itemIndex },
			...(json.failed && continueOnFail
				? { error: new NodeOperationError(ctx.getNode(), json.reason ?? 'The row failed', { itemIndex }) }
				: {}),
		})),
	];
}
