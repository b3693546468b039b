import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as getAll from './getAll.operation';

export { get, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['profileQuestion'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get a profile question with its type, options and rules',
				action: 'Get a profile question',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the community profile questions',
				action: 'Get many profile questions',
			},
		],
		default: 'getAll',
	},
	...get.description,
	...getAll.description,
];
