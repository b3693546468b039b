import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { runBatchOperation, waitProperties } from '../../batch/operation';
import { email } from '../../parameters/primitives';
import { readParameters } from '../../parameters/read';
import { collection, emailField } from '../../parameters/fields';
import { readProfileUpdate, updateFieldsProperties } from './updateFields';

const memberEmail = emailField('Email address of the member this item updates');

const batchOptions: INodeProperties = collection('options', [
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
], { name: 'batchOptions' });

const properties: INodeProperties[] = [...waitProperties, memberEmail, ...updateFieldsProperties, batchOptions];

export const description = updateDisplayOptions({ show: { resource: ['member'], operation: ['updateMany'] } }, properties);

const optionsSchema = z.object({ operatorEmail: email.optional(), reason: z.string().optional() }).strict();

/** POST /users/batch-update for all input items; one result per item (updated / noop / not_found / failed). */
export async function executeBatch(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const options = readParameters(this, 0, [batchOptions], optionsSchema);
	return await runBatchOperation(this, {
		kind: 'updateUsers',
		extraBody: options,
		prepare: async (itemIndex) => {
			const { fields, answers } = await readProfileUpdate(this, itemIndex);
			const target = readParameters(this, itemIndex, [memberEmail], z.object({ email }));
			const row: IDataObject = { ...fields, email: target.email };
			if (Object.keys(answers).length) row.questionAnswers = answers;
			return { row, key: target.email.toLowerCase() };
		},
	});
}
