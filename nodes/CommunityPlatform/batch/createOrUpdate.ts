import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { clock } from '../transport/clock';
import type { JobKind } from './jobs';
import { jobEndpoints } from './jobs';
import { POLL_MAX_MS, POLL_MIN_MS, readRows } from './operation';
import type { PreparedRow, RowResult } from './submitAndWait';
import { submitAndWait } from './submitAndWait';

/** One input item of a create-or-update batch, as rows of the jobs it may go in. */
export interface CreateOrUpdateRow {
	/** What must be unique in the batch (the email, in lower case). */
	key: string;
	/** The row of the update job (POST /users/batch-update). */
	update: IDataObject;
	/** The row of the create job (POST /users/batch), or why the item cannot create a member. */
	create?: IDataObject;
	cannotCreate?: string;
	/** An update row for what creation cannot set, sent once the member is created. */
	afterCreate?: IDataObject;
}

export interface CreateOrUpdateOptions {
	prepare: (itemIndex: number) => Promise<CreateOrUpdateRow>;
	/** Top-level fields of the update jobs (reason, operatorEmail). */
	updateBody?: IDataObject;
	/** The whole run's wait, every step included. */
	maxWaitMs: number;
}

/** The row of a step's result: its status, its job, and every job the item was in so far. */
function settled(result: RowResult, action: 'created' | 'updated', jobIds: string[]): RowResult {
	const ids = result.jobId ? [...jobIds, result.jobId] : jobIds;
	return { ...result, ...(result.failed ? {} : { action }), jobIds: ids };
}

async function* each(rows: PreparedRow[]): AsyncGenerator<PreparedRow> {
	yield* rows;
}

/**
 * Create or update many members, by email, in the fewest Heavy-tier jobs that need no guess:
 *
 * 1. Every row goes in an update job. A member who exists is updated (`updated`, or `noop` when
 *    nothing changed); for an email no member has, the job answers `not_found`, the API's
 *    documented status (the spec gives no status or message for creating an email that
 *    exists, and says that a create job with an invalid row is refused whole).
 * 2. Only the rows answered `not_found` go in create jobs.
 * 3. A created member that the item also gives fields creation cannot set (bio, member type,
 *    approval status, profile answers) gets them in one more update job.
 *
 * A row is in each kind of job at most once, and only after the step before answered for it;
 * a row whose update timed out or was not submitted is never created. A spent daily quota, a
 * cancelled execution or the end of Max Wait stops the steps that follow, and the rows they
 * would have sent say so (`not_submitted`). Running the same items again is safe: every member
 * of the batch then exists, and each is updated.
 */
export async function createOrUpdateMany(
	ctx: IExecuteFunctions,
	count: number,
	options: CreateOrUpdateOptions,
): Promise<RowResult[]> {
	const deadline = clock.now() + options.maxWaitMs;
	const signal = ctx.getExecutionCancelSignal?.();
	const rows: CreateOrUpdateRow[] = new Array(count);

	/** Submits rows (each with its item) in jobs of one kind, waits, and answers by item. */
	const step = async (kind: JobKind, entries: Array<{ itemIndex: number; row: IDataObject; key: string }>) => {
		const out = new Map<number, RowResult>();
		if (entries.length === 0) return out;
		const stoppedBy = signal?.aborted
			? 'The execution was cancelled'
			: clock.now() >= deadline
				? 'Max Wait ended'
				: undefined;
		if (stoppedBy) {
			for (const { itemIndex } of entries) {
				out.set(itemIndex, { status: 'not_submitted', failed: true, reason: `${stoppedBy} before this row's ${kind === 'createUsers' ? 'create' : 'update'} job was submitted` });
			}
			return out;
		}
		const results = await submitAndWait(
			ctx,
			entries.length,
			each(entries.map(({ row, key }, local) => ({ itemIndex: local, row, key }))),
			{
				endpoints: () => jobEndpoints(kind),
				extraBody: kind === 'updateUsers' ? options.updateBody : undefined,
				waitForCompletion: true,
				maxWaitMs: deadline - clock.now(),
				pollMinMs: POLL_MIN_MS,
				pollMaxMs: POLL_MAX_MS,
			},
		);
		entries.forEach(({ itemIndex }, local) => out.set(itemIndex, results[local]));
		return out;
	};

	// 1. Update every row, as the items are read.
	const prepare = async (itemIndex: number) => {
		rows[itemIndex] = await options.prepare(itemIndex);
		return { row: rows[itemIndex].update, key: rows[itemIndex].key };
	};
	const updated = await submitAndWait(ctx, count, readRows(ctx, prepare, count), {
		endpoints: () => jobEndpoints('updateUsers'),
		extraBody: options.updateBody,
		waitForCompletion: true,
		maxWaitMs: options.maxWaitMs,
		pollMinMs: POLL_MIN_MS,
		pollMaxMs: POLL_MAX_MS,
	});
	const results = updated.map((result) => (result.status === 'not_found' ? result : settled(result, 'updated', [])));

	// 2. Create the members the update found no one for.
	const toCreate: Array<{ itemIndex: number; row: IDataObject; key: string }> = [];
	updated.forEach((result, itemIndex) => {
		if (result.status !== 'not_found') return;
		const { create, cannotCreate, key } = rows[itemIndex];
		if (create) toCreate.push({ itemIndex, row: create, key });
		else results[itemIndex] = { ...settled(result, 'created', []), status: 'failed', failed: true, reason: `No member has this email, and a new member cannot be created from this item: ${cannotCreate}` };
	});
	const created = await step('createUsers', toCreate);
	const firstJobs = (itemIndex: number) => (updated[itemIndex].jobId ? [String(updated[itemIndex].jobId)] : []);
	for (const [itemIndex, result] of created) results[itemIndex] = settled(result, 'created', firstJobs(itemIndex));

	// 3. Set on the new members what creation could not.
	const toComplete = [...created]
		.filter(([itemIndex, result]) => !result.failed && rows[itemIndex].afterCreate)
		.map(([itemIndex]) => ({ itemIndex, row: rows[itemIndex].afterCreate as IDataObject, key: rows[itemIndex].key }));
	for (const [itemIndex, result] of await step('updateUsers', toComplete)) {
		const done = results[itemIndex];
		const jobIds = [...(done.jobIds as string[]), ...(result.jobId ? [String(result.jobId)] : [])];
		results[itemIndex] = result.failed
			? {
					...done,
					status: result.status,
					failed: true,
					reason: `The member was created (ID ${done.userId}), but setting its other fields did not succeed (${result.status}): ${result.reason ?? 'no reason given'}. Running the item again updates it`,
					jobIds,
				}
			: { ...done, jobIds };
	}
	return results;
}
