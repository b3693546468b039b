/**
 * The pacer against a server that keeps the API's token bucket, on a virtual clock: several
 * callers in one process, and several processes (each its own Pacer, as each n8n worker has)
 * on one tenant. Each caller does what the transport does: wait for its turn, send, read the
 * X-RateLimit-* headers, and on a 429 wait the Retry-After and send again.
 *
 * The server's clock runs a little slower than the client's and requests take a jittered time to
 * arrive, so a pacer that sent at exactly the advertised rate would arrive early now and then.
 */
import { PACE, Pacer } from '../../nodes/CommunityPlatform/transport/rateLimit';
import { clock as transportClock } from '../../nodes/CommunityPlatform/transport/clock';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

const clock = useVirtualClock();

interface Tier {
	burst: number;
	perSecond: number;
}

/** The API's side: one bucket for the tenant, refilled on its own (skewed) clock. */
class Server {
	private tokens: number;

	private last: number;

	requests = 0;

	refused = 0;

	/** Refusals after the first `settleMs` (the first bursts of processes that start together). */
	refusedLater = 0;

	private readonly startedAt = transportClock.now();

	constructor(
		private readonly tier: Tier,
		/** The server's clock runs this much faster than the client's (-0.002: 0.2 % slower). */
		private readonly drift = 0,
		/** How X-RateLimit-Remaining rounds the bucket's tokens (the spec does not say). */
		private readonly round: (tokens: number) => number = Math.floor,
	) {
		this.tokens = tier.burst;
		this.last = this.now();
	}

	private now() {
		return transportClock.now() * (1 + this.drift);
	}

	take(): { status: number; headers: Record<string, string> } {
		const now = this.now();
		this.tokens = Math.min(this.tier.burst, this.tokens + ((now - this.last) / 1000) * this.tier.perSecond);
		this.last = now;
		this.requests++;
		const headers = {
			'x-ratelimit-limit': String(this.tier.perSecond),
			'x-ratelimit-burst': String(this.tier.burst),
			'x-ratelimit-remaining': '',
			'x-ratelimit-reset': '',
		};
		// When the bucket is full again (a Unix time in whole seconds, on the server's clock): it
		// moves on by 1 / perSecond for every token taken, by anyone, and stays put while it refills.
		const reset = () => String(Math.ceil((now + ((this.tier.burst - this.tokens) / this.tier.perSecond) * 1000) / 1000));
		if (this.tokens < 1) {
			this.refused++;
			if (transportClock.now() - this.startedAt > SETTLE_MS) this.refusedLater++;
			const retryAfter = Math.ceil(((1 - this.tokens) / this.tier.perSecond) * 1000) / 1000;
			return { status: 429, headers: { ...headers, 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset(), 'retry-after': String(retryAfter) } };
		}
		this.tokens -= 1;
		return { status: 200, headers: { ...headers, 'x-ratelimit-remaining': String(this.round(this.tokens)), 'x-ratelimit-reset': reset() } };
	}
}

/** How long processes starting together take to learn of each other (their first bursts collide). */
const SETTLE_MS = 5000;

/** A deterministic jitter (no Math.random in tests). */
function jitter(seed: number) {
	let x = seed;
	return () => {
		x = (x * 1103515245 + 12345) % 2 ** 31;
		return x / 2 ** 31;
	};
}

/**
 * One caller: `count` requests one after the other through `pacer`, as the transport sends them.
 * `coldMs`: the first request of the caller takes this long on the way there (a new connection
 * in a busy process), and is answered at once. `startMs`: the caller starts this much later (an
 * execution that a worker picks up after another's). Resolves when its last answer is in.
 */
async function caller(pacer: Pacer, server: Server, count: number, random: () => number, coldMs = 0, startMs = 0) {
	if (startMs > 0) await transportClock.sleep(startMs);
	for (let sent = 0; sent < count; ) {
		const ticket = await pacer.acquire();
		await transportClock.sleep(sent === 0 && coldMs > 0 ? coldMs : 5 + random() * 30); // on the way there
		const answer = server.take();
		await transportClock.sleep(5 + random() * 30); // and back
		pacer.observe(answer.headers, ticket, answer.status === 429);
		if (answer.status === 429) {
			pacer.rateLimited(transportClock.now() + Number(answer.headers['retry-after']) * 1000);
			continue;
		}
		sent++;
	}
}

/** The least time `requests` can take on the tier: the burst at once, then the sustained rate. */
const minimumMs = (tier: Tier, requests: number) => ((requests - tier.burst) / tier.perSecond) * 1000;

async function run(processes: number, callersPerProcess: number, requestsPerCaller: number, tier: Tier, drift = -0.002, round = Math.floor) {
	const server = new Server(tier, drift, round);
	const random = jitter(7);
	const start = clock.now;
	const pacers = Array.from({ length: processes }, () => new Pacer({ ...tier, daily: 1_000_000 }));
	await Promise.all(
		pacers.flatMap((pacer) => Array.from({ length: callersPerProcess }, () => caller(pacer, server, requestsPerCaller, random))),
	);
	const total = processes * callersPerProcess * requestsPerCaller;
	return {
		refusedShare: server.refused / server.requests,
		refusedLaterShare: server.refusedLater / server.requests,
		ratio: (clock.now - start) / minimumMs(tier, total),
		requests: server.requests,
		shares: pacers.map((pacer) => pacer.state.share),
	};
}

const MEDIUM = { burst: 10, perSecond: 1 };
const HEAVY = { burst: 5, perSecond: 10 / 60 };

describe('one process', () => {
	it('five concurrent Return All reads (40 pages each) on a server whose clock runs 0.2 % slow: no 429 at all, near the tier minimum', async () => {
		const result = await run(1, 5, 40, MEDIUM);
		expect(result.refusedShare).toBe(0);
		expect(result.ratio).toBeLessThan(1 / PACE.margin + 0.02);
	});

	// The API counts a request taken from a full bucket somewhere on its round trip, and refills
	// from there. Taking the middle, the model counted refill the API had not begun when the
	// request spent the round trip on the way there: 0.9 token at 10 a second for 190 ms.
	it('five parallel reads whose first request reaches the API at the end of a slow round trip: no 429', async () => {
		const tier = { burst: 10, perSecond: 10 };
		const server = new Server(tier);
		const random = jitter(5);
		const pacer = new Pacer({ ...tier, daily: 1e6 });
		const start = clock.now;
		await Promise.all(Array.from({ length: 5 }, (_, i) => caller(pacer, server, 10, random, i === 0 ? 190 : 0)));
		expect(server.refused).toBe(0);
		expect(clock.now - start).toBeLessThan(minimumMs(tier, 50) + 300);
	});

	// The spec does not say how X-RateLimit-Remaining is rounded. Read as a floor, a count rounded
	// to the nearest raised the model by a token once the margin had saved half of one: a 429
	// about every 50 requests of a Return All at the Medium tier's real rate.
	it.each([
		['down', Math.floor],
		['to the nearest', Math.round],
	])('one Return All of 120 pages, X-RateLimit-Remaining rounded %s: no 429, near the tier minimum', async (_how, round) => {
		const result = await run(1, 1, 120, MEDIUM, 0, round);
		expect(result.refusedShare).toBe(0);
		expect(result.ratio).toBeLessThan(1 / PACE.margin + 0.01);
	});
});

describe('several processes on one tenant (n8n workers)', () => {
	it.each([
		[2, 0.02, 0.005],
		[3, 0.03, 0.02],
	])('%i processes of five callers converge on the tenant rate: at most %d of requests refused, once settled under %d; time near the minimum', async (processes, all, most) => {
		const result = await run(processes, 5, 40, MEDIUM);
		// The first bursts may collide (a process's first request cannot know the others'), then the
		// shares settle and 429s stay rare.
		expect(result.refusedShare).toBeLessThanOrEqual(all);
		expect(result.refusedLaterShare).toBeLessThan(most);
		expect(result.ratio).toBeLessThan(1.15);
		expect(Math.min(...result.shares)).toBeGreaterThan(0.2);
	});

	it('a process left alone after sharing grows back to the full rate', async () => {
		const server = new Server(MEDIUM, -0.002);
		const random = jitter(3);
		const [a, b] = [new Pacer({ ...MEDIUM, daily: 1e6 }), new Pacer({ ...MEDIUM, daily: 1e6 })];
		await Promise.all([caller(a, server, 60, random), caller(a, server, 60, random), caller(b, server, 60, random), caller(b, server, 60, random)]);
		await caller(a, server, 80, random);
		expect(a.state.share).toBeGreaterThanOrEqual(PACE.alone);
	});

	// The bounds sit between the times with the waiter woken by a correction and without (1.35
	// and 1.42, 1.11 and 1.17 x the minimum here): the run is deterministic on the virtual clock.
	it.each([
		[2, 6, 1.38],
		[3, 5, 1.14],
	])('Heavy tier, 2 processes of %i callers with %i submissions each: an answer that corrects the model lets the waiter go at once (under %d x the minimum)', async (callers, submissions, bound) => {
		const server = new Server(HEAVY, -0.002);
		const random = jitter(11);
		const start = clock.now;
		const pacers = [new Pacer({ ...HEAVY, daily: 1e6 }), new Pacer({ ...HEAVY, daily: 1e6 })];
		await Promise.all(pacers.flatMap((pacer) => Array.from({ length: callers }, () => caller(pacer, server, submissions, random))));
		// Not one submission refused once the first bursts are past, and no waiter oversleeping a
		// correction (it waited seconds longer at the Heavy tier, where a token takes 6 s).
		expect(server.refusedLater).toBe(0);
		expect((clock.now - start) / minimumMs(HEAVY, 2 * callers * submissions)).toBeLessThan(bound);
	});

	// Issue 22's trade-off, measured: no process sees another's queue, only the count its own
	// answers carry, so a process cannot tell a peer that is done from one waiting for its turn.
	// Taking the rate back on a quiet moment (X-RateLimit-Reset or the daily count read as "nobody
	// else spends") makes these shapes faster and lets 429s through after the start: the Reset
	// variant (branch i22q, commit de5341d) gives 7, 15 and 11 where the bounds below allow 0, 2 and 3. Each
	// shape runs from 10 start orders (callers starting up to 300 ms apart, jittered round trips);
	// deterministic on the virtual clock. The first shape is the queue suite's write case (3
	// executions of 3 submissions on 2 workers): the time it costs is the ratio bound.
	it.each([
		[[2, 1], 3, 0, 2.0],
		[[1, 1], 10, 0, 1.4],
		[[2, 1], 10, 2, 1.4],
		[[2, 2], 6, 3, 1.5],
		[[3, 3], 5, 1, 1.25],
	])('Heavy tier, processes of %j callers with %i submissions each, 10 start orders: at most %i refused after the start, under %d x the minimum', async (processes, submissions, refusedLater, bound) => {
		const total = processes.reduce((a, b) => a + b, 0) * submissions;
		let later = 0;
		for (let order = 1; order <= 10; order++) {
			const server = new Server(HEAVY, -0.002);
			const random = jitter(order * 7919);
			const start = clock.now;
			const pacers = processes.map(() => new Pacer({ ...HEAVY, daily: 1e6 }));
			await Promise.all(pacers.flatMap((pacer, p) => Array.from({ length: processes[p] }, () => caller(pacer, server, submissions, random, 0, random() * 300))));
			later += server.refusedLater;
			expect({ order, ratio: (clock.now - start) / minimumMs(HEAVY, total) < bound }).toEqual({ order, ratio: true });
		}
		expect(later).toBeLessThanOrEqual(refusedLater);
	});
});

