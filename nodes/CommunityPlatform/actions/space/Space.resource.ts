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
			toolDescription:
				"Lists the spaces of the community, one item per space; a space's name is what Update Member's Spaces and member Create take. The API returns every space in one Medium request, so Return All costs no more than a Limit.",
			module: getAll,
		},
		updateMemberSpaces: {
			name: "Update Member's Spaces",
			description: 'Add a member, by email, to spaces or set exactly which spaces they are in',
			action: 'Update the spaces of a member',
			toolDescription:
				'Changes the spaces of one member, found by Member Email: Mode Add keeps their spaces and adds those in Space Names or IDs, Mode Override makes the listed spaces their only ones (an empty list only with Remove From All Spaces on). Returns one item with the spaces before and after. An unknown email fails with "No member has the email …". One Medium request.',
			module: updateMemberSpaces,
		},
	},
});
