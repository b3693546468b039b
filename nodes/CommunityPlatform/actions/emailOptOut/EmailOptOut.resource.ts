import { defineResource } from '../operation';
import * as getAll from './getAll.operation';

export const emailOptOut = defineResource({
	resource: {
		name: 'Email Opt-Out',
		value: 'emailOptOut',
		description: 'Members who opted out of community emails',
	},
	default: 'getAll',
	operations: {
		getAll: {
			name: 'Get Many',
			description:
				'List members who opted out of community emails, newest first, filtered by subscription type, scope, email or time',
			action: 'Get many email unsubscribes',
			module: getAll,
		},
	},
});
