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
			toolDescription:
				'Logs a contribution of a member, which adds its points to them, and returns the log as one item. Give Contribution Name (exactly as defined in the community), Member Email (an existing member), Contributed At (ISO 8601) and Count (the points are multiplied by it); optional External Contribution ID and Notes (at most 100 characters). An unknown contribution name or member is refused and nothing is logged. One Medium request; every call adds a log, and its points, again.',
			module: create,
		},
	},
});
