import type { ErrorHint } from '../../../shared/transport/errors';

const TICKET_FIX =
	'"Ticket Type" must match a ticket of this event exactly (same case and spaces): choose it from the list, which shows the ticket types seen on the event’s invitations and registrations. A ticket type nobody holds yet is not in the list: switch the field to Expression and type its exact name.';

/** The API's 400s for invitees (API documentation: Events, add-invitee conditions), each with what to do. */
export const INVITEE_HINTS: ErrorHint[] = [
	{
		status: 400,
		match: /already.*invited|invited already/i,
		message: (reason) => `Invitee not added, already invited for this ticket type: ${reason}`,
		description:
			'This email already has an invitation for this ticket type, so nothing was sent. Event Invitee > Get Many with the Invitee Email filter shows it; choose another ticket type to invite them again.',
	},
	{
		status: 400,
		match: /already registered/i,
		message: (reason) => `Invitee not added, already registered for the event: ${reason}`,
		description:
			'The person is already registered for this event, so no invitation is needed. Event Attendee > Get Many with the Email filter shows the registration.',
	},
	{
		status: 400,
		match: /invitation[- ]only/i,
		message: (reason) => `Invitee not added, the ticket type is not invitation-only: ${reason}`,
		description:
			'Invitations need an invitation-only ticket type. Choose a ticket type that is invitation-only on this event (ticket types already used by invitations are).',
	},
	{
		status: 400,
		match: /ticket/i,
		message: (reason) => `The ticket type was not found on the event: ${reason}`,
		description: TICKET_FIX,
	},
	{
		status: 400,
		match: /\bcc\b|ccEmail/i,
		message: (reason) => `Invitee not added, a CC email was refused: ${reason}`,
		description:
			'Every address in "CC Emails" must belong to a member of the community. Remove the address, or add that person as a member first.',
	},
	{
		status: 400,
		match: /inviteAdmin|invite admin/i,
		message: (reason) => `The invite admin email was refused: ${reason}`,
		description:
			'"Invite Admin Email" must belong to a community member who has the Event Invite Admin permission on this event. Use another admin, or leave the field out.',
	},
];
