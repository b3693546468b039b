import { defineResource } from '../operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as register from './register.operation';

export const eventAttendee = defineResource({
	resource: {
		name: 'Event Attendee',
		value: 'eventAttendee',
		description: 'People registered for an event, and new registrations',
	},
	default: 'getAll',
	operations: {
		get: {
			name: 'Get',
			description: 'Get one registration of an event by attendee ID',
			action: 'Get an event attendee',
			toolDescription:
				'Returns one registration of an event as one item, given Event (by ID, URL or from the list) and Attendee ID (the attendeeId of a registration, not the member\'s user ID). To find a member\'s registration by email or user ID, use Event Attendee Get Many with its Email or User ID filter. A registration that does not exist fails with "No attendee with the ID … is registered for the event …". One Light request.',
			module: get,
		},
		getAll: {
			name: 'Get Many',
			description: 'List the people registered for an event, optionally only one member by email or user ID',
			action: 'Get many event attendees',
			toolDescription:
				'Lists the people registered for one event (Event by ID, URL or from the list), one item per registration. The Email or User ID filter checks one member: no item back means they are not registered. An unknown event fails with "No event has the ID …". Set Limit, or Return All to page through every attendee: one Medium request (about a second) per 100.',
			module: getAll,
		},
		register: {
			name: 'Register',
			description:
				'Register a person for an event by email, name, job title and company; fails with "Already registered" if they are',
			action: 'Register an attendee for an event',
			toolDescription:
				'Registers a person for an Event (by ID, URL or from the list) with Email, First Name, Last Name, Job Title, Company and optionally a Ticket Option ID; a new email becomes a guest member. Someone already registered fails with "Already registered", changing nothing (Event Attendee Get Many with the Email filter checks first); an invitation-only ticket needs Event Invitee Add first. One Medium request.',
			module: register,
		},
	},
});
