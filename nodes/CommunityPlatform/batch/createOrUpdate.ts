import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { EMAIL_TAKEN, cannotCreateMessage, heldByInactiveMember } from '../actions/member/createOrUpdateFields';
import { clock } from '../../shared/transport/clock';
import type { JobKind } from './jobs';
import { MAX_ROWS_PER_JOB, jobEndpoints } from './jobs';
import { POLL_MAX_MS, POLL_MIN_MS, readRows } from './operation';
import { heavyQuota } from './quota';
import type { PreparedRow, RowResult } from './submitAndWait';
import { MAX_SUBMISSIONS_PER_CHUNK, submitAndWait } from './submitAndWait';

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
	/** When the daily quota cannot cover the run: submit what it allows (the rest `not_submitted`) rather than fail first. */
	allowPartialRun: boolean;
}

/** The row of a step's result: its status, its job, and every job the item was in so far. */
function settled(result: RowResult, action: 'created' | 'updated', jobIds: string[]): RowResult {
	const ids = result.jobId ? [...jobIds, result.jobId] : jobIds;
	return { ...result, ...(result.failed ? {} : { action }), jobIds: ids };
}

async function* each(rows: PreparedRow[]): AsyncGenerator<PreparedRow> {
	yield* rows;
}

const jobsFor = (rows: number) => Math.ceil(rows / MAX_ROWS_PER_JOB);

/**
 * The most Heavy requests the run can cost: an update job per 100 rows; per 100 rows that could
 * create a member, a create job, sent again once if the API refuses it naming some of its rows
 * (MAX_SUBMISSIONS_PER_CHUNK), and an update job for the rows whose creation fails (step 3); and a
 * job per 100 new members to set what creation cannot (step 4).
 */
export function worstCaseJobs(rows: CreateOrUpdateRow[]) {
	const creatable = rows.filter((row) => row.create);
	const create = jobsFor(creatable.length);
	return {
		update: jobsFor(rows.length),
		create: create * MAX_SUBMISSIONS_PER_CHUNK,
		recheck: create,
		complete: jobsFor(creatable.filter((row) => row.afterCreate).length),
	};
}

/** Why the Heavy tier's daily quota cannot cover the run at its worst, or undefined when it can (or the API does not say). */
async function quotaShortfall(ctx: IExecuteFunctions, rows: Array<CreateOrUpdateRow | undefined>): Promise<string | undefined> {
	const jobs = worstCaseJobs(rows.filter((row): row is CreateOrUpdateRow => row !== undefined));
	const needed = jobs.update + jobs.create + jobs.recheck + jobs.complete;
	// One job is its own check: refused for the quota, it was not submitted.
	if (needed <= 1) return undefined;
	const quota = await heavyQuota(ctx);
	if (quota === undefined || needed <= quota.remaining) return undefined;
	const perHundred = needed / jobs.update;
	const fit = Math.floor(quota.remaining / perHundred) * MAX_ROWS_PER_JOB;
	return (
		`The daily quota of the Heavy tier cannot cover this run: it needs up to ${needed} jobs (${jobs.update} update, ${jobs.create} create (each may be sent again once), ${jobs.recheck} to update again rows whose creation fails, ${jobs.complete} to set what creation cannot), ` +
		`and the API allows ${quota.remaining} more today; the quota resets at ${new Date(quota.resetsAt).toISOString()}. Nothing was submitted. ` +
		`${fit > 0 ? `Split the list (about ${fit} rows fit in what is left), or run it after the reset` : 'Run it after the reset (what is left cannot cover 100 rows at their worst)'}; or turn on "Partial Run Under the Daily Quota" to submit what the quota allows`
	);
}

/**
 * Create or update many members, by email, in the fewest Heavy-tier jobs that need no guess:
 *
 * 0. Every item is read, and the most jobs the run can cost (`worstCaseJobs`) is checked against
 *    the Heavy tier's daily quota: a run that might not finish today fails before its first job,
 *    unless the user accepts a partial run.
 * 1. Every row goes in an update job. A member who exists is updated (`updated`, or `noop` when
 *    nothing changed); for an email no member has, the job answers `not_found`, the API's
 *    documented status.
 * 2. Only the rows answered `not_found` go in create jobs. A create job refused whole because
 *    of some rows (batch rule 1) goes again without them, once (`submitAndWait`).
 * 3. The rows whose creation failed go in one more update job: another execution may have
 *    created a member with the email since step 1 (the spec gives no status or message for
 *    creating an email that exists). A row it updates lost that race and is `updated`; a row
 *    still `not_found` whose creation was refused for its email belongs to a member the API does
 *    not update (a deactivated one), and fails saying so.
 * 4. A created member that the item also gives fields creation cannot set (bio, member type,
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
	const updateRowOf = (itemIndex: number) => ({ itemIndex, row: rows[itemIndex].update, key: rows[itemIndex].key });

	// 0. Read every item, and check the run against the daily quota before its first job.
	const prepared: PreparedRow[] = [];
	const prepare = async (itemIndex: number) => {
		rows[itemIndex] = await options.prepare(itemIndex);
		return { row: rows[itemIndex].update, key: rows[itemIndex].key };
	};
	for await (const entry of readRows(ctx, prepare, count)) prepared.push(entry);
	const shortfall = options.allowPartialRun ? undefined : await quotaShortfall(ctx, rows);
	if (shortfall !== undefined) {
		if (!ctx.continueOnFail()) throw new NodeOperationError(ctx.getNode(), shortfall);
		return Array.from({ length: count }, (): RowResult => ({ status: 'not_submitted', failed: true, reason: shortfall }));
	}

	// 1. Update every row.
	const updated = await submitAndWait(ctx, count, each(prepared), {
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
		else results[itemIndex] = { ...settled(result, 'created', []), status: 'failed', failed: true, reason: cannotCreateMessage(rows[itemIndex].update.email as string, cannotCreate) };
	});
	const created = await step('createUsers', toCreate);
	const firstJobs = (itemIndex: number) => (updated[itemIndex].jobId ? [String(updated[itemIndex].jobId)] : []);
	for (const [itemIndex, result] of created) results[itemIndex] = settled(result, 'created', firstJobs(itemIndex));

	// 3. Update again the rows whose creation failed: their email may have been taken meanwhile.
	const refused = [...created].filter(([, result]) => result.status === 'failed').map(([itemIndex]) => updateRowOf(itemIndex));
	for (const [itemIndex, result] of await step('updateUsers', refused)) {
		const done = results[itemIndex];
		if (!result.failed) {
			results[itemIndex] = settled(result, 'updated', done.jobIds as string[]);
			continue;
		}
		const jobIds = [...(done.jobIds as string[]), ...(result.jobId ? [String(result.jobId)] : [])];
		const createAnswer = done.reason ?? '';
		const reason =
			result.status === 'not_found' && EMAIL_TAKEN.test(createAnswer)
				? heldByInactiveMember(rows[itemIndex].update.email as string, createAnswer)
				: `${createAnswer}. Nothing was created`;
		results[itemIndex] = { ...done, reason, jobIds };
	}

	// 4. Set on the new members what creation could not.
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
