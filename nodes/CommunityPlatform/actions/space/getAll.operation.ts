import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllAndLimit } from '../../../shared/parameters/limit';
import { listSpaces } from '../../reads/spaces';
import { space } from '../../output/spaces';

export const properties: INodeProperties[] = [...returnAllAndLimit];

export const output = space;

/** GET /spaces answers every space in one list (no paging); the limit is applied here. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { returnAll, limit } = readLimit(this, itemIndex);
	const spaces = await listSpaces.call(this, itemIndex);
	return returnAll ? spaces : spaces.slice(0, limit);
}
