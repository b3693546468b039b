/**
 * The pacer against a server that keeps the API's token bucket (spec, Limits), on a virtual
 * clock. Each caller does what the transport does: wait for its turn, send, hand the answer's
 * headers to the pacer, and on a 429 wait the Retry-After and go again first.
 *
 * The bounds are the spec's arithmetic: N requests on a tier of burst B and rate R cannot take
 * less than (N - B) / R seconds (the server refuses what comes earlier), and the pacer, which
 * keeps 1 % under R and adds a round trip, must not take more than 1.05 times that.
 */
import type { Ticket } from '../../nodes/shared/transport/rateLimit';
import { MARGIN, Pacer, pacerFor, resetPacers } from '../../nodes/shared/transport/rateLimit';
import { clock as transportClock } from '../../nodes/shared/transport/clock';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

const clock = useVirtualClock();

interface Tier {
	burst: number;
	perSecond: number;
}
const MEDIUM = { burst: 10, perSecond: 1 };
const HEAVY = { burst: 5, perSecond: 10 / 60 };
const LIGHT = { burst: 100, perSecond: 10 };
const pacerOf = (tier: Tier) => new Pacer({ ...tier, daily: 1e6 });

/** The API's side: one bucket for the tenant, refilled on its own (optionally skewed) clock. */
class Server {
	private tokens: number;
	private last: number;
	requests = 0;
	refused = 0;

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

	private refill() {
		const now = this.now();
		this.tokens = Math.min(this.tier.burst, this.tokens + ((now - this.last) / 1000) * this.tier.perSecond);
		this.last = now;
	}

	/** Another client of the tenant takes `count` tokens (as many as there are). */
	spend(count: number) {
		this.refill();
		this.tokens -= Math.min(count, Math.floor(this.tokens));
	}

	take(): { status: number; headers: Record<string, string> } {
		this.refill();
		this.requests++;
		const headers = { 'x-ratelimit-limit': String(this.tier.perSecond), 'x-ratelimit-burst': String(this.tier.burst) };
		if (this.tokens < 1) {
			this.refused++;
			const retryAfter = Math.ceil(((1 - this.tokens) / this.tier.perSecond) * 1000) / 1000;
			return { status: 429, headers: { ...headers, 'x-ratelimit-remaining': '0', 'retry-after': String(retryAfter) } };
		}
		this.tokens -= 1;
		return { status: 200, headers: { ...headers, 'x-ratelimit-remaining': String(this.round(this.tokens)) } };
	}
}

/** A deterministic jitter (no Math.random in tests). */
function jitter(seed: number) {
	let x = seed;
	return () => {
		x = (x * 1103515245 + 12345) % 2 ** 31;
		return x / 2 ** 31;
	};
}

/** One caller: `count` requests one after the other, 5 to 35 ms each way; each 429's wait in `waits` (ms from the 429 to the next try). */
async function caller(pacer: Pacer, server: Server, count: number, random: () => number, waits: number[] = []) {
	let refusedAt: number | undefined;
	for (let sent = 0; sent < count; ) {
		const ticket = (await pacer.acquire({ retry: refusedAt !== undefined })) as Ticket;
		if (refusedAt !== undefined) waits.push(transportClock.now() - refusedAt);
		await transportClock.sleep(5 + random() * 30);
		const answer = server.take();
		await transportClock.sleep(5 + random() * 30);
		pacer.observe(answer.headers, ticket);
		refusedAt = undefined;
		if (answer.status === 429) {
			refusedAt = transportClock.now();
			// As the transport does: the Retry-After, and up to 250 ms more.
			pacer.rateLimited(refusedAt + Number(answer.headers['retry-after']) * 1000 + random() * 250);
			continue;
		}
		sent++;
	}
}

/** The least time `requests` can take on the tier: the burst at once, then the sustained rate. */
const minimumMs = (tier: Tier, requests: number) => ((requests - tier.burst) / tier.perSecond) * 1000;

const SEEDS = Array.from({ length: 20 }, (_, i) => (i + 1) * 7919);

async function run(tier: Tier, callers: number, each: number, seed: number, drift = -0.002, round = Math.floor) {
	const server = new Server(tier, drift, round);
	const random = jitter(seed);
	const pacer = pacerOf(tier);
	const start = clock.now;
	await Promise.all(Array.from({ length: callers }, async () => await caller(pacer, server, each, random)));
	return { refused: server.refused, ratio: (clock.now - start) / minimumMs(tier, callers * each) };
}

describe('one process: the tier minimum, and at most 1.05 times it', () => {
	it.each([
		['Medium', 5, 40, MEDIUM],
		['Heavy', 3, 10, HEAVY],
		['Light', 10, 60, LIGHT],
	] as const)(`%s tier, %i callers of %i requests, server clock 0.2 %% slow, ${SEEDS.length} seeds: no 429, between 1 and 1.05 x the minimum`, async (_name, callers, each, tier) => {
		for (const seed of SEEDS) {
			const { refused, ratio } = await run(tier, callers, each, seed);
			expect({ seed, refused }).toEqual({ seed, refused: 0 });
			expect(ratio).toBeGreaterThanOrEqual(1);
			expect(ratio).toBeLessThanOrEqual(1.05);
		}
	});

	it(`X-RateLimit-Remaining rounded to the nearest (the spec does not say how), ${SEEDS.length} seeds: within 1.05 x the minimum, a 429 at most every 20 requests`, async () => {
		for (const seed of SEEDS) {
			const { refused, ratio } = await run(MEDIUM, 1, 120, seed, 0, Math.round);
			expect(refused).toBeLessThanOrEqual(120 / 20);
			expect(ratio).toBeLessThanOrEqual(1.05);
		}
	});
});

describe("another client spends the tenant's bucket", () => {
	it('its spending, seen in X-RateLimit-Remaining, slows this process: one 429 (nothing told of it before), then the rest at the rate', async () => {
		const server = new Server(MEDIUM);
		const pacer = pacerOf(MEDIUM);
		const random = jitter(11);
		await caller(pacer, server, 2, random);
		server.spend(MEDIUM.burst);
		const start = clock.now;
		await caller(pacer, server, 10, random);
		expect(server.refused).toBe(1);
		// The other left under a token: the 10 requests need 10 refills.
		expect(clock.now - start).toBeGreaterThanOrEqual(10_000);
		expect(clock.now - start).toBeLessThanOrEqual(10_000 * 1.05);
	});

	it('after a 429 the next try goes when Retry-After ends, however much the other spent before: twelve 429s, each retry 1 s after', async () => {
		const pacer = pacerOf(MEDIUM);
		const ticket = async (retry = false) => (await pacer.acquire({ retry })) as Ticket;
		// Answers that show others spending: the count lower than this process's own requests explain.
		for (let i = 0; i < 5; i++) pacer.observe({ 'x-ratelimit-remaining': '0' }, await ticket());
		expect(pacer.state.tokens).toBeLessThan(1);
		let sent = await ticket();
		for (let i = 0; i < 12; i++) {
			pacer.observe({ 'x-ratelimit-remaining': '0' }, sent);
			const refusedAt = clock.now;
			pacer.rateLimited(refusedAt + 1000);
			sent = await ticket(true);
			expect(clock.now - refusedAt).toBe(1000);
		}
	});
});

describe('several processes on one tenant (n8n workers): each its own pacer, meeting in the headers', () => {
	// No process sees the others' spending while the bucket holds less than a token (the count is
	// 0 then): each sends at the tier's rate and the API refuses what the bucket cannot hold, each
	// refused request going again at its Retry-After. The tier's rate is used whole all the same.
	it.each([[2], [3]])(`%i processes of 3 callers, 30 requests each, 10 seeds: every request answered within 1.05 x the minimum; each process sends at most at the tier's rate`, async (processes) => {
		for (const seed of SEEDS.slice(0, 10)) {
			const server = new Server(MEDIUM, -0.002);
			const random = jitter(seed);
			const start = clock.now;
			await Promise.all(
				Array.from({ length: processes }, () => pacerOf(MEDIUM)).flatMap((pacer) =>
					Array.from({ length: 3 }, async () => await caller(pacer, server, 30, random)),
				),
			);
			const accepted = processes * 3 * 30;
			expect(server.requests - server.refused).toBe(accepted);
			expect((clock.now - start) / minimumMs(MEDIUM, accepted)).toBeLessThanOrEqual(1.05);
			// Each process's attempts: its burst, then the rate, over the run.
			const elapsedS = (clock.now - start) / 1000;
			expect(server.requests).toBeLessThanOrEqual(processes * (MEDIUM.burst + elapsedS * MEDIUM.perSecond + 1));
		}
	});
});

describe('a cold pacer', () => {
	it("its first request goes alone: the burst waits for the answer, which tells the tenant's count (another process may have spent it)", async () => {
		const pacer = pacerOf(MEDIUM);
		const first = (await pacer.acquire()) as Ticket;
		const start = clock.now;
		const rest = Array.from({ length: 4 }, async () => {
			await pacer.acquire();
			return clock.now - start;
		});
		await transportClock.sleep(50);
		pacer.observe({ 'x-ratelimit-remaining': '3' }, first);
		expect(await Promise.all(rest)).toEqual([50, 50, 50, expect.closeTo(50 + 1000 / MARGIN, 0)]);
	});

	it('without an answer, the others go after a second at most', async () => {
		const pacer = pacerOf(MEDIUM);
		await pacer.acquire();
		const start = clock.now;
		await pacer.acquire();
		expect(clock.now - start).toBe(1000);
	});
});

describe('X-RateLimit-Remaining corrects the bucket', () => {
	it('a count a token or more below the bucket lowers it to the count; Limit and Burst set the tier', async () => {
		const pacer = pacerOf(MEDIUM);
		pacer.observe({ 'x-ratelimit-remaining': '2', 'x-ratelimit-limit': '5', 'x-ratelimit-burst': '20' }, (await pacer.acquire()) as Ticket);
		expect(pacer.state).toMatchObject({ perSecond: 5, burst: 20, tokens: 2 });
	});

	it("a count less than a token below leaves it (whole tokens); a count above raises it; this process's requests counted in another order are not taken for others' spending", async () => {
		const pacer = pacerOf(MEDIUM);
		const tickets = (await Promise.all(Array.from({ length: 10 }, async () => await pacer.acquire()))) as Ticket[];
		// Counted in the reverse order: the last sent saw 9 left, the first 0.
		tickets.reverse().forEach((ticket, i) => pacer.observe({ 'x-ratelimit-remaining': String(9 - i) }, ticket));
		expect(pacer.state.tokens).toBeCloseTo(0, 5);
		let ticket = (await Promise.race([pacer.acquire(), transportClock.sleep(2000).then(() => 'late')])) as Ticket;
		const before = pacer.state.tokens;
		pacer.observe({ 'x-ratelimit-remaining': '0' }, ticket);
		expect(pacer.state.tokens).toBe(before);
		// Another client stopped: the API has 6.
		ticket = (await pacer.acquire()) as Ticket;
		pacer.observe({ 'x-ratelimit-remaining': '6' }, ticket);
		expect(pacer.state.tokens).toBe(6);
	});

	it('an answer that raises the bucket lets a waiter go at once', async () => {
		const pacer = pacerOf(HEAVY);
		for (let i = 0; i < HEAVY.burst - 1; i++) pacer.observe({ 'x-ratelimit-remaining': String(HEAVY.burst - 1 - i) }, (await pacer.acquire()) as Ticket);
		const last = (await pacer.acquire()) as Ticket;
		const start = clock.now;
		const waiter = pacer.acquire().then(() => clock.now - start);
		await transportClock.sleep(2_000);
		// The API counts 3 left (its bucket was fuller than the model: another client's pause).
		pacer.observe({ 'x-ratelimit-remaining': '3' }, last);
		expect(await waiter).toBe(2_000);
	});
});

describe('after a 429', () => {
	const spent = async (tier: Tier) => {
		const pacer = pacerOf(tier);
		for (let i = 0; i < tier.burst; i++) await pacer.acquire();
		return pacer;
	};

	it('nobody goes before the Retry-After; then the retry first, at that time, and the others at the pace', async () => {
		const pacer = await spent(MEDIUM);
		const start = clock.now;
		const order: Array<[string, number]> = [];
		const go = (name: string, retry = false) => pacer.acquire({ retry }).then(() => order.push([name, clock.now - start]));
		const waiting = [go('a'), go('b')];
		pacer.rateLimited(start + 5000);
		await Promise.all([...waiting, go('retry', true)]);
		expect(order.map(([name]) => name)).toEqual(['retry', 'a', 'b']);
		expect(order[0][1]).toBe(5000);
		expect(order[1][1]).toBeCloseTo(5000 + 1000 / MARGIN, 0);
		expect(order[2][1]).toBeCloseTo(5000 + 2000 / MARGIN, 0);
	});

	it('on the Heavy tier (a token every 6 s) too, the retry goes when Retry-After says, not at the next token', async () => {
		const pacer = await spent(HEAVY);
		const start = clock.now;
		pacer.rateLimited(start + 1000);
		await pacer.acquire({ retry: true });
		expect(clock.now - start).toBe(1000);
	});

	it('a waiter the pause would hold past what it may wait gives its place up at once; the others keep theirs', async () => {
		const pacer = await spent(MEDIUM);
		const start = clock.now;
		const bounded = pacer.acquire({ mayWaitUntil: (until) => until <= start + 3000 });
		const unbounded = pacer.acquire();
		pacer.rateLimited(start + 5000);
		expect(await bounded).toBe('rate-limited');
		expect(clock.now).toBe(start);
		expect(await unbounded).toMatchObject({ seq: MEDIUM.burst });
		expect(clock.now - start).toBe(5000);
		// One asking for its turn during the pause is told at once too.
		pacer.rateLimited(clock.now + 5000);
		expect(await pacer.acquire({ mayWaitUntil: () => false })).toBe('rate-limited');
	});
});

describe('a turn given up takes no token', () => {
	it('`by`: a waiter still without its turn then gives up (late), and the one behind it goes when it would have anyway', async () => {
		const pacer = pacerOf(MEDIUM);
		for (let i = 0; i < MEDIUM.burst; i++) await pacer.acquire();
		const start = clock.now;
		const late = pacer.acquire({ by: start + 500 }).then((result) => [result, clock.now - start]);
		const next = pacer.acquire().then(() => clock.now - start);
		expect(await late).toEqual(['late', 500]);
		expect(await next).toBeCloseTo(1000 / MARGIN, 0);
	});

	it('an aborted wait gives the place up at once', async () => {
		const pacer = pacerOf(MEDIUM);
		for (let i = 0; i < MEDIUM.burst; i++) await pacer.acquire();
		const controller = new AbortController();
		const aborted = pacer.acquire({ signal: controller.signal });
		const next = pacer.acquire().then(() => clock.now);
		const start = clock.now;
		await transportClock.sleep(100);
		controller.abort();
		expect(await aborted).toBe('cancelled');
		expect((await next) - start).toBeCloseTo(1000 / MARGIN, 0);
		expect(await pacer.acquire({ signal: controller.signal })).toBe('cancelled');
	});
});

describe("a poll's turn (the triggers bound every poll)", () => {
	const spentPacer = async () => {
		const pacer = pacerOf(MEDIUM);
		for (let i = 0; i < MEDIUM.burst; i++) await pacer.acquire();
		return pacer;
	};

	it('a poll queued behind 40 action requests gets the next token; the actions keep their order', async () => {
		const pacer = await spentPacer();
		const start = clock.now;
		const served: string[] = [];
		const actions = Array.from({ length: 40 }, async (_, i) => {
			await pacer.acquire();
			served.push(`a${i}`);
		});
		await transportClock.sleep(10);
		expect(await pacer.acquire({ by: start + 20_000, poll: true })).toMatchObject({ seq: MEDIUM.burst });
		expect(clock.now - start).toBeCloseTo(1000 / MARGIN, 0);
		await Promise.all(actions);
		expect(served).toEqual(Array.from({ length: 40 }, (_, i) => `a${i}`));
	});

	it('while actions wait, polls take every other turn at most: they cannot starve the actions', async () => {
		const pacer = await spentPacer();
		const served: string[] = [];
		const take = (name: string, poll = false) => pacer.acquire({ poll }).then(() => served.push(name));
		await Promise.all([...['a0', 'a1', 'a2', 'a3'].map((name) => take(name)), ...['p0', 'p1', 'p2'].map((name) => take(name, true))]);
		expect(served).toEqual(['p0', 'a0', 'p1', 'a1', 'p2', 'a2', 'a3']);
	});

	it('polls served while no action waited do not count against the next poll', async () => {
		const pacer = await spentPacer();
		const served: string[] = [];
		const take = (name: string, poll = false) => pacer.acquire({ poll }).then(() => served.push(name));
		await take('p0', true);
		await Promise.all([take('a0'), take('p1', true)]);
		expect(served).toEqual(['p0', 'p1', 'a0']);
	});
});

describe('one pacer per tier and credential', () => {
	it('every request of a (base URL, client id, tier) meets the same bucket; a copy of the package loaded anew starts its own', () => {
		const pacer = pacerFor('https://x.example', 'client', 'medium');
		expect(pacerFor('https://x.example', 'client', 'medium')).toBe(pacer);
		expect(pacerFor('https://x.example', 'client', 'heavy')).not.toBe(pacer);
		expect(pacerFor('https://x.example', 'other', 'medium')).not.toBe(pacer);
		let again: Pacer | undefined;
		jest.isolateModules(() => {
			const copy = jest.requireActual<typeof import('../../nodes/shared/transport/rateLimit')>('../../nodes/shared/transport/rateLimit');
			again = copy.pacerFor('https://x.example', 'client', 'medium');
		});
		// Nothing is kept outside the module (no global, no built-in object): a reload starts afresh.
		expect(again).toBeDefined();
		expect(again).not.toBe(pacer);
		resetPacers();
		expect(pacerFor('https://x.example', 'client', 'medium')).not.toBe(pacer);
	});
});
