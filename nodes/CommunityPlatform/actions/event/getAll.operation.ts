import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyEvents } from '../../output/simplify';
import { compact, parseParameters, readLimit } from '../../schemas/common';
import { EVENT_ACCESS, EVENT_STATUSES, eventFiltersSchema } from '../../schemas/events';
import { paginate } from '../../transport/paginate';
import { returnAllAndLimit, simplify } from '../common.descriptions';

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
		],
	},
	simplify,
];

export const description = updateDisplayOptions({ show: { resource: ['event'], operation: ['getAll'] } }, properties);

const LABELS = {
	access: 'Access',
	endDate: 'End Date',
	startDate: 'Start Date',
	status: 'Status',
	title: 'Title',
	unlisted: 'Unlisted',
};

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { returnAll, limit } = readLimit(this, itemIndex);
	const raw = compact(this.getNodeParameter('filters', itemIndex, {}) as IDataObject);
	const qs = compact(parseParameters(this.getNode(), eventFiltersSchema, raw, itemIndex, LABELS));
	const events = (await paginate.call(this, { path: '/events', qs, returnAll, limit, itemIndex })) as IDataObject[];
	return simplifyEvents(events, this.getNodeParameter('simplify', itemIndex, true) as boolean);
}
