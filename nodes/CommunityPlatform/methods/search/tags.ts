import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type { Page } from '../../transport/paginate';
import { apiRequest } from '../../transport/request';

const TAG_PAGE = 200;

/** Active tags for the Tag locators, searched by name (case-insensitive) on the API's side. */
export async function searchTags(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const pageNum = Number(paginationToken ?? 1);
	const page = (await apiRequest.call(this, {
		method: 'GET',
		path: '/tags',
		qs: { name: (filter ?? '').trim(), pageNum, pageSize: TAG_PAGE },
	})) as Page;
	const tags = page.results ?? [];
	return {
		results: tags.map((t) => ({ name: String(t.tagName), value: String(t.tagId) })),
		paginationToken: tags.length === TAG_PAGE ? String(pageNum + 1) : undefined,
	};
}
