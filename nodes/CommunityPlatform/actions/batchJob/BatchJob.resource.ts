import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';

export { get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['batchJob'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get the status and per-row results of a batch job',
				action: 'Get a batch job',
			},
		],
		default: 'get',
	},
	...get.description,
];
