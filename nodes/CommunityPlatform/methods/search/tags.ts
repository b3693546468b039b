import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { searchPage } from '../../../shared/search/searchPage';

const TAG_PAGE = 200;

/** Active tags for the Tag locators, searched by name (case-insensitive) on the API's side. */
export async function searchTags(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const list = { path: '/tags', qs: { name: (filter ?? '').trim() }, pageSize: TAG_PAGE } as const;
	return await searchPage(this, list, paginationToken, (tags) =>
		tags.map((t) => ({ name: String(t.tagName), value: String(t.tagId) })),
	);
}
