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
			module: create,
		},
		createMany: {
			name: 'Create Many (Batch)',
			description: 'Create a member from every input item in bulk jobs of up to 100 and wait for the result of each',
			action: 'Create many members in a batch',
			module: createMany,
		},
		createOrUpdate: {
			name: 'Create or Update',
			description:
				'Update the member with this email, or create the member when no one has it; the result says which it did',
			action: 'Create or update a member by email',
			module: createOrUpdate,
		},
		createOrUpdateMany: {
			name: 'Create or Update Many (Batch)',
			description:
				'Sync a list: update the member of every input item by email, or create it when no one has that email, in bulk jobs, and wait for the result of each',
			action: 'Create or update many members in a batch',
			module: createOrUpdateMany,
		},
		delete: {
			name: 'Delete',
			description: 'Remove a member by ID or email (removal completes asynchronously)',
			action: 'Delete a member',
			module: del,
		},
		get: {
			name: 'Get',
			description: 'Get a member by ID',
			action: 'Get a member',
			module: get,
		},
		getByEmail: {
			name: 'Get by Email',
			description: 'Look up one member by email address',
			action: 'Get a member by email',
			module: getByEmail,
		},
		getAll: {
			name: 'Get Many',
			description: 'List members, filtered by sign-up date, approval status or member type',
			action: 'Get many members',
			module: getAll,
		},
		update: {
			name: 'Update',
			description: 'Change profile fields and profile answers of a member by ID',
			action: 'Update a member',
			module: update,
		},
		updateByEmail: {
			name: 'Update by Email',
			description: 'Change profile fields and profile answers of a member by email',
			action: 'Update a member by email',
			module: updateByEmail,
		},
		updateMany: {
			name: 'Update Many (Batch)',
			description:
				'Update the member of every input item (by email) in bulk jobs of up to 100 and wait for the result of each',
			action: 'Update many members in a batch',
			module: updateMany,
		},
	},
});
