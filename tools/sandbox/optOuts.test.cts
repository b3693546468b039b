/** Email opt-outs (10,000 reach, scope rules, strict query), subscription types, contribution logs. */
import { type Sandbox, startSandbox } from './server.cjs';
import { type ApiClient, type Body, adminCall, apiClient } from './testClient.cjs';

let sandbox: Sandbox;
let api: ApiClient;

beforeAll(async () => {
	sandbox = await startSandbox({ rateLimits: false, optOuts: 12_000 });
	api = apiClient(sandbox);
});
afterAll(() => sandbox.close());

const visibleRows = () => sandbox.store.optOuts.filter((r) => sandbox.store.activeMember(r.userId));

describe('GET /email-unsubscribes', () => {
	it('answers rows newest first with the row fields', async () => {
		const r = await api.get('/email-unsubscribes', { pageSize: 200 });
		expect(r.body.size).toBe(200);
		const times = r.body.results.map((x: Body) => Date.parse(x.unsubscribedAt));
		expect(times).toEqual([...times].sort((a, b) => b - a));
		const all = r.body.results.find((x: Body) => x.scope === 'all');
		expect(all).toMatchObject({ subscriptionTypeId: null, subscriptionTypeName: null });
		const specific = r.body.results.find((x: Body) => x.scope === 'specific');
		expect(specific.subscriptionTypeId).toMatch(/^[0-9a-f]{24}$/);
	});

	it('reaches exactly 10,000 rows: pageNum × pageSize over 10,000 gives 400', async () => {
		expect(visibleRows().length).toBeGreaterThan(10_000);
		const last = await api.get('/email-unsubscribes', { pageNum: 50, pageSize: 200 });
		expect(last.status).toBe(200);
		expect(last.body.size).toBe(200);
		const beyond = await api.get('/email-unsubscribes', { pageNum: 51, pageSize: 200 });
		expect(beyond.status).toBe(400);
		expect(beyond.body.message).toMatch(/10000/);
		expect((await api.get('/email-unsubscribes', { pageNum: 101, pageSize: 100 })).status).toBe(400);
		expect((await api.get('/email-unsubscribes', { pageNum: 10_001 })).status).toBe(400);
	});

	it('applies the scope rules', async () => {
		const type = sandbox.store.subscriptionTypes[0];
		expect((await api.get('/email-unsubscribes', { scope: 'all', subscriptionTypeId: type.id })).status).toBe(400);
		const byType = await api.get('/email-unsubscribes', { subscriptionTypeId: type.id, pageSize: 200 });
		expect(byType.body.size).toBeGreaterThan(0);
		expect(byType.body.results.every((x: Body) => x.scope === 'specific' && x.subscriptionTypeId === type.id)).toBe(true);
		const all = await api.get('/email-unsubscribes', { scope: 'all', pageSize: 200 });
		expect(all.body.results.every((x: Body) => x.scope === 'all')).toBe(true);
		const specific = await api.get('/email-unsubscribes', { scope: 'specific', pageSize: 200 });
		expect(specific.body.results.every((x: Body) => x.scope === 'specific')).toBe(true);
		expect((await api.get('/email-unsubscribes', { scope: 'some' })).status).toBe(400);
	});

	it('unknown type id or email give empty results; hidden types still resolve', async () => {
		expect((await api.get('/email-unsubscribes', { subscriptionTypeId: '0123456789abcdef01234567' })).body.results).toEqual([]);
		expect((await api.get('/email-unsubscribes', { email: 'ghost@example.com' })).body.results).toEqual([]);
		const hidden = sandbox.store.subscriptionTypes.find((t) => t.hidden)!;
		const rows = await api.get('/email-unsubscribes', { subscriptionTypeId: hidden.id });
		expect(rows.body.results[0].subscriptionTypeName).toBe(hidden.name);
	});

	it('matches email exactly and case-insensitively; an unencoded + is 400', async () => {
		const row = visibleRows().find((r) => sandbox.store.members.get(r.userId)?.email?.includes('+'))!;
		const email = sandbox.store.members.get(row.userId)!.email!;
		const r = await api.get('/email-unsubscribes', { email: email.toUpperCase() });
		expect(r.body.size).toBeGreaterThan(0);
		expect(r.body.results.every((x: Body) => x.userId === row.userId)).toBe(true);
		expect((await api.get(`/email-unsubscribes?email=${email}`)).body).toEqual({ message: 'invalid email' });
	});

	it('filters strictly after unsubscribedAfter', async () => {
		const pivot = (await api.get('/email-unsubscribes', { pageNum: 3, pageSize: 10 })).body.results[0].unsubscribedAt;
		const r = await api.get('/email-unsubscribes', { unsubscribedAfter: pivot, pageSize: 200 });
		expect(r.body.results.every((x: Body) => Date.parse(x.unsubscribedAt) > Date.parse(pivot))).toBe(true);
		expect(r.body.results.some((x: Body) => x.unsubscribedAt === pivot)).toBe(false);
		expect((await api.get('/email-unsubscribes', { unsubscribedAfter: 'yesterday' })).status).toBe(400);
	});

	it('400 for a repeated parameter and bad values', async () => {
		expect((await api.get('/email-unsubscribes', { scope: ['all', 'all'] })).status).toBe(400);
		expect((await api.get('/email-unsubscribes', { pageSize: [10, 20] })).status).toBe(400);
		expect((await api.get('/email-unsubscribes', { subscriptionTypeId: 'abc' })).status).toBe(400);
		expect((await api.get('/email-unsubscribes', { pageSize: 201 })).status).toBe(400);
	});

	it('excludes archived members', async () => {
		const archivedIds = new Set([...sandbox.store.members.values()].filter((m) => m.archived).map((m) => m.id));
		expect(sandbox.store.optOuts.some((r) => archivedIds.has(r.userId))).toBe(true);
		const seen: string[] = [];
		for (let pageNum = 1; pageNum <= 50; pageNum++) {
			const r = await api.get('/email-unsubscribes', { pageNum, pageSize: 200 });
			seen.push(...r.body.results.map((x: Body) => x.userId));
		}
		expect(seen.some((id) => archivedIds.has(id))).toBe(false);
	});
});

describe('opt-out changes (admin)', () => {
	it('a re-subscription removes the row; a preference change moves the `all` row to the front', async () => {
		const type = sandbox.store.subscriptionTypes[1];
		const hasRow = (userId: string, typeId: string | null) => sandbox.store.optOuts.some((r) => r.userId === userId && r.typeId === typeId);
		const member = sandbox.store.activeMembers().find((m) => m.email && !hasRow(m.id, null) && !hasRow(m.id, type.id))!;
		const before = (await api.get('/email-unsubscribes', { email: member.email, pageSize: 200 })).body.size;
		const added = sandbox.admin.optOutChange({ kind: 'unsubscribed', userId: member.id, subscriptionTypeId: type.id });
		expect(added).toMatchObject({ userId: member.id, scope: 'specific', subscriptionTypeId: type.id });
		const all = await adminCall(sandbox, 'POST', '/opt-outs', { kind: 'unsubscribed', userId: member.id });
		expect(all.body.scope).toBe('all');
		const mine = await api.get('/email-unsubscribes', { email: member.email, pageSize: 200 });
		expect(mine.body.size).toBe(before + 2);
		sandbox.admin.advanceClock(1000);
		const after = new Date(sandbox.store.now() - 1).toISOString();
		sandbox.admin.optOutChange({ kind: 'preferencesChanged', userId: member.id });
		const redelivered = await api.get('/email-unsubscribes', { unsubscribedAfter: after });
		expect(redelivered.body.results).toEqual([expect.objectContaining({ userId: member.id, scope: 'all' })]);
		sandbox.admin.optOutChange({ kind: 'resubscribed', userId: member.id, subscriptionTypeId: type.id });
		const left = await api.get('/email-unsubscribes', { email: member.email, pageSize: 200 });
		expect(left.body.size).toBe(before + 1);
		expect(left.body.results.some((r: Body) => r.subscriptionTypeId === type.id)).toBe(false);
	});
});

describe('GET /email-subscription-types', () => {
	it('hides retired types unless includeHidden=true', async () => {
		const visible = await api.get('/email-subscription-types');
		expect(visible.body.results.every((t: Body) => t.hidden === false)).toBe(true);
		const all = await api.get('/email-subscription-types', { includeHidden: 'true' });
		expect(all.body.size).toBe(sandbox.store.subscriptionTypes.length);
		expect(all.body.results.map((t: Body) => t.id)).toEqual(sandbox.store.subscriptionTypes.map((t) => t.id));
		expect((await api.get('/email-subscription-types', { includeHidden: 'false' })).body.size).toBe(visible.body.size);
	});

	it('accepts only literal booleans; repeated params 400; systemKey exact', async () => {
		expect((await api.get('/email-subscription-types', { includeHidden: '1' })).status).toBe(400);
		expect((await api.get('/email-subscription-types', { includeHidden: '0' })).status).toBe(400);
		expect((await api.get('/email-subscription-types', { includeHidden: 'TRUE' })).status).toBe(400);
		expect((await api.get('/email-subscription-types', { systemKey: ['a', 'b'] })).status).toBe(400);
		expect((await api.get('/email-subscription-types', { systemKey: 'newsletter' })).body.size).toBe(1);
		expect((await api.get('/email-subscription-types', { systemKey: 'Newsletter' })).body.results).toEqual([]);
	});
});

describe('POST /contributionLogs', () => {
	const member = () => sandbox.store.activeMembers().find((m) => m.email)!;
	const log = (extra: Record<string, unknown> = {}) => ({ contributionName: 'Hosted an event', userEmail: member().email, contributedAt: '2025-03-01T10:00:00Z', ...extra });

	it('records a log and adds the points', async () => {
		const m = member();
		const before = m.lifetimePoints;
		const r = await api.post('/contributionLogs', log({ count: 2, notes: 'Great meetup', externalContributionId: 'ext-1' }));
		expect(r.status).toBe(200);
		expect(r.body).toMatchObject({
			type: 'manual',
			contribution: 'Hosted an event',
			count: 2,
			occurredAt: '2025-03-01T10:00:00.000Z',
			loggedBy: 'publicApi',
			notes: 'Great meetup',
			contributorId: m.id,
		});
		expect(r.body.contributionLogId).toMatch(/^[0-9a-f]{24}$/);
		expect((await api.get(`/users/${m.id}`)).body.lifetimePoints).toBe(before + 200);
	});

	it('defaults count to 1', async () => {
		expect((await api.post('/contributionLogs', log())).body.count).toBe(1);
	});

	it.each([
		['an unknown contribution', { contributionName: 'Baked a cake' }],
		['an unknown member', { userEmail: 'ghost@example.com' }],
		['a bad contributedAt', { contributedAt: 'last tuesday' }],
		['a missing contributedAt', { contributedAt: undefined }],
		['count 0', { count: 0 }],
		['a fractional count', { count: 1.5 }],
		['notes over 100 characters', { notes: 'x'.repeat(101) }],
		['a name over 300 characters', { contributionName: 'x'.repeat(301) }],
		['an unknown key', { points: 5 }],
	])('400 for %s', async (_label, extra) => {
		expect((await api.post('/contributionLogs', log(extra))).status).toBe(400);
	});
});
