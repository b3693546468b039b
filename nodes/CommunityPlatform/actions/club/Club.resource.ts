import { defineResource } from '../operation';
import * as addMember from './addMember.operation';
import * as addMembersBatch from './addMembersBatch.operation';
import * as getAll from './getAll.operation';
import * as getApplicationRequests from './getApplicationRequests.operation';
import * as getMemberClubs from './getMemberClubs.operation';
import * as removeMember from './removeMember.operation';
import * as updateMemberClubs from './updateMemberClubs.operation';

export const club = defineResource({
	resource: {
		name: 'Club',
		value: 'club',
		description: 'Clubs, their members and requests to join',
	},
	default: 'getAll',
	operations: {
		addMember: {
			name: 'Add Member',
			description: 'Add one member, by ID or email, to a club',
			action: 'Add a member to a club',
			module: addMember,
		},
		addMembersBatch: {
			name: 'Add Members (Batch)',
			description:
				'Add the member of every input item to its club in bulk jobs of up to 100 and wait for the result of each',
			action: 'Add many members to a club in a batch',
			module: addMembersBatch,
		},
		getApplicationRequests: {
			name: 'Get Application Requests',
			description:
				'List the requests to join a club, filtered by status, applicant name, email, job title, company or member type, with the total count',
			action: 'Get application requests of a club',
			module: getApplicationRequests,
		},
		getAll: {
			name: 'Get Many',
			description: 'List the clubs of the community with their ID, name, slug and access type',
			action: 'Get many clubs',
			module: getAll,
		},
		getMemberClubs: {
			name: "Get Member's Clubs",
			description: 'List the clubs a member belongs to',
			action: 'Get the clubs of a member',
			module: getMemberClubs,
		},
		removeMember: {
			name: 'Remove Member',
			description: 'Remove one member, by ID or email, from a club',
			action: 'Remove a member from a club',
			module: removeMember,
		},
		updateMemberClubs: {
			name: "Update Member's Clubs",
			description: 'Add a member to up to 10 clubs, or set exactly which clubs they belong to, with a result per club',
			action: 'Update the clubs of a member',
			module: updateMemberClubs,
		},
	},
});
