import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import type { JobKind } from './jobs';
import { jobEndpoints } from './jobs';
import type { PreparedRow, RowResult } from './submitAndWait';
import { submitAndWait } from './submitAndWait';

/** How long to wait for the jobs; a Create or Update Many always waits, so it shows this alone. */
export const maxWaitField: INodeProperties = {
	displayName: 'Max Wait (Minutes)',
	name: 'maxWaitMinutes',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 120 },
	default: 15,
	description: 'How long to wait for the jobs; rows of unfinished jobs come back with their job ID and last status',
};

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
	{ ...maxWaitField, displayOptions: { show: { waitForCompletion: [true] } } },
];

/** Max Wait, in milliseconds (at least a minute). */
export function maxWaitMs(ctx: IExecuteFunctions): number {
	return Math.max(1, ctx.getNodeParameter('maxWaitMinutes', 0, 15) as number) * 60_000;
}

/** How far apart a job's status reads are: the spec recommends every 2 to 5 seconds. */
export const POLL_MIN_MS = 2000;
export const POLL_MAX_MS = 5000;

/** Turns an item's parameters into a row (for a club job: with its club as `group`), or throws why not. */
export type PrepareRow = (itemIndex: number) => Promise<{ row: IDataObject; key?: string; group?: string }>;

export interface BatchOperation {
	kind: JobKind;
	extraBody?: IDataObject;
	prepare: PrepareRow;
}

/**
 * n8n runs a node again while the first item it returns has a json `error`: with Retry On Fail
 * and "Continue (using error output)", a failed first row would make it submit every job again.
 */
const RETRY_REFUSED =
	'Not submitted: turn off "Retry On Fail" for this batch operation, or choose another On Error setting. With "Continue (using error output)", n8n retries the node when its first row failed, and a retry would submit every job again (creating members twice)';

/**
 * Runs a batch operation over all input items: one output item per input item, in order,
 * with pairedItem. A failed row is never thrown: the rest of the batch is never lost.
 *
 * How a failed row is represented depends on the node's On Error setting, because n8n's
 * engine (n8n-core WorkflowExecute) rewrites items:
 * - `normalizeNodeErrors` replaces the json of every item that has `error` set with
 *   `{ error: message }`, in every mode; so no row ever sets the item's `error`.
 * - Under "Continue (using error output)", `handleNodeErrorOutput` sends an item to the error
 *   output only if it has `error` set, or if its json has `error` and no keys other than
 *   `error`, `message` and `details`. So there a failed row becomes `{ error: reason, details:
 *   row }` (n8n then adds the input item's fields next to them); everywhere else it is the row.
 */
export async function runBatchOperation(ctx: IExecuteFunctions, operation: BatchOperation): Promise<INodeExecutionData[][]> {
	return await runBatch(ctx, async (count) => await prepareAndSubmit(ctx, operation, count));
}

/** The output of a batch run (`run` gives one result per input item), shaped for the node's On Error setting. */
export async function runBatch(
	ctx: IExecuteFunctions,
	run: (count: number) => Promise<RowResult[]>,
): Promise<INodeExecutionData[][]> {
	const items = ctx.getInputData();
	const node = ctx.getNode();
	if (items.length === 0) {
		throw new NodeOperationError(node, 'The batch has no rows: connect a node that outputs at least one item');
	}
	const toErrorOutput = node.onError === 'continueErrorOutput';
	const results =
		toErrorOutput && node.retryOnFail === true
			? items.map((): RowResult => ({ status: 'not_submitted', failed: true, reason: RETRY_REFUSED }))
			: await run(items.length);
	return [
		results.map((row, itemIndex) => ({
			json: toErrorOutput && row.failed ? { error: row.reason ?? 'The row failed', details: row } : row,
			pairedItem: { item: itemIndex },
		})),
	];
}

async function prepareAndSubmit(ctx: IExecuteFunctions, operation: BatchOperation, count: number): Promise<RowResult[]> {
	const waitForCompletion = ctx.getNodeParameter('waitForCompletion', 0, true) as boolean;
	return await submitAndWait(ctx, count, readRows(ctx, operation.prepare, count), {
		endpoints: (group) => jobEndpoints(operation.kind, group),
		extraBody: operation.extraBody,
		waitForCompletion,
		maxWaitMs: maxWaitMs(ctx),
		pollMinMs: POLL_MIN_MS,
		pollMaxMs: POLL_MAX_MS,
	});
}

/** Reading yields to timers and answers after this much work (ms). */
const READ_SLICE_MS = 5;

/**
 * The items as rows, in input order, read while earlier jobs are being submitted. An item's
 * parameters are read synchronously (in n8n 2.x each expression is evaluated in an isolate:
 * about a millisecond each), so the reading lets timers and answers through every few
 * milliseconds, and the pacer's turns come on time. A cancelled execution stops the reading.
 */
export async function* readRows(ctx: IExecuteFunctions, prepare: PrepareRow, count: number): AsyncGenerator<PreparedRow> {
	const signal = ctx.getExecutionCancelSignal?.();
	let sliceStart = Date.now();
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		if (signal?.aborted) return;
		let entry: PreparedRow;
		try {
			entry = { itemIndex, ...(await prepare(itemIndex)) };
		} catch (error) {
			entry = { itemIndex, error: (error as Error).message };
		}
		yield entry;
		if (Date.now() - sliceStart >= READ_SLICE_MS) {
			await sleep(0);
			sliceStart = Date.now();
		}
	}
}
