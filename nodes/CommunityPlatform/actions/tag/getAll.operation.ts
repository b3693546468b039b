import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { compact, parseParameters, readLimit } from '../../schemas/common';
import { tagFiltersSchema } from '../../schemas/tags';
import { paginate } from '../../transport/paginate';
import { returnAllAndLimit } from '../common.descriptions';

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				placeholder: 'e.g. design',
				description:
					'Only tags whose name contains this text, ignoring case. A tag renamed a moment ago may still be found by its old name.',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['tag'], operation: ['getAll'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { returnAll, limit } = readLimit(this, itemIndex);
	const raw = compact(this.getNodeParameter('filters', itemIndex, {}) as IDataObject);
	const qs = compact(parseParameters(this.getNode(), tagFiltersSchema, raw, itemIndex, { name: 'Name' }));
	return (await paginate.call(this, { path: '/tags', qs, returnAll, limit, itemIndex })) as IDataObject[];
}
