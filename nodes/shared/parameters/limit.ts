import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { readParameters } from './read';

/** Return All + Limit, as n8n's Get Many operations have them. */
export const returnAllAndLimit: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

const limitSchema = z
	.object({
		returnAll: z.boolean().default(false),
		limit: z
			.number({ invalid_type_error: 'must be a number', required_error: 'must be a number' })
			.int('must be a whole number')
			.min(1, 'must be at least 1'),
	})
	.transform(({ returnAll, limit }) => (returnAll ? { returnAll } : { returnAll, limit }));

/** Return All and Limit of a Get Many operation; the limit is checked before any request. */
export function readLimit(ctx: IExecuteFunctions, itemIndex: number): { returnAll: boolean; limit?: number } {
	return readParameters(ctx, itemIndex, returnAllAndLimit, limitSchema);
}
