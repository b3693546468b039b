import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { readLimit, returnAllAndLimit } from '../../../shared/parameters/limit';
import { readParameters } from '../../../shared/parameters/read';
import { listSubscriptionTypes } from '../../reads/subscriptionTypes';
import { collection } from '../../../shared/parameters/fields';
import { subscriptionType } from '../../output/subscriptionTypes';

const filters: INodeProperties = collection('filters', [
	{
		displayName: 'Include Hidden',
		name: 'includeHidden',
		type: 'boolean',
		default: false,
		description: 'Whether to include retired (hidden) types, whose opt-outs still exist',
	},
	{
		displayName: 'System Key',
		name: 'systemKey',
		type: 'string',
		default: '',
		description: 'Only the type with exactly this system key',
	},
]);

export const properties: INodeProperties[] = [...returnAllAndLimit, filters];

export const output = subscriptionType;

/** Query of GET /email-subscription-types, without paging. */
const querySchema = z
	.object({
		includeHidden: z.boolean().optional(),
		systemKey: z.string().trim().min(1, 'is empty: remove the filter or enter a system key').optional(),
	})
	.strict()
	.transform(({ includeHidden, systemKey }) => ({
		// the API accepts only the literal strings "true" and "false"
		includeHidden: includeHidden ? 'true' : undefined,
		systemKey,
	}));

/** One item per type: id, name, description, hidden, createdAt, updatedAt. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { returnAll, limit } = readLimit(this, itemIndex);
	const qs = readParameters(this, itemIndex, [filters], querySchema);
	const types = await listSubscriptionTypes.call(this, { qs, returnAll, limit, itemIndex });
	return types as unknown as IDataObject[];
}
