import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as rename from './rename.operation';

export { create, del as delete, get, getAll, rename };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['tag'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a tag with a name that no active tag has',
				action: 'Create a tag',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete (archive) a tag; a tag in use needs a target tag that takes over its content',
				action: 'Delete a tag',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a tag by ID with its usage counts and whether it is in use',
				action: 'Get a tag',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List active tags, newest first, optionally those whose name contains a text',
				action: 'Get many tags',
			},
			{
				name: 'Rename',
				value: 'rename',
				description: 'Change the name of a tag',
				action: 'Rename a tag',
			},
		],
		default: 'getAll',
	},
	...create.description,
	...del.description,
	...get.description,
	...getAll.description,
	...rename.description,
];
