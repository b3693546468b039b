import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import type { Page } from '../transport/paginate';
import type { FixedPath } from '../transport/path';
import { apiRequest } from '../transport/request';

/**
 * One page of a paged list for a searchable list: the results made of its rows, and the token
 * of the next page when this one was full (n8n asks for it as the user scrolls).
 */
export async function searchPage(
	ctx: ILoadOptionsFunctions,
	list: { path: FixedPath; qs?: IDataObject; pageSize: number },
	paginationToken: string | undefined,
	toResults: (rows: IDataObject[]) => INodeListSearchItems[],
): Promise<INodeListSearchResult> {
	const pageNum = Number(paginationToken ?? 1);
	const page = (await apiRequest.call(ctx, {
		method: 'GET',
		path: list.path,
		qs: { ...list.qs, pageNum, pageSize: list.pageSize },
		expect: { shape: 'page' },
	})) as Page;
	const full = page.results.length === list.pageSize;
	return { results: toResults(page.results), paginationToken: full ? String(pageNum + 1) : undefined };
}
