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
			module: get,
		},
		getAll: {
			name: 'Get Many',
			description: 'List the people registered for an event, optionally only one member by email or user ID',
			action: 'Get many event attendees',
			module: getAll,
		},
		register: {
			name: 'Register',
			description:
				'Register a person for an event by email, name, job title and company; fails with "Already registered" if they are',
			action: 'Register an attendee for an event',
			module: register,
		},
	},
});
