import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyContent } from '../../output/simplify';
import { compact, failParameters, parseParameters, readLimit } from '../../schemas/common';
import { contentFiltersSchema } from '../../schemas/content';
import { paginate } from '../../transport/paginate';
import { returnAllAndLimit, simplify } from '../common.descriptions';
import { CONTENT_TYPES, DATED_CONTENT_TYPES } from './contentTypes';

const properties: INodeProperties[] = [
	{
		displayName: 'Content Type',
		name: 'contentType',
		type: 'options',
		noDataExpression: true,
		options: Object.entries(CONTENT_TYPES).map(([value, type]) => ({ name: type.name, value })),
		default: 'video',
		description: 'The kind of content to list; every list is newest first',
	},
	...returnAllAndLimit,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show: { contentType: DATED_CONTENT_TYPES } },
		options: [
			{
				displayName: 'Created From',
				name: 'fromDate',
				type: 'dateTime',
				default: '',
				description: 'Only items created on or after this day',
			},
			{
				displayName: 'Created To',
				name: 'toDate',
				type: 'dateTime',
				default: '',
				description: 'Only items created on or before this day',
			},
		],
	},
	{
		...simplify,
		description:
			'Whether to return a simplified version of the response instead of the raw data (leaves out bodies, summaries, cover images and spaces)',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['content'], operation: ['getAll'] } }, properties);

const LABELS = { fromDate: 'Created From', toDate: 'Created To' };

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const key = this.getNodeParameter('contentType', itemIndex) as string;
	const type = CONTENT_TYPES[key];
	if (!type) {
		failParameters(
			this.getNode(),
			[`"Content Type" must be one of ${Object.keys(CONTENT_TYPES).join(', ')} (got "${key}")`],
			itemIndex,
		);
	}
	const { returnAll, limit } = readLimit(this, itemIndex);
	const raw = type.dated ? compact(this.getNodeParameter('filters', itemIndex, {}) as IDataObject) : {};
	const qs = compact(parseParameters(this.getNode(), contentFiltersSchema, raw, itemIndex, LABELS));
	const items = (await paginate.call(this, { path: type.path, qs, returnAll, limit, itemIndex })) as IDataObject[];
	return simplifyContent(type, items, this.getNodeParameter('simplify', itemIndex, true) as boolean);
}
