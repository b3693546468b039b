import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { jobEndpoints } from '../../batch/jobs';
import { runBatchOperation, waitProperties } from '../../batch/operation';
import { clubIdOf, clubLocator } from '../../locators/club';
import { memberLocator, readMember } from '../../locators/member';
import { assertSendablePath } from '../../../shared/transport/request';
import { addClubMembersOutput } from '../../output/batch';

export const properties: INodeProperties[] = [
	...waitProperties,
	clubLocator,
	memberLocator(true),
];

export const output = addClubMembersOutput;

/**
 * POST /clubs/:clubId/users/batch for all input items: each item names a member (ID or email)
 * and its club; items of different clubs go in different jobs. One result per item (success / failed).
 */
export async function executeBatch(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runBatchOperation(this, {
		kind: 'addClubMembers',
		prepare: async (itemIndex) => {
			const group = await clubIdOf(this, itemIndex);
			// A club that cannot go into the job's path fails this row, not the whole batch.
			assertSendablePath(this, jobEndpoints('addClubMembers', group).submitPath, itemIndex);
			const target = readMember(this, itemIndex, true);
			return { row: target.body, key: target.key, group };
		},
	});
}
