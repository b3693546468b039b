import { operationHints } from '../../../shared/builderHints';
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
			toolDescription:
				'Adds one member to one club and returns one item with success. Give Club (from the list, by ID or by exact name) and Member (by ID or by email); fails with "No club has the ID …, or no member has …" when either is unknown. For many members at once use Add Members (Batch); to set several clubs of one member, Update Member\'s Clubs. One Medium request (1 a second).',
			module: addMember,
		},
		addMembersBatch: {
			name: 'Add Members (Batch)',
			description:
				'Add the member of every input item to its club in bulk jobs of up to 100 and wait for the result of each',
			action: 'Add many members to a club in a batch',
			toolDescription:
				"Adds the member of every input item (Member by ID or email) to that item's Club in bulk jobs of up to 100 rows, and returns one result per item: success, or failed with the reason, without stopping the rest. Meant for lists of many members; for one member use Add Member. Every job counts against the Heavy tier, shared by the whole community: about 10 jobs a minute and 200 a day.",
			builderHint: operationHints.batch,
			module: addMembersBatch,
		},
		getApplicationRequests: {
			name: 'Get Application Requests',
			description:
				'List the requests to join a club, filtered by status, applicant name, email, job title, company or member type, with the total count',
			action: 'Get application requests of a club',
			toolDescription:
				'Lists the requests to join one club (Club from the list, by ID or by name), one item per request, newest first; each item also carries totalCount, how many requests match in all. Filters: Status (Pending, Accepted, Declined, Expired; without it, every state), Member Name, Email, Job Title, Company, Member Type. An unknown club fails with "No club has the ID …". Set Limit, or Return All to page through every request: one Medium request (about a second) per 200.',
			builderHint: operationHints.getApplicationRequests,
			module: getApplicationRequests,
		},
		getAll: {
			name: 'Get Many',
			description: 'List the clubs of the community with their ID, name, slug and access type',
			action: 'Get many clubs',
			toolDescription:
				"Lists the clubs of the community, one item per club, with the ID the other club operations take. Use it to find a club by name; Get Member's Clubs lists only the clubs of one member. The API returns every club in one Medium request, so Return All costs no more than a Limit.",
			module: getAll,
		},
		getMemberClubs: {
			name: "Get Member's Clubs",
			description: 'List the clubs a member belongs to',
			action: 'Get the clubs of a member',
			toolDescription:
				'Returns one item for one member (Member from the list or by ID, not by email) listing the clubs they belong to. Use it to see a member\'s current clubs before Update Member\'s Clubs; Club Get Many lists every club of the community. An unknown ID fails with "No member has the ID …". One Light request.',
			module: getMemberClubs,
		},
		removeMember: {
			name: 'Remove Member',
			description: 'Remove one member, by ID or email, from a club',
			action: 'Remove a member from a club',
			toolDescription:
				'Removes one member (Member by ID or email) from one club (Club from the list, by ID or by exact name) and returns one item with success; fails with "No club has the ID …, or no member has …" when either is unknown. To replace all of a member\'s clubs at once, use Update Member\'s Clubs with Mode Override. One Medium request.',
			module: removeMember,
		},
		updateMemberClubs: {
			name: "Update Member's Clubs",
			description: 'Add a member to up to 10 clubs, or set exactly which clubs they belong to, with a result per club',
			action: 'Update the clubs of a member',
			toolDescription:
				'Changes the clubs of one member (Member by ID or email): Mode Add keeps their clubs and adds the listed ones, Mode Override makes the listed clubs their only ones (an empty list only with Remove From All Clubs on). List up to 10 clubs by ID or by exact name, as Identify Clubs By says. Returns one item with the clubs before and after and a result per club (success, already_member or failed with a reason). One Medium request; for one club, Add Member or Remove Member do the same.',
			module: updateMemberClubs,
		},
	},
});
