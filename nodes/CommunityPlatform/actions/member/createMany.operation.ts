import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { runBatchOperation, waitProperties } from '../../batch/operation';
import { readParameters } from '../../../shared/parameters/read';
import { batchCreateRowSchema, createFieldsProperties } from './createFields';
import { createMembersOutput } from '../../output/batch';

const fields = createFieldsProperties(false);

export const properties: INodeProperties[] = [
	...waitProperties,
	...fields,
];

export const output = createMembersOutput;

/** POST /users/batch for all input items; one result per item (created / failed). */
export async function executeBatch(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runBatchOperation(this, {
		kind: 'createUsers',
		prepare: async (itemIndex) => {
			const row = readParameters(this, itemIndex, fields, batchCreateRowSchema);
			return { row, key: row.email.toLowerCase() };
		},
	});
}
