import { defineResource } from '../operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const profileQuestion = defineResource({
	resource: {
		name: 'Profile Question',
		value: 'profileQuestion',
		description: 'Questions members answer on their profile',
	},
	default: 'getAll',
	operations: {
		get: {
			name: 'Get',
			description: 'Get a profile question with its type, options and rules',
			action: 'Get a profile question',
			module: get,
		},
		getAll: {
			name: 'Get Many',
			description: 'List the community profile questions',
			action: 'Get many profile questions',
			module: getAll,
		},
	},
});
