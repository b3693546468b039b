import type { IDataObject, IExecuteFunctions, NodeApiError } from 'n8n-workflow';

import { clock } from '../../shared/transport/clock';
import { clip } from '../../shared/transport/quote';
import { apiRequest } from '../../shared/transport/request';
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
	/** How long the jobs are waited for once the last one is submitted. */
	maxWaitMs: number;
	/** The least and the most time between two status reads of a job, or its submission and its first read. */
	pollMinMs: number;
	pollMaxMs: number;
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
		/** Told of each job as soon as it is accepted. */
		private readonly accepted: (job: Submitted) => void,
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

	/** Submits a chunk; `tries`: its submissions so far (see `refused`). */
	private async submit(endpoints: JobEndpoints, chunk: Entry[], tries = 0) {
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
			const job = { endpoints, jobId: String(answer.jobId), itemIndexes, status: answer };
			this.submitted.push(job);
			this.sentRows += chunk.length;
			this.accepted(job);
		} catch (error) {
			const quotaSpent = (error as NodeApiError).failure?.cause === 'quota-exhausted';
			const cancelled = this.ctx.getExecutionCancelSignal?.()?.aborted === true;
			if (quotaSpent || cancelled) {
				this.stopped = errorText(error);
				this.notSent.push(...chunk.map((entry) => entry.itemIndex));
				return;
			}
			const status = Number((error as NodeApiError).httpCode);
			if (status === 400 && endpoints.refusedWhole) {
				await this.refused(endpoints, chunk, errorText(error), tries + 1);
				return;
			}
			// The API refused this job (4xx), or its fate is unknown (5xx, no answer, an answer
			// without a job id; the error says so and it was not re-sent): its rows fail; the rest go on.
			const refused = status >= 400 && status < 500;
			const why = `${refused ? 'The job was not accepted' : "The job submission's outcome is unknown"}: ${errorText(error)}`;
			for (const entry of chunk) this.fail(entry.itemIndex, why);
		}
	}

	/**
	 * A job the API refused whole (batch rule 1: a create job with one invalid row; a row can turn
	 * invalid after the node checked it, its email taken by a member created meanwhile). The rows
	 * the refusal names (`users[3]: ...`) fail alone, with what it says of them, and the others go
	 * again as a job of their own, once: a chunk is submitted twice at most
	 * (MAX_SUBMISSIONS_PER_CHUNK). A refusal that names no row applies to the job as a whole (a
	 * community setting, a proxy, a message this code does not know): sent again, the same rows
	 * would be refused the same way, so they fail at once with the API's message.
	 */
	private async refused(endpoints: JobEndpoints, chunk: Entry[], message: string, tries: number) {
		const named = rowsNamedIn(message, chunk.length);
		for (const [position, said] of named) this.fail(chunk[position].itemIndex, `The job was not accepted because of this row: ${said}`);
		const rest = chunk.filter((_, position) => !named.has(position));
		if (named.size > 0 && rest.length > 0 && tries < MAX_SUBMISSIONS_PER_CHUNK) {
			await this.submit(endpoints, rest, tries);
			return;
		}
		for (const entry of rest) this.fail(entry.itemIndex, `The job was not accepted: ${message}`);
	}
}

/** The most times one chunk of rows is submitted: once, and once more after a refusal (see JobSubmitter.refused). */
export const MAX_SUBMISSIONS_PER_CHUNK = 2;

/**
 * The rows of a job that a refusal names, by position (`users[3]`), each with the part of the
 * message about it; none when it names a position the job does not have (the message is then
 * not about positions in this job).
 */
export function rowsNamedIn(message: string, rowCount: number): Map<number, string> {
	const named = new Map<number, string>();
	for (const part of message.split(/;\s*/)) {
		for (const match of part.matchAll(/users\[(\d+)\]/g)) {
			const position = Number(match[1]);
			if (position >= rowCount) return new Map();
			named.set(position, part.slice(part.indexOf(match[0])).trim());
		}
	}
	return named;
}

/** A job followed by the JobWatcher: when it was accepted, and when its status is read next. */
interface Watched {
	job: Submitted;
	acceptedAt: number;
	lastContact: number;
	nextReadAt: number;
}

/** Job statuses after which a job is not read again. 'unknown': the API no longer knows it (404). */
const finished = (job: Submitted) => ['completed', 'failed', 'unknown'].includes(job.status.status);

/**
 * 4. Follow the jobs, from the moment each is accepted (while later ones are still being
 * submitted), and read each one's status when it may first be done.
 *
 * Jobs of one batch take about the same time, and the Heavy tier spaces their submissions
 * (6 s), so the first jobs tell how long one takes before the last is submitted: every read
 * bounds it (open at some age: longer; finished at some age: no longer). While the bounds are
 * loose, a job's first read splits them; the jobs read once the submission is over (the last
 * one, above all) are read at the upper bound, the least age at which a job was seen done. So
 * the wait after the last submission ends about one job's processing later, not a fixed
 * interval. Every read is at least `pollMinMs` and at most `pollMaxMs` after the job's previous
 * read or its acceptance (the API recommends 2 to 5 s). Jobs due together are read together
 * (Light tier): the wait ends one answer after the last job is done.
 */
class JobWatcher {
	private readonly watched: Watched[] = [];
	/** How long a job takes, from its acceptance: more than `longerThan`, at most `atMost` (ms). */
	private longerThan = 0;
	private atMost = Number.POSITIVE_INFINITY;
	/** Set when the last job is submitted: the wait ends by then. */
	private deadline: number | undefined;
	private stopped = false;
	private nudge = new AbortController();
	private readonly signal: AbortSignal | undefined;

	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly options: SubmitOptions,
	) {
		this.signal = ctx.getExecutionCancelSignal?.();
	}

	watch(job: Submitted) {
		const now = clock.now();
		const entry = { job, acceptedAt: now, lastContact: now, nextReadAt: now };
		entry.nextReadAt = this.nextRead(entry);
		this.watched.push(entry);
		this.wake();
	}

	/**
	 * Every job is submitted: wait for them at most `maxWaitMs` more. The open jobs' next reads
	 * are for their results now, no longer to learn: the last job was scheduled when it was
	 * accepted, before the submission was known to be over.
	 */
	submitted() {
		this.deadline = clock.now() + this.options.maxWaitMs;
		for (const entry of this.watched) entry.nextReadAt = this.nextRead(entry);
		this.wake();
	}

	/** Stops following the jobs (the submission failed). */
	stop() {
		this.stopped = true;
		this.wake();
	}

	private wake() {
		this.nudge.abort();
		this.nudge = new AbortController();
	}

	/** Bounds "long enough" tighter than this are not split further. */
	private static readonly PRECISION_MS = 100;

	/** When a job's status is read next: see the class comment. */
	private nextRead(entry: Watched): number {
		const { pollMinMs, pollMaxMs } = this.options;
		let age: number;
		if (this.atMost === Number.POSITIVE_INFINITY) age = this.longerThan + pollMinMs;
		else if (this.deadline === undefined && this.atMost - this.longerThan > JobWatcher.PRECISION_MS) age = (this.longerThan + this.atMost) / 2;
		else age = this.atMost;
		const at = entry.acceptedAt + age;
		return Math.min(Math.max(at, entry.lastContact + pollMinMs), entry.lastContact + pollMaxMs);
	}

	/** Reads the jobs' statuses until all are finished, the deadline passes, or the execution is cancelled. */
	async run(): Promise<void> {
		for (;;) {
			if (this.stopped || this.signal?.aborted) return;
			const open = this.watched.filter((entry) => !finished(entry.job));
			const now = clock.now();
			if (this.deadline !== undefined && (open.length === 0 || now >= this.deadline)) return;
			const due = open.filter((entry) => entry.nextReadAt <= now);
			if (due.length === 0) {
				const wakeUp = AbortSignal.any([this.nudge.signal, ...(this.signal ? [this.signal] : [])]);
				const next = Math.min(...open.map((entry) => entry.nextReadAt), this.deadline ?? Number.POSITIVE_INFINITY);
				// Nothing to read until a job is accepted, or the submission ends: no timer meanwhile.
				if (next === Number.POSITIVE_INFINITY) await new Promise((resolve) => wakeUp.addEventListener('abort', resolve, { once: true }));
				else await clock.sleep(next - now, wakeUp);
				continue;
			}
			if (await this.read(due)) return;
		}
	}

	/** Reads the due jobs together; true when a spent daily quota ends the wait. */
	private async read(due: Watched[]): Promise<boolean> {
		let quotaSpent: unknown;
		await Promise.all(
			due.map(async (entry) => {
				const { job } = entry;
				try {
					job.status = (await apiRequest.call(this.ctx, { method: 'GET', path: job.endpoints.statusPath(job.jobId) })) as JobStatus;
					this.learn(entry, clock.now());
				} catch (error) {
					// Cancelled: the job keeps its last status.
					if (this.signal?.aborted) return;
					// Transient errors are retried by the transport and again at the next read; the
					// last one is reported on the rows if the wait ends without an answer.
					job.status = { ...job.status, pollError: errorText(error) };
					if ((error as NodeApiError).httpCode === '404') job.status.status = 'unknown';
					if ((error as NodeApiError).failure?.cause === 'quota-exhausted') quotaSpent = error;
				}
				entry.lastContact = clock.now();
				entry.nextReadAt = this.nextRead(entry);
			}),
		);
		// A spent daily quota answers no read before it resets: stop waiting, and say so on the
		// rows of every job still open (they keep their job ids).
		if (quotaSpent === undefined) return false;
		for (const { job } of this.watched) {
			if (!finished(job)) job.status = { ...job.status, pollError: errorText(quotaSpent) };
		}
		return true;
	}

	/** What a read says of how long a job takes. */
	private learn(entry: Watched, now: number) {
		const age = now - entry.acceptedAt;
		const { status } = entry.job.status;
		if (status === 'completed' || status === 'failed') this.atMost = Math.min(this.atMost, age);
		else this.longerThan = Math.max(this.longerThan, Math.min(age, this.atMost));
	}
}

/**
 * Submit and wait: rows in jobs of at most 100, submitted at the Heavy tier's pace through
 * the transport, followed until every job is completed or failed (or the wait ends), and
 * mapped back so that every input item gets exactly one result.
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
	// Unless the user only wants the job ids, each job is followed from its acceptance.
	const watcher = options.waitForCompletion ? new JobWatcher(ctx, options) : undefined;
	const watching = watcher?.run();
	const jobs = new JobSubmitter(ctx, options, fail, (job) => watcher?.watch(job));
	let submitted: Submitted[] | undefined;
	try {
		for await (const { group, chunk } of chunkRows(screenRows(rows, fail, screened))) jobs.enqueue(group, chunk);
		submitted = await jobs.finish(screened.valid);
	} finally {
		// Reading the rows failed: nothing more to follow (the watcher ends at once).
		if (submitted === undefined) watcher?.stop();
	}
	// Items not read at all (the execution was cancelled while reading) say so.
	for (let itemIndex = screened.read; itemIndex < itemCount; itemIndex++) {
		fail(itemIndex, 'The execution was cancelled before this row was read; it was not submitted', { status: 'not_submitted' });
	}

	watcher?.submitted();
	await watching;

	// 5. Map back: one result per input item, from the job row at its recordPosition.
	for (const job of submitted) mapJob(job, options.waitForCompletion, results);
	return results;
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
