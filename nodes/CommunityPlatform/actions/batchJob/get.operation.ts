import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { jobEndpoints } from '../../batch/jobs';
import { readParameters } from '../../../shared/parameters/read';
import { apiRequest } from '../../../shared/transport/request';
import { batchJobOutput } from '../../output/batch';

export const properties: INodeProperties[] = [
	{
		displayName: 'Job Type',
		name: 'jobType',
		type: 'options',
		options: [
			{ name: 'Add Club Members', value: 'addClubMembers' },
			{ name: 'Create Members', value: 'createUsers' },
			{ name: 'Update Members', value: 'updateUsers' },
		],
		default: 'createUsers',
		description: 'The batch operation that submitted the job',
	},
	{
		displayName: 'Job ID',
		name: 'jobId',
		type: 'string',
		default: '',
		required: true,
		description: 'The jobId a batch operation returned',
	},
	{
		displayName: 'Club ID',
		name: 'clubId',
		type: 'string',
		default: '',
		required: true,
		description: 'The club the members were added to (club jobs are read under their club)',
		displayOptions: { show: { jobType: ['addClubMembers'] } },
	},
];

export const output = batchJobOutput;

const JOB_KINDS = ['createUsers', 'updateUsers', 'addClubMembers'] as const;
const NO_JOB_ID = 'is empty: enter the jobId a batch operation returned';

const schema = z.object({
	jobType: z.enum(JOB_KINDS, {
		// what zod says of an empty value, which is left out as unset
		required_error: `Invalid enum value. Expected ${JOB_KINDS.map((kind) => `'${kind}'`).join(' | ')}, received ''`,
	}),
	jobId: z.string({ required_error: NO_JOB_ID }).trim().min(1, NO_JOB_ID),
	clubId: z.string().trim().optional(),
}).refine((p) => p.jobType !== 'addClubMembers' || Boolean(p.clubId), {
	message: 'is empty: enter the club the job belongs to',
	path: ['clubId'],
});

/** A job's status and per-row results, for Wait-node patterns (submit now, check later). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const params = readParameters(this, itemIndex, properties, schema);
	return (await apiRequest.call(this, {
		method: 'GET',
		path: jobEndpoints(params.jobType, params.clubId, 'Club ID').statusPath(params.jobId),
		itemIndex,
		notFound: `No ${params.jobType === 'addClubMembers' ? 'job of this club' : 'job'} has the ID "${params.jobId}"`,
	})) as IDataObject;
}
