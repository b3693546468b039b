import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { readLimit, returnAllAndLimit } from '../../../shared/parameters/limit';
import { email, oneOf, optionalDateTime } from '../../../shared/parameters/primitives';
import { readParameters } from '../../../shared/parameters/read';
import { collection } from '../../../shared/parameters/fields';
import { readOptOuts } from './readOptOuts';
import { OPT_OUT_SCOPES, emailOptOut } from '../../output/emailOptOuts';

const leadingProperties: INodeProperties[] = [
	{
		displayName:
			'The API reaches at most 10,000 rows per query. Beyond that, Return All reads the opt-outs from all emails and those of each subscription type separately; if one of those still holds more, the node fails and says how to narrow it rather than return part of the list.',
		name: 'reachNotice',
		type: 'notice',
		default: '',
	},
	...returnAllAndLimit,
];

const filters: INodeProperties = collection('filters', [
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		description: "Only this member's opt-outs (exact address, any letter case)",
	},
	{
		displayName: 'Scope',
		name: 'scope',
		type: 'options',
		options: [
			{ name: 'All', value: 'all', description: 'Opt-outs from every email; these rows have no subscription type' },
			{ name: 'Specific', value: 'specific', description: 'Opt-outs from one subscription type' },
		],
		default: 'specific',
		description: 'Which kind of opt-out to return; without this filter, both kinds are returned',
	},
	{
		displayName: 'Subscription Type Name or ID',
		name: 'subscriptionTypeId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getSubscriptionTypes' },
		default: '',
		description:
			'Only opt-outs from this type (retired types included). Cannot be combined with the scope All. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Unsubscribed After',
		name: 'unsubscribedAfter',
		type: 'dateTime',
		default: '',
		description:
			'Only opt-outs made strictly after this moment (ISO 8601; without a time zone, UTC is assumed). An All row moves to the last time the member changed any email preference.',
	},
]);

export const properties: INodeProperties[] = [...leadingProperties, filters];

export const output = emailOptOut;

/** Query of GET /email-unsubscribes, without paging. */
const querySchema = z
	.object({
		subscriptionTypeId: z.string().trim().min(1, 'is empty: pick a subscription type or remove the filter').optional(),
		scope: oneOf(OPT_OUT_SCOPES).optional(),
		email: email.optional(),
		unsubscribedAfter: optionalDateTime,
	})
	.strict()
	.refine((query) => !(query.scope === 'all' && query.subscriptionTypeId), {
		path: ['scope'],
		message:
			'cannot be "All" together with a subscription type: "All" rows are opt-outs from every email and have no type. Remove the subscription type or choose Specific',
	});

/** One item per opt-out row: userId, userEmail, subscriptionTypeId and name, scope, unsubscribedAt. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const wanted = readLimit(this, itemIndex);
	const qs = readParameters(this, itemIndex, [filters], querySchema);
	return await readOptOuts.call(this, qs, wanted, itemIndex);
}
