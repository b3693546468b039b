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

/**
 * Submit and wait: rows in jobs of at most 100, submitted at the Heavy tier's pace through
 * the transport, polled until every job is completed or failed (or the deadline passes),
 * and mapped back so that every input item gets exactly one result.
 */
export async function submitAndWait(
	ctx: IExecuteFunctions,
	itemCount: number,
	prepared: PreparedRow[],
	options: SubmitOptions,
): Promise<RowResult[]> {
	const results: RowResult[] = new Array(itemCount);
	const fail = (itemIndex: number, reason: string, extra: IDataObject = {}) => {
		results[itemIndex] = { status: 'failed', failed: true, reason, ...extra };
	};

	// 1. Rows that would make the server reject a whole job fail alone, on their own item.
	const firstItemOfKey = new Map<string, number>();
	const byGroup = new Map<string, Array<{ itemIndex: number; row: IDataObject }>>();
	for (const entry of prepared) {
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
		byGroup.set(group, [...(byGroup.get(group) ?? []), entry]);
	}

	// 2. Submit each group in jobs of at most 100 rows; the transport paces them on the Heavy tier.
	const chunks: Array<{ endpoints: JobEndpoints; rows: Array<{ itemIndex: number; row: IDataObject }> }> = [];
	for (const [group, rows] of byGroup) {
		for (let start = 0; start < rows.length; start += MAX_ROWS_PER_JOB) {
			chunks.push({ endpoints: options.endpoints(group), rows: rows.slice(start, start + MAX_ROWS_PER_JOB) });
		}
	}
	const validRows = chunks.reduce((sum, chunk) => sum + chunk.rows.length, 0);
	const submitted: Submitted[] = [];
	let sentRows = 0;
	for (let index = 0; index < chunks.length; index++) {
		const { endpoints, rows: chunk } = chunks[index];
		try {
			const answer = (await apiRequest.call(ctx, {
				method: 'POST',
				path: endpoints.submitPath,
				body: { ...options.extraBody, users: chunk.map((entry) => entry.row) },
			})) as JobStatus;
			submitted.push({ endpoints, jobId: String(answer.jobId), itemIndexes: chunk.map((e) => e.itemIndex), status: answer });
			sentRows += chunk.length;
		} catch (error) {
			const quotaSpent = (error as NodeApiError).failure?.cause === 'quota-exhausted';
			const cancelled = ctx.getExecutionCancelSignal?.()?.aborted === true;
			if (quotaSpent || cancelled) {
				const notSent = chunks.slice(index).flatMap((rest) => rest.rows);
				const why = `${errorText(error)}. ${sentRows} of ${validRows} valid rows were submitted in ${submitted.length} job(s); this row and ${notSent.length - 1} more were not submitted`;
				for (const entry of notSent) fail(entry.itemIndex, why, { status: 'not_submitted' });
				break;
			}
			// The API refused this job (4xx), or its fate is unknown (5xx, no answer; the error
			// says so and it was not re-sent): its rows fail; the rest go on.
			const status = Number((error as NodeApiError).httpCode);
			const refused = status >= 400 && status < 500;
			const why = `${refused ? 'The job was not accepted' : 'The job submission failed'}: ${errorText(error)}`;
			for (const entry of chunk) fail(entry.itemIndex, why);
		}
	}

	// 3. Wait for the jobs unless the user only wants the job ids.
	if (options.waitForCompletion) await waitForJobs(ctx, submitted, options);

	// 4. One result per input item, from the job row at its recordPosition.
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
		for (const job of open) {
			if (signal?.aborted) return;
			try {
				job.status = (await apiRequest.call(ctx, { method: 'GET', path: job.endpoints.statusPath(job.jobId) })) as JobStatus;
			} catch (error) {
				// Transient poll errors are retried by the transport and again at the next poll;
				// the last one is reported on the rows if the wait ends without an answer.
				job.status = { ...job.status, pollError: errorText(error) };
				if ((error as NodeApiError).httpCode === '404') job.status.status = 'unknown';
				// A spent daily quota answers no poll before it resets: stop waiting, and say so on
				// the rows of every job still open (they keep their job ids).
				if ((error as NodeApiError).failure?.cause === 'quota-exhausted') {
					for (const other of open) {
						if (!finished(other)) other.status = { ...other.status, pollError: errorText(error) };
					}
					return;
				}
			}
		}
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
			const { recordPosition: _position, tenantUserId, status: rowStatus, reason, ...echo } = row;
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
