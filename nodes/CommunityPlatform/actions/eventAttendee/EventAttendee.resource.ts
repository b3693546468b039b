import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as register from './register.operation';

export { get, getAll, register };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['eventAttendee'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get one registration of an event by attendee ID',
				action: 'Get an event attendee',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the people registered for an event, optionally only one member by email or user ID',
				action: 'Get many event attendees',
			},
			{
				name: 'Register',
				value: 'register',
				description:
					'Register a person for an event by email, name, job title and company; fails with "Already registered" if they are',
				action: 'Register an attendee for an event',
			},
		],
		default: 'getAll',
	},
	...get.description,
	...getAll.description,
	...register.description,
];
