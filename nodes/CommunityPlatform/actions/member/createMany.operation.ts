import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runBatchOperation, waitProperties } from '../../batch/operation';
import { parseParameters } from '../../schemas/common';
import { batchCreateRowSchema } from '../../schemas/member';
import { CREATE_LABELS, createFieldsProperties, readCreateFields } from './createFields';

export const description = updateDisplayOptions({ show: { resource: ['member'], operation: ['createMany'] } }, [
	...waitProperties,
	...createFieldsProperties(false),
]);

/** POST /users/batch for all input items; one result per item (created / failed). */
export async function executeBatch(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runBatchOperation(this, {
		kind: 'createUsers',
		prepare: async (itemIndex) => {
			const row = parseParameters(this.getNode(), batchCreateRowSchema, readCreateFields(this, itemIndex), itemIndex, CREATE_LABELS);
			return { row, key: row.email.toLowerCase() };
		},
	});
}
