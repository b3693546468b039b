/** Auth, paging envelopes and limits, routing basics. */
import { type Sandbox, startSandbox } from './server.cjs';
import { type ApiClient, type Body, apiClient } from './testClient.cjs';

let sandbox: Sandbox;
let api: ApiClient;

beforeAll(async () => {
	sandbox = await startSandbox({ rateLimits: false });
	api = apiClient(sandbox);
});
afterAll(() => sandbox.close());

describe('auth', () => {
	it('answers 401 {message} without credentials, still with rate headers', async () => {
		const r = await api.get('/users', undefined, { anonymous: true });
		expect(r.status).toBe(401);
		expect(typeof r.body.message).toBe('string');
		expect(r.headers.get('x-ratelimit-limit')).toBe('1');
		expect(r.headers.get('x-ratelimit-daily-limit')).toBe('25000');
	});

	it.each([
		['wrong token', { 'x-client-id': 'sandbox-client-id', authorization: 'Bearer nope' }],
		['wrong client id', { 'x-client-id': 'other', authorization: 'Bearer sandbox-access-token' }],
		['no Bearer scheme', { 'x-client-id': 'sandbox-client-id', authorization: 'sandbox-access-token' }],
		['client id only', { 'x-client-id': 'sandbox-client-id' }],
		['token only', { authorization: 'Bearer sandbox-access-token' }],
	])('answers 401 with %s', async (_label, headers) => {
		const r = await api.get('/events', undefined, { anonymous: true, headers });
		expect(r.status).toBe(401);
	});

	it('accepts both headers', async () => {
		expect((await api.get('/events')).status).toBe(200);
	});

	it('honours custom credentials', async () => {
		const other = await startSandbox({ clientId: 'c1', accessToken: 't1', members: 20, rateLimits: false });
		try {
			const client = apiClient(other);
			expect((await client.get('/spaces')).status).toBe(401);
			expect((await client.get('/spaces', undefined, { anonymous: true, headers: { 'x-client-id': 'c1', authorization: 'Bearer t1' } })).status).toBe(200);
		} finally {
			await other.close();
		}
	});
});

describe('paging envelope', () => {
	it('pages through with a short last page and then an empty page', async () => {
		const seen = new Set<string>();
		const sizes: number[] = [];
		for (let pageNum = 1; pageNum <= 4; pageNum++) {
			const r = await api.get('/events', { pageNum, pageSize: 10 });
			expect(r.status).toBe(200);
			expect(Object.keys(r.body).sort()).toEqual(['pageNumber', 'pageSize', 'results', 'size']);
			expect(r.body.pageNumber).toBe(pageNum);
			expect(r.body.pageSize).toBe(10);
			expect(r.body.size).toBe(r.body.results.length);
			sizes.push(r.body.size);
			for (const e of r.body.results) seen.add(e.eventId);
		}
		expect(sizes).toEqual([10, 10, 4, 0]);
		expect(seen.size).toBe(24);
	});

	it('defaults to pageNum 1 and pageSize 50', async () => {
		const r = await api.get('/users');
		expect(r.body.pageNumber).toBe(1);
		expect(r.body.pageSize).toBe(50);
		expect(r.body.size).toBe(50);
	});

	it('reads every active member without duplicates at the largest page size', async () => {
		const ids: string[] = [];
		for (let pageNum = 1; ; pageNum++) {
			const r = await api.get('/users', { pageNum, pageSize: 200 });
			ids.push(...r.body.results.map((m: Body) => m.userId));
			if (r.body.size < 200) break;
		}
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids.length).toBe(sandbox.store.activeMembers().length);
	});

	it.each([
		['/users', { pageSize: 201 }],
		['/users', { pageSize: 0 }],
		['/users', { pageSize: 'ten' }],
		['/users', { pageNum: 0 }],
		['/users', { pageNum: -1 }],
		['/events', { pageSize: 500 }],
		['/tags', { pageSize: 201 }],
		['/videos', { pageSize: 201 }],
		['/collections', { pageSize: 1.5 }],
		['/email-subscription-types', { pageSize: 201 }],
	])('rejects %s with %j', async (path, query) => {
		const r = await api.get(path, query);
		expect(r.status).toBe(400);
		expect(r.body.message).toMatch(/page(Size|Num)/);
	});

	it('accepts pageSize 200', async () => {
		const r = await api.get('/blogs', { pageSize: 200 });
		expect(r.status).toBe(200);
		expect(r.body.pageSize).toBe(200);
		expect(r.body.size).toBe(40);
	});
});

describe('routing and bodies', () => {
	it('answers 404 for an unknown route', async () => {
		const r = await api.get('/nope');
		expect(r.status).toBe(404);
		expect(typeof r.body.message).toBe('string');
	});

	it('answers 404 outside the API prefix', async () => {
		const r = await fetch(`${sandbox.url}/users`);
		expect(r.status).toBe(404);
	});

	it('answers 400 for a body that is not JSON', async () => {
		const r = await fetch(`${sandbox.apiUrl}/tags`, {
			method: 'POST',
			headers: { 'x-client-id': 'sandbox-client-id', authorization: 'Bearer sandbox-access-token', 'content-type': 'application/json' },
			body: '{"name":',
		});
		expect(r.status).toBe(400);
	});

	it('serves the arrays without envelope', async () => {
		expect(Array.isArray((await api.get('/clubs')).body)).toBe(true);
		expect(Array.isArray((await api.get('/spaces')).body)).toBe(true);
		expect(Array.isArray((await api.get('/userProfileQuestions')).body)).toBe(true);
	});
});

describe('seeding', () => {
	it('is deterministic for a seed', async () => {
		const a = await startSandbox({ members: 50, seed: 7, rateLimits: false, startTime: '2025-01-01T00:00:00.000Z' });
		const b = await startSandbox({ members: 50, seed: 7, rateLimits: false, startTime: '2025-01-01T00:00:00.000Z' });
		try {
			const ra = await apiClient(a).get('/users', { pageSize: 5 });
			const rb = await apiClient(b).get('/users', { pageSize: 5 });
			expect(ra.body).toEqual(rb.body);
			expect(ra.body.results[0].userId).toMatch(/^[0-9a-f]{24}$/);
		} finally {
			await Promise.all([a.close(), b.close()]);
		}
	});

	it('seeds 10,000 members and a 5,000-row members feed quickly', async () => {
		const started = Date.now();
		const big = await startSandbox({ members: 10_000, feedBacklog: 5000, rateLimits: false });
		try {
			expect(Date.now() - started).toBeLessThan(2000);
			expect(big.store.members.size).toBe(10_000);
			expect(big.store.feeds.users.size).toBe(5000);
		} finally {
			await big.close();
		}
	});
});
