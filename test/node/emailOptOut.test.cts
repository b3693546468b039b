import nock from 'nock';

import { API, runNode } from '../helpers/harness.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

interface Row {
	userId: string;
	userEmail: string | null;
	subscriptionTypeId: string | null;
	subscriptionTypeName: string | null;
	scope: 'all' | 'specific';
	unsubscribedAt: string;
}

const TYPES = [
	{ id: 't1', name: 'Product news', description: null, hidden: false },
	{ id: 't2', name: 'Events', description: 'Event announcements', hidden: false },
	{ id: 't3', name: 'Old digest', description: null, hidden: true },
];
const BASE = Date.UTC(2026, 5, 1);

/** Rows newest first; `pattern` gives the type of row i (null for scope all). */
function makeRows(count: number, pattern: (i: number) => string | null): Row[] {
	return Array.from({ length: count }, (_, i) => {
		const typeId = pattern(i);
		return {
			userId: `u${i}`,
			userEmail: `m${i}@example.com`,
			subscriptionTypeId: typeId,
			subscriptionTypeName: typeId ? TYPES.find((t) => t.id === typeId)!.name : null,
			scope: typeId ? 'specific' : 'all',
			unsubscribedAt: new Date(BASE - i * 1000).toISOString(),
		};
	});
}

/**
 * A stand-in for GET /email-unsubscribes and /email-subscription-types with the spec's rules:
 * 400 past the 10,000 reach, 400 for scope=all with a type, filters, pages newest first.
 */
function fakeApi(initial: Row[], grown?: Row[]) {
	const state = { rows: initial, requests: [] as URLSearchParams[] };
	nock(API)
		.persist()
		.get(/^\/public-api\/v1\/email-unsubscribes/)
		.reply((uri) => {
			const q = new URLSearchParams(uri.split('?')[1] ?? '');
			state.requests.push(q);
			const pageNum = Number(q.get('pageNum') ?? 1);
			const pageSize = Number(q.get('pageSize') ?? 50);
			if (pageNum * pageSize > 10_000) return [400, { message: 'pageNum * pageSize must not exceed 10000' }];
			const scope = q.get('scope');
			const typeId = q.get('subscriptionTypeId');
			if (scope === 'all' && typeId) return [400, { message: 'scope=all cannot be combined with subscriptionTypeId' }];
			const list = state.rows.filter(
				(row) =>
					(!typeId || row.subscriptionTypeId === typeId) &&
					(scope !== 'all' || row.scope === 'all') &&
					(scope !== 'specific' || row.scope === 'specific'),
			);
			const results = list.slice((pageNum - 1) * pageSize, pageNum * pageSize);
			// `grown` replaces the rows once the first request is answered
			if (grown) state.rows = grown;
			return [200, { size: results.length, pageNumber: pageNum, pageSize, results }];
		})
		.get('/email-subscription-types')
		.query(true)
		.reply((uri) => {
			const q = new URLSearchParams(uri.split('?')[1] ?? '');
			state.requests.push(q);
			const results = TYPES.filter((t) => q.get('includeHidden') === 'true' || !t.hidden);
			return [200, { size: results.length, pageNumber: 1, pageSize: Number(q.get('pageSize')), results }];
		});
	const optOutRequests = () => state.requests.filter((q) => q.has('pageNum') && !q.has('includeHidden'));
	return { state, optOutRequests };
}

const keys = (rows: Array<{ json: object }>) => rows.map(({ json }) => (json as Row).userId);
const getAll = (parameters: object) => runNode({ parameters: { resource: 'emailOptOut', operation: 'getAll', ...parameters } });

useVirtualClock();

describe('Email Opt-Out: Get Many with a limit', () => {
	it('sends every filter, the email percent-encoded and the date in UTC ISO 8601', async () => {
		const scope = nock(API)
			.get(
				'/email-unsubscribes?subscriptionTypeId=t1&scope=specific&email=jane%2Bnews%40example.com&unsubscribedAfter=2026-05-01T08%3A00%3A00.000Z&pageNum=1&pageSize=5',
			)
			.reply(200, { size: 1, pageNumber: 1, pageSize: 5, results: makeRows(1, () => 't1') });
		const out = await getAll({
			limit: 5,
			filters: {
				subscriptionTypeId: 't1',
				scope: 'specific',
				email: 'jane+news@example.com',
				unsubscribedAfter: '2026-05-01T10:00:00+02:00',
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out).toHaveLength(1);
		expect(out[0].json).toEqual(makeRows(1, () => 't1')[0]);
	});

	it('reads just enough pages for the limit, without a probe', async () => {
		const api = fakeApi(makeRows(1000, (i) => (i % 2 ? 't1' : null)));
		const out = await getAll({ limit: 450 });
		expect(keys(out)).toEqual(api.state.rows.slice(0, 450).map((r) => r.userId));
		expect(api.optOutRequests().map((q) => `${q.get('pageNum')}x${q.get('pageSize')}`)).toEqual(['1x200', '2x200', '3x200']);
	});

	it.each([
		[
			{ filters: { scope: 'all', subscriptionTypeId: 't1' } },
			'"Scope" cannot be "All" together with a subscription type',
		],
		[{ filters: { scope: 'All' } }, '"Scope" must be one of all, specific (got "All")'],
		[{ filters: { email: 'jane@@example.com' } }, '"Email" must be an email address'],
		[{ filters: { unsubscribedAfter: 'last week' } }, '"Unsubscribed After" must be an ISO 8601 date-time'],
		[{ filters: { subscriptionTypeId: ' ' } }, '"Subscription Type Name or ID" is empty'],
		[{ limit: -1 }, '"Limit" must be at least 1'],
	])('refuses %j before sending: %s', async (parameters, message) => {
		await expect(getAll(parameters)).rejects.toThrow(message);
		expect(nock.pendingMocks()).toEqual([]);
	});
});

describe('Email Opt-Out: Return All and the 10,000-row reach', () => {
	it('a set that fits: one probe of the last page in reach, then pages until a short one', async () => {
		const api = fakeApi(makeRows(450, (i) => (i % 3 ? 't2' : null)));
		const out = await getAll({ returnAll: true });
		expect(keys(out)).toEqual(api.state.rows.map((r) => r.userId));
		expect(api.optOutRequests().map((q) => q.get('pageNum'))).toEqual(['50', '1', '2', '3']);
	});

	it('drops a row repeated across pages (rows move while paging)', async () => {
		const rows = makeRows(201, () => null);
		nock(API)
			.get('/email-unsubscribes')
			.query({ pageNum: '50', pageSize: '200' })
			.reply(200, { size: 0, pageNumber: 50, pageSize: 200, results: [] })
			.get('/email-unsubscribes')
			.query({ pageNum: '1', pageSize: '200' })
			.reply(200, { size: 200, pageNumber: 1, pageSize: 200, results: rows.slice(0, 200) })
			.get('/email-unsubscribes')
			.query({ pageNum: '2', pageSize: '200' })
			.reply(200, { size: 2, pageNumber: 2, pageSize: 200, results: [rows[199], rows[200]] });
		const out = await getAll({ returnAll: true });
		expect(keys(out)).toEqual(rows.map((r) => r.userId));
	});

	it('past the reach: reads scope All and each type (hidden too) separately, merged newest first', async () => {
		// 15,800 rows: 6,000 All, 9,000 t1, 500 t2, 300 t3 (retired), interleaved in time
		const pattern = (i: number) => (i < 15_000 ? (i % 5 < 2 ? null : 't1') : i < 15_500 ? 't2' : 't3');
		const api = fakeApi(makeRows(15_800, pattern));
		const out = await getAll({ returnAll: true });
		expect(out).toHaveLength(15_800);
		expect(keys(out)).toEqual(api.state.rows.map((r) => r.userId));
		const requests = api.state.requests;
		expect(requests[0].get('pageNum')).toBe('50');
		expect(requests[1].get('includeHidden')).toBe('true');
		const parts = new Set(api.optOutRequests().slice(1).map((q) => q.get('scope') ?? q.get('subscriptionTypeId')));
		expect([...parts]).toEqual(['all', 't1', 't2', 't3']);
		expect(api.optOutRequests().every((q) => Number(q.get('pageNum')) * Number(q.get('pageSize')) <= 10_000)).toBe(true);
	});

	it('with scope Specific, splits by type only', async () => {
		const api = fakeApi(makeRows(10_400, (i) => (i % 2 ? 't1' : 't2')));
		const out = await getAll({ returnAll: true, filters: { scope: 'specific' } });
		expect(out).toHaveLength(10_400);
		const parts = new Set(api.optOutRequests().slice(1).map((q) => q.get('subscriptionTypeId')));
		expect([...parts]).toEqual(['t1', 't2', 't3']);
		expect(api.optOutRequests().some((q) => q.get('scope') === 'all')).toBe(false);
	});

	it('fails clearly, naming the part, when one part alone passes the reach', async () => {
		const api = fakeApi(makeRows(10_300, (i) => (i < 10_100 ? 't1' : null)));
		await expect(getAll({ returnAll: true })).rejects.toMatchObject({
			message:
				'Return All cannot read every matching email opt-out: the subscription type "Product news" (t1) holds more than 10,000 rows, the most the API returns for one query',
			description: expect.stringContaining('Nothing was returned rather than an incomplete list'),
		});
		const t1Pages = api.optOutRequests().filter((q) => q.get('subscriptionTypeId') === 't1');
		expect(t1Pages).toHaveLength(50);
		expect(api.optOutRequests().some((q) => q.get('subscriptionTypeId') === 't2')).toBe(false);
	});

	it('fails clearly when a query that cannot be split (one type) passes the reach', async () => {
		const api = fakeApi(makeRows(10_001, () => 't1'));
		await expect(getAll({ returnAll: true, filters: { subscriptionTypeId: 't1' } })).rejects.toThrow(
			'Return All cannot read every matching email opt-out: the query with these filters holds more than 10,000 rows',
		);
		expect(api.optOutRequests()).toHaveLength(50);
		expect(api.state.requests.some((q) => q.has('includeHidden'))).toBe(false);
	});

	it('splits after all when the rows grew past the reach after the probe', async () => {
		const grown = makeRows(10_500, (i) => (i % 2 ? 't2' : null));
		const api = fakeApi(makeRows(100, () => null), grown);
		const out = await getAll({ returnAll: true });
		expect(keys(out)).toEqual(grown.map((r) => r.userId));
		expect(api.state.requests.some((q) => q.get('includeHidden') === 'true')).toBe(true);
		expect(api.optOutRequests().filter((q) => !q.has('scope') && !q.has('subscriptionTypeId'))).toHaveLength(51);
	});

	it('a limit above 10,000 is met by the split read, newest first', async () => {
		const api = fakeApi(makeRows(12_000, (i) => (i % 3 ? 't1' : 't2')));
		const out = await getAll({ limit: 10_500 });
		expect(out).toHaveLength(10_500);
		expect(keys(out)).toEqual(api.state.rows.slice(0, 10_500).map((r) => r.userId));
	});

	it('a limit above 10,000 on a single type that holds more says so', async () => {
		fakeApi(makeRows(12_000, () => 't1'));
		await expect(getAll({ limit: 10_500, filters: { subscriptionTypeId: 't1' } })).rejects.toThrow(
			'A Limit of 10500 cannot be met: the query with these filters holds more than 10,000 rows',
		);
	});
});
