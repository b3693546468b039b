import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readLimit, returnAllAndLimit } from '../../parameters/limit';
import { malformedError } from '../../transport/errors';
import { apiRequest, secretsOf } from '../../transport/request';

const properties: INodeProperties[] = [...returnAllAndLimit];

export const description = updateDisplayOptions({ show: { resource: ['space'], operation: ['getAll'] } }, properties);

/** GET /spaces answers every space in one list (no paging); the limit is applied here. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { returnAll, limit } = readLimit(this, itemIndex);
	const spaces = await apiRequest.call(this, { method: 'GET', path: '/spaces', itemIndex });
	if (!Array.isArray(spaces)) {
		throw malformedError(
			{ node: this.getNode(), method: 'GET', path: '/spaces', itemIndex, secrets: await secretsOf(this) },
			'expected a list of spaces',
			spaces,
		);
	}
	return returnAll ? (spaces as IDataObject[]) : (spaces as IDataObject[]).slice(0, limit);
}
