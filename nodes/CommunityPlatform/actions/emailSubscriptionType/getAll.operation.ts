import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listSubscriptionTypes } from '../../reads/subscriptionTypes';
import { compact, parseParameters, readLimit } from '../../schemas/common';
import { subscriptionTypeQuerySchema } from '../../schemas/emailOptOuts';
import { returnAllAndLimit } from '../common.descriptions';

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
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
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['emailSubscriptionType'], operation: ['getAll'] } },
	properties,
);

/** One item per type: id, name, description, hidden, createdAt, updatedAt. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { returnAll, limit } = readLimit(this, itemIndex);
	const raw = compact(this.getNodeParameter('filters', itemIndex, {}) as IDataObject);
	const qs = compact(
		parseParameters(this.getNode(), subscriptionTypeQuerySchema, raw, itemIndex, {
			includeHidden: 'Include Hidden',
			systemKey: 'System Key',
		}),
	);
	const types = await listSubscriptionTypes.call(this, { qs, returnAll, limit, itemIndex });
	return types as unknown as IDataObject[];
}
