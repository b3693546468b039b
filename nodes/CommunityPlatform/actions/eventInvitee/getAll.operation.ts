import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { eventLocator } from '../../locators/event';
import { returnAllAndLimit } from '../../../shared/parameters/limit';
import { ATTENDEE_TYPES, email, oneOf } from '../../../shared/parameters/primitives';
import { collection } from '../../../shared/parameters/fields';
import { readEventRows } from '../eventRows';
import { INVITEE_HINTS } from './hints';
import { ticketType, ticketTypeProperty } from './ticketType';
import { invitee } from '../../output/invitees';

const filters: INodeProperties = collection('filters', [
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
]);

export const properties: INodeProperties[] = [eventLocator, ...returnAllAndLimit, filters];

export const output = invitee;

const filtersSchema = z
	.object({
		ticketType: ticketType.optional(),
		attendeeType: oneOf(ATTENDEE_TYPES).optional(),
		inviteeEmail: email.optional(),
		inviteAdminEmail: email.optional(),
	})
	.strict();

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await readEventRows(this, itemIndex, { list: 'invitees', filters, schema: filtersSchema, hints: INVITEE_HINTS });
}
