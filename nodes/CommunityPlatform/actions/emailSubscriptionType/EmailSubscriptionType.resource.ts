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
			module: getAll,
		},
	},
});
