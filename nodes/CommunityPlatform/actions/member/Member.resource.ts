import { operationHints } from '../../../shared/builderHints';
import { defineResource } from '../operation';
import * as create from './create.operation';
import * as createMany from './createMany.operation';
import * as createOrUpdate from './createOrUpdate.operation';
import * as createOrUpdateMany from './createOrUpdateMany.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getByEmail from './getByEmail.operation';
import * as update from './update.operation';
import * as updateByEmail from './updateByEmail.operation';
import * as updateMany from './updateMany.operation';

export const member = defineResource({
	resource: {
		name: 'Member',
		value: 'member',
		description: 'People in the community and their profiles',
	},
	default: 'get',
	operations: {
		create: {
			name: 'Create',
			description: 'Create a member with email, name, job title and company',
			action: 'Create a member',
			toolDescription:
				'Creates one new member from Email, First Name, Job Title and Company, with optional Last Name, LinkedIn URL, Picture URL and spaces, and returns the new member as one item. An email a member already has is refused; when the person may exist, use Create or Update, and for a list of new people, Create Many (Batch). One Medium request.',
			module: create,
		},
		createMany: {
			name: 'Create Many (Batch)',
			description: 'Create a member from every input item in bulk jobs of up to 100 and wait for the result of each',
			action: 'Create many members in a batch',
			toolDescription:
				'Creates a member from every input item (Email, First Name, Job Title, Company of at least 2 characters; optional Last Name, LinkedIn URL, Picture URL) in bulk jobs of up to 100 rows, and returns one result per item: created, or failed with the reason, without stopping the rest. Meant for importing lists of new people; for one person use Create or Create or Update. Every job counts against the Heavy tier, shared by the whole community: about 10 jobs a minute and 200 a day.',
			builderHint: operationHints.batch,
			module: createMany,
		},
		createOrUpdate: {
			name: 'Create or Update',
			description:
				'Update the member with this email, or create the member when no one has it; the result says which it did',
			action: 'Create or update a member by email',
			toolDescription:
				'Makes sure one person is a member with these details: updates the member whose email is Email, or creates one when nobody has it, and returns one item whose action says created or updated. A new member needs First Name, Job Title and Company; other profile fields and Profile Answers are set either way, and fields left out stay as they are. Prefer it to Create when the person may exist and to Update by Email when they may not. One Medium request for an existing member, two or three for a new one.',
			builderHint: operationHints.createOrUpdate,
			module: createOrUpdate,
		},
		createOrUpdateMany: {
			name: 'Create or Update Many (Batch)',
			description:
				'Sync a list: update the member of every input item by email, or create it when no one has that email, in bulk jobs, and wait for the result of each',
			action: 'Create or update many members in a batch',
			toolDescription:
				"Syncs a list: updates the member with each input item's Email, or creates one when nobody has it, in bulk jobs of up to 100 rows; one result per item (action created or updated, or failed with the reason). For one person use Create or Update. It needs up to three Heavy jobs per 100 rows, of about 10 a minute and 200 a day for the community, and fails before submitting anything when today's quota cannot cover the list.",
			builderHint: operationHints.createOrUpdateMany,
			module: createOrUpdateMany,
		},
		delete: {
			name: 'Delete',
			description: 'Remove a member by ID or email (removal completes asynchronously)',
			action: 'Delete a member',
			toolDescription:
				'Removes one member (Member by ID or email) from the community. The API accepts at once and removes the member shortly after, so the item returned says removal pending; the Member Trigger reports the removal when it happens. An unknown member fails with "No member has …". One Medium request.',
			module: del,
		},
		get: {
			name: 'Get',
			description: 'Get a member by ID',
			action: 'Get a member',
			toolDescription:
				'Returns one member as one item, given Member by ID (or from the list). Use Get by Email when you have only an email address, and Get Many to list members by sign-up date, status or type. An unknown ID fails with "No member has the ID …". One Light request (10 a second); Simplify, on by default, keeps the main profile fields.',
			builderHint: operationHints.get,
			module: get,
		},
		getByEmail: {
			name: 'Get by Email',
			description: 'Look up one member by email address',
			action: 'Get a member by email',
			toolDescription:
				'Finds the one member with this Email, as one item; when nobody has it, fails with "No member has the email …". Use it to check whether someone is a member or to get their user ID; Get takes an ID, Get Many lists members. One Medium request.',
			builderHint: operationHints.getByEmail,
			module: getByEmail,
		},
		getAll: {
			name: 'Get Many',
			description: 'List members, filtered by sign-up date, approval status or member type',
			action: 'Get many members',
			toolDescription:
				'Lists members, newest first, one item each, filtered by Signed Up From/To, Approval Status and Member Type; it does not search by name or email (use Get by Email). Limit defaults to 50; Return All pages through every member at one Medium request (about a second) per 200, of 25,000 a day.',
			module: getAll,
		},
		update: {
			name: 'Update',
			description: 'Change profile fields and profile answers of a member by ID',
			action: 'Update a member',
			toolDescription:
				'Changes one member, given Member by ID (or from the list): Update Fields (First Name, Last Name, Job Title, Company, Bio, LinkedIn URL, Picture URL, Member Type, Approval Status) and Profile Answers, leaving out what is not set, and returns one item with the updated profile. Use Update by Email when you have only the email, and Create or Update when the member may not exist. An unknown or archived member fails with "No member has the ID …". One Medium request.',
			module: update,
		},
		updateByEmail: {
			name: 'Update by Email',
			description: 'Change profile fields and profile answers of a member by email',
			action: 'Update a member by email',
			toolDescription:
				'Changes the member with this Email: Update Fields (First Name, Last Name, Job Title, Company, Bio, LinkedIn URL, Picture URL, Member Type, Approval Status) and Profile Answers; anything left out stays as it is. Returns one item with the updated profile. Use Update when you have the member ID, and Create or Update when nobody may have the email: here that fails with "No member has the email …". One Medium request.',
			module: updateByEmail,
		},
		updateMany: {
			name: 'Update Many (Batch)',
			description:
				'Update the member of every input item (by email) in bulk jobs of up to 100 and wait for the result of each',
			action: 'Update many members in a batch',
			toolDescription:
				'Updates the member of every input item, found by Email, with its Update Fields and Profile Answers, in bulk jobs of up to 100 rows; returns one result per item: updated, noop (nothing changed), not_found, or failed with the reason. Meant for many members; for one, use Update or Update by Email. Every job counts against the Heavy tier, shared by the whole community: about 10 jobs a minute and 200 a day.',
			builderHint: operationHints.batch,
			module: updateMany,
		},
	},
});
