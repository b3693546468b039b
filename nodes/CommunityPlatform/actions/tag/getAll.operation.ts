import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { readLimit, returnAllAndLimit } from '../../../shared/parameters/limit';
import { readParameters } from '../../../shared/parameters/read';
import { paginate } from '../../../shared/transport/paginate';
import { collection } from '../../../shared/parameters/fields';
import { tag } from '../../output/tags';

const filters: INodeProperties = collection('filters', [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		placeholder: 'e.g. design',
		description:
			'Only tags whose name contains this text, ignoring case. A tag renamed a moment ago may still be found by its old name.',
	},
]);

export const properties: INodeProperties[] = [...returnAllAndLimit, filters];

export const output = tag;

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { returnAll, limit } = readLimit(this, itemIndex);
	const qs = readParameters(this, itemIndex, [filters], z.object({ name: z.string().trim().optional() }).strict());
	return (await paginate.call(this, { path: '/tags', qs, returnAll, limit, itemIndex })) as IDataObject[];
}
