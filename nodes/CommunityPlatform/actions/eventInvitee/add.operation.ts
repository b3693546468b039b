import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { eventIdOf, eventLocator, eventRef } from '../../locators/event';
import { ATTENDEE_TYPES, email, oneOf } from '../../../shared/parameters/primitives';
import { readParameters } from '../../../shared/parameters/read';
import { apiRequest, pathOf } from '../../../shared/transport/request';
import { collection } from '../../../shared/parameters/fields';
import { INVITEE_HINTS } from './hints';
import { ticketType, ticketTypeProperty } from './ticketType';
import { invitation } from '../../output/invitees';

const INVITEE_NOTE_MAX = 200;

const invitationFields: INodeProperties[] = [
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
	collection('additionalFields', [
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
	]),
];

export const properties: INodeProperties[] = [
	{
		displayName: 'Adding an invitee sends the invitation email to them at once',
		name: 'inviteNotice',
		type: 'notice',
		default: '',
	},
	eventLocator,
	...invitationFields,
];

export const output = invitation;

/**
 * Emails as a list, or as text separated by commas, semicolons or new lines. Each must be an
 * email address and appear once (the API refuses duplicate values with 400).
 */
const emailList = z
	.union([z.string(), z.array(z.string())], { errorMap: () => ({ message: 'must be a list of email addresses' }) })
	.transform((value, ctx) => {
		const list = (Array.isArray(value) ? value : value.split(/[,;\n]/)).map((e) => e.trim()).filter(Boolean);
		const seen = new Set<string>();
		for (const address of list) {
			if (!email.safeParse(address).success) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: `has "${address}", which is not an email address` });
			} else if (seen.has(address.toLowerCase())) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: `has "${address}" twice: list each address once` });
			}
			seen.add(address.toLowerCase());
		}
		return list;
	});

const bodySchema = z
	.object({
		inviteeEmail: email,
		ticketType,
		attendeeType: oneOf(ATTENDEE_TYPES),
		note: z
			.string()
			.max(INVITEE_NOTE_MAX, `is longer than ${INVITEE_NOTE_MAX} characters: shorten it`)
			.optional(),
		inviteAdminEmail: email.optional(),
		ccEmailAddresses: emailList.optional(),
	})
	.strict();

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const ref = eventRef(this, itemIndex);
	const body = readParameters(this, itemIndex, invitationFields, bodySchema);
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
