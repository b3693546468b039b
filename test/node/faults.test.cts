/**
 * Faults: what transport.test.cts, batch.test.cts and triggers.test.cts do not already
 * show. Batch submissions under 429 bursts, 5xx, dropped connections and timeouts; the daily
 * quota spent in the middle of a Return All or while waiting for a job; malformed answers on a
 * job poll, on a trigger poll and to the editor's loaders; and answers that echo the token.
 */
import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import { CommunityPlatformApi } from '../../credentials/CommunityPlatformApi.credentials';
import { CommunityPlatformMemberTrigger } from '../../nodes/CommunityPlatformMemberTrigger/CommunityPlatformMemberTrigger.node';
import { getProfileQuestions, getSpaces } from '../../nodes/CommunityPlatform/methods/loadOptions';
import { searchEvents, searchMembers, searchTags } from '../../nodes/CommunityPlatform/methods/listSearch';
import type { Ticket } from '../../nodes/shared/transport/rateLimit';
import { pacerFor } from '../../nodes/shared/transport/rateLimit';
import { RETRY_POLICY } from '../../nodes/shared/transport/request';
import { API, BASE_URL, CREDENTIALS, loadOptionsContext, runNode, socketError } from '../helpers/harness.cjs';
import { createMany, person } from '../helpers/operations.cjs';
import { expectFeed, feedPage, TriggerUnderTest } from '../helpers/pollHarness.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const RESET = Math.floor(Date.UTC(2026, 10, 21) / 1000);
const RESET_ISO = '2026-11-21T00:00:00.000Z';
const quotaSpent = {
	'Retry-After': '43200',
	'X-RateLimit-Daily-Remaining': '0',
	'X-RateLimit-Daily-Reset': String(RESET),
};
const clock = useVirtualClock(NOW);

const created = (count: number, jobId = 'j1') => ({
	jobId,
	status: 'completed',
	results: Array.from({ length: count }, (_, i) => ({ recordPosition: i, tenantUserId: `user-${i}`, status: 'created' })),
});

describe('writes and batch submissions', () => {
	it('a 429 burst on a submission is waited out (Retry-After each time); the job is accepted once and every row gets its result', async () => {
		let attempts = 0;
		const times: number[] = [];
		nock(API)
			.post('/users/batch')
			.times(3)
			.reply(() => {
				attempts++;
				times.push(clock.now);
				return attempts < 3
					? [429, { message: 'Too many requests' }, { 'Retry-After': String(attempts + 1) }]
					: [202, { jobId: 'j1', status: 'pending' }];
			})
			.get('/users/batch/j1')
			.reply(200, created(3));
		const out = await createMany([person(0), person(1), person(2)]);
		expect(attempts).toBe(3);
		expect(out.map((item) => item.json.status)).toEqual(['created', 'created', 'created']);
		expect(out.map((item) => item.json.jobId)).toEqual(['j1', 'j1', 'j1']);
		// Retry-After 2 s, then 3 s, before the job went in: each try at the Retry-After, plus at most the jitter.
		const gaps = times.slice(1).map((at, i) => at - times[i]);
		expect(gaps[0]).toBeGreaterThanOrEqual(2000);
		expect(gaps[0]).toBeLessThanOrEqual(2000 + RETRY_POLICY.jitterMs);
		expect(gaps[1]).toBeGreaterThanOrEqual(3000);
		expect(gaps[1]).toBeLessThanOrEqual(3000 + RETRY_POLICY.jitterMs);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it.each([
		['a 5xx', (scope: nock.Interceptor) => scope.reply(502, { message: 'bad gateway' }), /bad gateway/],
		[
			'a dropped connection',
			(scope: nock.Interceptor) => scope.replyWithError(socketError('ECONNRESET', 'socket hang up')),
			/No answer from the Community Platform API to POST \/users\/batch/,
		],
	])('%s on a submission is not re-sent: its rows say whether the job was created is unknown', async (_what, answer, cause) => {
		answer(nock(API).post('/users/batch'));
		const again = nock(API).post('/users/batch').reply(202, { jobId: 'j2', status: 'pending' });
		const out = await createMany([person(0), person(1)]);
		expect(again.isDone()).toBe(false);
		for (const item of out) {
			expect(item.json).toMatchObject({ status: 'failed', failed: true });
			expect(item.json.reason).toMatch(cause);
			expect(item.json.reason).toContain('whether the change was applied is unknown, so it was not re-sent');
			expect(item.json.reason).not.toContain('was not accepted');
		}
	});

	describe('a submission slower than the request timeout', () => {
		const timeout = RETRY_POLICY.timeoutMs;
		beforeEach(() => {
			RETRY_POLICY.timeoutMs = 50;
		});
		afterEach(() => {
			RETRY_POLICY.timeoutMs = timeout;
		});

		it('is not re-sent, and its rows say its fate is unknown', async () => {
			nock(API).post('/users/batch').delay(500).reply(202, { jobId: 'late', status: 'pending' });
			const again = nock(API).post('/users/batch').reply(202, { jobId: 'j2', status: 'pending' });
			const out = await createMany([person(0)]);
			expect(again.isDone()).toBe(false);
			expect(out[0].json).toMatchObject({ status: 'failed', failed: true });
			expect(out[0].json.reason).toContain('whether the change was applied is unknown, so it was not re-sent');
		});
	});

	it('a 5xx on a single write under Continue On Fail: the item says the change may have been applied and was not re-sent', async () => {
		const scope = nock(API).post('/users').reply(503, { message: 'unavailable' }).post('/users').reply(200, {});
		const out = await runNode({
			continueOnFail: true,
			parameters: { resource: 'member', operation: 'create', email: 'a@example.com', firstName: 'A', position: 'Dev', company: 'Acme' },
		});
		expect(out[0].json.error).toBe('unavailable; whether the change was applied is unknown, so it was not re-sent');
		expect(scope.pendingMocks()).toHaveLength(1);
	});

	describe('write errors that tell the truth', () => {
		const createOne = () =>
			runNode({
				continueOnFail: true,
				parameters: { resource: 'member', operation: 'create', email: 'a@example.com', firstName: 'A', position: 'Dev', company: 'Acme' },
			});
		const gatewayPage = `<!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>${'body{}'.repeat(5000)}</style></head><body><h1>Bad Gateway</h1>${'<p>upstream</p>'.repeat(2000)}</body></html>`;

		it('a 5xx whose body is an HTML page: the status and the page title, not the page', async () => {
			nock(API).post('/users').reply(502, gatewayPage, { 'Content-Type': 'text/html' });
			const [item] = await createOne();
			expect(item.json.error).toBe(
				'The API answered with status 502 (502 Bad Gateway); whether the change was applied is unknown, so it was not re-sent',
			);
		});

		it('a 5xx HTML page without a title: the status alone', async () => {
			nock(API).post('/users').reply(503, `<html><body>${'x'.repeat(100_000)}</body></html>`, { 'Content-Type': 'text/html' });
			const [item] = await createOne();
			expect(item.json.error).toBe('The API answered with status 503; whether the change was applied is unknown, so it was not re-sent');
		});

		it.each([
			['an HTML page from a proxy', gatewayPage.replace('502 Bad Gateway', 'Welcome'), 'text/html', 'an HTML page instead of JSON'],
			['truncated JSON', '{"userId":"u1","userFirstName":"A', 'application/json', 'a body that is not valid JSON'],
		])('a write answered 2xx with %s says the change was most likely applied', async (_what, body, type, what) => {
			const scope = nock(API).post('/contributionLogs').reply(200, body, { 'Content-Type': type });
			const again = nock(API).post('/contributionLogs').reply(200, {});
			const out = await runNode({
				continueOnFail: true,
				parameters: {
					resource: 'contributionLog',
					operation: 'create',
					contributionName: 'Code contribution',
					userEmail: 'a@example.com',
					contributedAt: '2026-01-31T09:30:00Z',
				},
			});
			expect(scope.isDone()).toBe(true);
			expect(again.isDone()).toBe(false);
			expect(out[0].json.error).toBe(
				`Unexpected answer from POST /contributionLogs: ${what}; the API reported success, so the change was most likely applied`,
			);
		});

		it('a read answered 2xx with a malformed body says nothing about a change', async () => {
			nock(API).get('/users/u1').reply(200, '{"id":', { 'Content-Type': 'application/json' });
			const out = await runNode({ continueOnFail: true, parameters: { resource: 'member', operation: 'get', member: { __rl: true, mode: 'id', value: 'u1' } } });
			expect(out[0].json.error).toBe('Unexpected answer from GET /users/u1: a body that is not valid JSON');
		});
	});

	it('a 400 on a submission still says the job was not accepted', async () => {
		nock(API).post('/users/batch').reply(400, { message: 'duplicate emails in batch' });
		const out = await createMany([person(0)]);
		expect(out[0].json.reason).toBe('The job was not accepted: duplicate emails in batch');
	});

	it('the daily quota spent while waiting for a job: the wait stops at once; rows keep their job id and say when the quota resets', async () => {
		nock(API)
			.post('/users/batch')
			.reply(202, { jobId: 'j1', status: 'pending' })
			.get('/users/batch/j1')
			.reply(429, { message: 'Daily quota exceeded' }, quotaSpent);
		const out = await createMany([person(0), person(1)], { maxWaitMinutes: 15 });
		for (const [recordPosition, item] of out.entries()) {
			expect(item.json).toMatchObject({ status: 'timeout', failed: true, jobId: 'j1', recordPosition });
			expect(item.json.reason).toContain(`it resets at ${RESET_ISO}`);
			expect(item.json.reason).toContain('Get Batch Job (job j1)');
		}
		// Not 15 minutes of polls that cannot be answered before midnight.
		expect(clock.totalSlept()).toBeLessThan(10_000);
	});

	it('a job status answer that is an HTML page is read again at the next poll; the rows get their results', async () => {
		nock(API)
			.post('/users/batch')
			.reply(202, { jobId: 'j1', status: 'pending' })
			.get('/users/batch/j1')
			.reply(200, '<html><body>502 Bad Gateway</body></html>', { 'Content-Type': 'text/html' })
			.get('/users/batch/j1')
			.reply(200, created(1));
		const out = await createMany([person(0)]);
		expect(out[0].json).toMatchObject({ status: 'created', jobId: 'j1', userId: 'user-0' });
	});

	it('a job that stays processing past Max Wait hands back its job id with the last status', async () => {
		nock(API)
			.post('/users/batch')
			.reply(202, { jobId: 'slow', status: 'pending' })
			.get('/users/batch/slow')
			.times(100)
			.reply(200, { jobId: 'slow', status: 'processing', results: [{ recordPosition: 0, status: 'created', tenantUserId: 'u0' }] });
		const out = await createMany([person(0), person(1)], { maxWaitMinutes: 1 });
		// The row the job already finished has its result; the other says where to look later.
		expect(out[0].json).toMatchObject({ status: 'created', jobId: 'slow', userId: 'u0', failed: false });
		expect(out[1].json).toMatchObject({ status: 'timeout', jobId: 'slow', jobStatus: 'processing', failed: true });
		expect(out[1].json.reason).toContain('check it later with Get Batch Job (job slow)');
	});
});

describe('the daily quota in the middle of a Return All', () => {
	const member = (n: number) => ({ userId: `u${n}`, userEmail: `m${n}@example.com` });
	const page = (from: number, count: number, pageNumber: number) => ({
		size: count,
		pageNumber,
		pageSize: 200,
		results: Array.from({ length: count }, (_, i) => member(from + i)),
	});

	it('fails with the reset time, says how much was read and that nothing was output, and sends nothing more', async () => {
		nock(API)
			.get('/users')
			.query({ pageNum: '1', pageSize: '200' })
			.reply(200, page(0, 200, 1))
			.get('/users')
			.query({ pageNum: '2', pageSize: '200' })
			.reply(200, page(200, 200, 2))
			.get('/users')
			.query({ pageNum: '3', pageSize: '200' })
			.reply(429, { message: 'Daily quota exceeded' }, quotaSpent);
		const error = (await runNode({ parameters: { resource: 'member', operation: 'getAll', returnAll: true } }).catch(
			(e: unknown) => e,
		)) as { message: string; description: string; failure: unknown };
		expect(error.message).toBe(`The daily request quota of the medium tier is used up; it resets at ${RESET_ISO}`);
		expect(error.failure).toEqual({ cause: 'quota-exhausted', resetsAtEpochMs: RESET * 1000 });
		expect(error.description).toContain('400 rows in 2 pages were read before the quota ran out');
		expect(error.description).toContain('none of them is output');
		expect(error.description).toContain('the rest of the list was not read');

		const later = nock(API).get('/users').query(true).reply(200, page(0, 1, 1));
		await expect(runNode({ parameters: { resource: 'member', operation: 'getAll', limit: 1 } })).rejects.toThrow(RESET_ISO);
		expect(later.isDone()).toBe(false);
		expect(clock.totalSlept()).toBe(0);
	});

	it('under Continue On Fail, each later item fails at once with the same message, without a request', async () => {
		nock(API).get('/users').query(true).reply(429, { message: 'Daily quota exceeded' }, quotaSpent);
		const out = await runNode({
			continueOnFail: true,
			items: [{}, {}, {}],
			parameters: { resource: 'member', operation: 'getAll', returnAll: true },
		});
		expect(out.map((item) => item.json.error)).toEqual(
			Array(3).fill(`The daily request quota of the medium tier is used up; it resets at ${RESET_ISO}`),
		);
		expect(nock.pendingMocks()).toEqual([]);
	});
});

describe('the token in answers that echo the request', () => {
	/** What a wrong base URL pointing at a request-echo service answers: our headers, token included. */
	const echo = { headers: { authorization: `Bearer ${CREDENTIALS.accessToken}`, 'x-client-id': CREDENTIALS.clientId } };
	const text = (error: unknown) =>
		JSON.stringify(error, Object.getOwnPropertyNames(error)) + String((error as Error).stack ?? '');

	it.each([
		['Member: Get Many (a page without results)', { resource: 'member', operation: 'getAll', limit: 5 }, '/users'],
		['Member: Get by Email (a list instead of a member)', { resource: 'member', operation: 'getByEmail', email: 'a@example.com' }, '/users'],
		['Space: Get Many (not a list)', { resource: 'space', operation: 'getAll' }, '/spaces'],
		['Club: Get Many (not a list)', { resource: 'club', operation: 'getAll' }, '/clubs'],
	])('%s: the error quotes the answer with the token redacted', async (_what, parameters, path) => {
		const body = path === '/users' && parameters.operation === 'getByEmail' ? { ...echo, results: [] } : echo;
		nock(API).get(path).query(true).reply(200, body);
		const error = await runNode({ parameters }).catch((e: unknown) => e);
		expect((error as Error).message).toContain('Unexpected answer from GET');
		expect(text(error)).toContain('[redacted]');
		expect(text(error)).not.toContain(CREDENTIALS.accessToken);
	});

	it('a 5xx whose body echoes the token, under Continue On Fail: neither the item nor the error holds it', async () => {
		nock(API)
			.post('/users')
			.reply(500, { message: `failed for Bearer ${CREDENTIALS.accessToken}` });
		const out = await runNode({
			continueOnFail: true,
			parameters: { resource: 'member', operation: 'create', email: 'a@example.com', firstName: 'A', position: 'Dev', company: 'Acme' },
		});
		expect(JSON.stringify(out)).not.toContain(CREDENTIALS.accessToken);
		expect(String(out[0].json.error)).toContain('[redacted]');
	});
});

describe('trigger polls', () => {
	const USERS = '/incremental/users';
	const T0 = '2026-11-20T11:58:00.000Z';
	const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
	const member = (id: string, minutes: number): IDataObject => ({
		id,
		userId: id,
		userEmail: `${id}@example.com`,
		signUpAt: at(minutes),
		updatedAt: at(minutes),
		archived: false,
		removed: false,
	});

	async function activated() {
		const trigger = new TriggerUnderTest(new CommunityPlatformMemberTrigger());
		expectFeed(USERS, { startTime: new Date(NOW).toISOString(), pageSize: '1' }, { rows: [], serverTimestamp: T0 });
		expect(await trigger.poll()).toBeNull();
		return trigger;
	}

	it.each([
		['an HTML error page', '<!DOCTYPE html><html><body><h1>503 Service Unavailable</h1></body></html>', 'text/html', 'an HTML page instead of JSON', '503 Service Unavailable'],
		['truncated JSON', '{"results":[{"id":"b","updatedAt":"2026-11-20T11:5', 'application/json', 'a body that is not valid JSON', '{"results":[{"id":"b"'],
		['a page without results', '{"data":[],"hasMore":false}', 'application/json', 'no "results" list in the feed page', '{"data":[]'],
	])('%s in the middle of a multi-page poll: the error says what came back and the state does not move', async (_what, body, type, what, excerpt) => {
		const trigger = await activated();
		// Changes made after activation (12:00; the feed was complete up to 11:58 then).
		expectFeed(USERS, { startTime: T0 }, { rows: [member('a', 3)], serverTimestamp: at(3), hasMore: true, nextCursor: 'c1' });
		nock(API).get(USERS).query({ pageSize: '100', cursor: 'c1' }).reply(200, body, { 'Content-Type': type });
		const live = JSON.stringify(trigger.live);
		const saved = JSON.stringify(trigger.saved);
		const error = (await trigger.poll().catch((e: unknown) => e)) as { message: string; description: string };
		expect(error.message).toBe(`Unexpected answer from GET ${USERS}: ${what}`);
		expect(error.description).toContain(excerpt);
		expect(JSON.stringify(trigger.live)).toBe(live);
		expect(JSON.stringify(trigger.saved)).toBe(saved);

		// The next poll reads from the same place: a is emitted once, then b.
		expectFeed(USERS, { startTime: T0 }, { rows: [member('a', 3)], serverTimestamp: at(3), hasMore: true, nextCursor: 'c1' });
		expectFeed(USERS, { cursor: 'c1' }, { rows: [member('b', 4)], serverTimestamp: at(5), nextCursor: 'c2' });
		expect((await trigger.poll())?.map((item) => item.id)).toEqual(['a', 'b']);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('a feed page that echoes the token fails without showing it', async () => {
		const trigger = await activated();
		nock(API)
			.get(USERS)
			.query(true)
			.reply(200, { headers: { authorization: `Bearer ${CREDENTIALS.accessToken}` } });
		const error = await trigger.poll().catch((e: unknown) => e);
		expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain(CREDENTIALS.accessToken);
	});

	it('a 401 on a poll says to check the credential, without the token, and the state does not move', async () => {
		const trigger = await activated();
		nock(API)
			.get(USERS)
			.query(true)
			.reply(401, { message: `invalid token ${CREDENTIALS.accessToken}` });
		const live = JSON.stringify(trigger.live);
		const error = await trigger.poll().catch((e: unknown) => e);
		expect(error).toMatchObject({ httpCode: '401', failure: { cause: 'credential-invalid' } });
		expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain(CREDENTIALS.accessToken);
		expect(JSON.stringify(trigger.live)).toBe(live);
	});

	// The API refuses the next 12 requests with Retry-After 1 s and X-RateLimit-Remaining 0, as when
	// another client has emptied the tenant's bucket. Each try must go within Retry-After + 1 s of
	// the 429 before it, whatever the process saw before: a pacer fresh from the activation poll, or
	// one whose answers showed another client spending the tier.
	it.each([
		["n8n's legacy scheduler (no budget)", 'a cold pacer', undefined, false],
		["n8n's durable scheduler (a 45 s budget)", 'a cold pacer', 45_000, false],
		["n8n's legacy scheduler (no budget)", 'a pacer that has seen another client spend the tier', undefined, true],
		["n8n's durable scheduler (a 45 s budget)", 'a pacer that has seen another client spend the tier', 45_000, true],
	])('a storm of twelve 429s on %s, met by %s: every try within Retry-After + 1 s of the 429 before it, and the poll delivers the change made before it', async (_scheduler, _pacer, budgetMs, othersSpent) => {
		const trigger = new TriggerUnderTest(new CommunityPlatformMemberTrigger(), { budgetMs });
		expectFeed(USERS, { startTime: new Date(NOW).toISOString(), pageSize: '1' }, { rows: [], serverTimestamp: T0 });
		expect(await trigger.poll()).toBeNull();
		if (othersSpent) {
			// Answers counting fewer tokens than this process's own requests explain.
			const pacer = pacerFor(BASE_URL, CREDENTIALS.clientId, 'medium');
			for (let i = 0; i < 3; i++) pacer.observe({ 'x-ratelimit-remaining': '0' }, (await pacer.acquire()) as Ticket);
			expect(pacer.state.tokens).toBeLessThan(1);
		}
		const sent: number[] = [];
		const start = clock.now;
		nock(API)
			.get(USERS)
			.query(true)
			.times(12)
			.reply(() => {
				sent.push(clock.now - start);
				return [429, { message: 'Too many requests' }, { 'Retry-After': '1', 'X-RateLimit-Remaining': '0' }];
			});
		// A member who signed up after the activation (12:00), before the storm.
		nock(API)
			.get(USERS)
			.query({ pageSize: '100', startTime: T0 })
			.reply(() => (sent.push(clock.now - start), [200, feedPage({ rows: [member('a', 3)], serverTimestamp: at(3), nextCursor: 'c1' })]));
		expect((await trigger.poll())?.map((item) => item.id)).toEqual(['a']);
		expect(sent).toHaveLength(13);
		for (const gap of sent.slice(1).map((at, i) => at - sent[i])) {
			expect(gap).toBeGreaterThanOrEqual(1000);
			expect(gap).toBeLessThanOrEqual(1000 + 1000);
		}
		expect(nock.pendingMocks()).toEqual([]);
	});

	// n8n's legacy scheduler (its default) polls through one PollContext from activation to
	// deactivation. A poll that ends inside a storm must not leave its spent minute to the next.
	it("on the legacy scheduler's one context: a poll that gave up inside a storm leaves the next poll its own minute, which waits out a 429 and delivers", async () => {
		const trigger = new TriggerUnderTest(new CommunityPlatformMemberTrigger(), { sharedContext: true });
		expectFeed(USERS, { startTime: new Date(NOW).toISOString(), pageSize: '1' }, { rows: [], serverTimestamp: T0 });
		expect(await trigger.poll()).toBeNull();
		// A storm longer than one poll's bound: the poll fails as rate-limited and saves nothing.
		let refused = 0;
		nock(API)
			.get(USERS)
			.query(true)
			.times(200)
			.reply(() => (refused++, [429, { message: 'Too many requests' }, { 'Retry-After': '1', 'X-RateLimit-Remaining': '0' }]));
		const start = clock.now;
		await expect(trigger.poll()).rejects.toMatchObject({ failure: { cause: 'rate-limited' } });
		expect(clock.now - start).toBeLessThanOrEqual(RETRY_POLICY.rateLimitWaitMs);
		expect(refused).toBeGreaterThan(40);
		nock.cleanAll();
		// Minutes later, one 429 with Retry-After 1 s: the poll waits it out and delivers.
		clock.advance(5 * 60_000);
		nock(API).get(USERS).query(true).reply(429, { message: 'Too many requests' }, { 'Retry-After': '1', 'X-RateLimit-Remaining': '0' });
		expectFeed(USERS, { startTime: T0 }, { rows: [member('a', 3)], serverTimestamp: at(3), nextCursor: 'c1' });
		expect((await trigger.poll())?.map((item) => item.id)).toEqual(['a']);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it.each([0, 10_001, 2.5])('Max Items per Poll of %s is refused before any request', async (maxItemsPerPoll) => {
		const trigger = new TriggerUnderTest(new CommunityPlatformMemberTrigger(), { parameters: { options: { maxItemsPerPoll } } });
		await expect(trigger.poll()).rejects.toThrow(/"Max Items per Poll" must be (at least 1|at most 10000|a whole number)/);
		expect(nock.pendingMocks()).toEqual([]);
	});
});

describe("malformed answers to the editor's loaders", () => {
	const NO_RESULTS = 'no "results" list in the page';
	it.each([
		['the Space list', '/spaces', () => getSpaces.call(loadOptionsContext()), 'expected a list of spaces'],
		['the Profile Question list', '/userProfileQuestions', () => getProfileQuestions.call(loadOptionsContext()), 'expected a list of profile questions'],
		['the Member search', '/users', () => searchMembers.call(loadOptionsContext(), 'jane'), NO_RESULTS],
		['the Event search', '/events', () => searchEvents.call(loadOptionsContext(), 'launch'), NO_RESULTS],
		['the Tag search', '/tags', () => searchTags.call(loadOptionsContext(), 'design'), NO_RESULTS],
	])('%s fails saying what came back, rather than offering nothing', async (_what, path, load, what) => {
		nock(API).get(path).query(true).reply(200, { data: [] });
		const error = (await load().catch((e: unknown) => e)) as { message: string; description: string };
		expect(error.message).toBe(`Unexpected answer from GET ${path}: ${what}`);
		expect(error.description).toContain('{"data":[]}');
	});
});

describe('errors that tell the truth (issue 21)', () => {
	const getMember = { resource: 'member', operation: 'get', member: { __rl: true, mode: 'id', value: 'u1' } };

	it('a request that fails inside n8n before it is sent says so, names n8n\'s reason and is not retried', async () => {
		const spy = jest
			.spyOn(CommunityPlatformApi.prototype, 'authenticate')
			.mockRejectedValueOnce(new Error('No bridge acquired for this context. Call acquire() first.'));
		const scope = nock(API).get('/users/u1').reply(200, { userId: 'u1' });
		try {
			const error = await runNode({ parameters: getMember }).catch((e: unknown) => e as Error);
			expect(error).toBeInstanceOf(Error);
			expect((error as Error).message).toBe(
				'n8n could not send GET /users/u1 to the Community Platform API: No bridge acquired for this context. Call acquire() first.',
			);
			expect((error as Error).message).not.toMatch(/No answer|after retries/);
			// Nothing reached the API, and nothing was tried again.
			expect(scope.isDone()).toBe(false);
			expect(spy).toHaveBeenCalledTimes(1);
		} finally {
			spy.mockRestore();
			nock.cleanAll();
		}
	});

	it('"after retries" only when the read was retried', async () => {
		nock(API)
			.get('/users/u1')
			.times(RETRY_POLICY.readRetries + 1)
			.replyWithError(socketError('ECONNRESET', 'socket hang up'));
		await expect(runNode({ parameters: getMember })).rejects.toThrow(/^No answer from the Community Platform API to GET \/users\/u1 \(.*\), after retries$/);
		// A write is never re-sent: its message says so, and not that it was retried.
		nock(API).post('/contributionLogs').replyWithError(socketError('ECONNRESET', 'socket hang up'));
		const write = await runNode({
			parameters: {
				resource: 'contributionLog',
				operation: 'create',
				contributionName: 'Talk',
				userEmail: 'ada@example.com',
				contributedAt: '2026-11-20T10:00:00Z',
			},
		}).catch((e: unknown) => e as Error);
		expect((write as Error).message).toContain('whether the change was applied is unknown, so it was not re-sent');
		expect((write as Error).message).not.toContain('after retries');
	});

	it('a submission answered 2xx without a jobId: its rows say the outcome is unknown, nothing is polled as job "undefined"', async () => {
		nock(API).post('/users/batch').reply(202, { status: 'pending' });
		const out = await createMany([person(0), person(1)]);
		for (const item of out) {
			expect(item.json).toMatchObject({ status: 'failed', failed: true });
			expect(item.json.reason).toMatch(/^The job submission's outcome is unknown: Unexpected answer from POST \/users\/batch: no "jobId" in the answer/);
			expect(JSON.stringify(item.json)).not.toContain('undefined');
		}
		expect(nock.pendingMocks()).toEqual([]);
	});
});
