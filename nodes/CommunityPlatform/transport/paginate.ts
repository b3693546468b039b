import type { IDataObject } from 'n8n-workflow';

import type { ApiContext, ApiRequest } from './request';
import { apiRequest } from './request';
import { malformedError } from './errors';

/** The `{size, pageNumber, pageSize, results}` envelope of paged lists. */
export interface Page<T = IDataObject> {
	size: number;
	pageNumber: number;
	pageSize: number;
	results: T[];
	totalCount?: number;
}

export interface PageQuery extends Omit<ApiRequest, 'method'> {
	returnAll: boolean;
	/** Wanted rows when not returning all. */
	limit?: number;
	/** Largest pageSize the endpoint accepts. */
	maxPageSize?: number;
}

/**
 * Reads a paged list. Return All uses the largest page size and stops at the first short or
 * empty page, so no request is wasted; a limit asks for just enough rows.
 */
export async function paginate<T = IDataObject>(this: ApiContext, query: PageQuery): Promise<T[]> {
	const { returnAll, limit = 50, maxPageSize = 200, ...req } = query;
	const pageSize = returnAll ? maxPageSize : Math.min(Math.max(limit, 1), maxPageSize);
	const rows: T[] = [];
	for (let pageNum = 1; ; pageNum++) {
		const page = (await apiRequest.call(this, {
			...req,
			method: 'GET',
			qs: { ...req.qs, pageNum, pageSize },
		})) as Page<T>;
		if (!page || !Array.isArray(page.results)) {
			throw malformedError(
				{ node: this.getNode(), method: 'GET', path: req.path, itemIndex: req.itemIndex, secrets: [] },
				'no "results" list in the page',
				page,
			);
		}
		rows.push(...page.results);
		if (!returnAll && rows.length >= limit) return rows.slice(0, limit);
		if (page.results.length < pageSize) return rows;
	}
}
