import { defineResource } from '../operation';
import * as create from './create.operation';

export const contributionLog = defineResource({
	resource: {
		name: 'Contribution Log',
		value: 'contributionLog',
		description: "Logged contributions that add to a member's points",
	},
	default: 'create',
	operations: {
		create: {
			name: 'Create',
			description: "Log a member's contribution, which adds its points to the member",
			action: 'Create a contribution log',
			module: create,
		},
	},
});
