/** The hanging API fault (`hangForMs`): requests held open, unanswered, for a stretch of real time. */
import { type Sandbox, startSandbox } from './server.cjs';
import { AUTH_HEADERS, adminCall, apiClient } from './testClient.cjs';

describe('a hanging API (hangForMs)', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ members: 20 });
	});
	afterAll(() => sandbox.close());
	beforeEach(() => {
		sandbox.admin.clearFaults();
		sandbox.admin.clearRequests();
	});

	it('holds every matching request until the hang is over, then answers it as usual; other paths and later requests are not held', async () => {
		const api = apiClient(sandbox);
		const started = Date.now();
		sandbox.admin.addFault({ hangForMs: 1_200, match: { pathPrefix: '/tags' } });
		const first = api.get('/tags');
		const other = await api.get('/spaces');
		expect(other.status).toBe(200);
		expect(Date.now() - started).toBeLessThan(1_000);
		await new Promise((resolve) => setTimeout(resolve, 500));
		// A second request within the hang waits only for what is left of it.
		const second = await api.get('/tags');
		const [a, b] = [await first, second];
		expect([a.status, b.status]).toEqual([200, 200]);
		expect(Date.now() - started).toBeGreaterThanOrEqual(1_150);
		expect(Date.now() - started).toBeLessThan(2_500);

		const afterwards = Date.now();
		expect((await api.get('/tags')).status).toBe(200);
		expect(Date.now() - afterwards).toBeLessThan(500);
		const log = sandbox.admin.getRequests().filter((r) => r.path.endsWith('/tags'));
		expect(log.map((r) => r.fault)).toEqual(['hang', 'hang', undefined]);
		expect(sandbox.admin.listFaults()).toEqual([]);
	});

	it('logs a request whose client gave up while it hung as not answered (status 0)', async () => {
		sandbox.admin.addFault({ hangForMs: 60_000, match: { pathPrefix: '/tags' } });
		const controller = new AbortController();
		const pending = fetch(`${sandbox.apiUrl}/tags`, { headers: AUTH_HEADERS, signal: controller.signal });
		await new Promise((resolve) => setTimeout(resolve, 300));
		controller.abort();
		await expect(pending).rejects.toThrow();
		const deadline = Date.now() + 2_000;
		while (!sandbox.admin.getRequests().some((r) => r.path.endsWith('/tags')) && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
		const [entry] = sandbox.admin.getRequests().filter((r) => r.path.endsWith('/tags'));
		expect(entry).toMatchObject({ status: 0, fault: 'hang' });
		expect(entry.durationMs).toBeGreaterThanOrEqual(250);
	});

	it('clearing the faults ends a hang: held requests are answered', async () => {
		const api = apiClient(sandbox);
		sandbox.admin.addFault({ hangForMs: 60_000 });
		const held = api.get('/tags');
		await new Promise((resolve) => setTimeout(resolve, 300));
		sandbox.admin.clearFaults();
		expect((await held).status).toBe(200);
	});

	it('validates hangForMs over HTTP', async () => {
		expect((await adminCall(sandbox, 'POST', '/faults', { hangForMs: 0 })).status).toBe(400);
		expect((await adminCall(sandbox, 'POST', '/faults', { hangForMs: 31 * 60_000 })).status).toBe(400);
		expect((await adminCall(sandbox, 'POST', '/faults', { hangForMs: 1_000, times: 2 })).body.message).toMatch(/hangForMs takes only match, not times/);
		expect((await adminCall(sandbox, 'POST', '/faults', { hangForMs: 1_000, status: 503 })).status).toBe(400);
		const added = await adminCall(sandbox, 'POST', '/faults', { hangForMs: 1_000, match: { method: 'GET', pathPrefix: '/incremental/users' } });
		expect(added.status).toBe(201);
		expect(added.body).toMatchObject({ hangForMs: 1_000, hangUntil: expect.any(Number) });
	});
});

describe('requests in flight', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ members: 20 });
	});
	afterAll(() => sandbox.close());

	it('lists the requests received and not answered yet, until they are answered', async () => {
		const api = apiClient(sandbox);
		sandbox.admin.addFault({ delayMs: 600, match: { pathPrefix: '/tags' } });
		const slow = api.get('/tags', { pageSize: 5 });
		await new Promise((resolve) => setTimeout(resolve, 200));
		const { status, body } = await adminCall(sandbox, 'GET', '/requests/in-flight');
		expect(status).toBe(200);
		expect(body).toEqual([expect.objectContaining({ method: 'GET', path: '/public-api/v1/tags', query: { pageSize: '5' }, time: expect.any(String) })]);
		expect((await slow).status).toBe(200);
		expect(sandbox.admin.getInFlight()).toEqual([]);
	});
});
