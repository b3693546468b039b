import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';

export { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['emailSubscriptionType'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the kinds of community email members can opt out of, in dashboard order',
				action: 'Get many email subscription types',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
