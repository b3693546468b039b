import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';

export { create };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contributionLog'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: "Log a member's contribution, which adds its points to the member",
				action: 'Create a contribution log',
			},
		],
		default: 'create',
	},
	...create.description,
];
