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
			module: add,
		},
		getAll: {
			name: 'Get Many',
			description:
				'List the email invitations of an event, filtered by ticket type, attendee type, invitee or invite admin',
			action: 'Get many event invitees',
			module: getAll,
		},
	},
});
