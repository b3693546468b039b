import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventIdOf } from '../../helpers/events';
import { simplifyAttendees } from '../../output/simplify';
import { compact, parseParameters, readLimit } from '../../schemas/common';
import { attendeeFiltersSchema } from '../../schemas/events';
import { ATTENDEES_MAX_PAGE_SIZE, paginate } from '../../transport/paginate';
import { pathOf } from '../../transport/request';
import { returnAllAndLimit, simplify } from '../common.descriptions';
import { eventLocator, eventRef } from '../event/descriptions';

const properties: INodeProperties[] = [
	eventLocator,
	...returnAllAndLimit,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Email',
				name: 'userEmail',
				type: 'string',
				placeholder: 'name@email.com',
				default: '',
				description: 'Only the registration of the member with this email address',
			},
			{
				displayName: 'User ID',
				name: 'userId',
				type: 'string',
				default: '',
				description: 'Only the registration of the member with this ID',
			},
		],
	},
	simplify,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['eventAttendee'], operation: ['getAll'] } },
	properties,
);

const LABELS = { userEmail: 'Email', userId: 'User ID' };

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const ref = eventRef(this, itemIndex);
	const { returnAll, limit } = readLimit(this, itemIndex);
	const raw = compact(this.getNodeParameter('filters', itemIndex, {}) as IDataObject);
	const qs = compact(parseParameters(this.getNode(), attendeeFiltersSchema, raw, itemIndex, LABELS));
	const eventId = await eventIdOf.call(this, ref, itemIndex);
	const attendees = (await paginate.call(this, {
		path: pathOf`/events/${{ Event: eventId }}/attendees`,
		qs,
		returnAll,
		limit,
		maxPageSize: ATTENDEES_MAX_PAGE_SIZE,
		itemIndex,
		notFound: `No event has the ID "${eventId}"`,
	})) as IDataObject[];
	return simplifyAttendees(attendees, this.getNodeParameter('simplify', itemIndex, true) as boolean);
}
