import { defineResource } from '../operation';
import * as getAll from './getAll.operation';
import * as updateMemberSpaces from './updateMemberSpaces.operation';

export const space = defineResource({
	resource: {
		name: 'Space',
		value: 'space',
		description: 'Spaces that group members, and who is in them',
	},
	default: 'getAll',
	operations: {
		getAll: {
			name: 'Get Many',
			description: 'List the spaces of the community with their name and description',
			action: 'Get many spaces',
			module: getAll,
		},
		updateMemberSpaces: {
			name: "Update Member's Spaces",
			description: 'Add a member, by email, to spaces or set exactly which spaces they are in',
			action: 'Update the spaces of a member',
			module: updateMemberSpaces,
		},
	},
});
