import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { EVENT_FIELDS, simplifier } from '../../output/simplify';
import { readLimit, returnAllAndLimit } from '../../../shared/parameters/limit';
import { day, daysInOrder, flag, oneOf } from '../../../shared/parameters/primitives';
import { readParameters } from '../../../shared/parameters/read';
import { paginate } from '../../../shared/transport/paginate';
import { collection, simplify } from '../../../shared/parameters/fields';
import { EVENT_ACCESS, EVENT_STATUSES, eventOutput } from '../../output/events';

const filters: INodeProperties = collection('filters', [
	{
		displayName: 'Access',
		name: 'access',
		type: 'options',
		options: EVENT_ACCESS.map((value) => ({ name: value, value })),
		default: 'All Members',
		description: 'Only events with this access setting',
	},
	{
		displayName: 'End Date',
		name: 'endDate',
		type: 'dateTime',
		default: '',
		description: 'Only events that end on or before this day (up to its end)',
	},
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		default: '',
		description: 'Only events that start on or after this day (from its start)',
	},
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: EVENT_STATUSES.map((value) => ({ name: value, value })),
		default: 'Published',
		description: 'Only published events, or only drafts',
	},
	{
		displayName: 'Title',
		name: 'title',
		type: 'string',
		default: '',
		placeholder: 'e.g. launch',
		description: 'Only events whose title contains this text',
	},
	{
		displayName: 'Unlisted',
		name: 'unlisted',
		type: 'boolean',
		default: false,
		description: 'Whether to return only unlisted events (on) or only listed events (off)',
	},
]);

export const properties: INodeProperties[] = [...returnAllAndLimit, filters, simplify];

export const output = eventOutput;

const filtersSchema = z
	.object({
		title: z.string().trim().optional(),
		startDate: day.optional(),
		endDate: day.optional(),
		status: oneOf(EVENT_STATUSES).optional(),
		access: oneOf(EVENT_ACCESS).optional(),
		unlisted: flag.optional(),
	})
	.strict()
	.refine(...daysInOrder('startDate', 'endDate', 'is after "End Date": no event could match; swap the two dates'));

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { returnAll, limit } = readLimit(this, itemIndex);
	const qs = readParameters(this, itemIndex, [filters], filtersSchema);
	const keep = simplifier(EVENT_FIELDS, this.getNodeParameter('simplify', itemIndex, true) as boolean);
	return await (paginate<IDataObject>).call(this, { path: '/events', qs, returnAll, limit, itemIndex, keep });
}
