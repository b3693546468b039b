import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { email, requiredDateTime, requiredText } from '../../../shared/parameters/primitives';
import { readParameters } from '../../../shared/parameters/read';
import { apiRequest } from '../../../shared/transport/request';
import { collection } from '../../../shared/parameters/fields';
import { contributionLog } from '../../output/contributionLogs';

export const properties: INodeProperties[] = [
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
	collection('additionalFields', [
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
	]),
];

export const output = contributionLog;

const COUNT_HINT = 'must be a number, such as 1';

/** Body of POST /contributionLogs. */
const bodySchema = z
	.object({
		contributionName: requiredText('the name of a contribution defined in the community').pipe(
			z.string().max(300, 'is longer than 300 characters: use the contribution name as defined in the community'),
		),
		userEmail: email,
		contributedAt: requiredDateTime('when the contribution happened, such as 2026-01-31T09:30:00Z'),
		count: z.preprocess(
			(value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
			z
				.number({ invalid_type_error: COUNT_HINT, required_error: COUNT_HINT })
				.int('must be a whole number, such as 1')
				.min(1, 'must be at least 1'),
		),
		externalContributionId: z.string().trim().min(1, 'is empty: remove the field or enter an ID').optional(),
		notes: z.string().max(100, 'is longer than 100 characters: shorten the note to at most 100 characters').optional(),
	})
	.strict();

/** POST /contributionLogs; the output is the contribution log the API created. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = readParameters(this, itemIndex, properties, bodySchema);
	return (await apiRequest.call(this, { method: 'POST', path: '/contributionLogs', body, itemIndex })) as IDataObject;
}
