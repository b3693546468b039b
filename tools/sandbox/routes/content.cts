/** Content lists (five item kinds and collections) and video creation. */
import { collectionView, contentView } from '../render.cjs';
import { type RouteDef, ok } from '../router.cjs';
import type { ContentItem, ContentKind } from '../types.cjs';
import {
	type Json,
	assertKnownKeys,
	badRequest,
	objectBody,
	optBoolean,
	optEmail,
	optString,
	pageEnvelope,
	parsePaging,
	queryDay,
	reqString,
	slugify,
} from '../validate.cjs';

const LIST_PATHS: Record<ContentKind, string> = {
	video: '/videos',
	blog: '/blogs',
	podcast: '/podcasts',
	resource: '/resources',
	externalContent: '/external-contents',
};

function listRoute(kind: ContentKind): RouteDef {
	return {
		method: 'GET',
		path: LIST_PATHS[kind],
		tier: 'medium',
		handler: ({ store, query }) => {
			const paging = parsePaging(query);
			const from = queryDay(query, 'fromDate', 'start');
			const to = queryDay(query, 'toDate', 'end');
			const list = store.content[kind]
				.filter((c) => (from === undefined || c.createdAt >= from) && (to === undefined || c.createdAt <= to))
				.sort((a, b) => b.createdAt - a.createdAt);
			return ok(pageEnvelope(list, paging, (c) => contentView(store, c)));
		},
	};
}

/** `HH:MM:SS`, `MM:SS` or a number of seconds → seconds; undefined when malformed. */
export function parseDuration(value: string): number | undefined {
	const v = value.trim();
	if (/^\d+$/.test(v)) return Number(v);
	const mmss = /^(\d{1,3}):([0-5]\d)$/.exec(v);
	if (mmss) return Number(mmss[1]) * 60 + Number(mmss[2]);
	const hhmmss = /^(\d{1,3}):([0-5]\d):([0-5]\d)$/.exec(v);
	if (hhmmss) return Number(hhmmss[1]) * 3600 + Number(hhmmss[2]) * 60 + Number(hhmmss[3]);
	return undefined;
}

/**
 * The sandbox cannot download posters (loopback only). It reads the size from a
 * `<width>x<height>` part of the URL (e.g. `poster-1280x720.jpg`): a size that is not
 * 16:9 is rejected; a URL without a size is taken as 16:9.
 */
function posterIs16by9(url: string): boolean {
	const m = /(\d{2,5})x(\d{2,5})(?!.*\d{2,5}x\d{2,5})/.exec(url);
	if (!m) return true;
	return Math.abs(Number(m[1]) / Number(m[2]) - 16 / 9) < 0.01;
}

const VIDEO_KEYS = ['title', 'videoUrl', 'posterUrl', 'duration', 'authorEmail', 'tags', 'publish', 'collection', 'summary', 'transcript'];

export const contentRoutes: RouteDef[] = [
	...(Object.keys(LIST_PATHS) as ContentKind[]).map(listRoute),
	{
		method: 'GET',
		path: '/collections',
		tier: 'medium',
		handler: ({ store, query }) => {
			const paging = parsePaging(query);
			const list = store.collections.slice().sort((a, b) => b.createdAt - a.createdAt);
			return ok(pageEnvelope(list, paging, (c) => collectionView(store, c)));
		},
	},
	{
		method: 'POST',
		path: '/videos',
		tier: 'medium',
		handler: ({ store, body }) => {
			const b = objectBody(body);
			assertKnownKeys(b, VIDEO_KEYS);
			const title = reqString(b, 'title', { max: 300 });
			const videoUrl = requireUrl(b, 'videoUrl');
			const posterUrl = requireUrl(b, 'posterUrl');
			const rawDuration = reqString(b, 'duration');
			const duration = parseDuration(rawDuration) ?? badRequest('invalid duration: use HH:MM:SS, MM:SS or a number of seconds');
			const authorEmail = optEmail(b, 'authorEmail');
			const tagNames = (optString(b, 'tags') ?? '')
				.split(',')
				.map((t) => t.trim())
				.filter(Boolean);
			const publish = optBoolean(b, 'publish') ?? false;
			const collectionName = optString(b, 'collection', { trim: true });
			const summary = optString(b, 'summary') ?? '';
			const transcript = optString(b, 'transcript') ?? '';

			if (store.content.video.some((v) => v.title === title)) badRequest('a video with this title already exists');
			if (!posterIs16by9(posterUrl)) badRequest('posterUrl must point to a 16:9 image');
			const collection = collectionName ? (store.collections.find((c) => c.name === collectionName) ?? badRequest(`collection "${collectionName}" not found`)) : undefined;
			const author = authorEmail ? store.activeMemberByEmail(authorEmail) : undefined;

			const now = store.now();
			const id = store.newId();
			const slug = `${slugify(title)}-${id.slice(-5)}`;
			const video: ContentItem = {
				kind: 'video',
				id,
				title,
				subTitle: '',
				author: author ? [author.firstName, author.lastName].filter(Boolean).join(' ') : '',
				authorId: author?.id,
				summary,
				content: '',
				category: '',
				createdAt: now,
				slug,
				coverUrl: `https://cdn.example.com/posters/${id}.jpg`,
				link: '',
				tagIds: [...new Set(tagNames)].map((name) => store.ensureTag(name).id),
				spaces: [],
				access: 'Public',
				ownership: 'Community',
				videoUrl,
				duration,
				transcript,
				published: publish,
			};
			store.content.video.push(video);
			if (collection) {
				collection.items.push({ kind: 'video', id });
				collection.updatedAt = now;
			}
			const view = contentView(store, video);
			return ok({
				videoId: view.videoId,
				videoTitle: view.videoTitle,
				videoDescription: view.videoDescription,
				videoDuration: view.videoDuration,
				videoThumbnailUrl: view.videoThumbnailUrl,
				videoUrl: view.videoUrl,
				videoCreatedAt: view.videoCreatedAt,
				videoSlug: view.videoSlug,
				videoTags: view.videoTags,
				videoTranscript: transcript,
			});
		},
	},
];

function requireUrl(b: Json, key: string): string {
	const value = reqString(b, key);
	try {
		const url = new URL(value);
		if (url.protocol === 'http:' || url.protocol === 'https:') return value;
	} catch {
		// fall through
	}
	return badRequest(`${key} must be a valid URL`);
}
