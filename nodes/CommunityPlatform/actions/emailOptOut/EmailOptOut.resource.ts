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
			toolDescription:
				'Lists email opt-outs, newest first, one item per member and subscription type they left; rows of Scope All are opt-outs from every email and have no type. Filters: Email, Scope, Subscription Type, Unsubscribed After. Use it to check who must not be emailed; Email Subscription Type Get Many lists the types. Set Limit, or Return All to page through everything (one Medium request, about a second, per 200 rows; past 10,000 rows the query is split by type, or fails saying how to narrow it).',
			module: getAll,
		},
	},
});
