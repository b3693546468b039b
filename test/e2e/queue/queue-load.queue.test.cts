/**
 * The package in n8n's queue mode under load, timed: PostgreSQL (13 or newer), Redis, an n8n
 * 2.41.1 main instance and two workers (`n8n worker --concurrency=5`), all on 127.0.0.1, sharing
 * one user folder with the packed package installed and one encryption key (tools/n8n/queue.cts);
 * the sandbox with its rate limits on, its clock and buckets 10× faster (common.cts). Each run is
 * timed against the tier's minimum, so `npm run test:all` runs this file alone.
 *
 * 1. Reads under load: 10 Member Get Many, Return All, on 10,000 members, started together.
 * 2. Writes under load: 3 Create Many (Batch) of 300 rows, spread over both workers.
 * Figures are printed for each run (requests, 429s, wall time, ratio to the tier minimum). The
 * triggers, a worker killed, a restart of main and the PostgreSQL copy: queue-mode.queue.test.cts.
 */
import { TIER_LIMITS } from '../../../tools/sandbox/rateLimit.cjs';
import { TIME_SCALE, report, useStack } from './common.cjs';
import { describeRun, runQueueReads, runQueueWrites } from './load.cjs';

describe('queue mode under load: a main instance and two workers on PostgreSQL and Redis', () => {
	const stackOf = useStack();

	it('reads: 10 Return All executions at once all complete, on both workers, within the Medium tier', async () => {
		const f = await runQueueReads(stackOf(), { executions: 10 });
		report(describeRun('reads', f));

		// The sandbox advertises the scaled rate the minimum is computed at.
		expect(f.timeScale).toBe(TIME_SCALE);
		expect(f.advertisedRate).toBe(TIER_LIMITS.medium.perSecond * TIME_SCALE);
		// Every execution ran once, on a worker, and both workers ran several at once.
		expect(f.notOnAWorker).toEqual([]);
		for (const n of Object.values(f.peakPerWorker)) expect(n).toBeGreaterThanOrEqual(2);
		// All complete with every member, none twice.
		expect(f.errors).toEqual([]);
		expect(f.failed).toBe(0);
		expect(f.members).toBeGreaterThan(9_900);
		for (const r of f.returned) expect(r).toEqual({ id: r.id, items: f.members, distinct: f.members });
		// The tenant's budget, used whole: the run within 1.10 × the minimum (measured: 1.04 to 1.06).
		// The two workers meet only through the API's headers: each sends at most at the tier's rate
		// (its own bucket), so while the count reads 0 the API refuses at most one request per one it
		// accepts, plus each worker's first burst; each refusal costs its Retry-After.
		expect(f.wallMs).toBeLessThanOrEqual(1.1 * f.minMs);
		expect(f.rateLimited).toBeLessThanOrEqual(f.requests - f.rateLimited + 2 * TIER_LIMITS.medium.burst);
	});

	it('writes: 3 Create Many (Batch) of 300 rows on both workers create every row once, at the Heavy pace', async () => {
		const f = await runQueueWrites(stackOf(), { executions: 3, rows: 300 });
		report(
			`${describeRun('writes', f)}; ${f.submissions} submissions (${f.acceptedSubmissions} accepted, ${f.rejectedSubmissions} answered 429), ` +
				`${f.firstSecondSubmissions} in the first second`,
		);

		expect(f.notOnAWorker).toEqual([]);
		for (const n of Object.values(f.perWorker)) expect(n).toBeGreaterThanOrEqual(1);
		expect(f.errors).toEqual([]);
		expect(f.failed).toBe(0);
		for (const c of f.created) expect(c).toEqual({ id: c.id, created: 300 });
		// Every row submitted in exactly one accepted job, and in the store once: none lost, none twice.
		const total = 3 * 300;
		expect({ once: f.rowsSubmittedOnce, twice: f.rowsSubmittedTwice, never: f.rowsNeverSubmitted }).toEqual({ once: total, twice: 0, never: 0 });
		expect({ inStore: f.rowsInStore, extra: f.extraInStore }).toEqual({ inStore: total, extra: 0 });
		expect(f.acceptedSubmissions).toBe(9);
		// The Heavy tier used whole (measured 1.08 to 1.09 × the minimum). The workers meet only through
		// the API's headers, as for reads: two cold workers may each send their first burst at once, so
		// the API refuses at most one submission per one it accepts, plus those bursts; no refusal is
		// re-sent before its Retry-After, and none fails a row.
		expect(f.wallMs).toBeLessThanOrEqual(1.2 * f.minMs);
		expect(f.rejectedSubmissions).toBeLessThanOrEqual(f.acceptedSubmissions + 2 * TIER_LIMITS.heavy.burst);
	});
});
