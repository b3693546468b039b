import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';
import * as updateMemberSpaces from './updateMemberSpaces.operation';

export { getAll, updateMemberSpaces };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['space'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the spaces of the community with their name and description',
				action: 'Get many spaces',
			},
			{
				name: "Update Member's Spaces",
				value: 'updateMemberSpaces',
				description: 'Add a member, by email, to spaces or set exactly which spaces they are in',
				action: 'Update the spaces of a member',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
	...updateMemberSpaces.description,
];
