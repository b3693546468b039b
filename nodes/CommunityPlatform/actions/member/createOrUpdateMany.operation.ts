import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { createOrUpdateMany } from '../../batch/createOrUpdate';
import { maxWaitField, maxWaitMs, runBatch } from '../../batch/operation';
import { readParameters } from '../../../shared/parameters/read';
import { batchCreateRowSchema } from './createFields';
import { createOrUpdateProperties, readCreateOrUpdate, setAfterCreate } from './createOrUpdateFields';
import { batchOptions, batchOptionsSchema, batchUpdateRow } from './updateFields';
import { createOrUpdateMembersOutput } from '../../output/batch';

const partialRunField: INodeProperties = {
	displayName: 'Partial Run Under the Daily Quota',
	name: 'allowPartialRun',
	type: 'boolean',
	default: false,
	description:
		'Whether to submit what the Heavy tier’s daily quota allows when it cannot cover the whole list (the rows left over come back as not_submitted), instead of failing before the first job',
};

/** The update jobs' options, and whether a run the daily quota cannot cover goes ahead in part. */
const createOrUpdateOptions: INodeProperties = {
	...batchOptions,
	options: [...(batchOptions.options as INodeProperties[]), partialRunField].sort((a, b) => a.displayName.localeCompare(b.displayName)),
};

export const properties: INodeProperties[] = [
	{
		displayName:
			'All input items become rows of one batch. Each row first goes in an update job; only the rows whose email no member has then go in a create job. Jobs hold up to 100 rows and go at the pace the API allows (about 10 a minute, 200 a day). Each item gets back its own result.',
		name: 'createOrUpdateNotice',
		type: 'notice',
		default: '',
	},
	maxWaitField,
	...createOrUpdateProperties,
	createOrUpdateOptions,
];

export const output = createOrUpdateMembersOutput;

/** Update jobs for every input item, create jobs for the emails no member has; one result per item. */
export async function executeBatch(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const { allowPartialRun, ...updateBody } = readParameters(
		this,
		0,
		[createOrUpdateOptions],
		batchOptionsSchema.extend({ allowPartialRun: z.boolean().optional() }),
	);
	return await runBatch(this, async (count) =>
		await createOrUpdateMany(this, count, {
			updateBody,
			maxWaitMs: maxWaitMs(this),
			allowPartialRun: allowPartialRun === true,
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
