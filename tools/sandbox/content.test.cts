/** Content lists with date filters, video creation, and tags (case, 409s, in use, reassignment). */
import { type Sandbox, startSandbox } from './server.cjs';
import { type ApiClient, type Body, apiClient } from './testClient.cjs';

let sandbox: Sandbox;
let api: ApiClient;

beforeAll(async () => {
	sandbox = await startSandbox({ rateLimits: false });
	api = apiClient(sandbox);
});
afterAll(() => sandbox.close());

describe('content lists', () => {
	it.each([
		['/videos', 'video'],
		['/blogs', 'blog'],
		['/podcasts', 'podcast'],
		['/resources', 'resource'],
		['/external-contents', 'externalContent'],
	])('%s answers newest first with the item fields', async (path, prefix) => {
		const r = await api.get(path, { pageSize: 200 });
		expect(r.body.size).toBe(40);
		const created = r.body.results.map((c: Body) => Date.parse(c[`${prefix}CreatedAt`]));
		expect(created).toEqual([...created].sort((a, b) => b - a));
		expect(r.body.results[0]).toHaveProperty(`${prefix}Id`);
		expect(r.body.results[0]).toHaveProperty(`${prefix}Tags`);
		expect(r.body.results[0]).toMatchObject({ access: 'Public', spaces: expect.any(Array), ownership: expect.any(String) });
	});

	it('filters on creation day, fromDate from start of day and toDate to end of day', async () => {
		const all = (await api.get('/blogs', { pageSize: 200 })).body.results;
		const day = all[5].blogCreatedAt.slice(0, 10);
		const r = await api.get('/blogs', { fromDate: day, toDate: day, pageSize: 200 });
		expect(r.body.size).toBeGreaterThan(0);
		expect(r.body.results.every((b: Body) => b.blogCreatedAt.startsWith(day))).toBe(true);
		const expected = all.filter((b: Body) => b.blogCreatedAt.slice(0, 10) >= day).length;
		expect((await api.get('/blogs', { fromDate: day, pageSize: 200 })).body.size).toBe(expected);
		expect((await api.get('/blogs', { fromDate: '2024-1-1' })).status).toBe(400);
		expect((await api.get('/videos', { toDate: '2024-02-31' })).status).toBe(400);
	});

	it('lists collections newest first with their content', async () => {
		const r = await api.get('/collections');
		expect(r.body.size).toBe(sandbox.store.collections.length);
		const c = r.body.results[0];
		expect(c).toMatchObject({ collectionVisibility: 'Visible', collectionContent: expect.any(Array) });
		expect(c).not.toHaveProperty('spaces');
		expect(['video', 'blog']).toContain(c.collectionContent[0].type);
	});
});

describe('POST /videos', () => {
	const video = (title: string, extra: Record<string, unknown> = {}) => ({
		title,
		videoUrl: 'https://files.example.com/v.mp4',
		posterUrl: 'https://files.example.com/poster-1920x1080.jpg',
		duration: '01:02:03',
		...extra,
	});

	it.each([
		['01:02:03', 3723],
		['02:05', 125],
		['90', 90],
		['0:00:59', 59],
	])('parses duration %s', async (duration, seconds) => {
		const r = await api.post('/videos', video(`Duration ${duration}`, { duration }));
		expect(r.status).toBe(200);
		expect(r.body.videoDuration).toBe(seconds);
	});

	it('creates a video with tags (created when missing) and a collection', async () => {
		const collection = sandbox.store.collections[0];
		const r = await api.post('/videos', video('Launch Recap', { tags: 'Design, Brand New Tag', publish: true, collection: collection.name, summary: 'Recap', transcript: 'Hello', authorEmail: 'nobody@elsewhere.example' }));
		expect(r.status).toBe(200);
		expect(r.body).toMatchObject({ videoTitle: 'Launch Recap', videoDescription: 'Recap', videoTags: ['Design', 'Brand New Tag'], videoTranscript: 'Hello' });
		expect(Object.keys(r.body).sort()).toEqual(
			['videoCreatedAt', 'videoDescription', 'videoDuration', 'videoId', 'videoSlug', 'videoTags', 'videoThumbnailUrl', 'videoTitle', 'videoTranscript', 'videoUrl'].sort(),
		);
		const tags = await api.get('/tags', { name: 'brand new' });
		expect(tags.body.results.map((t: Body) => t.tagName)).toEqual(['Brand New Tag']);
		const cols = await api.get('/collections', { pageSize: 200 });
		const col = cols.body.results.find((c: Body) => c.collectionId === collection.id);
		expect(col.collectionContent.map((x: Body) => x.id)).toContain(r.body.videoId);
		expect((await api.get('/videos', { pageSize: 1 })).body.results[0].videoId).toBe(r.body.videoId);
	});

	it.each([
		['a duplicate title', video('Launch Recap')],
		['a title over 300 characters', video('x'.repeat(301))],
		['an empty title', video('')],
		['a bad duration', video('Bad duration', { duration: '1:2:3:4' })],
		['minutes over 59', video('Bad minutes', { duration: '01:75:00' })],
		['a numeric duration', video('Numeric', { duration: 90 })],
		['a non-16:9 poster', video('Square', { posterUrl: 'https://files.example.com/poster-800x800.jpg' })],
		['an unknown collection', video('Lost', { collection: 'No Such Collection' })],
		['a bad videoUrl', video('Bad url', { videoUrl: 'ftp:/x' })],
		['a missing posterUrl', video('No poster', { posterUrl: undefined })],
		['an unknown key', video('Extra', { category: 'x' })],
		['a non-boolean publish', video('Publish', { publish: 'yes' })],
	])('400 for %s', async (_label, body) => {
		expect((await api.post('/videos', body)).status).toBe(400);
	});
});

describe('tags', () => {
	const tagByName = (name: string) => sandbox.store.tags.find((t) => t.name === name && !t.archived)!;

	it('keeps case-sensitive names apart and excludes archived tags', async () => {
		const r = await api.get('/tags', { name: 'design', pageSize: 200 });
		const names = r.body.results.map((t: Body) => t.tagName);
		expect(names).toEqual(expect.arrayContaining(['Design', 'design']));
		const all = await api.get('/tags', { pageSize: 200 });
		expect(all.body.results.some((t: Body) => t.tagName === 'Legacy')).toBe(false);
		const created = all.body.results.map((t: Body) => Date.parse(t.tagCreatedAt));
		expect(created).toEqual([...created].sort((a, b) => b - a));
	});

	it('reads usage; 404 for unknown, malformed or archived', async () => {
		const t = tagByName('Design');
		const r = await api.get(`/tags/${t.id}`);
		expect(r.body).toMatchObject({ tagId: t.id, tagName: 'Design', tagInUse: true });
		expect(Object.keys(r.body.tagUsage).sort()).toEqual(
			['blogs', 'collections', 'courses', 'events', 'externalContents', 'forumPosts', 'forumTopics', 'learningPaths', 'podcasts', 'resources', 'videos'].sort(),
		);
		expect(r.body.tagUsageTotal).toBe(Object.values(r.body.tagUsage as Record<string, number>).reduce((a, b) => a + b, 0));
		const archived = sandbox.store.tags.find((x) => x.archived)!;
		expect((await api.get(`/tags/${archived.id}`)).status).toBe(404);
		expect((await api.get('/tags/0123456789abcdef01234567')).status).toBe(404);
		expect((await api.get('/tags/zzz')).status).toBe(404);
	});

	it('creates tags: trimmed, 409 for an existing name, case-sensitive, archived names reusable, unknown keys 400', async () => {
		const r = await api.post('/tags', { name: '  Sandbox Tag  ' });
		expect(r.status).toBe(200);
		expect(r.body.tagName).toBe('Sandbox Tag');
		expect((await api.post('/tags', { name: 'Sandbox Tag' })).status).toBe(409);
		expect((await api.post('/tags', { name: 'sandbox tag' })).status).toBe(200);
		expect((await api.post('/tags', { name: 'Legacy' })).status).toBe(200);
		expect((await api.post('/tags', { name: 'Other', color: 'red' })).status).toBe(400);
		expect((await api.post('/tags', { name: '   ' })).status).toBe(400);
		expect((await api.post('/tags', {})).status).toBe(400);
	});

	it('renames: same name is a no-op 200, another active name 409, search follows later', async () => {
		const t = (await api.post('/tags', { name: 'Rename Me' })).body;
		expect((await api.patch(`/tags/${t.tagId}`, { name: 'Rename Me' })).body.tagUpdatedAt).toBe(t.tagUpdatedAt);
		expect((await api.patch(`/tags/${t.tagId}`, { name: 'Design' })).status).toBe(409);
		const renamed = await api.patch(`/tags/${t.tagId}`, { name: 'Renamed' });
		expect(renamed.body.tagName).toBe('Renamed');
		// the search index follows the rename asynchronously
		expect((await api.get('/tags', { name: 'Renamed' })).body.size).toBe(0);
		expect((await api.get('/tags', { name: 'Rename Me' })).body.results.map((x: Body) => x.tagName)).toEqual(['Renamed']);
		sandbox.admin.advanceClock(2000);
		expect((await api.get('/tags', { name: 'Renamed' })).body.results.map((x: Body) => x.tagId)).toEqual([t.tagId]);
		expect((await api.patch('/tags/0123456789abcdef01234567', { name: 'X' })).status).toBe(404);
		expect((await api.patch(`/tags/${t.tagId}`, { name: 'Y', extra: true })).status).toBe(400);
	});

	it('deletes an unused tag without target: tagReassignedToTagId null', async () => {
		const t = (await api.post('/tags', { name: 'Short Lived' })).body;
		const r = await api.del(`/tags/${t.tagId}`);
		expect(r.status).toBe(200);
		expect(r.body).toMatchObject({ tagId: t.tagId, tagArchived: true, tagReassignedToTagId: null });
		expect((await api.get(`/tags/${t.tagId}`)).status).toBe(404);
	});

	it('409 for a tag in use without targetTagId, including one backing only a pinned post', async () => {
		expect((await api.del(`/tags/${tagByName('AI').id}`)).status).toBe(409);
		const pinned = sandbox.store.tags.find((t) => t.pinnedPost)!;
		const read = await api.get(`/tags/${pinned.id}`);
		expect(read.body.tagUsageTotal).toBe(0);
		expect(read.body.tagInUse).toBe(true);
		expect((await api.del(`/tags/${pinned.id}`)).status).toBe(409);
	});

	it('reassigns every use to the target without duplicates', async () => {
		const from = tagByName('Security');
		const to = tagByName('Cloud');
		const before = (await api.get(`/tags/${from.id}`)).body;
		const both = [...sandbox.store.events, ...sandbox.store.collections, ...Object.values(sandbox.store.content).flat()].filter((x) => x.tagIds.includes(from.id) && x.tagIds.includes(to.id)).length;
		const targetBefore = (await api.get(`/tags/${to.id}`)).body;
		const r = await api.del(`/tags/${from.id}`, undefined, { query: { targetTagId: to.id } });
		expect(r.body).toMatchObject({ tagArchived: true, tagReassignedToTagId: to.id });
		const targetAfter = (await api.get(`/tags/${to.id}`)).body;
		expect(targetAfter.tagUsageTotal).toBe(targetBefore.tagUsageTotal + before.tagUsageTotal - both);
		const videos = await api.get('/videos', { pageSize: 200 });
		expect(videos.body.results.some((v: Body) => v.videoTags.includes('Security'))).toBe(false);
		expect(videos.body.results.every((v: Body) => new Set(v.videoTags).size === v.videoTags.length)).toBe(true);
		expect((await api.get('/tags', { name: 'Security' })).body.size).toBe(0);
	});

	it('400 or 404 for a bad targetTagId', async () => {
		const t = tagByName('DevOps');
		expect((await api.del(`/tags/${t.id}`, undefined, { query: { targetTagId: t.id } })).status).toBe(400);
		expect((await api.del(`/tags/${t.id}`, undefined, { query: { targetTagId: 'nope' } })).status).toBe(400);
		expect((await api.del(`/tags/${t.id}`, undefined, { query: { targetTagId: '0123456789abcdef01234567' } })).status).toBe(404);
		const archived = sandbox.store.tags.find((x) => x.archived)!;
		expect((await api.del(`/tags/${t.id}`, undefined, { query: { targetTagId: archived.id } })).status).toBe(404);
	});
});
