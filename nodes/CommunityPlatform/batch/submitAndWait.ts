import type { IDataObject, IExecuteFunctions, NodeApiError } from 'n8n-workflow';

import { clock } from '../transport/clock';
import { clip } from '../transport/quote';
import { apiRequest } from '../transport/request';
import type { JobEndpoints, JobStatus } from './jobs';
import { MAX_ROWS_PER_JOB } from './jobs';

/**
 * One input item turned into a row, or the reason it could not be. `group` names the job
 * endpoint the row goes to (the club, for club jobs); `key` is what must be unique in a job.
 */

/**
 * A submission's 2xx answer must name its job: without a job id the job (if the API made one)
 * cannot be followed, so its rows' outcome is unknown.
 */
function jobIdProblem(answer: IDataObject): string | undefined {
	const { jobId } = answer;
	const named = (typeof jobId === 'string' && jobId.trim() !== '') || typeof jobId === 'number';
	return named ? undefined : 'no "jobId" in the answer, so the job cannot be followed';
}

export type PreparedRow =
	| { itemIndex: number; row: IDataObject; key?: string; group?: string }
	| { itemIndex: number; error: string };

/** What each input item gets back. */
export interface RowResult extends IDataObject {
	status: string;
	failed: boolean;
	reason?: string;
	jobId?: string;
	jobStatus?: string;
	recordPosition?: number;
	userId?: string;
}

export interface SubmitOptions {
	/** The job endpoints of a row's group. */
	endpoints: (group: string) => JobEndpoints;
	/** Top-level body fields next to `users` (update: reason, operatorEmail). */
	extraBody?: IDataObject;
	waitForCompletion: boolean;
	maxWaitMs: number;
	/** First status read after the last submission, then every `pollIntervalMs`. */
	firstPollMs: number;
	pollIntervalMs: number;
}

interface Submitted {
	endpoints: JobEndpoints;
	jobId: string;
	itemIndexes: number[];
	status: JobStatus;
}

function errorText(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/**
 * Why a `failed` job failed, from its `error` field (shape not given by the spec): its
 * `message` when it has one, else the value itself as compact JSON; at most MAX_QUOTE characters.
 */
function jobFailure(error: unknown): string {
	if (error === undefined || error === null || error === '') return 'The job failed (the API gave no reason)';
	const message = (error as { message?: unknown }).message;
	const text = typeof error === 'string' ? error : typeof message === 'string' && message ? message : JSON.stringify(error);
	return `The job failed: ${clip(text)}`;
}

/** A row that passed screening, with the item it came from. */
interface Entry {
	itemIndex: number;
	row: IDataObject;
}

/** Marks an item failed, with why. */
type Fail = (itemIndex: number, reason: string, extra?: IDataObject) => void;

/** How far screening got: items read (the highest index + 1), and rows that passed. */
interface Screened {
	read: number;
	valid: number;
}

/**
 * 1. Screen the rows: those that would make the server reject a whole job fail alone, on their
 * own item. A duplicate is found whatever job its first occurrence went in.
 */
async function* screenRows(
	rows: AsyncIterable<PreparedRow>,
	fail: Fail,
	screened: Screened,
): AsyncGenerator<Entry & { group: string }> {
	const firstItemOfKey = new Map<string, number>();
	for await (const entry of rows) {
		screened.read = Math.max(screened.read, entry.itemIndex + 1);
		if ('error' in entry) {
			fail(entry.itemIndex, entry.error);
			continue;
		}
		const group = entry.group ?? '';
		const key = entry.key === undefined ? undefined : `${group}\n${entry.key}`;
		const earlier = key === undefined ? undefined : firstItemOfKey.get(key);
		if (earlier !== undefined) {
			fail(entry.itemIndex, `Duplicate of item ${earlier} (${entry.key}): a batch may hold each member once`);
			continue;
		}
		if (key !== undefined) firstItemOfKey.set(key, entry.itemIndex);
		screened.valid++;
		yield { itemIndex: entry.itemIndex, row: entry.row, group };
	}
}

/**
 * 2. Chunk them: each group (the club, for club jobs) fills its own jobs. A job goes as soon as
 * its rows are there; the last rows of each group go once every item has been read.
 */
async function* chunkRows(
	rows: AsyncIterable<Entry & { group: string }>,
): AsyncGenerator<{ group: string; chunk: Entry[] }> {
	const waiting = new Map<string, Entry[]>();
	for await (const { group, itemIndex, row } of rows) {
		const rowsOfGroup = waiting.get(group) ?? [];
		waiting.set(group, rowsOfGroup);
		rowsOfGroup.push({ itemIndex, row });
		if (rowsOfGroup.length === MAX_ROWS_PER_JOB) yield { group, chunk: rowsOfGroup.splice(0) };
	}
	for (const [group, rest] of waiting) {
		if (rest.length > 0) yield { group, chunk: rest };
	}
}

/**
 * 3. Submit the jobs, one after another in the order their rows were complete; the transport
 * paces them on the Heavy tier. A spent quota or a cancelled execution stops the submission:
 * the rows of that job and of every later one are not submitted, and say so (`finish`).
 */
class JobSubmitter {
	readonly submitted: Submitted[] = [];
	private readonly notSent: number[] = [];
	private stopped: string | undefined;
	private sentRows = 0;
	private queue = Promise.resolve();

	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly options: SubmitOptions,
		private readonly fail: Fail,
	) {}

	enqueue(group: string, chunk: Entry[]) {
		const endpoints = this.options.endpoints(group);
		this.queue = this.queue.then(async () => await this.submit(endpoints, chunk));
	}

	/** Waits for the last submission; the rows not submitted say why, and how much of the batch was. */
	async finish(validRows: number): Promise<Submitted[]> {
		await this.queue;
		const why = `${this.stopped}. ${this.sentRows} of ${validRows} valid rows were submitted in ${this.submitted.length} job(s); this row and ${this.notSent.length - 1} more were not submitted`;
		for (const itemIndex of this.notSent) this.fail(itemIndex, why, { status: 'not_submitted' });
		return this.submitted;
	}

	private async submit(endpoints: JobEndpoints, chunk: Entry[]) {
		if (this.stopped !== undefined) {
			this.notSent.push(...chunk.map((entry) => entry.itemIndex));
			return;
		}
		try {
			const answer = (await apiRequest.call(this.ctx, {
				method: 'POST',
				path: endpoints.submitPath,
				body: { ...this.options.extraBody, users: chunk.map((entry) => entry.row) },
				expect: { shape: 'object', of: 'a batch job', check: jobIdProblem },
			})) as JobStatus;
			const itemIndexes = chunk.map((e) => e.itemIndex);
			this.submitted.push({ endpoints, jobId: String(answer.jobId), itemIndexes, status: answer });
			this.sentRows += chunk.length;
		} catch (error) {
			const quotaSpent = (error as NodeApiError).failure?.cause === 'quota-exhausted';
			const cancelled = this.ctx.getExecutionCancelSignal?.()?.aborted === true;
			if (quotaSpent || cancelled) {
				this.stopped = errorText(error);
				this.notSent.push(...chunk.map((entry) => entry.itemIndex));
				return;
			}
			// The API refused this job (4xx), or its fate is unknown (5xx, no answer, an answer
			// without a job id; the error says so and it was not re-sent): its rows fail; the rest go on.
			const status = Number((error as NodeApiError).httpCode);
			const refused = status >= 400 && status < 500;
			const why = `${refused ? 'The job was not accepted' : "The job submission's outcome is unknown"}: ${errorText(error)}`;
			for (const entry of chunk) this.fail(entry.itemIndex, why);
		}
	}
}

/**
 * Submit and wait: rows in jobs of at most 100, submitted at the Heavy tier's pace through
 * the transport, polled until every job is completed or failed (or the deadline passes),
 * and mapped back so that every input item gets exactly one result.
 *
 * Rows arrive as they are read (`rows`, in input order), and a job is submitted as soon as its
 * 100 rows are there: reading the items' parameters (seconds for 1,000 items in n8n, where
 * every expression is evaluated in an isolate) overlaps the Heavy tier's pacing instead of
 * coming before it. A job is never held back by rows read after it; the last rows of each
 * group go once every item has been read.
 */
export async function submitAndWait(
	ctx: IExecuteFunctions,
	itemCount: number,
	rows: AsyncIterable<PreparedRow>,
	options: SubmitOptions,
): Promise<RowResult[]> {
	const results: RowResult[] = new Array(itemCount);
	const fail: Fail = (itemIndex, reason, extra = {}) => {
		results[itemIndex] = { status: 'failed', failed: true, reason, ...extra };
	};

	const screened: Screened = { read: 0, valid: 0 };
	const jobs = new JobSubmitter(ctx, options, fail);
	for await (const { group, chunk } of chunkRows(screenRows(rows, fail, screened))) jobs.enqueue(group, chunk);
	const submitted = await jobs.finish(screened.valid);
	// Items not read at all (the execution was cancelled while reading) say so.
	for (let itemIndex = screened.read; itemIndex < itemCount; itemIndex++) {
		fail(itemIndex, 'The execution was cancelled before this row was read; it was not submitted', { status: 'not_submitted' });
	}

	// 4. Wait for the jobs unless the user only wants the job ids.
	if (options.waitForCompletion) await waitForJobs(ctx, submitted, options);

	// 5. Map back: one result per input item, from the job row at its recordPosition.
	for (const job of submitted) mapJob(job, options.waitForCompletion, results);
	return results;
}

async function waitForJobs(ctx: IExecuteFunctions, jobs: Submitted[], options: SubmitOptions) {
	const signal = ctx.getExecutionCancelSignal?.();
	const deadline = clock.now() + options.maxWaitMs;
	// 'unknown': the API no longer knows the job (404); polling it again cannot help.
	const finished = (job: Submitted) => ['completed', 'failed', 'unknown'].includes(job.status.status);
	for (let interval = options.firstPollMs; ; interval = options.pollIntervalMs) {
		const open = jobs.filter((job) => !finished(job));
		if (open.length === 0 || clock.now() >= deadline) return;
		const wait = Math.min(interval, Math.max(0, deadline - clock.now()));
		if (!(await clock.sleep(wait, signal))) return;
		// The open jobs are read together (Light tier): the wait ends one answer after the last
		// job is done, not one answer per job later.
		let quotaSpent: unknown;
		await Promise.all(
			open.map(async (job) => {
				try {
					job.status = (await apiRequest.call(ctx, { method: 'GET', path: job.endpoints.statusPath(job.jobId) })) as JobStatus;
				} catch (error) {
					// Cancelled: the job keeps its last status.
					if (signal?.aborted) return;
					// Transient poll errors are retried by the transport and again at the next poll;
					// the last one is reported on the rows if the wait ends without an answer.
					job.status = { ...job.status, pollError: errorText(error) };
					if ((error as NodeApiError).httpCode === '404') job.status.status = 'unknown';
					if ((error as NodeApiError).failure?.cause === 'quota-exhausted') quotaSpent = error;
				}
			}),
		);
		// A spent daily quota answers no poll before it resets: stop waiting, and say so on the
		// rows of every job still open (they keep their job ids).
		if (quotaSpent !== undefined) {
			for (const job of open) {
				if (!finished(job)) job.status = { ...job.status, pollError: errorText(quotaSpent) };
			}
			return;
		}
		if (signal?.aborted) return;
	}
}

function mapJob(job: Submitted, waited: boolean, results: RowResult[]) {
	const { status } = job.status;
	const byPosition = new Map((job.status.results ?? []).map((row) => [Number(row.recordPosition), row]));
	job.itemIndexes.forEach((itemIndex, recordPosition) => {
		const base = { jobId: job.jobId, jobStatus: status, recordPosition };
		const row = byPosition.get(recordPosition);
		if (status === 'failed') {
			results[itemIndex] = { ...base, status: 'failed', failed: true, reason: jobFailure(job.status.error) };
		} else if (row) {
			const ok = job.endpoints.succeeded.includes(row.status);
			// The row's own recordPosition is in `echo`; `base` (spread after it) sets the number.
			const { tenantUserId, status: rowStatus, reason, ...echo } = row;
			results[itemIndex] = {
				...echo,
				...base,
				status: rowStatus,
				failed: !ok,
				...(reason ? { reason } : {}),
				...(tenantUserId ? { userId: tenantUserId } : {}),
			};
		} else if (status === 'completed') {
			results[itemIndex] = { ...base, status: 'failed', failed: true, reason: 'The completed job has no result for this row' };
		} else if (!waited) {
			results[itemIndex] = { ...base, status: 'submitted', failed: false };
		} else {
			const { pollError } = job.status;
			results[itemIndex] = {
				...base,
				status: 'timeout',
				failed: true,
				reason: pollError
					? `Could not read the job's status: ${pollError}. Check it later with Get Batch Job (job ${job.jobId})`
					: `The job was still ${status} when the wait ended; check it later with Get Batch Job (job ${job.jobId})`,
			};
		}
	});
}
