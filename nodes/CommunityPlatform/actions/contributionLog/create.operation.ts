import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { compact, parseParameters } from '../../schemas/common';
import { createContributionLogSchema } from '../../schemas/contributionLogs';
import { apiRequest } from '../../transport/request';

const properties: INodeProperties[] = [
	{
		displayName: 'Contribution Name',
		name: 'contributionName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Answered a forum question',
		description: 'Name of a contribution defined in the community, exactly as written there (1 to 300 characters)',
	},
	{
		displayName: 'Member Email',
		name: 'userEmail',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description: 'Email address of the member who contributed',
	},
	{
		displayName: 'Contributed At',
		name: 'contributedAt',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'When the contribution happened (ISO 8601; without a time zone, UTC is assumed)',
	},
	{
		displayName: 'Count',
		name: 'count',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 1,
		description: 'How many times the member made this contribution; the points are multiplied by it',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'External Contribution ID',
				name: 'externalContributionId',
				type: 'string',
				default: '',
				description: 'Your own ID for this contribution, e.g. the ID of the record in the source system',
			},
			{
				displayName: 'Notes',
				name: 'notes',
				type: 'string',
				default: '',
				description: 'A note kept with the log, at most 100 characters',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contributionLog'], operation: ['create'] } },
	properties,
);

const LABELS = {
	contributionName: 'Contribution Name',
	userEmail: 'Member Email',
	contributedAt: 'Contributed At',
	count: 'Count',
	externalContributionId: 'External Contribution ID',
	notes: 'Notes',
};

/** POST /contributionLogs; the output is the contribution log the API created. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const raw = {
		contributionName: this.getNodeParameter('contributionName', itemIndex),
		userEmail: this.getNodeParameter('userEmail', itemIndex),
		contributedAt: this.getNodeParameter('contributedAt', itemIndex),
		count: this.getNodeParameter('count', itemIndex, 1),
		...compact(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
	};
	const body = parseParameters(this.getNode(), createContributionLogSchema, raw, itemIndex, LABELS);
	return (await apiRequest.call(this, { method: 'POST', path: '/contributionLogs', body, itemIndex })) as IDataObject;
}
