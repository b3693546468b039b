/** The four change feeds: cursor or startTime, pageSize 1-100, hold-back, members' includes. */
import { FEED_NAMES, type FeedName, decodeCursor, encodeCursor } from '../feeds.cjs';
import { MEMBER_INCLUDE_KEYS } from '../render.cjs';
import { type RouteDef, ok } from '../router.cjs';
import { type Json, badRequest, iso, parseIntParam, queryIso } from '../validate.cjs';

const FEED_PAGE_MAX = 100;
const FEED_PAGE_DEFAULT = 50;

function parseIncludes(raw: string | undefined): Set<string> {
	const picked = new Set<string>();
	if (raw === undefined) return picked;
	for (const part of raw.split(',').map((p) => p.trim())) {
		if (!Object.hasOwn(MEMBER_INCLUDE_KEYS, part)) {
			badRequest(`invalid includes value "${part}": expected a comma-separated list of ${Object.keys(MEMBER_INCLUDE_KEYS).join(', ')}`);
		}
		picked.add(part);
	}
	return picked;
}

/** Members feed rows carry questionnaire / spaces / points only when included. */
function withIncludes(row: Json, includes: Set<string>): Json {
	if (row.removed === true) return row;
	for (const [name, keys] of Object.entries(MEMBER_INCLUDE_KEYS)) {
		if (!includes.has(name)) for (const key of keys) delete row[key];
	}
	return row;
}

function feedRoute(feed: FeedName): RouteDef {
	return {
		method: 'GET',
		path: `/incremental/${feed}`,
		tier: 'medium',
		handler: ({ store, query }) => {
			const rawSize = query.get('pageSize');
			const pageSize = rawSize === undefined ? FEED_PAGE_DEFAULT : parseIntParam(rawSize, 'pageSize', 1, FEED_PAGE_MAX);
			let includes = new Set<string>();
			if (feed === 'users') includes = parseIncludes(query.get('includes'));
			else if (query.has('includes')) badRequest('includes is only supported on the members feed');
			const cursor = query.get('cursor');
			const from =
				cursor !== undefined ? { afterSeq: decodeCursor(feed, cursor, store.cursorVersion) } : { startTime: queryIso(query, 'startTime') };
			const page = store.feeds[feed].read(from, pageSize, store.now(), store.serverTimestampMode);
			const results = feed === 'users' ? page.rows.map((r) => withIncludes(r, includes)) : page.rows;
			const body: Json = { results };
			if (page.lastSeq !== undefined) body.nextCursor = encodeCursor(feed, page.lastSeq, store.cursorVersion);
			Object.assign(body, { hasMore: page.hasMore, serverTimestamp: iso(page.completeUpTo), size: results.length });
			return ok(body);
		},
	};
}

export const feedRoutes: RouteDef[] = FEED_NAMES.map(feedRoute);
