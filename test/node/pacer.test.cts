/**
 * The pacer against a server that keeps the API's token bucket, on a virtual clock: several
 * callers in one process, and several processes (each its own Pacer, as each n8n worker has)
 * on one tenant. Each caller does what the transport does: wait for its turn, send, read the
 * X-RateLimit-* headers, and on a 429 wait the Retry-After and send again.
 *
 * The server's clock runs a little slower than the client's and requests take a jittered time to
 * arrive, so a pacer that sent at exactly the advertised rate would arrive early now and then.
 */
import { PACE, Pacer } from '../../nodes/shared/transport/rateLimit';
import { clock as transportClock } from '../../nodes/shared/transport/clock';
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

async function run(processes: number, callersPerProcess: number, requestsPerCaller: number, tier: Tier, drift = -0.002, round = Math.floor, seed = 7) {
	const server = new Server(tier, drift, round);
	const random = jitter(seed);
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
/** The Medium tier's limits as a Pacer takes them. */
const MEDIUM_TIER = { ...MEDIUM, daily: 25_000 };
/** An answer's X-RateLimit-Remaining. */
const counts = (remaining: number) => ({ 'x-ratelimit-remaining': String(remaining) });

/**
 * The jitter seeds the properties below hold on: each seed is another set of round trips (and,
 * where callers start apart, another start order). One seed alone proves little: a bound that sits
 * between two values measured on it holds by luck.
 */
const SEEDS = Array.from({ length: 40 }, (_, i) => (i + 1) * 7919);

/** Runs `scenario` once per seed; returns its results, in seed order. */
async function overSeeds<T>(scenario: (seed: number) => Promise<T>): Promise<T[]> {
	const results: T[] = [];
	for (const seed of SEEDS) results.push(await scenario(seed));
	return results;
}

/** A round trip of the simulation: 5 to 35 ms each way (see caller). */
const MAX_ROUND_TRIP_MS = 70;

/**
 * The most `requests` may take, alone on a tier, over the tier's minimum: the pacer spaces
 * requests at the rate less its margin (1 / PACE.margin of the minimum), and adds at most the
 * first answer's round trip (the first request goes alone until its answer) and the last
 * request's round trip (the minimum counts it as done when sent). The server's clock running
 * slow by 0.2 % does not add to it: the pacer's 1 % margin is below it.
 */
const aloneBound = (tier: Tier, requests: number) => 1 / PACE.margin + (2 * MAX_ROUND_TRIP_MS) / minimumMs(tier, requests);

describe('one process', () => {
	it(`five concurrent Return All reads (40 pages each) on a server whose clock runs 0.2 % slow, ${SEEDS.length} seeds: not one 429, within the arithmetic's bound of the minimum`, async () => {
		const results = await overSeeds(async (seed) => await run(1, 5, 40, MEDIUM, -0.002, Math.floor, seed));
		expect(results.map((r) => r.refusedShare)).toEqual(SEEDS.map(() => 0));
		for (const r of results) expect(r.ratio).toBeLessThan(aloneBound(MEDIUM, 200));
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
	])(`one Return All of 120 pages, X-RateLimit-Remaining rounded %s, ${SEEDS.length} seeds: not one 429, within the arithmetic's bound of the minimum`, async (_how, round) => {
		const results = await overSeeds(async (seed) => await run(1, 1, 120, MEDIUM, 0, round, seed));
		expect(results.map((r) => r.refusedShare)).toEqual(SEEDS.map(() => 0));
		for (const r of results) expect(r.ratio).toBeLessThan(aloneBound(MEDIUM, 120));
	});
});

describe('several processes on one tenant (n8n workers)', () => {
	// The first bursts may collide: a process's first requests cannot know the others' (each
	// starts from a full bucket, and takes at most one burst before an answer shows the others).
	// Then the shares settle, every process waits for the same cushion, and none is refused: not
	// one 429 after the first bursts, on any seed. Together they stay within the queue suite's
	// target for reads, 1.15 x the minimum (docs/DEVELOPMENT.md, Queue mode), at most
	// (processes - 1) bursts refused in all.
	it.each([[2], [3]])(`%i processes of five callers, ${SEEDS.length} seeds: not one 429 once the first bursts are past, at most one burst per other process before; within 1.15 x the minimum`, async (processes) => {
		const results = await overSeeds(async (seed) => await run(processes, 5, 40, MEDIUM, -0.002, Math.floor, seed));
		expect(results.map((r) => r.refusedLaterShare)).toEqual(SEEDS.map(() => 0));
		for (const r of results) {
			expect(r.refusedShare * r.requests).toBeLessThanOrEqual((processes - 1) * MEDIUM.burst);
			expect(r.ratio).toBeLessThan(1.15);
		}
	});

	it('a process left alone after sharing grows back to the full rate', async () => {
		const server = new Server(MEDIUM, -0.002);
		const random = jitter(3);
		const [a, b] = [new Pacer({ ...MEDIUM, daily: 1e6 }), new Pacer({ ...MEDIUM, daily: 1e6 })];
		await Promise.all([caller(a, server, 60, random), caller(a, server, 60, random), caller(b, server, 60, random), caller(b, server, 60, random)]);
		await caller(a, server, 80, random);
		expect(a.state.share).toBeGreaterThanOrEqual(PACE.alone);
	});

	it.each([
		[2, 6],
		[3, 5],
	])(`Heavy tier, 2 processes of %i callers with %i submissions each, ${SEEDS.length} seeds: not one submission refused once the first bursts are past`, async (callers, submissions) => {
		const refusedLater = await overSeeds(async (seed) => {
			const server = new Server(HEAVY, -0.002);
			const random = jitter(seed);
			const pacers = [new Pacer({ ...HEAVY, daily: 1e6 }), new Pacer({ ...HEAVY, daily: 1e6 })];
			await Promise.all(pacers.flatMap((pacer) => Array.from({ length: callers }, () => caller(pacer, server, submissions, random))));
			return server.refusedLater;
		});
		expect(refusedLater).toEqual(SEEDS.map(() => 0));
	});

	// A waiter's time was computed on the model before an answer came: a fuller bucket or a larger
	// share lets it go at once, not when its old estimate ends (at the Heavy tier, a token is 6 s).
	it('an answer that corrects the model lets the waiter go at once', async () => {
		const pacer = new Pacer({ ...HEAVY, daily: 1e6 });
		// The first answer shows another process took 3 of the 5 tokens: the share drops, the
		// cushion applies, and the next request waits for it at the lower rate (tens of seconds).
		pacer.observe(counts(1), await pacer.acquire());
		const outstanding = await pacer.acquire();
		expect(pacer.state.share).toBeLessThan(PACE.alone);
		const start = clock.now;
		const waiter = pacer.acquire().then(() => clock.now - start);
		await transportClock.sleep(2_000);
		// The other process stopped: the answer counts 4 tokens, more than the cushion.
		pacer.observe(counts(4), outstanding);
		expect(await waiter).toBe(2_000);
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



/** A Medium pacer whose burst is spent (answers say so): the next token comes 1 / (0.99 × 1 a second) from now. */
async function spentPacer() {
	const pacer = new Pacer(MEDIUM_TIER);
	for (let i = 0; i < MEDIUM.burst; i++) pacer.observe(counts(MEDIUM.burst - 1 - i), await pacer.acquire());
	return pacer;
}
const TOKEN_MS = 1000 / PACE.margin;

describe('acquire(signal, by): a place given up takes no token', () => {
	it('a waiter still without its turn at `by` gives up then, not before, and takes no token: the one behind it goes when it would have anyway', async () => {
		const pacer = await spentPacer();
		const start = clock.now;
		const times: Record<string, number | 'gave up'> = {};
		const wait = async (name: string, by?: number) => {
			const ticket = await pacer.acquire(undefined, by, false);
			times[name] = ticket ? clock.now - start : 'gave up';
			if (!ticket) times[`${name} at`] = clock.now - start;
		};
		// b's turn would come at the first token (~1010 ms), after its time (500 ms).
		await Promise.all([wait('b', start + 500), wait('c')]);
		expect(times).toEqual({ b: 'gave up', 'b at': 500, c: expect.closeTo(TOKEN_MS, 0) });
		// And the token after c comes one token later still: b took none.
		await wait('d');
		expect(times.d).toBeCloseTo(2 * TOKEN_MS, 0);
	});

	it('a waiter whose estimate is past `by` gets in when an answer corrects the model before `by`', async () => {
		const pacer = new Pacer(MEDIUM_TIER);
		for (let i = 0; i < MEDIUM.burst - 1; i++) pacer.observe(counts(MEDIUM.burst - 1 - i), await pacer.acquire());
		// The last request of the burst is still out; its answer will say the bucket holds more.
		const outstanding = await pacer.acquire();
		const start = clock.now;
		const waiter = pacer.acquire(undefined, start + 800).then((ticket) => ({ ticket, at: clock.now - start }));
		await transportClock.sleep(300);
		// The model expected none left; the API counts 3 (another client stopped, a slower clock).
		pacer.observe(counts(3), outstanding);
		expect(await waiter).toEqual({ ticket: expect.objectContaining({ seq: MEDIUM.burst }), at: 300 });
	});

	it('an aborted wait gives the place up at once and takes no token', async () => {
		const pacer = await spentPacer();
		const start = clock.now;
		const controller = new AbortController();
		const aborted = pacer.acquire(controller.signal);
		const next = pacer.acquire();
		await transportClock.sleep(100);
		controller.abort();
		expect(await aborted).toBeUndefined();
		await next;
		expect(clock.now - start).toBeCloseTo(TOKEN_MS, 0);
		expect(await pacer.acquire(controller.signal)).toBeUndefined();
	});
});

describe("a poll's turn under load (n8n's durable scheduler)", () => {
	it('a poll queued behind 40 action requests gets the next token, well inside its budget; the actions keep their order', async () => {
		const pacer = await spentPacer();
		const start = clock.now;
		const served: string[] = [];
		const actions = Array.from({ length: 40 }, async (_, i) => {
			await pacer.acquire();
			served.push(`a${i}`);
		});
		await transportClock.sleep(10);
		const poll = await pacer.acquire(undefined, start + 20_000);
		expect(poll).toBeDefined();
		expect(clock.now - start).toBeCloseTo(TOKEN_MS, 0);
		await Promise.all(actions);
		expect(served).toEqual(Array.from({ length: 40 }, (_, i) => `a${i}`));
	});

	it(`while actions wait, polls take at most ${PACE.pollTurns} turn(s) in a row: they cannot starve the actions`, async () => {
		const pacer = await spentPacer();
		const served: string[] = [];
		const take = (name: string, by?: number) => pacer.acquire(undefined, by).then(() => served.push(name));
		const all = [...['a0', 'a1', 'a2', 'a3'].map((name) => take(name)), ...['p0', 'p1', 'p2'].map((name) => take(name, clock.now + 60_000))];
		await Promise.all(all);
		expect(served).toEqual(['p0', 'a0', 'p1', 'a1', 'p2', 'a2', 'a3']);
	});

	it('polls served while no action waited do not count against the next poll', async () => {
		const pacer = await spentPacer();
		const served: string[] = [];
		const take = (name: string, by?: number) => pacer.acquire(undefined, by).then(() => served.push(name));
		await take('p0', clock.now + 60_000);
		await Promise.all([take('a0'), take('p1', clock.now + 60_000)]);
		expect(served).toEqual(['p0', 'p1', 'a0']);
	});
});

describe('after a run of 429s (issue 30)', () => {
	/** A Medium pacer that has heard the tenant's count (one answer: nobody else spends). */
	async function heardPacer() {
		const pacer = new Pacer(MEDIUM_TIER);
		pacer.observe(counts(MEDIUM.burst - 1), await pacer.acquire());
		await transportClock.sleep(20_000);
		return pacer;
	}
	/** One request refused with Retry-After 1 s and a count of 0, as the transport handles it. */
	async function refused(pacer: Pacer) {
		pacer.observe(counts(0), await pacer.acquire(), true);
		pacer.rateLimited(clock.now + 1000);
	}

	it('the next request goes when Retry-After says, without the cushion, and the share the 429s cut comes back whole once an answer finds the bucket full', async () => {
		const pacer = await heardPacer();
		for (let i = 0; i < 3; i++) {
			const before = clock.now;
			await refused(pacer);
			expect(clock.now - before).toBe(i === 0 ? 0 : 1000);
		}
		expect(pacer.state.share).toBeLessThan(0.5);
		const before = clock.now;
		const ticket = await pacer.acquire();
		expect(clock.now - before).toBe(1000);
		pacer.observe(counts(MEDIUM.burst - 1), ticket);
		expect(pacer.state.share).toBe(1);
	});

	it('an answer that shows room but not a full bucket gives the share back by the usual step only (another process may still spend)', async () => {
		const pacer = await heardPacer();
		await refused(pacer);
		const cut = pacer.state.share;
		const ticket = await pacer.acquire();
		// The model expects 0 left after this request; the API counts 5: 5.5 tokens more than the model's least.
		pacer.observe(counts(5), ticket);
		expect(pacer.state.share).toBeCloseTo(cut + (5 - PACE.rounding) / (PACE.bursts * MEDIUM.burst), 3);
		expect(pacer.state.share).toBeLessThan(1);
	});
});
