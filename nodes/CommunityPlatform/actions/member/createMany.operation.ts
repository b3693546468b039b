import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { runBatchOperation, waitProperties } from '../../batch/operation';
import { requiredText } from '../../parameters/primitives';
import { readParameters } from '../../parameters/read';
import { createFieldsProperties, createMemberSchema } from './createFields';

const fields = createFieldsProperties(false);

export const description = updateDisplayOptions({ show: { resource: ['member'], operation: ['createMany'] } }, [
	...waitProperties,
	...fields,
]);

/** A row of POST /users/batch: creation rules, company of at least 2 characters, no spaces. */
const rowSchema = createMemberSchema.omit({ spaces: true }).extend({
	company: requiredText('the company name').pipe(z.string().min(2, 'must be at least 2 characters long')),
});

/** POST /users/batch for all input items; one result per item (created / failed). */
export async function executeBatch(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runBatchOperation(this, {
		kind: 'createUsers',
		prepare: async (itemIndex) => {
			const row = readParameters(this, itemIndex, fields, rowSchema);
			return { row, key: row.email.toLowerCase() };
		},
	});
}
