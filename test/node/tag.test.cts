import nock from 'nock';

import { searchTags } from '../../nodes/CommunityPlatform/methods/search/tags';
import { tierOf } from '../../nodes/shared/transport/tiers';
import { API, loadOptionsContext, page, runNode } from '../helpers/harness.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

const tag = (n: number, name = `Tag ${n}`) => ({
	tagId: `t${n}`,
	tagName: name,
	tagCreatedAt: '2026-01-01T00:00:00.000Z',
	tagUpdatedAt: '2026-01-02T00:00:00.000Z',
});

const t1 = { __rl: true, mode: 'id', value: 't1' };

useVirtualClock();

describe('Tag: Get Many', () => {
	it('filters by name and returns one item per tag', async () => {
		const scope = nock(API)
			.get('/tags')
			.query({ name: 'design', pageNum: '1', pageSize: '2' })
			.reply(200, page([tag(1, 'Design'), tag(2, 'UX design')], 1, 2));
		const out = await runNode({
			parameters: { resource: 'tag', operation: 'getAll', limit: 2, filters: { name: ' design ' } },
		});
		expect(scope.isDone()).toBe(true);
		expect(out.map((item) => item.json)).toEqual([tag(1, 'Design'), tag(2, 'UX design')]);
	});

	it('Return All reads pages of 200', async () => {
		const scope = nock(API)
			.get('/tags')
			.query({ pageNum: '1', pageSize: '200' })
			.reply(200, page(Array.from({ length: 200 }, (_, i) => tag(i)), 1, 200))
			.get('/tags')
			.query({ pageNum: '2', pageSize: '200' })
			.reply(200, page([tag(200)], 2, 200));
		const out = await runNode({ parameters: { resource: 'tag', operation: 'getAll', returnAll: true } });
		expect(scope.isDone()).toBe(true);
		expect(out).toHaveLength(201);
	});
});

describe('Tag: Get', () => {
	it('reads the tag with its usage', async () => {
		const detail = {
			...tag(1),
			tagInUse: true,
			tagUsageTotal: 3,
			tagUsage: { events: 2, videos: 1, blogs: 0 },
		};
		const scope = nock(API).get('/tags/t1').reply(200, detail);
		const out = await runNode({ parameters: { resource: 'tag', operation: 'get', tag: t1 } });
		expect(scope.isDone()).toBe(true);
		expect(out[0].json).toEqual(detail);
	});

	it('says which tag was not found, and refuses an empty tag before sending', async () => {
		nock(API).get('/tags/t404').reply(404, { message: 'Tag not found' });
		await expect(
			runNode({ parameters: { resource: 'tag', operation: 'get', tag: { __rl: true, mode: 'id', value: 't404' } } }),
		).rejects.toMatchObject({
			message: 'Tag not found',
			description: 'No active tag has the ID "t404" (deleted tags cannot be read)',
		});
		await expect(
			runNode({ parameters: { resource: 'tag', operation: 'get', tag: { __rl: true, mode: 'list', value: '' } } }),
		).rejects.toThrow('"Tag" is empty: pick a tag from the list or enter its ID');
	});
});

describe('Tag: Create and Rename', () => {
	it('creates a tag with the trimmed name', async () => {
		const scope = nock(API).post('/tags', { name: 'Design' }).reply(200, tag(5, 'Design'));
		const out = await runNode({ parameters: { resource: 'tag', operation: 'create', name: '  Design ' } });
		expect(scope.isDone()).toBe(true);
		expect(out[0].json).toEqual(tag(5, 'Design'));
	});

	it('explains a duplicate name (409) on create and on rename', async () => {
		nock(API)
			.post('/tags')
			.reply(409, { message: 'a tag named "Design" already exists' })
			.patch('/tags/t1')
			.reply(409, { message: 'another tag named "Design" already exists' });
		await expect(runNode({ parameters: { resource: 'tag', operation: 'create', name: 'Design' } })).rejects.toMatchObject({
			message: 'A tag with this name already exists: a tag named "Design" already exists',
			httpCode: '409',
			description: expect.stringContaining('case-sensitive'),
		});
		await expect(
			runNode({ parameters: { resource: 'tag', operation: 'rename', tag: t1, name: 'Design' } }),
		).rejects.toMatchObject({ message: 'A tag with this name already exists: another tag named "Design" already exists' });
	});

	it('renames with PATCH', async () => {
		const scope = nock(API).patch('/tags/t1', { name: 'Product Design' }).reply(200, tag(1, 'Product Design'));
		const out = await runNode({ parameters: { resource: 'tag', operation: 'rename', tag: t1, name: 'Product Design' } });
		expect(scope.isDone()).toBe(true);
		expect(out[0].json.tagName).toBe('Product Design');
	});

	it.each([
		['create', { name: '   ' }, '"Name" is empty: enter a tag name'],
		['rename', { tag: t1, name: '' }, '"New Name" is empty: enter a tag name'],
	])('%s refuses a blank name before sending', async (operation, params, message) => {
		await expect(runNode({ parameters: { resource: 'tag', operation, ...params } })).rejects.toThrow(message);
		expect(nock.pendingMocks()).toEqual([]);
	});
});

describe('Tag: Delete', () => {
	it('deletes an unused tag without a target', async () => {
		const deleted = { ...tag(1), tagArchived: true, tagReassignedToTagId: null };
		const scope = nock(API)
			.delete((uri) => uri === '/public-api/v1/tags/t1')
			.reply(200, deleted);
		const out = await runNode({ parameters: { resource: 'tag', operation: 'delete', tag: t1 } });
		expect(scope.isDone()).toBe(true);
		expect(out[0].json).toEqual(deleted);
	});

	it('reassigns the content to the target tag', async () => {
		const scope = nock(API)
			.delete('/tags/t1')
			.query({ targetTagId: 't2' })
			.reply(200, { ...tag(1), tagArchived: true, tagReassignedToTagId: 't2' });
		const out = await runNode({
			parameters: { resource: 'tag', operation: 'delete', tag: t1, targetTag: { __rl: true, mode: 'list', value: 't2' } },
		});
		expect(scope.isDone()).toBe(true);
		expect(out[0].json.tagReassignedToTagId).toBe('t2');
	});

	it('a tag in use with no target: the error says so and to set Target Tag', async () => {
		nock(API)
			.delete('/tags/t1')
			.reply(409, { message: 'tag is in use; pass targetTagId to reassign its usage before deleting' });
		await expect(runNode({ parameters: { resource: 'tag', operation: 'delete', tag: t1 } })).rejects.toMatchObject({
			message:
				'The tag is in use, so it was not deleted: set "Target Tag" to reassign its content to another tag (tag is in use; pass targetTagId to reassign its usage before deleting)',
			httpCode: '409',
			description: expect.stringContaining('Choose a Target Tag'),
		});
	});

	it('refuses the tag itself as target before sending', async () => {
		await expect(
			runNode({
				parameters: { resource: 'tag', operation: 'delete', tag: t1, targetTag: { __rl: true, mode: 'id', value: 't1' } },
			}),
		).rejects.toThrow('"Target Tag" is the tag being deleted');
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('explains a refused target tag', async () => {
		nock(API).delete('/tags/t1').query({ targetTagId: 'zz' }).reply(400, { message: 'invalid targetTagId' });
		await expect(
			runNode({
				parameters: { resource: 'tag', operation: 'delete', tag: t1, targetTag: { __rl: true, mode: 'id', value: 'zz' } },
			}),
		).rejects.toMatchObject({
			message: 'The target tag was refused: invalid targetTagId',
			description: '"Target Tag" must be another active tag of this community, not the tag being deleted.',
		});
	});
});

describe('tag search', () => {
	it('searches by name on the API', async () => {
		const scope = nock(API)
			.get('/tags')
			.query({ name: 'des', pageNum: '1', pageSize: '200' })
			.reply(200, page([tag(1, 'Design')], 1, 200));
		const list = await searchTags.call(loadOptionsContext(), 'des');
		expect(scope.isDone()).toBe(true);
		expect(list).toEqual({ results: [{ name: 'Design', value: 't1' }], paginationToken: undefined });
	});
});

describe('rate tiers of the tag endpoints (API documentation: Tags, all Medium)', () => {
	it.each([
		['GET', '/tags'],
		['GET', '/tags/t1'],
		['POST', '/tags'],
		['PATCH', '/tags/t1'],
		['DELETE', '/tags/t1'],
	] as const)('%s %s is medium', (method, path) => {
		expect(tierOf(method, path)).toBe('medium');
	});
});
