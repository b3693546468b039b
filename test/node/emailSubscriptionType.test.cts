import nock from 'nock';

import { getSubscriptionTypes } from '../../nodes/CommunityPlatform/methods/options/emails';
import { API, loadOptionsContext, page, runNode } from '../helpers/harness.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

const type = (n: number, hidden = false) => ({
	id: `t${n}`,
	name: `Type ${n}`,
	description: n % 2 ? null : `About type ${n}`,
	hidden,
	createdAt: '2026-01-01T00:00:00.000Z',
	updatedAt: '2026-01-02T00:00:00.000Z',
});
useVirtualClock();

describe('Email Subscription Type: Get Many', () => {
	it('sends includeHidden as the literal "true" and the system key', async () => {
		const scope = nock(API)
			.get('/email-subscription-types')
			.query({ includeHidden: 'true', systemKey: 'product_news', pageNum: '1', pageSize: '10' })
			.reply(200, page([type(1, true)], 1, 10));
		const out = await runNode({
			parameters: {
				resource: 'emailSubscriptionType',
				operation: 'getAll',
				limit: 10,
				filters: { includeHidden: true, systemKey: 'product_news' },
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out.map((item) => item.json)).toEqual([type(1, true)]);
	});

	it('leaves includeHidden out when off, and Return All pages at 200', async () => {
		const all = Array.from({ length: 201 }, (_, i) => type(i));
		const scope = nock(API)
			.get('/email-subscription-types')
			.query({ pageNum: '1', pageSize: '200' })
			.reply(200, page(all.slice(0, 200), 1, 200))
			.get('/email-subscription-types')
			.query({ pageNum: '2', pageSize: '200' })
			.reply(200, page(all.slice(200), 2, 200));
		const out = await runNode({
			parameters: {
				resource: 'emailSubscriptionType',
				operation: 'getAll',
				returnAll: true,
				filters: { includeHidden: false },
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out).toHaveLength(201);
	});

	it('refuses an empty system key before sending', async () => {
		await expect(
			runNode({
				parameters: { resource: 'emailSubscriptionType', operation: 'getAll', filters: { systemKey: '  ' } },
			}),
		).rejects.toThrow('"System Key" is empty');
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('the loader lists every type, retired ones marked, valued by ID', async () => {
		const scope = nock(API)
			.get('/email-subscription-types')
			.query({ includeHidden: 'true', pageNum: '1', pageSize: '200' })
			.reply(200, page([type(1), type(2, true)], 1, 200));
		const options = await getSubscriptionTypes.call(loadOptionsContext());
		expect(scope.isDone()).toBe(true);
		expect(options).toEqual([
			{ name: 'Type 1', value: 't1', description: undefined },
			{ name: 'Type 2 (retired)', value: 't2', description: 'About type 2' },
		]);
	});
});
