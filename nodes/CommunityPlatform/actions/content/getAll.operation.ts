import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { readLimit, returnAllAndLimit } from '../../../shared/parameters/limit';
import { day, daysInOrder } from '../../../shared/parameters/primitives';
import { failParameters, readParameters } from '../../../shared/parameters/read';
import { contentFields, simplifier } from '../../output/simplify';
import { paginate } from '../../../shared/transport/paginate';
import { collection, simplify } from '../../../shared/parameters/fields';
import { CONTENT_TYPES, DATED_CONTENT_TYPES } from './contentTypes';
import { contentOutput } from '../../output/content';

const leadingProperties: INodeProperties[] = [
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
];

const filters: INodeProperties = collection('filters', [
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
], { displayOptions: { show: { contentType: DATED_CONTENT_TYPES } } });

export const properties: INodeProperties[] = [
	...leadingProperties,
	filters,
	{
		...simplify,
		description:
			'Whether to return a simplified version of the response instead of the raw data (leaves out bodies, summaries, cover images and spaces)',
	},
];

export const output = contentOutput;

const filtersSchema = z
	.object({ fromDate: day.optional(), toDate: day.optional() })
	.strict()
	.refine(...daysInOrder('fromDate', 'toDate', 'is after "Created To": swap the two dates'));

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
	const qs = readParameters(this, itemIndex, type.dated ? [filters] : [], filtersSchema);
	const keep = simplifier(contentFields(type), this.getNodeParameter('simplify', itemIndex, true) as boolean);
	return await (paginate<IDataObject>).call(this, { path: type.path, qs, returnAll, limit, itemIndex, keep });
}
