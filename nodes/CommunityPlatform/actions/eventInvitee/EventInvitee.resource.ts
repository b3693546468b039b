import { defineResource } from '../operation';
import * as add from './add.operation';
import * as getAll from './getAll.operation';

export const eventInvitee = defineResource({
	resource: {
		name: 'Event Invitee',
		value: 'eventInvitee',
		description: 'Email invitations to an event',
	},
	default: 'getAll',
	operations: {
		add: {
			name: 'Add',
			description:
				'Invite an email address to an event with an invitation-only ticket type; the invitation email is sent at once',
			action: 'Add an event invitee',
			toolDescription:
				'Invites an email address to an event and sends the invitation email at once; returns one item confirming it. Give Event, Invitee Email, Ticket Type (the exact name of an invitation-only ticket type of the event) and Attendee Type; optional CC Emails (community members), Invite Admin Email and Note (at most 200 characters). An address already invited for that ticket type, or already registered, is refused and nothing is sent; to register someone directly use Event Attendee Register. One Medium request.',
			module: add,
		},
		getAll: {
			name: 'Get Many',
			description:
				'List the email invitations of an event, filtered by ticket type, attendee type, invitee or invite admin',
			action: 'Get many event invitees',
			toolDescription:
				'Lists the email invitations of one event (Event by ID, URL or from the list), one item per invitation, filtered by Ticket Type, Attendee Type, Invitee Email or Invite Admin Email. Use it to see whether someone was invited before Event Invitee Add; registrations are listed by Event Attendee Get Many. An unknown event fails with "No event has the ID …". Set Limit, or Return All to page through all: one Medium request (about a second) per 200.',
			module: getAll,
		},
	},
});
