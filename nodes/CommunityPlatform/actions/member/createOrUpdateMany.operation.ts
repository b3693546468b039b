import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { createOrUpdateMany } from '../../batch/createOrUpdate';
import { maxWaitField, maxWaitMs, runBatch } from '../../batch/operation';
import { readParameters } from '../../parameters/read';
import { shownFor } from '../operation';
import { batchCreateRowSchema } from './createFields';
import { createOrUpdateProperties, readCreateOrUpdate, setAfterCreate } from './createOrUpdateFields';
import { batchOptions, batchOptionsSchema, batchUpdateRow } from './updateFields';

const properties: INodeProperties[] = [
	{
		displayName:
			'All input items become rows of one batch. Each row first goes in an update job; only the rows whose email no member has then go in a create job. Jobs hold up to 100 rows and go at the pace the API allows (about 10 a minute, 200 a day). Each item gets back its own result.',
		name: 'createOrUpdateNotice',
		type: 'notice',
		default: '',
	},
	maxWaitField,
	...createOrUpdateProperties,
	batchOptions,
];

export const displayOptions = shownFor('member', 'createOrUpdateMany');

export const description = updateDisplayOptions(displayOptions, properties);

/** Update jobs for every input item, create jobs for the emails no member has; one result per item. */
export async function executeBatch(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const updateBody = readParameters(this, 0, [batchOptions], batchOptionsSchema);
	return await runBatch(this, async (count) =>
		await createOrUpdateMany(this, count, {
			updateBody,
			maxWaitMs: maxWaitMs(this),
			prepare: async (itemIndex) => {
				const input = await readCreateOrUpdate(this, itemIndex, batchCreateRowSchema);
				const later = setAfterCreate(input);
				return {
					key: input.key,
					update: batchUpdateRow(input.email, input.fields, input.answers),
					create: input.create,
					cannotCreate: input.cannotCreate,
					afterCreate: later && batchUpdateRow(input.email, later.fields, later.answers),
				};
			},
		}),
	);
}
