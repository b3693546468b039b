import type { INodeProperties } from 'n8n-workflow';

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

export {
	create,
	createMany,
	createOrUpdate,
	createOrUpdateMany,
	del as delete,
	get,
	getAll,
	getByEmail,
	update,
	updateByEmail,
	updateMany,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['member'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a member with email, name, job title and company',
				action: 'Create a member',
			},
			{
				name: 'Create Many (Batch)',
				value: 'createMany',
				description:
					'Create a member from every input item in bulk jobs of up to 100 and wait for the result of each',
				action: 'Create many members in a batch',
			},
			{
				name: 'Create or Update',
				value: 'createOrUpdate',
				description:
					'Update the member with this email, or create the member when no one has it; the result says which it did',
				action: 'Create or update a member by email',
			},
			{
				name: 'Create or Update Many (Batch)',
				value: 'createOrUpdateMany',
				description:
					'Sync a list: update the member of every input item by email, or create it when no one has that email, in bulk jobs, and wait for the result of each',
				action: 'Create or update many members in a batch',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Remove a member by ID or email (removal completes asynchronously)',
				action: 'Delete a member',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a member by ID',
				action: 'Get a member',
			},
			{
				name: 'Get by Email',
				value: 'getByEmail',
				description: 'Look up one member by email address',
				action: 'Get a member by email',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List members, filtered by sign-up date, approval status or member type',
				action: 'Get many members',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change profile fields and profile answers of a member by ID',
				action: 'Update a member',
			},
			{
				name: 'Update by Email',
				value: 'updateByEmail',
				description: 'Change profile fields and profile answers of a member by email',
				action: 'Update a member by email',
			},
			{
				name: 'Update Many (Batch)',
				value: 'updateMany',
				description:
					'Update the member of every input item (by email) in bulk jobs of up to 100 and wait for the result of each',
				action: 'Update many members in a batch',
			},
		],
		default: 'get',
	},
	...create.description,
	...createMany.description,
	...createOrUpdate.description,
	...createOrUpdateMany.description,
	...del.description,
	...get.description,
	...getAll.description,
	...getByEmail.description,
	...update.description,
	...updateByEmail.description,
	...updateMany.description,
];
