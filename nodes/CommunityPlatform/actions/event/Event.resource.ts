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
		displayOptions: { show: { resource: ['event'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get an event by ID or by its URL in the community',
				action: 'Get an event',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List events, filtered by title, dates, status, access or whether they are unlisted',
				action: 'Get many events',
			},
		],
		default: 'getAll',
	},
	...get.description,
	...getAll.description,
];
