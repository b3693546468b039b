import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventIdOf } from '../../helpers/events';
import { compact, parseParameters } from '../../schemas/common';
import { ATTENDEE_TYPES, addInviteeSchema } from '../../schemas/events';
import { apiRequest, pathOf } from '../../transport/request';
import { eventLocator, eventRef, ticketTypeProperty } from '../event/descriptions';
import { INVITEE_HINTS } from './hints';

const properties: INodeProperties[] = [
	{
		displayName: 'Adding an invitee sends the invitation email to them at once',
		name: 'inviteNotice',
		type: 'notice',
		default: '',
	},
	eventLocator,
	{
		displayName: 'Invitee Email',
		name: 'inviteeEmail',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description: 'Email address to send the invitation to',
	},
	{
		...ticketTypeProperty(
			'The invitation-only ticket type the invitation is for (its exact name). Invitation-only types come first; a type seen only on registrations is marked, as the API most likely refuses it',
			'getEventInvitationTicketTypes',
		),
		required: true,
	},
	{
		displayName: 'Attendee Type',
		name: 'attendeeType',
		type: 'options',
		options: ATTENDEE_TYPES.map((value) => ({ name: value, value })),
		default: 'Attendee',
		required: true,
		description: 'The role the invitee will have at the event',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'CC Emails',
				name: 'ccEmailAddresses',
				type: 'string',
				default: '',
				placeholder: 'e.g. host@example.com, team@example.com',
				description: 'Community members to copy on the invitation, separated by commas',
			},
			{
				displayName: 'Invite Admin Email',
				name: 'inviteAdminEmail',
				type: 'string',
				placeholder: 'name@email.com',
				default: '',
				description: 'Email of a community member with the Event Invite Admin permission on this event, to own the invitation',
			},
			{
				displayName: 'Note',
				name: 'note',
				type: 'string',
				typeOptions: { rows: 2 },
				default: '',
				description: 'A note for the invitation, at most 200 characters',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['eventInvitee'], operation: ['add'] } }, properties);

const LABELS = {
	inviteeEmail: 'Invitee Email',
	ticketType: 'Ticket Type Name or ID',
	attendeeType: 'Attendee Type',
	note: 'Note',
	inviteAdminEmail: 'Invite Admin Email',
	ccEmailAddresses: 'CC Emails',
};

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const ref = eventRef(this, itemIndex);
	const raw = compact({
		inviteeEmail: this.getNodeParameter('inviteeEmail', itemIndex),
		ticketType: this.getNodeParameter('ticketType', itemIndex),
		attendeeType: this.getNodeParameter('attendeeType', itemIndex),
		...(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
	});
	const body = compact(parseParameters(this.getNode(), addInviteeSchema, raw, itemIndex, LABELS));
	const eventId = await eventIdOf.call(this, ref, itemIndex);
	const response = await apiRequest.call(this, {
		method: 'POST',
		path: pathOf`/events/${{ Event: eventId }}/invitees`,
		body,
		itemIndex,
		notFound: `No event has the ID "${eventId}"`,
		hints: INVITEE_HINTS,
	});
	return { eventId, ...body, invited: true, ...(response as IDataObject) };
}
