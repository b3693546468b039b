/** The numbers the retry decision follows (RETRY_POLICY in request.ts). */
export interface RetryPolicy {
	readRetries: number;
	backoffMs: number;
	maxBackoffMs: number;
}

/** The failed attempts of one request so far (5xx answers, timeouts and dropped connections). */
export interface RetryCount {
	failures: number;
}

export const NO_RETRIES: RetryCount = { failures: 0 };

/** How one attempt that did not succeed ended (not a 429: request.ts waits those out), and what is known around it. */
export interface FailedAttempt {
	/** A GET: safe to send again after a failure whose outcome is unknown. */
	read: boolean;
	/** The answer's status; undefined when no answer came (connection refused, reset, timed out). */
	status?: number;
	/** The answer's Retry-After, in ms. */
	retryAfterMs?: number;
	/** Time left (ms) before the caller's deadline; undefined without a deadline. */
	timeLeftMs?: number;
}

export type RetryDecision = { action: 'backoff'; waitMs: number; count: RetryCount } | { action: 'fail'; count: RetryCount };

/**
 * The retry rules for failures, with no I/O: 5xx answers and missing answers are retried for
 * reads only, with a doubling backoff (a 5xx's Retry-After wins), unless the wait would pass the
 * deadline; every other status fails at once.
 */
export function decideRetry(attempt: FailedAttempt, count: RetryCount, policy: RetryPolicy): RetryDecision {
	const unknownOutcome = attempt.status === undefined || attempt.status >= 500;
	if (!unknownOutcome || !attempt.read || count.failures >= policy.readRetries) return { action: 'fail', count };
	const next = { failures: count.failures + 1 };
	const waitMs = attempt.retryAfterMs ?? Math.min(policy.backoffMs * 2 ** (next.failures - 1), policy.maxBackoffMs);
	const overruns = attempt.timeLeftMs !== undefined && waitMs > attempt.timeLeftMs;
	return overruns ? { action: 'fail', count: next } : { action: 'backoff', waitMs, count: next };
}
