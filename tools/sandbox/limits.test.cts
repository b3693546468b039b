/** Rate tiers and headers, timeScale, daily quota, injected faults, request log, admin over HTTP, CLI. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { RateLimiter } from './rateLimit.cjs';
import { type Sandbox, startSandbox } from './server.cjs';
import { AUTH_HEADERS, type ApiClient, type Body, adminCall, apiClient } from './testClient.cjs';

const RATE_HEADERS = [
	'x-ratelimit-limit',
	'x-ratelimit-remaining',
	'x-ratelimit-burst',
	'x-ratelimit-reset',
	'x-ratelimit-daily-limit',
	'x-ratelimit-daily-remaining',
	'x-ratelimit-daily-reset',
];

describe('rate tiers (timeScale 1)', () => {
	let sandbox: Sandbox;
	let api: ApiClient;
	beforeAll(async () => {
		sandbox = await startSandbox({ members: 40 });
		api = apiClient(sandbox);
	});
	afterAll(() => sandbox.close());

	it('Medium: burst of 10, then 429 with Retry-After and every header', async () => {
		const remaining: string[] = [];
		for (let i = 0; i < 10; i++) {
			const r = await api.get('/events', { pageSize: 1 });
			expect(r.status).toBe(200);
			remaining.push(r.headers.get('x-ratelimit-remaining')!);
		}
		expect(remaining).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1', '0']);
		const limited = await api.get('/events');
		expect(limited.status).toBe(429);
		expect(typeof limited.body.message).toBe('string');
		expect(limited.headers.get('retry-after')).toBe('1');
		for (const h of RATE_HEADERS) expect(limited.headers.get(h)).not.toBeNull();
		expect(limited.headers.get('x-ratelimit-limit')).toBe('1');
		expect(limited.headers.get('x-ratelimit-burst')).toBe('10');
		expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
		expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000 + 5);
		expect(Number(limited.headers.get('x-ratelimit-daily-reset')) % 86_400).toBe(0);
		expect(limited.headers.get('x-ratelimit-daily-remaining')).toBe('24990');
	});

	it('tiers are independent: Light still answers, with its own headers', async () => {
		const event = sandbox.store.events[0];
		const r = await api.get(`/events/${event.id}`);
		expect(r.status).toBe(200);
		expect(r.headers.get('x-ratelimit-limit')).toBe('10');
		expect(r.headers.get('x-ratelimit-burst')).toBe('100');
		expect(r.headers.get('x-ratelimit-daily-limit')).toBe('300000');
	});

	it('Heavy: burst of 5 at about 10 per minute; 429 says to wait 6 s', async () => {
		const users = [{ email: 'x@example.com' }];
		for (let i = 0; i < 5; i++) {
			const r = await api.post('/users/batch-update', { users });
			expect(r.status).toBe(202);
			expect(r.headers.get('x-ratelimit-limit')).toBe('0.1667');
			expect(r.headers.get('x-ratelimit-daily-limit')).toBe('200');
		}
		const limited = await api.post('/users/batch-update', { users });
		expect(limited.status).toBe(429);
		expect(limited.headers.get('retry-after')).toBe('6');
		expect(sandbox.admin.getStats().rateLimited).toMatchObject({ medium: 1, heavy: 1 });
	});

	it('a spent daily quota answers 429 until midnight UTC, for that tier only', async () => {
		sandbox.admin.setDailyQuota('light', 1);
		const event = sandbox.store.events[0];
		const last = await api.get(`/events/${event.id}`);
		expect(last.status).toBe(200);
		expect(last.headers.get('x-ratelimit-daily-remaining')).toBe('0');
		const r = await api.get(`/events/${event.id}`);
		expect(r.status).toBe(429);
		const midnight = Number(r.headers.get('x-ratelimit-daily-reset'));
		expect(Number(r.headers.get('retry-after'))).toBeCloseTo(midnight - Date.now() / 1000, -1);
		expect(sandbox.admin.getStats().rateLimited.daily).toBe(1);
		const quota = await adminCall(sandbox, 'POST', '/daily-quota', { tier: 'Light', remaining: 5 });
		expect(quota.status).toBe(200);
		expect((await api.get(`/events/${event.id}`)).status).toBe(200);
	});

	it('an injected 429 finds the bucket as a real refusal does: Remaining 0, refused by the limiter until its Retry-After, then served; no token or daily count taken', async () => {
		const event = sandbox.store.events[0];
		const get = async () => await api.get(`/events/${event.id}`);
		expect(Number((await get()).headers.get('x-ratelimit-remaining'))).toBeGreaterThan(50);
		await adminCall(sandbox, 'DELETE', '/requests');
		sandbox.admin.addFault({ status: 429, retryAfterSec: 1, match: { method: 'GET', pathPrefix: '/events/' } });
		const injected = await get();
		expect([injected.status, injected.headers.get('retry-after'), injected.headers.get('x-ratelimit-remaining')]).toEqual([429, '1', '0']);
		const daily = injected.headers.get('x-ratelimit-daily-remaining');
		// Sent before the Retry-After ends: the limiter itself refuses it, as it would on the real API.
		const early = await get();
		expect([early.status, early.headers.get('retry-after'), early.headers.get('x-ratelimit-remaining')]).toEqual([429, '1', '0']);
		await new Promise((r) => setTimeout(r, 1_050));
		const after = await get();
		expect(after.status).toBe(200);
		expect(Number(after.headers.get('x-ratelimit-daily-remaining'))).toBe(Number(daily) - 1);
		const log = await adminCall<Body[]>(sandbox, 'GET', '/requests');
		expect(log.body.map((e) => [e.status, e.fault, e.rateLimited, e.retryAfter])).toEqual([
			[429, '429', undefined, 1],
			[429, undefined, 'burst', 1],
			[200, undefined, undefined, undefined],
		]);
	});
});

describe('timeScale', () => {
	it('refills k times faster and divides Retry-After by k (fractional)', async () => {
		const sandbox = await startSandbox({ members: 20, timeScale: 20 });
		const api = apiClient(sandbox);
		try {
			let limited: Body;
			for (let i = 0; i < 30 && !limited; i++) {
				const r = await api.get('/tags');
				expect(r.headers.get('x-ratelimit-limit')).toBe('20');
				if (r.status === 429) limited = r;
			}
			expect(limited).toBeDefined();
			const retryAfter = Number(limited.headers.get('retry-after'));
			expect(retryAfter).toBeGreaterThan(0);
			expect(retryAfter).toBeLessThanOrEqual(0.05);
			await new Promise((r) => setTimeout(r, retryAfter * 1000 + 20));
			expect((await api.get('/tags')).status).toBe(200);
		} finally {
			await sandbox.close();
		}
	});

	it.each([
		['down', '0'],
		['nearest', '1'],
	] as const)('rounds X-RateLimit-Remaining %s (remainingRounding): 0.6 of a token reads %s, and is refused', (rounding, shown) => {
		let now = Date.UTC(2026, 10, 20, 12);
		const limiter = new RateLimiter(1, true, () => now, rounding);
		for (let i = 0; i < 10; i++) expect(limiter.take('client', 'medium').allowed).toBe(true);
		now += 600;
		expect(limiter.peek('client', 'medium')['X-RateLimit-Remaining']).toBe(shown);
		expect(limiter.take('client', 'medium').allowed).toBe(false);
	});

	it('with the limits off, announces the tiers (advertisedLimits: tiers) or a tier nobody paces for (unlimited); the daily headers alike', async () => {
		const now = Date.UTC(2026, 10, 20, 12);
		const tiers = new RateLimiter(1, false, () => now);
		const unlimited = new RateLimiter(1, false, () => now, 'down', 'unlimited');
		for (let i = 0; i < 20; i++) {
			expect(tiers.take('client', 'medium').allowed).toBe(true);
			expect(unlimited.take('client', 'medium').allowed).toBe(true);
		}
		const told = tiers.peek('client', 'medium');
		expect([told['X-RateLimit-Limit'], told['X-RateLimit-Burst'], told['X-RateLimit-Remaining']]).toEqual(['1', '10', '10']);
		const lifted = unlimited.peek('client', 'medium');
		expect([lifted['X-RateLimit-Limit'], lifted['X-RateLimit-Burst'], lifted['X-RateLimit-Remaining']]).toEqual(['1000000', '1000000', '1000000']);
		expect(lifted['X-RateLimit-Daily-Remaining']).toBe('24980');
		expect(lifted['X-RateLimit-Daily-Remaining']).toBe(told['X-RateLimit-Daily-Remaining']);
		expect(() => new RateLimiter(1, true, () => now, 'down', 'unlimited')).toThrow('needs rateLimits: false');
		await expect(startSandbox({ members: 20, advertisedLimits: 'unlimited' })).rejects.toThrow('needs rateLimits: false');
		const sandbox = await startSandbox({ members: 20, rateLimits: false, advertisedLimits: 'unlimited' });
		try {
			const r = await apiClient(sandbox).get('/events', { pageSize: 1 });
			expect(r.status).toBe(200);
			expect(r.headers.get('x-ratelimit-limit')).toBe('1000000');
			expect(r.headers.get('x-ratelimit-remaining')).toBe('1000000');
		} finally {
			await sandbox.close();
		}
	});

	it('runs the sandbox clock k times faster', async () => {
		const sandbox = await startSandbox({ members: 20, timeScale: 100, rateLimits: false });
		try {
			const before = Date.parse(sandbox.admin.getClock().now);
			await new Promise((r) => setTimeout(r, 50));
			expect(Date.parse(sandbox.admin.getClock().now) - before).toBeGreaterThanOrEqual(4000);
		} finally {
			await sandbox.close();
		}
	});
});

describe('faults, request log and admin', () => {
	let sandbox: Sandbox;
	let api: ApiClient;
	beforeAll(async () => {
		sandbox = await startSandbox({ members: 40, rateLimits: false });
		api = apiClient(sandbox);
	});
	afterAll(() => sandbox.close());
	afterEach(() => sandbox.admin.clearFaults());

	it('answers an injected 5xx the given number of times', async () => {
		const added = await adminCall(sandbox, 'POST', '/faults', { status: 503, times: 2, match: { method: 'GET', pathPrefix: '/tags' } });
		expect(added.status).toBe(201);
		expect((await api.get('/clubs')).status).toBe(200);
		expect((await api.post('/tags', { name: 'Fault Free' })).status).toBe(200);
		const first = await api.get('/tags');
		expect(first.status).toBe(503);
		expect(first.body).toEqual({ message: 'Service Unavailable' });
		expect(first.headers.get('x-ratelimit-limit')).not.toBeNull();
		expect((await api.get('/tags')).status).toBe(503);
		expect((await api.get('/tags')).status).toBe(200);
	});

	it('injects a 429 with its Retry-After', async () => {
		sandbox.admin.addFault({ status: 429, retryAfterSec: 3 });
		const r = await api.get('/spaces');
		expect(r.status).toBe(429);
		expect(r.headers.get('retry-after')).toBe('3');
		expect((await api.get('/spaces')).status).toBe(200);
	});

	it('injects a 429 that says the bucket is empty (X-RateLimit-Remaining), spending nothing', async () => {
		sandbox.admin.addFault({ status: 429, rateLimitRemaining: 0, times: 2 });
		for (let i = 0; i < 2; i++) {
			const r = await api.get('/spaces');
			expect([r.status, r.headers.get('x-ratelimit-remaining')]).toEqual([429, '0']);
		}
		const after = await api.get('/spaces');
		expect(after.status).toBe(200);
		expect(Number(after.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(0);
		expect((await adminCall(sandbox, 'POST', '/faults', { rateLimitRemaining: 0 })).status).toBe(400);
	});

	it('injects a 400 with the given message (a refusal that names no row)', async () => {
		sandbox.admin.addFault({ status: 400, message: 'batch creation is paused for this community', match: { method: 'POST', pathPrefix: '/users/batch' } });
		const users = [{ email: 'paused@example.com', firstName: 'P', position: 'P', company: 'Co' }];
		const refused = await api.post('/users/batch', { users });
		expect([refused.status, refused.body]).toEqual([400, { message: 'batch creation is paused for this community' }]);
		expect((await api.post('/users/batch', { users })).status).toBe(202);
		expect((await adminCall(sandbox, 'POST', '/faults', { message: 'no status' })).status).toBe(400);
	});

	it('slows answers down', async () => {
		sandbox.admin.addFault({ delayMs: 150, match: { pathPrefix: '/public-api/v1/spaces' } });
		const started = Date.now();
		const r = await api.get('/spaces');
		expect(r.status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(140);
	});

	it('drops the connection', async () => {
		sandbox.admin.addFault({ drop: true });
		await expect(api.get('/spaces')).rejects.toThrow();
		expect((await api.get('/spaces')).status).toBe(200);
	});

	it('damages bodies: HTML error page, truncated JSON, envelope without results', async () => {
		sandbox.admin.addFault({ status: 502, body: 'html' });
		const html = await api.get('/tags');
		expect(html.status).toBe(502);
		expect(html.headers.get('content-type')).toMatch(/text\/html/);
		expect(html.text).toMatch(/<html/);

		sandbox.admin.addFault({ body: 'truncated' });
		const cut = await api.get('/tags');
		expect(cut.status).toBe(200);
		expect(() => JSON.parse(cut.text)).toThrow();

		sandbox.admin.addFault({ body: 'no-results' });
		const bare = await api.get('/tags');
		expect(bare.status).toBe(200);
		expect(bare.body).toMatchObject({ size: expect.any(Number), pageNumber: 1 });
		expect(bare.body).not.toHaveProperty('results');
	});

	it('validates faults and clears them over HTTP', async () => {
		expect((await adminCall(sandbox, 'POST', '/faults', { status: 418 })).status).toBe(400);
		expect((await adminCall(sandbox, 'POST', '/faults', { times: 2 })).status).toBe(400);
		await adminCall(sandbox, 'POST', '/faults', { status: 500, times: 5 });
		expect((await adminCall(sandbox, 'GET', '/faults')).body).toHaveLength(1);
		expect((await adminCall(sandbox, 'DELETE', '/faults')).status).toBe(200);
		expect((await api.get('/spaces')).status).toBe(200);
	});

	it('logs requests without credentials; stats count tiers', async () => {
		await adminCall(sandbox, 'DELETE', '/requests');
		await api.get('/users', { pageSize: 2 });
		await api.get(`/users/${sandbox.store.activeMembers()[0].id}`);
		await api.post('/users/batch', { users: [{ email: 'logged@example.com', firstName: 'L', position: 'P', company: 'Co' }] });
		await api.get('/events', undefined, { anonymous: true });
		const log = await adminCall<Body[]>(sandbox, 'GET', '/requests');
		expect(log.body.map((e) => [e.method, e.path, e.status, e.tier])).toEqual([
			['GET', '/public-api/v1/users', 200, 'medium'],
			['GET', expect.stringMatching(/^\/public-api\/v1\/users\/[0-9a-f]{24}$/), 200, 'light'],
			['POST', '/public-api/v1/users/batch', 202, 'heavy'],
			['GET', '/public-api/v1/events', 401, 'medium'],
		]);
		expect(log.body[0].query).toEqual({ pageSize: '2' });
		expect(log.body[2].body.users[0].email).toBe('logged@example.com');
		const serialized = JSON.stringify(log.body);
		expect(serialized).not.toContain(AUTH_HEADERS.authorization.split(' ')[1]);
		expect(serialized.toLowerCase()).not.toContain('bearer');
		expect(serialized.toLowerCase()).not.toContain('authorization');
		const stats = await adminCall(sandbox, 'GET', '/stats');
		expect(stats.body).toMatchObject({ total: 4, byTier: { light: 1, medium: 2, heavy: 1 }, byStatus: { 200: 2, 202: 1, 401: 1 } });
	});

	it('moves the clock over HTTP', async () => {
		const before = await adminCall(sandbox, 'GET', '/clock');
		const moved = await adminCall(sandbox, 'POST', '/clock', { advanceMs: 3_600_000 });
		expect(Date.parse(moved.body.now) - Date.parse(before.body.now)).toBeGreaterThanOrEqual(3_600_000);
		const set = await adminCall(sandbox, 'POST', '/clock', { set: '2030-01-01T00:00:00.000Z' });
		expect(set.body.now.startsWith('2030-01-01T00:00:0')).toBe(true);
		expect((await adminCall(sandbox, 'POST', '/clock', {})).status).toBe(400);
	});

	it('makes feed changes over HTTP and reseeds', async () => {
		const row = await adminCall(sandbox, 'POST', '/feed/members', { kind: 'created', email: 'admin.made@example.com' });
		expect(row.status).toBe(200);
		expect(row.body).toMatchObject({ userEmail: 'admin.made@example.com', removed: false });
		expect((await adminCall(sandbox, 'POST', '/feed/members', { kind: 'exploded' })).status).toBe(400);
		expect((await adminCall(sandbox, 'POST', '/feed/attendees', { kind: 'registered', eventId: '0123456789abcdef01234567' })).status).toBe(404);
		const deleted = await adminCall(sandbox, 'POST', '/feed/members', { kind: 'deleted', userId: row.body.id });
		expect(deleted.body).toMatchObject({ id: row.body.id, removed: true });
		expect((await adminCall(sandbox, 'GET', '/nope')).status).toBe(404);
		const reset = await adminCall(sandbox, 'POST', '/reset');
		expect(reset.status).toBe(200);
		expect(sandbox.store.memberByEmail('logged@example.com')).toBeUndefined();
		expect((await adminCall<Body[]>(sandbox, 'GET', '/requests')).body).toEqual([]);
	});
});

describe('CLI', () => {
	it('prints the ready line and exits cleanly on SIGTERM', async () => {
		const root = path.resolve(__dirname, '../..');
		const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'tools/sandbox/cli.cts', '--port', '0', '--members', '30', '--no-rate-limits', '--time-scale', '2'], {
			cwd: root,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		try {
			const url = await new Promise<string>((resolve, reject) => {
				let out = '';
				child.stdout.on('data', (chunk: Buffer) => {
					out += chunk.toString();
					const m = /^Sandbox API listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
					if (m) resolve(m[1]);
				});
				child.on('exit', (code) => reject(new Error(`cli exited early with ${code}: ${out}`)));
			});
			const r = await fetch(`${url}/public-api/v1/spaces`, { headers: AUTH_HEADERS });
			expect(r.status).toBe(200);
			const code = await new Promise<number | null>((resolve) => {
				child.on('exit', (c) => resolve(c));
				child.kill('SIGTERM');
			});
			expect(code).toBe(0);
		} finally {
			if (child.exitCode === null) child.kill('SIGKILL');
		}
	}, 20_000);
});
