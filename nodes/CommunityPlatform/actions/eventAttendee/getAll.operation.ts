import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { eventIdOf, eventLocator, eventRef } from '../../locators/event';
import { simplifyAttendees } from '../../output/simplify';
import { readLimit, returnAllAndLimit } from '../../parameters/limit';
import { email } from '../../parameters/primitives';
import { readParameters } from '../../parameters/read';
import { ATTENDEES_MAX_PAGE_SIZE, paginate } from '../../transport/paginate';
import { pathOf } from '../../transport/request';
import { collection, simplify } from '../common.descriptions';

const filters: INodeProperties = collection('filters', [
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
]);

const properties: INodeProperties[] = [eventLocator, ...returnAllAndLimit, filters, simplify];

export const description = updateDisplayOptions(
	{ show: { resource: ['eventAttendee'], operation: ['getAll'] } },
	properties,
);

const filtersSchema = z
	.object({
		userEmail: email.optional(),
		userId: z.string().trim().optional(),
	})
	.strict();

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const ref = eventRef(this, itemIndex);
	const { returnAll, limit } = readLimit(this, itemIndex);
	const qs = readParameters(this, itemIndex, [filters], filtersSchema);
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
