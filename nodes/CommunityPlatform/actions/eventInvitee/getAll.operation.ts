import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventIdOf } from '../../helpers/events';
import { compact, parseParameters, readLimit } from '../../schemas/common';
import { ATTENDEE_TYPES, inviteeFiltersSchema } from '../../schemas/events';
import { paginate } from '../../transport/paginate';
import { pathOf } from '../../transport/request';
import { returnAllAndLimit } from '../common.descriptions';
import { eventLocator, eventRef, ticketTypeProperty } from '../event/descriptions';
import { INVITEE_HINTS } from './hints';

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
				displayName: 'Attendee Type',
				name: 'attendeeType',
				type: 'options',
				options: ATTENDEE_TYPES.map((value) => ({ name: value, value })),
				default: 'Attendee',
				description: 'Only invitations for this role',
			},
			{
				displayName: 'Invite Admin Email',
				name: 'inviteAdminEmail',
				type: 'string',
				placeholder: 'name@email.com',
				default: '',
				description: 'Only invitations assigned to this invite admin (the email of a community member)',
			},
			{
				displayName: 'Invitee Email',
				name: 'inviteeEmail',
				type: 'string',
				placeholder: 'name@email.com',
				default: '',
				description: 'Only invitations sent to this email address',
			},
			ticketTypeProperty('Only invitations for this ticket type (its exact name)'),
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['eventInvitee'], operation: ['getAll'] } },
	properties,
);

const LABELS = {
	attendeeType: 'Attendee Type',
	inviteAdminEmail: 'Invite Admin Email',
	inviteeEmail: 'Invitee Email',
	ticketType: 'Ticket Type Name or ID',
};

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const ref = eventRef(this, itemIndex);
	const { returnAll, limit } = readLimit(this, itemIndex);
	const raw = compact(this.getNodeParameter('filters', itemIndex, {}) as IDataObject);
	const qs = compact(parseParameters(this.getNode(), inviteeFiltersSchema, raw, itemIndex, LABELS));
	const eventId = await eventIdOf.call(this, ref, itemIndex);
	return (await paginate.call(this, {
		path: pathOf`/events/${{ Event: eventId }}/invitees`,
		qs,
		returnAll,
		limit,
		itemIndex,
		notFound: `No event has the ID "${eventId}"`,
		hints: INVITEE_HINTS,
	})) as IDataObject[];
}
