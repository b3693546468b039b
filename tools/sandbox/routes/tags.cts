/** Tags: case-sensitive names, 409 on duplicates and in-use deletes, reassignment on delete. */
import { tagDetailView, tagView } from '../render.cjs';
import { type RouteDef, ok } from '../router.cjs';
import type { Store } from '../store.cjs';
import type { Tag } from '../types.cjs';
import { assertKnownKeys, badRequest, conflict, isHexId, notFound, objectBody, pageEnvelope, parsePaging, queryText, reqString } from '../validate.cjs';

const TAG_NOT_FOUND = 'Tag not found';
/** sandbox-clock delay before a rename reaches the search index (GET /tags?name=) */
export const TAG_INDEX_DELAY_MS = 1000;

function requireTag(store: Store, tagId: string): Tag {
	return (isHexId(tagId) && store.activeTag(tagId)) || notFound(TAG_NOT_FOUND);
}

function tagName(body: unknown): string {
	const b = objectBody(body);
	assertKnownKeys(b, ['name']);
	return reqString(b, 'name', { max: 100 });
}

/** Moves every use of `from` to `to` without creating duplicates. */
function reassign(store: Store, from: Tag, to: Tag): void {
	const holders = [...store.events, ...store.collections, ...Object.values(store.content).flat()];
	for (const holder of holders) {
		if (!holder.tagIds.includes(from.id)) continue;
		holder.tagIds = holder.tagIds.filter((id) => id !== from.id);
		if (!holder.tagIds.includes(to.id)) holder.tagIds.push(to.id);
	}
	for (const key of Object.keys(from.extra) as Array<keyof Tag['extra']>) {
		to.extra[key] += from.extra[key];
		from.extra[key] = 0;
	}
	to.pinnedPost ||= from.pinnedPost;
	from.pinnedPost = false;
	to.updatedAt = store.now();
}

export const tagRoutes: RouteDef[] = [
	{
		method: 'GET',
		path: '/tags',
		tier: 'medium',
		handler: ({ store, query }) => {
			const paging = parsePaging(query);
			// `name` searches the index, which learns a rename a moment later
			const name = queryText(query, 'name');
			const list = store.tags
				.filter((t) => !t.archived && (!name || t.searchName.toLowerCase().includes(name)))
				.sort((a, b) => b.createdAt - a.createdAt);
			return ok(pageEnvelope(list, paging, tagView));
		},
	},
	{
		method: 'GET',
		path: '/tags/{tagId}',
		tier: 'medium',
		handler: ({ store, params }) => ok(tagDetailView(store, requireTag(store, params.tagId))),
	},
	{
		method: 'POST',
		path: '/tags',
		tier: 'medium',
		handler: ({ store, body }) => {
			const name = tagName(body);
			if (store.activeTagByName(name)) conflict(`a tag named "${name}" already exists`);
			return ok(tagView(store.ensureTag(name)));
		},
	},
	{
		method: 'PATCH',
		path: '/tags/{tagId}',
		tier: 'medium',
		handler: ({ store, params, body }) => {
			const tag = requireTag(store, params.tagId);
			const name = tagName(body);
			if (name !== tag.name) {
				if (store.activeTagByName(name)) conflict(`another tag named "${name}" already exists`);
				tag.name = name;
				tag.updatedAt = store.now();
				// the search index follows asynchronously (API documentation: "search index updates asynchronously")
				store.schedule(tag.updatedAt + TAG_INDEX_DELAY_MS, () => {
					tag.searchName = tag.name;
				});
			}
			return ok(tagView(tag));
		},
	},
	{
		method: 'DELETE',
		path: '/tags/{tagId}',
		tier: 'medium',
		handler: ({ store, params, query }) => {
			const tag = requireTag(store, params.tagId);
			const targetId = query.get('targetTagId');
			let target: Tag | undefined;
			if (targetId !== undefined) {
				if (!isHexId(targetId)) badRequest('invalid targetTagId');
				if (targetId === tag.id) badRequest('targetTagId must be a different tag');
				target = store.activeTag(targetId) ?? notFound('target tag not found');
			}
			const inUse = tagDetailView(store, tag).tagInUse === true;
			if (inUse && !target) conflict('tag is in use; pass targetTagId to reassign its usage before deleting');
			if (inUse && target) reassign(store, tag, target);
			tag.archived = true;
			tag.updatedAt = store.now();
			return ok({ ...tagView(tag), tagArchived: true, tagReassignedToTagId: target?.id ?? null });
		},
	},
];
