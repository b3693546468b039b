import { defineResource } from '../operation';
import * as getAll from './getAll.operation';

export const emailSubscriptionType = defineResource({
	resource: {
		name: 'Email Subscription Type',
		value: 'emailSubscriptionType',
		description: 'Kinds of community email members can opt out of',
	},
	default: 'getAll',
	operations: {
		getAll: {
			name: 'Get Many',
			description: 'List the kinds of community email members can opt out of, in dashboard order',
			action: 'Get many email subscription types',
			toolDescription:
				'Lists the kinds of community email that members can opt out of, in dashboard order, one item per type with the ID that the Subscription Type filter of Email Opt-Out Get Many takes. Include Hidden adds retired types, whose opt-outs still exist; System Key returns only the type with that key. One Medium request per 200 types.',
			module: getAll,
		},
	},
});
