import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { runBatchOperation, waitProperties } from '../../batch/operation';
import { email } from '../../../shared/parameters/primitives';
import { readParameters } from '../../../shared/parameters/read';
import { emailField } from '../../../shared/parameters/fields';
import { batchOptions, batchOptionsSchema, batchUpdateRow, readProfileUpdate, updateFieldsProperties } from './updateFields';
import { updateMembersOutput } from '../../output/batch';

const memberEmail = emailField('Email address of the member this item updates');

export const properties: INodeProperties[] = [...waitProperties, memberEmail, ...updateFieldsProperties, batchOptions];

export const output = updateMembersOutput;

/** POST /users/batch-update for all input items; one result per item (updated / noop / not_found / failed). */
export async function executeBatch(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const options = readParameters(this, 0, [batchOptions], batchOptionsSchema);
	return await runBatchOperation(this, {
		kind: 'updateUsers',
		extraBody: options,
		prepare: async (itemIndex) => {
			const { fields, answers } = await readProfileUpdate(this, itemIndex);
			const target = readParameters(this, itemIndex, [memberEmail], z.object({ email }));
			return { row: batchUpdateRow(target.email, fields, answers), key: target.email.toLowerCase() };
		},
	});
}
