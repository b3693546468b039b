import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';

export { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['emailOptOut'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description:
					'List members who opted out of community emails, newest first, filtered by subscription type, scope, email or time',
				action: 'Get many email unsubscribes',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
