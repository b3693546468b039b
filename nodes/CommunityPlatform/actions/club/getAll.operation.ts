import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { listClubs } from '../../reads/clubs';
import { readLimit, returnAllAndLimit } from '../../../shared/parameters/limit';
import { club } from '../../output/clubs';

export const properties: INodeProperties[] = [...returnAllAndLimit];

export const output = club;

/** The API returns every club in one list (no paging); the limit is applied here. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { returnAll, limit } = readLimit(this, itemIndex);
	const clubs = (await listClubs.call(this, itemIndex)) as unknown as IDataObject[];
	return returnAll ? clubs : clubs.slice(0, limit);
}
