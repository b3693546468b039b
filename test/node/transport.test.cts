import nock from 'nock';

import type { Ticket } from '../../nodes/shared/transport/rateLimit';
import { MARGIN, Pacer, pacerFor } from '../../nodes/shared/transport/rateLimit';
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
	it('13 Medium requests take what the tier allows: the burst of 10 at once, then 1 a second; at most 1.05 x that', async () => {
		const scope = nock(API).get('/users').query(true).times(13).reply(200, { size: 0, pageNumber: 1, pageSize: 50, results: [] });
		const start = clock.now;
		for (let i = 0; i < 13; i++) {
			await runNode({ parameters: { resource: 'member', operation: 'getAll', limit: 50 } });
		}
		expect(scope.isDone()).toBe(true);
		const minimumMs = ((13 - 10) / 1) * 1000;
		expect(clock.now - start).toBeGreaterThanOrEqual(minimumMs);
		expect(clock.now - start).toBeLessThanOrEqual(minimumMs * 1.05);
	});

	it('a rate learned from the headers applies to the bucket as it is (the burst already sent is not re-counted at the old rate)', async () => {
		const pacer = new Pacer({ burst: 10, perSecond: 1, daily: 25000 });
		const tickets = (await Promise.all(Array.from({ length: 10 }, async () => await pacer.acquire()))) as Ticket[];
		for (const ticket of tickets.slice(0, 9)) pacer.observe({}, ticket);
		// The API says the tier runs at 10 a second (e.g. a sandbox at time scale 10).
		pacer.observe({ 'x-ratelimit-limit': '10' }, tickets[9]);
		const start = clock.now;
		await pacer.acquire();
		expect(clock.now - start).toBeCloseTo(100 / MARGIN, -1);
	});
});

describe('429 and quota', () => {
	/** Answers `path` with `refusals` 429s (Retry-After `seconds`), then 200; records when each request came (ms from now). */
	function refuseThenAnswer(path: string, refusals: number, seconds: number, body: object) {
		const start = clock.now;
		const sent: number[] = [];
		nock(API)
			.get(path)
			.times(refusals)
			.reply(() => (sent.push(clock.now - start), [429, { message: 'Too many requests' }, { 'Retry-After': String(seconds) }]))
			.get(path)
			.reply(() => (sent.push(clock.now - start), [200, body]));
		return sent;
	}

	it('waits Retry-After and retries, then succeeds (reads): the retry goes within Retry-After + the jitter of the 429', async () => {
		const sent = refuseThenAnswer('/users/u1', 1, 3, { userId: 'u1' });
		const out = await getMember();
		expect(out[0].json.userId).toBe('u1');
		expect(sent[1] - sent[0]).toBeGreaterThanOrEqual(3000);
		expect(sent[1] - sent[0]).toBeLessThanOrEqual(3000 + RETRY_POLICY.jitterMs);
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

describe('a storm of 429s: each try goes when Retry-After says, and an action waits a minute in all', () => {
	// The API refuses with Retry-After 1 s and X-RateLimit-Remaining 0, as a tenant whose bucket
	// another client emptied.
	const STORM = { 'Retry-After': '1', 'X-RateLimit-Remaining': '0' };
	const members = Array.from({ length: 5 }, (_, i) => ({ userId: `u${i}`, userEmail: `u${i}@example.com` }));
	const getMany = (limit = 5, extra: object = {}) => runNode({ parameters: { resource: 'member', operation: 'getAll', limit }, ...extra });

	/** Get Many (Limit 5) through `refusals` 429s (all of them when undefined), then a page: when each request left (ms), how it ended, and how long after the first request. */
	async function throughStorm(refusals?: number) {
		const sent: number[] = [];
		const start = clock.now;
		const refuse = nock(API).get('/users').query({ pageNum: '1', pageSize: '5' });
		(refusals === undefined ? refuse.times(1000) : refuse.times(refusals)).reply(() => {
			sent.push(clock.now - start);
			return [429, { message: 'Too many requests' }, STORM];
		});
		nock(API).get('/users').query({ pageNum: '1', pageSize: '5' }).reply(() => {
			sent.push(clock.now - start);
			return [200, page(members, 1, 5), { 'X-RateLimit-Remaining': '9' }];
		});
		const outcome = await getMany().then(
			(items) => `${items.length} items`,
			(error: Error) => error.message,
		);
		nock.cleanAll();
		return { sent, outcome, tookMs: clock.now - start - sent[0] };
	}
	const gaps = (sent: number[]) => sent.slice(1).map((at, i) => at - sent[i]);

	/** Another client of the tenant has spent the Medium tier: answers count fewer tokens than this process's own requests explain. */
	async function othersSpent() {
		const scope = nock(API).get('/users').query(true).times(3).reply(200, page(members, 1, 5), { 'X-RateLimit-Remaining': '0' });
		for (let i = 0; i < 3; i++) await getMany();
		expect(scope.isDone()).toBe(true);
		expect(medium().state.tokens).toBeLessThan(1);
	}
	const medium = () => pacerFor(BASE_URL, CREDENTIALS.clientId, 'medium');

	it.each([
		['a cold pacer', false],
		['a pacer that has seen another client spend the tier', true],
	])('twelve 429s with Retry-After 1, met by %s: every try within Retry-After + 1 s of the 429 before it (at least Retry-After), and the members at the end', async (_name, spent) => {
		if (spent) await othersSpent();
		const { sent, outcome, tookMs } = await throughStorm(12);
		expect(outcome).toBe('5 items');
		expect(sent).toHaveLength(13);
		for (const gap of gaps(sent)) {
			expect(gap).toBeGreaterThanOrEqual(1000);
			expect(gap).toBeLessThanOrEqual(1000 + 1000);
		}
		expect(tookMs).toBeLessThanOrEqual(12 * (1000 + RETRY_POLICY.jitterMs));
	});

	it.each([
		['a cold pacer', false],
		['a pacer that has seen another client spend the tier', true],
	])('a storm that does not end (%s): the rate-limit error within a minute of the first 429, naming the refusals; each try at Retry-After + the jitter', async (_name, spent) => {
		if (spent) await othersSpent();
		const { sent, outcome, tookMs } = await throughStorm();
		expect(tookMs).toBeLessThanOrEqual(RETRY_POLICY.rateLimitWaitMs);
		expect(outcome).toMatch(new RegExp(`^The Community Platform API is rate limiting GET /users \\(refused ${sent.length} times in \\d+ s\\); it asked to wait 1 s$`));
		for (const gap of gaps(sent)) expect(gap).toBeLessThanOrEqual(1000 + RETRY_POLICY.jitterMs);
		// A try every 1 to 1.25 s for a minute.
		expect(sent.length).toBeGreaterThanOrEqual(Math.floor(RETRY_POLICY.rateLimitWaitMs / (1000 + RETRY_POLICY.jitterMs)));
		expect(sent.length).toBeLessThanOrEqual(RETRY_POLICY.rateLimitWaitMs / 1000);
	});

	it('a 429 asking for more than a minute is not waited out: the error says how long it asked', async () => {
		nock(API).get('/users').query(true).reply(429, { message: 'Too many requests' }, { 'Retry-After': String(RETRY_POLICY.rateLimitWaitMs / 1000 + 1) });
		await expect(getMany()).rejects.toMatchObject({ failure: { cause: 'rate-limited', retryAfterMs: RETRY_POLICY.rateLimitWaitMs + 1000 } });
		expect(clock.totalSlept()).toBe(0);
	});

	it('the minute is per action: under Continue On Fail, three items under a storm that does not end take one minute in all, not one each', async () => {
		const sent: string[] = [];
		nock(API)
			.get(/\/users\/u\d$/)
			.times(1000)
			.reply((uri) => (sent.push(uri.split('/').pop()!), [429, { message: 'Too many requests' }, STORM]));
		const start = clock.now;
		const out = await runNode({
			continueOnFail: true,
			items: [{ id: 'u1' }, { id: 'u2' }, { id: 'u3' }],
			parameters: { resource: 'member', operation: 'get', member: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
		});
		nock.cleanAll();
		expect(clock.now - start).toBeLessThanOrEqual(RETRY_POLICY.rateLimitWaitMs + 1000 + RETRY_POLICY.jitterMs);
		expect(out.map((item) => String(item.json.error))).toEqual(Array(3).fill(expect.stringContaining('The Community Platform API is rate limiting GET /users/')));
		// The later items meet the Retry-After pause the first left, past the action's minute: they fail without a request.
		expect(sent.filter((id) => id !== 'u1')).toEqual([]);
	});

	it("a request queued behind another execution's 429s gives up within a minute of the first pause that held it, unsent", async () => {
		let sent = 0;
		nock(API)
			.get('/users')
			.query(true)
			.optionally()
			.reply(() => (sent++, [200, page(members, 1, 5)]));
		// Another execution's 429s keep the tier paused: a new Retry-After of 1 s every 0.9 s.
		const pacer = medium();
		let storming = true;
		const other = (async () => {
			// Two minutes at most: a request never told to give up fails the test instead of hanging it.
			for (const end = clock.now + 2 * RETRY_POLICY.rateLimitWaitMs; storming && clock.now < end; ) {
				pacer.rateLimited(clock.now + 1000);
				await transportClock.sleep(900);
			}
		})();
		const start = clock.now;
		const outcome = await getMany().then(
			() => 'answered',
			(error: Error) => error.message,
		);
		storming = false;
		await other;
		expect(outcome).toMatch(/^The Community Platform API is rate limiting GET \/users; it asked to wait 1 s$/);
		// It queued within the first pause (n8n reads the parameters and the credential first).
		expect(clock.now - start).toBeLessThanOrEqual(1000 + RETRY_POLICY.rateLimitWaitMs);
		expect(clock.now - start).toBeGreaterThan(RETRY_POLICY.rateLimitWaitMs - 1000);
		expect(sent).toBe(0);
		nock.cleanAll();
	});

	it('an answer ends a run of 429s: a later run in the same action has its own minute', async () => {
		const sent: number[] = [];
		const start = clock.now;
		const answer = (id: string, refusals: number) =>
			nock(API)
				.get(`/users/${id}`)
				.times(refusals)
				.reply(() => (sent.push(clock.now - start), [429, { message: 'Too many requests' }, { 'Retry-After': '20' }]))
				.get(`/users/${id}`)
				.reply(200, { userId: id });
		answer('u1', 2);
		answer('u2', 2);
		const out = await runNode({
			items: [{ id: 'u1' }, { id: 'u2' }],
			parameters: { resource: 'member', operation: 'get', member: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
		});
		expect(out.map((item) => item.json.userId)).toEqual(['u1', 'u2']);
		// 40 s of 429s each: 80 s in all, more than a minute, but never a minute in one run.
		expect(clock.now - start).toBeGreaterThan(RETRY_POLICY.rateLimitWaitMs);
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
