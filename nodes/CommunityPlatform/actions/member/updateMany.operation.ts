import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { runBatchOperation, waitProperties } from '../../batch/operation';
import { compact, email, parseParameters } from '../../schemas/common';
import { batchUpdateRowSchema } from '../../schemas/member';
import { readProfileUpdate, updateFieldsProperties } from './updateFields';

const properties: INodeProperties[] = [
	...waitProperties,
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description: 'Email address of the member this item updates',
	},
	...updateFieldsProperties,
	{
		displayName: 'Options',
		name: 'batchOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Operator Email',
				name: 'operatorEmail',
				type: 'string',
				placeholder: 'admin@example.com',
				default: '',
				description: 'Email of a community admin to attribute the changes to (ignored by the API if it matches no admin)',
			},
			{
				displayName: 'Reason',
				name: 'reason',
				type: 'string',
				default: '',
				description: 'Audit note stored with the batch, for example "CRM sync"',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['member'], operation: ['updateMany'] } }, properties);

const optionsSchema = z.object({ operatorEmail: email.optional(), reason: z.string().optional() }).strict();

/** POST /users/batch-update for all input items; one result per item (updated / noop / not_found / failed). */
export async function executeBatch(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const options = parseParameters(
		this.getNode(),
		optionsSchema,
		compact(this.getNodeParameter('batchOptions', 0, {}) as IDataObject),
		0,
		{ operatorEmail: 'Operator Email', reason: 'Reason' },
	);
	return await runBatchOperation(this, {
		kind: 'updateUsers',
		extraBody: options,
		prepare: async (itemIndex) => {
			const { fields, answers } = await readProfileUpdate(this, itemIndex);
			const raw = compact({
				email: this.getNodeParameter('email', itemIndex),
				...fields,
				questionAnswers: Object.keys(answers).length ? answers : undefined,
			});
			const row = parseParameters(this.getNode(), batchUpdateRowSchema, raw, itemIndex, { email: 'Email' });
			return { row, key: row.email.toLowerCase() };
		},
	});
}
