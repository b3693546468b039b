import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { readLimit, returnAllAndLimit } from '../../../shared/parameters/limit';
import { readParameters } from '../../../shared/parameters/read';
import { paginate } from '../../../shared/transport/paginate';
import { collection } from '../../../shared/parameters/fields';
import { shownFor } from '../operation';

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

const properties: INodeProperties[] = [...returnAllAndLimit, filters];

export const displayOptions = shownFor('tag', 'getAll');

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { returnAll, limit } = readLimit(this, itemIndex);
	const qs = readParameters(this, itemIndex, [filters], z.object({ name: z.string().trim().optional() }).strict());
	return (await paginate.call(this, { path: '/tags', qs, returnAll, limit, itemIndex })) as IDataObject[];
}
