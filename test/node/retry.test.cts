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
		expect(decideRetry({ read: true, status: 503 }, { failures: 6 }, policy)).toEqual({
			action: 'backoff',
			waitMs: RETRY_POLICY.maxBackoffMs,
			count: { failures: 7 },
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

	it('fails other statuses at once (a 429 is not decided here: the transport waits it out at its Retry-After)', () => {
		for (const status of [400, 401, 403, 404, 409, 422]) expect(decide({ read: true, status }).action).toBe('fail');
	});
});
