import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { listSubscriptionTypes } from '../../reads/subscriptionTypes';
import type { Page } from '../../../shared/transport/paginate';
import { readPages } from '../../../shared/transport/paginate';
import { apiRequest } from '../../../shared/transport/request';

/** Opt-out rows one query can reach: pageNum × pageSize at most 10,000 (API documentation: Limits). */
export const OPT_OUT_REACH = 10_000;
const PAGE_SIZE = 200;
const PATH = '/email-unsubscribes';

interface Wanted {
	returnAll: boolean;
	limit?: number;
}

function rowKey(row: IDataObject): string {
	return `${String(row.userId)}\n${String(row.subscriptionTypeId ?? '')}`;
}

/** Drops repeats (a row can move between pages while paging), keeping the first, newest, copy. */
function uniqueRows(rows: IDataObject[]): IDataObject[] {
	const seen = new Set<string>();
	return rows.filter((row) => !seen.has(rowKey(row)) && seen.add(rowKey(row)));
}

function tooMany(ctx: IExecuteFunctions, itemIndex: number, wanted: Wanted, what: string): NodeOperationError {
	const asked = wanted.returnAll
		? 'Return All cannot read every matching email opt-out'
		: `A Limit of ${wanted.limit} cannot be met`;
	return new NodeOperationError(
		ctx.getNode(),
		`${asked}: ${what} holds more than 10,000 rows, the most the API returns for one query`,
		{
			itemIndex,
			description:
				'Nothing was returned rather than an incomplete list. Add an "Unsubscribed After" filter so fewer rows match, or set a Limit of 10,000 or less to get the newest rows.',
		},
	);
}

/** The rows of one query, or undefined when more rows may wait past the reach. */
async function readQuery(this: IExecuteFunctions, qs: IDataObject, wanted: Wanted, itemIndex: number) {
	const read = await readPages.call(this, { path: PATH, qs, ...wanted, reach: OPT_OUT_REACH, itemIndex });
	return read.complete ? (read.rows as IDataObject[]) : undefined;
}

/** One request for the last page in reach: a short page there means the whole query fits. */
async function fitsInOnePass(this: IExecuteFunctions, qs: IDataObject, itemIndex: number): Promise<boolean> {
	const page = (await apiRequest.call(this, {
		method: 'GET',
		path: PATH,
		qs: { ...qs, pageNum: OPT_OUT_REACH / PAGE_SIZE, pageSize: PAGE_SIZE },
		itemIndex,
		expect: { shape: 'page' },
	})) as Page;
	return page.results.length < PAGE_SIZE;
}

/**
 * Reads the query in parts that each have their own reach: the scope All rows, then the rows
 * of every subscription type (hidden ones too), merged newest first as the API orders them.
 */
async function readPartitioned(this: IExecuteFunctions, qs: IDataObject, wanted: Wanted, itemIndex: number) {
	const types = await listSubscriptionTypes.call(this, { qs: { includeHidden: 'true' }, returnAll: true, itemIndex });
	const { scope, ...base } = qs;
	const parts = [
		...(scope === 'specific' ? [] : [{ qs: { ...base, scope: 'all' }, what: 'the scope All (opt-outs from every email)' }]),
		...types.map((type) => ({
			qs: { ...base, subscriptionTypeId: type.id },
			what: `the subscription type "${type.name}" (${type.id})`,
		})),
	];
	const rows: IDataObject[] = [];
	for (const part of parts) {
		const partRows = await readQuery.call(this, part.qs, wanted, itemIndex);
		if (!partRows) throw tooMany(this, itemIndex, wanted, part.what);
		rows.push(...partRows);
	}
	const merged = uniqueRows(rows).sort((a, b) =>
		String(b.unsubscribedAt ?? '').localeCompare(String(a.unsubscribedAt ?? '')),
	);
	return wanted.returnAll ? merged : merged.slice(0, wanted.limit);
}

/**
 * GET /email-unsubscribes without silent truncation. A read that may pass the 10,000-row reach
 * is split by scope All plus each subscription type, each part having its own reach; when the
 * query cannot be split (a type, an email or scope All is set) or one part still passes the
 * reach, the item fails with a message saying how to narrow it.
 */
export async function readOptOuts(
	this: IExecuteFunctions,
	qs: IDataObject,
	wanted: Wanted,
	itemIndex: number,
): Promise<IDataObject[]> {
	const splittable = !qs.subscriptionTypeId && !qs.email && qs.scope !== 'all';
	const count = wanted.returnAll ? Infinity : (wanted.limit ?? 50);
	if (splittable && count > OPT_OUT_REACH && !(await fitsInOnePass.call(this, qs, itemIndex))) {
		return await readPartitioned.call(this, qs, wanted, itemIndex);
	}
	const rows = await readQuery.call(this, qs, wanted, itemIndex);
	if (rows) return uniqueRows(rows);
	// more rows than the reach: split the query (they grew since the probe), or say how to narrow it
	if (splittable) return await readPartitioned.call(this, qs, wanted, itemIndex);
	throw tooMany(this, itemIndex, wanted, 'the query with these filters');
}
