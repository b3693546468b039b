import { RETRY_POLICY } from '../../nodes/shared/transport/request';
import { NO_RETRIES, decideRetry } from '../../nodes/shared/transport/retry';

/** The retry decision alone: no request, no clock; the numbers are the shipped RETRY_POLICY. */
const decide = (attempt: Parameters<typeof decideRetry>[0], count = NO_RETRIES) =>
	decideRetry(attempt, count, RETRY_POLICY);

describe('decideRetry', () => {
	it('backs off a read that got no answer, doubling up to the cap, then fails', () => {
		let count = NO_RETRIES;
		const waits: number[] = [];
		for (;;) {
			const decision = decide({ read: true }, count);
			count = decision.count;
			if (decision.action === 'fail') break;
			expect(decision.action).toBe('backoff');
			waits.push(decision.waitMs);
		}
		expect(waits).toEqual([1000, 2000, 4000]);
		expect(count.failures).toBe(RETRY_POLICY.readRetries);
	});

	it('caps the doubling backoff at maxBackoffMs', () => {
		const policy = { ...RETRY_POLICY, readRetries: 10 };
		expect(decideRetry({ read: true, status: 503 }, { failures: 6, rateLimited: 0 }, policy)).toEqual({
			action: 'backoff',
			waitMs: RETRY_POLICY.maxBackoffMs,
			count: { failures: 7, rateLimited: 0 },
		});
	});

	it('never sends a write again after a 5xx or a missing answer', () => {
		expect(decide({ read: false }).action).toBe('fail');
		expect(decide({ read: false, status: 502 }).action).toBe('fail');
	});

	it("takes a 5xx's Retry-After over the backoff", () => {
		expect(decide({ read: true, status: 503, retryAfterMs: 7000 })).toMatchObject({ action: 'backoff', waitMs: 7000 });
	});

	it('fails a retry whose wait would pass the deadline', () => {
		expect(decide({ read: true, timeLeftMs: 999 }).action).toBe('fail');
		expect(decide({ read: true, timeLeftMs: 1000 }).action).toBe('backoff');
	});

	it('fails other statuses at once', () => {
		for (const status of [400, 401, 403, 404, 409, 422]) expect(decide({ read: true, status }).action).toBe('fail');
	});

	it('waits out a 429 through the pacer, for reads and writes alike', () => {
		expect(decide({ read: false, status: 429, retryAfterMs: 3000 })).toEqual({
			action: 'paced',
			waitMs: 3000,
			count: { failures: 0, rateLimited: 1 },
		});
		expect(decide({ read: true, status: 429 })).toMatchObject({ action: 'paced', waitMs: RETRY_POLICY.backoffMs });
	});

	it('gives up on a 429 that asks too long a wait, comes too often or passes the deadline, naming the wait', () => {
		const tooLong = RETRY_POLICY.rateLimitWaitMs + 1;
		expect(decide({ read: true, status: 429, retryAfterMs: tooLong })).toMatchObject({ action: 'fail', waitMs: tooLong });
		expect(decide({ read: true, status: 429, retryAfterMs: RETRY_POLICY.rateLimitWaitMs })).toMatchObject({ action: 'paced' });
		const many = { failures: 0, rateLimited: RETRY_POLICY.rateLimitRetries };
		expect(decide({ read: true, status: 429, retryAfterMs: 10 }, many)).toMatchObject({ action: 'fail', waitMs: 10 });
		expect(decide({ read: true, status: 429, retryAfterMs: 10 }, { ...many, rateLimited: many.rateLimited - 1 })).toMatchObject({ action: 'paced' });
		expect(decide({ read: true, status: 429, retryAfterMs: 5000, timeLeftMs: 4000 })).toMatchObject({
			action: 'fail',
			waitMs: 5000,
		});
	});

	// A storm of 429s: each wait is short, but together they must end within rateLimitWaitMs of
	// the request's first 429, so that an action under the storm ends within about a minute.
	it("gives up on a 429 whose wait would end more than rateLimitWaitMs after the request's first 429", () => {
		const window = RETRY_POLICY.rateLimitWaitMs;
		const count = { failures: 0, rateLimited: 5 };
		expect(decide({ read: true, status: 429, retryAfterMs: 1000, rateLimitedForMs: window - 1000 }, count)).toMatchObject({ action: 'paced', waitMs: 1000 });
		expect(decide({ read: true, status: 429, retryAfterMs: 1000, rateLimitedForMs: window - 999 }, count)).toMatchObject({ action: 'fail', waitMs: 1000 });
		// One a second fills the window: the count never ends a storm of 1 s waits early.
		expect(RETRY_POLICY.rateLimitRetries * 1000).toBeGreaterThanOrEqual(window);
	});

	it('counts 429s apart from failures', () => {
		const after = decide({ read: true, status: 429 }, { failures: 2, rateLimited: 3 }).count;
		expect(after).toEqual({ failures: 2, rateLimited: 4 });
	});
});
