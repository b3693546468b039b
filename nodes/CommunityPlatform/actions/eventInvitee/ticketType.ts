import type { INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

/**
 * The ticket type dropdown: names derived from the event's invitations and registrations (the
 * API has no list of ticket types), so the description says how to enter one nobody holds yet.
 */
export function ticketTypeProperty(
	description: string,
	loadOptionsMethod: 'getEventTicketTypes' | 'getEventInvitationTicketTypes' = 'getEventTicketTypes',
): INodeProperties {
	return {
		displayName: 'Ticket Type Name or ID',
		name: 'ticketType',
		type: 'options',
		typeOptions: { loadOptionsMethod, loadOptionsDependsOn: ['event.value'] },
		default: '',
		description: `${description}. The list shows only the ticket types someone already holds on this event (read from its invitations and registrations, as the API has no list of ticket types); for one nobody holds yet, switch the field to Expression and type its exact name. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
}

/** Ticket type names must match the event's exactly, so they are sent as typed. */
export const ticketType = z
	.string({ required_error: 'is required: choose a ticket type of the event' })
	.refine((value) => value.trim() !== '', 'is required: choose a ticket type of the event');
