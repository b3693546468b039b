import { defineResource } from '../operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const event = defineResource({
	resource: {
		name: 'Event',
		value: 'event',
		description: 'Events of the community and its clubs',
	},
	default: 'getAll',
	operations: {
		get: {
			name: 'Get',
			description: 'Get an event by ID or by its URL in the community',
			action: 'Get an event',
			toolDescription:
				'Returns one event as one item, given Event by ID, from the list, or By URL (its address in the community, containing /events/<slug>). Use it when you have an event\'s ID or link; Get Many searches events by title and dates. By ID is one Light request; By URL pages through the event list to find the slug (one Medium request per 200 events). An unknown event fails with "No event has the ID …" (or "… the slug …").',
			module: get,
		},
		getAll: {
			name: 'Get Many',
			description: 'List events, filtered by title, dates, status, access or whether they are unlisted',
			action: 'Get many events',
			toolDescription:
				'Lists events, one item per event, filtered by Title (contains), Start Date, End Date, Status (Published or Draft), Access (All Members, Public, Selected Spaces Only) and Unlisted. Use it to find the ID of an event for Event Attendee Register or Get Many; Simplify, on by default, keeps the main fields. Set Limit, or Return All to page through every event: one Medium request (about a second) per 200.',
			module: getAll,
		},
	},
});
