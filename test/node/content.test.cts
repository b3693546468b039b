import nock from 'nock';

import { getCollections } from '../../nodes/CommunityPlatform/methods/options/content';
import { durationSeconds } from '../../nodes/CommunityPlatform/actions/content/createVideo.operation';
import { tierOf } from '../../nodes/shared/transport/tiers';
import { API, loadOptionsContext, page, runNode } from '../helpers/harness.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

const blog = (n: number) => ({
	blogId: `b${n}`,
	blogTitle: `Blog ${n}`,
	blogSubTitle: 'Sub',
	blogAuthor: 'Ada, Grace',
	blogSummary: 'Summary',
	blogContent: '<p>Long body</p>',
	blogCategory: 'News',
	blogCreatedAt: '2026-02-01T10:00:00.000Z',
	blogSlug: `blog-${n}`,
	blogCoverUrl: 'https://cdn.example.com/b.png',
	blogTags: ['Design'],
	spaces: ['General'],
	access: 'Public',
	ownership: 'Community',
});

const collection = (n: number, name = `Collection ${n}`) => ({
	collectionId: `c${n}`,
	collectionName: name,
	collectionVisibility: 'Visible',
	collectionUrl: `https://community.example.com/home/collections/c-${n}`,
	collectionCoverUrl: 'https://cdn.example.com/c.png',
	collectionSlug: `c-${n}`,
	collectionUpdatedAt: '2026-02-01T10:00:00.000Z',
	collectionContent: [{ type: 'video', id: 'v1', title: 'Intro' }],
});

useVirtualClock();

describe('Content: Get Many', () => {
	it.each([
		['video', '/videos'],
		['blog', '/blogs'],
		['podcast', '/podcasts'],
		['resource', '/resources'],
		['externalContent', '/external-contents'],
	])('%s reads %s with the creation date range', async (contentType, path) => {
		const scope = nock(API)
			.get(path)
			.query({ pageNum: '1', pageSize: '3', fromDate: '2026-01-01', toDate: '2026-01-31' })
			.reply(200, page([], 1, 3));
		const out = await runNode({
			parameters: {
				resource: 'content',
				operation: 'getAll',
				contentType,
				limit: 3,
				filters: { fromDate: '2026-01-01T00:00:00', toDate: '2026-01-31' },
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out).toEqual([]);
	});

	it('simplifies blogs: no body, summary, cover or spaces', async () => {
		nock(API).get('/blogs').query({ pageNum: '1', pageSize: '50' }).reply(200, page([blog(1)], 1, 50));
		const out = await runNode({ parameters: { resource: 'content', operation: 'getAll', contentType: 'blog' } });
		expect(out[0].json).toEqual({
			blogId: 'b1',
			blogTitle: 'Blog 1',
			blogSubTitle: 'Sub',
			blogAuthor: 'Ada, Grace',
			blogCategory: 'News',
			blogCreatedAt: '2026-02-01T10:00:00.000Z',
			blogSlug: 'blog-1',
			blogTags: ['Design'],
			access: 'Public',
			ownership: 'Community',
		});
	});

	it('collections: Return All by pages of 200, raw with Simplify off, and no date filter sent', async () => {
		const all = Array.from({ length: 200 }, (_, i) => collection(i));
		const scope = nock(API)
			.get('/collections')
			.query({ pageNum: '1', pageSize: '200' })
			.reply(200, page(all, 1, 200))
			.get('/collections')
			.query({ pageNum: '2', pageSize: '200' })
			.reply(200, page([], 2, 200));
		const out = await runNode({
			parameters: {
				resource: 'content',
				operation: 'getAll',
				contentType: 'collection',
				returnAll: true,
				simplify: false,
				filters: { fromDate: '2026-01-01' },
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out).toHaveLength(200);
		expect(out[0].json.collectionContent).toEqual([{ type: 'video', id: 'v1', title: 'Intro' }]);
	});

	it.each([
		[{ fromDate: 'yesterday' }, '"Created From" must be a date in the form YYYY-MM-DD'],
		[{ fromDate: '2026-02-01', toDate: '2026-01-01' }, '"Created From" is after "Created To"'],
	])('refuses %j before sending: %s', async (filters, message) => {
		await expect(
			runNode({ parameters: { resource: 'content', operation: 'getAll', contentType: 'video', filters } }),
		).rejects.toThrow(message);
		expect(nock.pendingMocks()).toEqual([]);
	});
});

describe('Content: Create Video', () => {
	const base = {
		resource: 'content',
		operation: 'createVideo',
		title: ' Intro to n8n ',
		videoUrl: 'https://cdn.example.com/intro.mp4',
		posterUrl: 'https://cdn.example.com/intro-1280x720.jpg',
		duration: '01:02:03',
	};
	const created = { videoId: 'v9', videoTitle: 'Intro to n8n', videoDuration: 3723, videoTags: ['Onboarding'] };

	it('posts the video with every field, the duration normalised to seconds', async () => {
		const scope = nock(API)
			.post('/videos', {
				title: 'Intro to n8n',
				videoUrl: 'https://cdn.example.com/intro.mp4',
				posterUrl: 'https://cdn.example.com/intro-1280x720.jpg',
				duration: '3723',
				authorEmail: 'ada@example.com',
				tags: 'Onboarding,Product',
				publish: true,
				collection: 'Getting Started',
				summary: 'A first look',
				transcript: 'Hello',
			})
			.reply(200, created);
		const out = await runNode({
			parameters: {
				...base,
				additionalFields: {
					authorEmail: 'ada@example.com',
					tags: ' Onboarding, Product,,Onboarding ',
					publish: true,
					collection: 'Getting Started',
					summary: 'A first look',
					transcript: 'Hello',
				},
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out[0].json).toEqual(created);
	});

	it.each([
		['01:02:03', '3723'],
		['1:02:03', '3723'],
		['62:03', '3723'],
		['90:00', '5400'],
		['3723', '3723'],
		[' 45 ', '45'],
	])('duration %s is sent as %s seconds', async (duration, seconds) => {
		const scope = nock(API)
			.post('/videos', (body) => body.duration === seconds)
			.reply(200, created);
		await runNode({ parameters: { ...base, duration } });
		expect(scope.isDone()).toBe(true);
	});

	it.each([
		[{ duration: '1:2:3' }, '"Duration" must be a duration as HH:MM:SS (01:02:03), MM:SS (62:03) or a number of seconds (3723) (got "1:2:3")'],
		[{ duration: '10:75' }, '"Duration" must be a duration as HH:MM:SS'],
		[{ duration: '1h' }, '"Duration" must be a duration as HH:MM:SS'],
		[{ duration: '12.5' }, '"Duration" must be a duration as HH:MM:SS'],
		[{ duration: '00:00' }, '"Duration" is zero: enter the length of the video'],
		[{ duration: '' }, '"Duration" is required: enter the length of the video'],
		[{ videoUrl: '' }, '"Video URL" is required: enter the address of the video file'],
		[{ title: '   ' }, '"Title" is required: enter the video title'],
		[{ title: 'x'.repeat(301) }, '"Title" is longer than 300 characters'],
		[{ videoUrl: 'intro.mp4' }, '"Video URL" must be a full URL'],
		[{ posterUrl: 'ftp://cdn.example.com/p.jpg' }, '"Poster URL" must start with http:// or https://'],
		[{ additionalFields: { authorEmail: 'ada' } }, '"Author Email" must be an email address'],
	])('refuses %j before sending: %s', async (override, message) => {
		const scope = nock(API).post('/videos').reply(200, created);
		await expect(runNode({ parameters: { ...base, ...override } })).rejects.toThrow(message);
		expect(scope.isDone()).toBe(false);
	});

	it('accepts a title of exactly 300 characters', async () => {
		const scope = nock(API)
			.post('/videos', (body) => body.title.length === 300)
			.reply(200, created);
		await runNode({ parameters: { ...base, title: 'x'.repeat(300) } });
		expect(scope.isDone()).toBe(true);
	});

	it.each([
		['a video with this title already exists', 'Video not created, the title is taken:', 'must be unique'],
		['posterUrl must point to a 16:9 image', 'Video not created, the poster was refused:', '16:9 proportions'],
		['collection "Nope" not found', 'Video not created, the collection was not found:', 'existing collection'],
	])('reports the 400 "%s" with the fix', async (apiMessage, lead, fix) => {
		nock(API).post('/videos').reply(400, { message: apiMessage });
		await expect(runNode({ parameters: base })).rejects.toMatchObject({
			message: `${lead} ${apiMessage}`,
			description: expect.stringContaining(fix),
		});
	});
});

describe('duration normalisation', () => {
	it.each([
		['00:00:59', 59],
		['10:00:00', 36000],
		['00:59', 59],
		['0', 0],
		['1:60', undefined],
		['01:02:60', undefined],
		['-5', undefined],
		['1:02:03:04', undefined],
	])('%s → %s', (text, seconds) => {
		expect(durationSeconds(text)).toBe(seconds);
	});
});

describe('collections (loader)', () => {
	it('lists every collection by name, sorted, reading all pages', async () => {
		const scope = nock(API)
			.get('/collections')
			.query({ pageNum: '1', pageSize: '200' })
			.reply(200, page([collection(1, 'Zebra'), collection(2, 'Getting Started')], 1, 200));
		const options = await getCollections.call(loadOptionsContext());
		expect(scope.isDone()).toBe(true);
		expect(options).toEqual([
			{ name: 'Getting Started', value: 'Getting Started' },
			{ name: 'Zebra', value: 'Zebra' },
		]);
	});
});

describe('rate tiers of the content endpoints (API documentation: Content)', () => {
	it.each(['/videos', '/blogs', '/podcasts', '/resources', '/external-contents', '/collections'])('GET %s is medium', (path) => {
		expect(tierOf('GET', path)).toBe('medium');
	});
	it('POST /videos is medium', () => expect(tierOf('POST', '/videos')).toBe('medium'));
});
