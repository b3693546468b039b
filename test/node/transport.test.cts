import nock from 'nock';

import { PACE, Pacer, pacerFor } from '../../nodes/shared/transport/rateLimit';
import { clock as transportClock } from '../../nodes/shared/transport/clock';
import { tierOf } from '../../nodes/shared/transport/tiers';
import { RETRY_POLICY, apiRequest, pathOf } from '../../nodes/shared/transport/request';
import { API, BASE_URL, CREDENTIALS, loadOptionsContext, page, runNode, socketError } from '../helpers/harness.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';


const clock = useVirtualClock();

const getMember = (id = 'u1', extra: object = {}) =>
	runNode({ parameters: { resource: 'member', operation: 'get', member: { __rl: true, mode: 'id', value: id } }, ...extra });
const createMember = (extra: object = {}) =>
	runNode({
		parameters: {
			resource: 'member',
			operation: 'create',
			email: 'a@example.com',
			firstName: 'A',
			position: 'Dev',
			company: 'Acme',
		},
		...extra,
	});

describe('tiers', () => {
	it.each([
		['GET', '/users/abc', 'light'],
		['GET', '/users', 'medium'],
		['PATCH', '/users/abc', 'medium'],
		['GET', '/users/abc/clubs', 'light'],
		['POST', '/users/batch', 'heavy'],
		['POST', '/users/batch-update', 'heavy'],
		['GET', '/users/batch/job1', 'light'],
		['GET', '/users/batch-update/job1', 'light'],
		['POST', '/clubs/c1/users/batch', 'heavy'],
		['GET', '/clubs/c1/users/batch/job1', 'light'],
		['POST', '/clubs/c1/users', 'medium'],
		['GET', '/userProfileQuestions', 'medium'],
		['GET', '/userProfileQuestions/q1', 'light'],
		['GET', '/events/e1', 'light'],
		['GET', '/events/e1/attendees', 'medium'],
		['GET', '/events/e1/attendees/a1', 'light'],
		['GET', '/incremental/users', 'medium'],
		['GET', '/spaces', 'medium'],
	] as const)('%s %s is %s', (method, path, tier) => {
		expect(tierOf(method, path)).toBe(tier);
	});
});

describe('pacing', () => {
	it('sends a Medium burst of 10 at once, then one request per second', async () => {
		const scope = nock(API).get('/users').query(true).times(13).reply(200, { size: 0, pageNumber: 1, pageSize: 50, results: [] });
		for (let i = 0; i < 13; i++) {
			await runNode({ parameters: { resource: 'member', operation: 'getAll', limit: 50 } });
		}
		expect(scope.isDone()).toBe(true);
		expect(clock.sleeps).toHaveLength(3);
		// A little under the advertised rate (PACE.margin): a request a hair early would be refused.
		clock.sleeps.forEach((ms) => expect(ms).toBeCloseTo(1000 / PACE.margin, 0));
	});

	const MEDIUM = { burst: 10, perSecond: 1, daily: 25000 };
	const counts = (remaining: number, extra: Record<string, string> = {}) => ({ 'x-ratelimit-remaining': String(remaining), ...extra });

	it("an answer's count below the model's lowers it, and is taken as others' spending (the share drops)", async () => {
		const pacer = new Pacer(MEDIUM);
		const ticket = await pacer.acquire();
		// The model expects 9 left; the API counts 2: someone else took 7.
		pacer.observe(counts(2, { 'x-ratelimit-limit': '5', 'x-ratelimit-burst': '20' }), ticket);
		expect(pacer.state).toMatchObject({ perSecond: 5, burst: 20 });
		// The model moves to the least a count of 2 can mean (it may be rounded up from 1.5).
		expect(pacer.state.tokens).toBeCloseTo(2 - PACE.rounding, 3);
		expect(pacer.state.share).toBeCloseTo(1 - (7 + PACE.rounding) / (PACE.bursts * 20), 3);
	});

	it("a count above the model's raises it; one within the count's rounding (less than a token) leaves it", async () => {
		const pacer = new Pacer(MEDIUM);
		for (let i = 0; i < 9; i++) pacer.observe(counts(9 - i), await pacer.acquire());
		expect(pacer.state.tokens).toBeCloseTo(1, 3);
		// Rounded down: 0 may be 0.99, so a model at 1 is within it.
		pacer.observe(counts(0), await pacer.acquire());
		expect(pacer.state.tokens).toBeCloseTo(0, 3);
		expect(pacer.state.share).toBe(1);
		// The API has more than the model allows for (another client stopped, or a slower clock here):
		// the model comes up to it, and waiters go sooner.
		const ticket = await pacer.acquire();
		pacer.observe(counts(6), ticket);
		expect(pacer.state.tokens).toBeCloseTo(6 - PACE.rounding, 3);
	});

	it('a count of one token more than the model raises it by half a token: the count may be rounded up', async () => {
		const pacer = new Pacer(MEDIUM);
		for (let i = 0; i < 10; i++) pacer.observe(counts(9 - i), await pacer.acquire());
		const ticket = await pacer.acquire();
		expect(pacer.state.tokens).toBeCloseTo(0, 3);
		// Rounded to the nearest, 1 may be 0.5: the next request waits for the half token the
		// bucket may still lack, not for none.
		pacer.observe(counts(1), ticket);
		expect(pacer.state.tokens).toBeCloseTo(1 - PACE.rounding, 3);
		const before = clock.now;
		await pacer.acquire();
		expect(clock.now - before).toBeCloseTo((PACE.rounding * 1000) / PACE.margin, 0);
	});

	it("this process's own requests overtaking each other on the way are not taken for others' spending", async () => {
		const pacer = new Pacer(MEDIUM);
		const first = await pacer.acquire();
		pacer.observe(counts(9), first);
		const tickets = await Promise.all([pacer.acquire(), pacer.acquire(), pacer.acquire()]);
		// The API counted them in the reverse order: the first sent saw 6 left, the last 8.
		pacer.observe(counts(6), tickets[0]);
		pacer.observe(counts(7), tickets[1]);
		pacer.observe(counts(8), tickets[2]);
		expect(pacer.state.share).toBe(1);
		expect(pacer.state.tokens).toBeCloseTo(6, 3);
	});

	it('the first request goes alone: the rest of the burst waits for its answer (another process may have spent it)', async () => {
		const pacer = new Pacer(MEDIUM);
		const sent: number[] = [];
		const first = await pacer.acquire();
		const t0 = clock.now;
		const rest = Array.from({ length: 4 }, async () => {
			const ticket = await pacer.acquire();
			sent.push(clock.now);
			return ticket;
		});
		await transportClock.sleep(50);
		expect(sent).toEqual([]);
		// The answer: nobody else spends, the rest of the burst goes at once.
		pacer.observe(counts(9), first);
		expect(await Promise.all(rest)).toHaveLength(4);
		expect(sent).toEqual([t0 + 50, t0 + 50, t0 + 50, t0 + 50]);
	});

	it('with no answer to the first request (tests, lost replies), the rest go after a second at most', async () => {
		const pacer = new Pacer(MEDIUM);
		const start = clock.now;
		await pacer.acquire();
		await pacer.acquire();
		expect(clock.now - start).toBe(1000);
	});

	it("after a 429 the next request goes when Retry-After says, and the one after it at the pace", async () => {
		const pacer = new Pacer({ burst: 5, perSecond: 10 / 60, daily: 200 });
		let ticket = await pacer.acquire();
		pacer.observe(counts(4), ticket);
		for (let i = 0; i < 4; i++) pacer.observe(counts(3 - i), await pacer.acquire());
		ticket = await pacer.acquire();
		const start = clock.now;
		pacer.observe(counts(0), ticket, true);
		pacer.rateLimited(start + 2000);
		pacer.observe(counts(0), await pacer.acquire());
		expect(clock.now - start).toBe(2000);
		await pacer.acquire();
		expect(clock.now - start).toBeCloseTo(2000 + 6000 / PACE.margin, -1);
	});

	it('a rate learned from the headers applies to the bucket as it is (the burst already sent is not re-counted at the old rate)', async () => {
		const pacer = new Pacer(MEDIUM);
		for (let i = 0; i < 10; i++) pacer.observe(counts(9 - i), await pacer.acquire());
		// The API says the tier runs at 10 a second (e.g. a sandbox at time scale 10).
		pacer.observe({ 'x-ratelimit-limit': '10' });
		const start = clock.now;
		await pacer.acquire();
		expect(clock.now - start).toBeCloseTo(100 / PACE.margin, -1);
	});

	it('waiters keep their places across a 429: served in order, one at a time at the pace, none at once', async () => {
		const pacer = new Pacer({ burst: 2, perSecond: 1, daily: 25000 });
		pacer.observe(counts(1), await pacer.acquire());
		const order: Array<[number, number]> = [];
		const waiters = Array.from({ length: 6 }, async (_, i) => {
			await pacer.acquire();
			order.push([i, clock.now]);
		});
		// Let the burst go, then a 429 says: nothing for 5 s.
		await Promise.resolve();
		await Promise.resolve();
		const start = clock.now;
		pacer.rateLimited(start + 5000);
		await Promise.all(waiters);
		expect(order.map(([i]) => i)).toEqual([0, 1, 2, 3, 4, 5]);
		const after = order.filter(([, at]) => at > start).map(([, at]) => at - start);
		expect(after[0]).toBe(5000);
		const gaps = after.slice(1).map((at, i) => at - after[i]);
		for (const gap of gaps) expect(gap).toBeCloseTo(1000 / PACE.margin, -2);
	});

	it('parallel callers share one bucket and are served in order at the sustained rate', async () => {
		const pacer = new Pacer({ burst: 2, perSecond: 1, daily: 25000 });
		pacer.observe({}, await pacer.acquire());
		const started: number[] = [];
		await Promise.all(
			Array.from({ length: 5 }, async () => {
				pacer.observe({}, await pacer.acquire());
				started.push(clock.now);
			}),
		);
		// The burst's second token at once, then one a second (less the margin).
		const offsets = started.map((t) => t - started[0]);
		expect(offsets.map((ms) => Math.round(ms / (1000 / PACE.margin)))).toEqual([0, 1, 2, 3, 4]);
	});
});

describe('429 and quota', () => {
	it('waits Retry-After and retries, then succeeds (reads)', async () => {
		const scope = nock(API)
			.get('/users/u1')
			.reply(429, { message: 'Too many requests' }, { 'Retry-After': '3' })
			.get('/users/u1')
			.reply(200, { userId: 'u1' });
		const out = await getMember();
		expect(scope.isDone()).toBe(true);
		expect(out[0].json.userId).toBe('u1');
		expect(clock.totalSlept()).toBeGreaterThanOrEqual(3000);
	});

	it('retries a write after 429, because a 429 was not processed', async () => {
		const scope = nock(API)
			.post('/users')
			.reply(429, { message: 'Too many requests' }, { 'Retry-After': '1' })
			.post('/users')
			.reply(200, { userId: 'new' });
		const out = await createMember();
		expect(scope.isDone()).toBe(true);
		expect(out[0].json.userId).toBe('new');
	});

	it('does not wait out a Retry-After longer than the bound; the error says how long', async () => {
		nock(API).get('/users/u1').reply(429, { message: 'Too many requests' }, { 'Retry-After': '3600' });
		await expect(getMember()).rejects.toMatchObject({
			httpCode: '429',
			failure: { cause: 'rate-limited', retryAfterMs: 3_600_000 },
		});
		expect(clock.totalSlept()).toBe(0);
	});

	it('a spent daily quota fails at once with the reset time, and the next call sends nothing', async () => {
		const reset = Math.floor(Date.UTC(2026, 10, 21) / 1000);
		nock(API)
			.get('/users/u1')
			.reply(429, { message: 'Daily quota exceeded' }, {
				'Retry-After': '43200',
				'X-RateLimit-Daily-Remaining': '0',
				'X-RateLimit-Daily-Reset': String(reset),
			});
		await expect(getMember()).rejects.toMatchObject({
			message: 'The daily request quota of the light tier is used up; it resets at 2026-11-21T00:00:00.000Z',
			failure: { cause: 'quota-exhausted', resetsAtEpochMs: reset * 1000 },
		});
		const again = nock(API).get('/users/u2').reply(200, {});
		await expect(getMember('u2')).rejects.toThrow('it resets at 2026-11-21T00:00:00.000Z');
		expect(again.isDone()).toBe(false);
		expect(clock.totalSlept()).toBe(0);
	});
});

describe('a storm of 429s (issue 30): the node waits what Retry-After asks', () => {
	// The API refuses the next requests with Retry-After 1 s and X-RateLimit-Remaining 0, as a
	// tenant whose bucket another client emptied. Before the fix each 429 cut the process's share
	// of the tier and the retry waited for a cushion of tokens at the cut rate: requests at 0, 11,
	// 26, 48, 77, 117, 172, 249 and 338 s, and then the rate-limit error.
	const STORM = { 'Retry-After': '1', 'X-RateLimit-Remaining': '0' };
	const members = Array.from({ length: 5 }, (_, i) => ({ userId: `u${i}`, userEmail: `u${i}@example.com` }));
	const getMany = () => runNode({ parameters: { resource: 'member', operation: 'getAll', limit: 5 } });
	const medium = () => pacerFor(BASE_URL, CREDENTIALS.clientId, 'medium');

	/** Get Many (Limit 5) through `refusals` 429s (all of them when undefined), then a page: when each request left (ms), and how it ended. */
	async function throughStorm(refusals?: number) {
		const sent: number[] = [];
		const start = clock.now;
		const refuse = nock(API).get('/users').query(true);
		(refusals === undefined ? refuse.times(1000) : refuse.times(refusals)).reply(() => {
			sent.push(Math.round(clock.now - start));
			return [429, { message: 'Too many requests' }, STORM];
		});
		nock(API).get('/users').query(true).reply(() => {
			sent.push(Math.round(clock.now - start));
			return [200, page(members, 1, 5), { 'X-RateLimit-Remaining': '9' }];
		});
		const outcome = await getMany().then(
			(items) => `${items.length} items`,
			(error: Error) => error.message,
		);
		nock.cleanAll();
		return { sent, outcome, tookMs: clock.now - start };
	}
	const gaps = (sent: number[]) => sent.slice(1).map((at, i) => at - sent[i]);

	/** n8n has read members before: the tenant's count is known, and nobody else was seen spending. */
	async function warm() {
		nock(API).get('/users').query(true).reply(200, page(members, 1, 5), { 'X-RateLimit-Remaining': '9' });
		await getMany();
		await transportClock.sleep(30_000);
	}

	it('12 refusals after n8n has read before: each retry goes 1 s after the 429, the members come after 12 s, and the share is whole again', async () => {
		await warm();
		const { sent, outcome } = await throughStorm(12);
		expect(outcome).toBe('5 items');
		expect(sent).toEqual(Array.from({ length: 13 }, (_, i) => i * 1000));
		// The answer after the storm found the bucket full: nobody shares the tier.
		expect(medium().state.share).toBe(1);
	});

	it(`12 refusals from n8n's first request: the cushion for the first ${PACE.passAfter - 1} retries (another process may be waiting for those tokens), then 1 s each; the members come within a minute`, async () => {
		const { sent, outcome, tookMs } = await throughStorm(12);
		expect(outcome).toBe('5 items');
		expect(tookMs).toBeLessThan(RETRY_POLICY.rateLimitWaitMs);
		const waits = gaps(sent);
		for (const wait of waits.slice(0, PACE.passAfter - 1)) expect(wait).toBeGreaterThan(1000);
		expect(waits.slice(PACE.passAfter - 1)).toEqual(Array(12 - PACE.passAfter + 1).fill(1000));
		expect(medium().state.share).toBe(1);
	});

	it.each([
		['after n8n has read before', true],
		["from n8n's first request", false],
	])('a storm that does not end (%s): the request ends with the rate-limit error within a minute of its first 429, naming the refusals', async (_when, warmed) => {
		if (warmed) await warm();
		const { sent, outcome, tookMs } = await throughStorm();
		expect(tookMs).toBeLessThanOrEqual(RETRY_POLICY.rateLimitWaitMs);
		expect(outcome).toMatch(new RegExp(`^The Community Platform API is rate limiting GET /users \\(refused ${sent.length} times in \\d+ s\\); it asked to wait 1 s$`));
		if (warmed) expect(sent).toHaveLength(RETRY_POLICY.rateLimitWaitMs / 1000);
	});

	it('a 429 asking for more than a minute is not waited out: the error says how long it asked', async () => {
		nock(API).get('/users').query(true).reply(429, { message: 'Too many requests' }, { 'Retry-After': String(RETRY_POLICY.rateLimitWaitMs / 1000 + 1) });
		await expect(getMany()).rejects.toMatchObject({ failure: { cause: 'rate-limited', retryAfterMs: RETRY_POLICY.rateLimitWaitMs + 1000 } });
		expect(clock.totalSlept()).toBe(0);
	});
});

describe('5xx and network errors', () => {
	it('retries a read on 5xx with backoff and succeeds', async () => {
		const scope = nock(API)
			.get('/users/u1')
			.reply(503, { message: 'unavailable' })
			.get('/users/u1')
			.reply(500, 'oops')
			.get('/users/u1')
			.reply(200, { userId: 'u1' });
		const out = await getMember();
		expect(scope.isDone()).toBe(true);
		expect(out[0].json.userId).toBe('u1');
		expect(clock.sleeps).toEqual([1000, 2000]);
	});

	it('gives up on a read after the retries, with the API message', async () => {
		nock(API)
			.get('/users/u1')
			.times(RETRY_POLICY.readRetries + 1)
			.reply(502, { message: 'bad gateway' });
		await expect(getMember()).rejects.toMatchObject({ message: 'bad gateway', httpCode: '502' });
	});

	it('does not re-send a write after a 5xx, and says so', async () => {
		const scope = nock(API).post('/users').reply(500, { message: 'internal error' }).post('/users').reply(200, {});
		await expect(createMember()).rejects.toMatchObject({
			message: 'internal error; whether the change was applied is unknown, so it was not re-sent',
			description: expect.stringContaining('It was not re-sent'),
		});
		expect(scope.pendingMocks()).toHaveLength(1);
	});

	it('retries a read after a dropped connection', async () => {
		const scope = nock(API)
			.get('/users/u1')
			.replyWithError(socketError('ECONNRESET', 'socket hang up'))
			.get('/users/u1')
			.reply(200, { userId: 'u1' });
		const out = await getMember();
		expect(scope.isDone()).toBe(true);
		expect(out[0].json.userId).toBe('u1');
	});

	it('does not re-send a write whose connection dropped: its fate is unknown', async () => {
		const scope = nock(API)
			.post('/users')
			.replyWithError(socketError('ECONNRESET', 'socket hang up'))
			.post('/users')
			.reply(200, {});
		await expect(createMember()).rejects.toThrow('whether the change was applied is unknown, so it was not re-sent');
		expect(scope.pendingMocks()).toHaveLength(1);
	});

	it('reports an HTML page instead of JSON clearly', async () => {
		nock(API).get('/users/u1').reply(200, '<html><body>Maintenance</body></html>', { 'Content-Type': 'text/html' });
		await expect(getMember()).rejects.toMatchObject({
			message: 'Unexpected answer from GET /users/u1: an HTML page instead of JSON',
			description: expect.stringContaining('Maintenance'),
		});
	});

	it('reports truncated JSON clearly', async () => {
		nock(API).get('/users/u1').reply(200, '{"userId": "u1", "userEm', { 'Content-Type': 'application/json' });
		await expect(getMember()).rejects.toMatchObject({
			message: 'Unexpected answer from GET /users/u1: a body that is not valid JSON',
			description: expect.stringContaining('{"userId": "u1", "userEm'),
		});
	});

	describe('an answer slower than the request timeout', () => {
		const timeout = RETRY_POLICY.timeoutMs;
		beforeEach(() => {
			RETRY_POLICY.timeoutMs = 50;
		});
		afterEach(() => {
			RETRY_POLICY.timeoutMs = timeout;
		});

		it('a read times out and is retried', async () => {
			const scope = nock(API)
				.get('/users/u1')
				.delay(500)
				.reply(200, { userId: 'late' })
				.get('/users/u1')
				.reply(200, { userId: 'u1' });
			const out = await getMember();
			expect(scope.isDone()).toBe(true);
			expect(out[0].json.userId).toBe('u1');
		});

		it('a write that times out is not re-sent, and the item says its fate is unknown', async () => {
			const scope = nock(API).post('/users').delay(500).reply(200, {}).post('/users').reply(200, {});
			await expect(createMember()).rejects.toThrow('whether the change was applied is unknown, so it was not re-sent');
			expect(scope.pendingMocks()).toHaveLength(1);
		});
	});

	it('reports a page without results clearly', async () => {
		nock(API).get('/users').query(true).reply(200, { size: 0 });
		await expect(
			runNode({ parameters: { resource: 'member', operation: 'getAll', returnAll: true } }),
		).rejects.toThrow('Unexpected answer from GET /users: no "results" list in the page');
	});
});

describe('secrets and auth', () => {
	it('a 401 says to check the credential and never shows the token, even if the API echoes it', async () => {
		nock(API)
			.get('/users/u1')
			.reply(401, { message: `token ${CREDENTIALS.accessToken} is not valid` });
		const error = await getMember().catch((e: Error) => e);
		const text = JSON.stringify(error, Object.getOwnPropertyNames(error)) + String((error as Error).stack);
		expect(text).not.toContain(CREDENTIALS.accessToken);
		expect(error).toMatchObject({
			httpCode: '401',
			description: expect.stringContaining('Check both in the Community Platform API credential'),
			failure: { cause: 'credential-invalid' },
		});
	});

	it('no error or output of a failing run under Continue On Fail holds the token', async () => {
		nock(API)
			.get('/users/a')
			.reply(500, { message: 'boom' })
			.persist()
			.get('/users/b')
			.replyWithError(socketError('ECONNREFUSED', 'connect ECONNREFUSED'));
		const out = await runNode({
			continueOnFail: true,
			items: [{ id: 'a' }, { id: 'b' }],
			parameters: { resource: 'member', operation: 'get', member: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
		});
		expect(out).toHaveLength(2);
		expect(JSON.stringify(out)).not.toContain(CREDENTIALS.accessToken);
	});
});

describe('cancellation', () => {
	it('stops waiting for the rate limit when the execution is cancelled', async () => {
		const controller = new AbortController();
		nock(API).get('/users/u1').reply(429, { message: 'slow down' }, { 'Retry-After': '30' });
		controller.abort();
		await expect(getMember('u1', { abortSignal: controller.signal })).rejects.toThrow();
		expect(clock.totalSlept()).toBe(0);
	});
});

describe('Return All: where a paged list ends', () => {
	const tag = (n: number) => ({ tagId: `t${n}`, tagName: `Tag ${n}` });
	const tags = (from: number, count: number) => Array.from({ length: count }, (_, i) => tag(from + i));
	const getAllTags = () => runNode({ parameters: { resource: 'tag', operation: 'getAll', returnAll: true } });

	it('goes on when the server applied a smaller page size than asked (200 asked, 100 applied)', async () => {
		const scope = nock(API)
			.get('/tags')
			.query({ pageNum: '1', pageSize: '200' })
			.reply(200, page(tags(0, 100), 1, 100))
			.get('/tags')
			.query({ pageNum: '2', pageSize: '200' })
			.reply(200, page(tags(100, 100), 2, 100))
			.get('/tags')
			.query({ pageNum: '3', pageSize: '200' })
			.reply(200, page(tags(200, 40), 3, 100));
		const out = await getAllTags();
		expect(scope.isDone()).toBe(true);
		expect(out.map((item) => item.json)).toEqual(tags(0, 240));
	});

	it('ends on a page with fewer rows than the applied page size, asking no further', async () => {
		const scope = nock(API)
			.get('/tags')
			.query({ pageNum: '1', pageSize: '200' })
			.reply(200, page(tags(0, 100), 1, 100))
			.get('/tags')
			.query({ pageNum: '2', pageSize: '200' })
			.reply(200, page(tags(100, 99), 2, 100));
		const out = await getAllTags();
		expect(scope.isDone()).toBe(true);
		expect(out).toHaveLength(199);
		// nock refuses any further request, so a third page would have failed the run.
	});

	it('ends on an empty page even when the server applied the size asked', async () => {
		const scope = nock(API)
			.get('/tags')
			.query({ pageNum: '1', pageSize: '200' })
			.reply(200, page(tags(0, 200), 1, 200))
			.get('/tags')
			.query({ pageNum: '2', pageSize: '200' })
			.reply(200, page([], 2, 200));
		expect(await getAllTags()).toHaveLength(200);
		expect(scope.isDone()).toBe(true);
	});

	it('falls back to the size asked when the envelope has no usable pageSize', async () => {
		const scope = nock(API)
			.get('/tags')
			.query({ pageNum: '1', pageSize: '200' })
			.reply(200, { size: 200, pageNumber: 1, results: tags(0, 200) })
			.get('/tags')
			.query({ pageNum: '2', pageSize: '200' })
			.reply(200, { size: 3, pageNumber: 2, pageSize: 'big', results: tags(200, 3) });
		expect(await getAllTags()).toHaveLength(203);
		expect(scope.isDone()).toBe(true);
	});
});

describe('a deadline: no wait that would end after it is started (the triggers keep a poll short)', () => {
	const read = (deadlineInMs: number) =>
		apiRequest.call(loadOptionsContext(), {
			method: 'GET',
			path: pathOf`/users/${{ Member: 'u1' }}`,
			deadline: clock.now + deadlineInMs,
		});

	it('a 429 whose Retry-After ends past the deadline fails at once as rate limited', async () => {
		const scope = nock(API)
			.get('/users/u1')
			.reply(429, { message: 'Too many requests' }, { 'Retry-After': '30' })
			.get('/users/u1')
			.reply(200, { userId: 'u1' });
		await expect(read(10_000)).rejects.toMatchObject({ httpCode: '429', failure: { cause: 'rate-limited', retryAfterMs: 30_000 } });
		expect(scope.pendingMocks()).toHaveLength(1);
		expect(clock.totalSlept()).toBe(0);
	});

	it('a Retry-After within the deadline is waited out as usual', async () => {
		nock(API)
			.get('/users/u1')
			.reply(429, { message: 'Too many requests' }, { 'Retry-After': '3' })
			.get('/users/u1')
			.reply(200, { userId: 'u1' });
		await expect(read(10_000)).resolves.toEqual({ userId: 'u1' });
		expect(clock.totalSlept()).toBeGreaterThanOrEqual(3000);
	});

	it('a read is not retried after a 5xx when the backoff would end past the deadline', async () => {
		const scope = nock(API).get('/users/u1').reply(503, { message: 'busy' }).get('/users/u1').reply(200, { userId: 'u1' });
		await expect(read(500)).rejects.toMatchObject({ httpCode: '503', message: 'busy' });
		expect(scope.pendingMocks()).toHaveLength(1);
	});
});
