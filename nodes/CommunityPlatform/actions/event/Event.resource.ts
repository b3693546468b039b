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
			module: get,
		},
		getAll: {
			name: 'Get Many',
			description: 'List events, filtered by title, dates, status, access or whether they are unlisted',
			action: 'Get many events',
			module: getAll,
		},
	},
});
