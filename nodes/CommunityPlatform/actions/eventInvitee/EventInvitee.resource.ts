import type { INodeProperties } from 'n8n-workflow';

import * as add from './add.operation';
import * as getAll from './getAll.operation';

export { add, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['eventInvitee'] } },
		options: [
			{
				name: 'Add',
				value: 'add',
				description:
					'Invite an email address to an event with an invitation-only ticket type; the invitation email is sent at once',
				action: 'Add an event invitee',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the email invitations of an event, filtered by ticket type, attendee type, invitee or invite admin',
				action: 'Get many event invitees',
			},
		],
		default: 'getAll',
	},
	...add.description,
	...getAll.description,
];
