import type { IDataObject, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { ApiContext, ApiRequest } from './request';
import { apiRequest } from './request';

/** The `{size, pageNumber, pageSize, results}` envelope of paged lists. */
export interface Page<T = IDataObject> {
	size: number;
	pageNumber: number;
	pageSize: number;
	results: T[];
	totalCount?: number;
}

/** The largest page size of the API's paged lists where an endpoint states no other. */
export const MAX_PAGE_SIZE = 200;

/**
 * The spec gives no maximum page size for attendees. 100 is the largest size the API is known
 * to accept for attendee rows (the event-attendee change feed allows 1-100), and stays under the
 * general maximum of 200, so Return All works whichever of the two the endpoint enforces.
 */
export const ATTENDEES_MAX_PAGE_SIZE = 100;

export interface PageQuery<T = IDataObject> extends Omit<ApiRequest, 'method' | 'expect'> {
	returnAll: boolean;
	/** Wanted rows when not returning all. */
	limit?: number;
	/** Largest pageSize the endpoint accepts. */
	maxPageSize?: number;
	/** Sees every page as it arrives, e.g. to read a list's totalCount. */
	onPage?: (page: Page<T>) => void;
	/** What is kept of each row, applied as its page arrives (Simplify). */
	keep?: (row: T) => T;
}

/** Rows read, and whether they are all there is (false: more may follow past the reach). */
export interface PagesRead<T> {
	rows: T[];
	complete: boolean;
}

/**
 * The page size the server applied: the envelope's `pageSize` when it is a positive integer
 * (a server may cap what was asked, e.g. 100 for 200), else the size asked for.
 */
function appliedPageSize(page: Page<unknown>, asked: number): number {
	return Number.isSafeInteger(page.pageSize) && page.pageSize > 0 ? page.pageSize : asked;
}

/**
 * Reads a paged list. Return All uses the largest page size and stops at the first short or
 * empty page (short: fewer rows than the page size the server applied), so no request is
 * wasted; a limit asks for just enough rows. With a reach, it stops before asking for a page
 * past it and says the rows may be incomplete.
 */
async function readAll<T>(ctx: ApiContext, query: PageQuery<T> & { reach?: number }): Promise<PagesRead<T>> {
	const { returnAll, limit = 50, maxPageSize = MAX_PAGE_SIZE, reach, onPage, keep, ...req } = query;
	const pageSize = returnAll ? maxPageSize : Math.min(Math.max(limit, 1), maxPageSize);
	const rows: T[] = [];
	for (let pageNum = 1; ; pageNum++) {
		if (reach !== undefined && pageNum * pageSize > reach) return { rows, complete: false };
		let page: Page<T>;
		try {
			page = (await apiRequest.call(ctx, {
				...req,
				method: 'GET',
				qs: { ...req.qs, pageNum, pageSize },
				expect: { shape: 'page' },
			})) as Page<T>;
		} catch (error) {
			if (!(error instanceof NodeApiError)) throw new NodeOperationError(ctx.getNode(), error as Error, { itemIndex: req.itemIndex });
			if (error.failure?.cause === 'quota-exhausted' && pageNum > 1) {
				// Say what was and was not done: pages read, nothing output, the rest not read.
				const read = `${rows.length} rows in ${pageNum - 1} page${pageNum > 2 ? 's' : ''}`;
				error.description = `${read} were read before the quota ran out; none of them is output, since the list would be incomplete, and the rest of the list was not read. ${error.description ?? ''}`;
			}
			// Re-wrapping hands back the same error.
			throw new NodeApiError(ctx.getNode(), error as unknown as JsonObject);
		}
		onPage?.(page);
		rows.push(...(keep ? page.results.map(keep) : page.results));
		if (!returnAll && rows.length >= limit) return { rows: rows.slice(0, limit), complete: true };
		if (page.results.length === 0 || page.results.length < appliedPageSize(page, pageSize)) {
			return { rows, complete: true };
		}
	}
}

/** Reads a paged list whose reach is limited (`reach`: pageNum × pageSize may not exceed it). */
export async function readPages<T = IDataObject>(
	this: ApiContext,
	query: PageQuery<T> & { reach: number },
): Promise<PagesRead<T>> {
	return await readAll<T>(this, query);
}

/** Reads a paged list: every row, or up to the limit. */
export async function paginate<T = IDataObject>(this: ApiContext, query: PageQuery<T>): Promise<T[]> {
	return (await readAll<T>(this, query)).rows;
}
