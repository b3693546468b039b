/** The numbers the retry decision follows (RETRY_POLICY in request.ts). */
export interface RetryPolicy {
	readRetries: number;
	backoffMs: number;
	maxBackoffMs: number;
	rateLimitRetries: number;
	rateLimitWaitMs: number;
}

/** The failed attempts of one request so far. */
export interface RetryCount {
	/** 5xx answers, timeouts and dropped connections. */
	failures: number;
	/** 429 answers. */
	rateLimited: number;
}

export const NO_RETRIES: RetryCount = { failures: 0, rateLimited: 0 };

/** How one attempt that did not succeed ended, and what is known around it. */
export interface FailedAttempt {
	/** A GET: safe to send again after a failure whose outcome is unknown. */
	read: boolean;
	/** The answer's status; undefined when no answer came (connection refused, reset, timed out). */
	status?: number;
	/** The answer's Retry-After, in ms. */
	retryAfterMs?: number;
	/** Time left (ms) before the caller's deadline; undefined without a deadline. */
	timeLeftMs?: number;
	/** Time (ms) since this request's first 429, when it has had one (0 at the first). */
	rateLimitedForMs?: number;
}

/**
 * What to do after a failed attempt: wait and send again (`backoff`: sleep here; `paced`: a 429,
 * whose wait the tier's pacer imposes on every request), or give up. `waitMs` of a failed 429 is
 * the wait the API asked for, which its error names. `count` is the count with this attempt in.
 */
export type RetryDecision =
	| { action: 'backoff' | 'paced'; waitMs: number; count: RetryCount }
	| { action: 'fail'; waitMs?: number; count: RetryCount };

/**
 * The retry rules of the transport, with no I/O: 429s are waited out (the API did not process
 * them) unless the wait would end more than `rateLimitWaitMs` after the request's first 429,
 * they come too often or the wait would pass the deadline; 5xx answers and missing
 * answers are retried for reads only, with a doubling backoff (a 5xx's Retry-After wins);
 * every other status fails at once.
 */
export function decideRetry(attempt: FailedAttempt, count: RetryCount, policy: RetryPolicy): RetryDecision {
	const overruns = (ms: number) => attempt.timeLeftMs !== undefined && ms > attempt.timeLeftMs;
	if (attempt.status === 429) {
		const next = { ...count, rateLimited: count.rateLimited + 1 };
		const waitMs = attempt.retryAfterMs ?? policy.backoffMs;
		const giveUp =
			(attempt.rateLimitedForMs ?? 0) + waitMs > policy.rateLimitWaitMs || next.rateLimited > policy.rateLimitRetries || overruns(waitMs);
		return { action: giveUp ? 'fail' : 'paced', waitMs, count: next };
	}
	const unknownOutcome = attempt.status === undefined || attempt.status >= 500;
	if (!unknownOutcome || !attempt.read || count.failures >= policy.readRetries) return { action: 'fail', count };
	const next = { ...count, failures: count.failures + 1 };
	const backoffMs = Math.min(policy.backoffMs * 2 ** (next.failures - 1), policy.maxBackoffMs);
	const waitMs = attempt.retryAfterMs ?? backoffMs;
	return overruns(waitMs) ? { action: 'fail', count: next } : { action: 'backoff', waitMs, count: next };
}
