import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyMembers } from '../../output/simplify';
import { compact, parseParameters, readLimit } from '../../schemas/common';
import { APPROVAL_FILTERS, MEMBER_TYPES, memberFiltersSchema } from '../../schemas/member';
import { paginate } from '../../transport/paginate';
import { returnAllAndLimit, simplify } from '../common.descriptions';

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
				displayName: 'Approval Status',
				name: 'approvalStatus',
				type: 'options',
				options: APPROVAL_FILTERS.map((value) => ({ name: value, value })),
				default: 'Approved',
			},
			{
				displayName: 'Member Type',
				name: 'memberType',
				type: 'options',
				options: MEMBER_TYPES.map((value) => ({ name: value, value })),
				default: 'Standard',
			},
			{
				displayName: 'Signed Up From',
				name: 'signedUpFromDate',
				type: 'dateTime',
				default: '',
				description: 'Only members who signed up on or after this day (UTC)',
			},
			{
				displayName: 'Signed Up To',
				name: 'signedUpToDate',
				type: 'dateTime',
				default: '',
				description: 'Only members who signed up on or before this day (UTC)',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Sort By',
				name: 'sortBy',
				type: 'options',
				options: [
					{ name: 'Created At', value: 'createdAt' },
					{ name: 'Signed Up At', value: 'signUpAt' },
				],
				default: 'createdAt',
			},
			{
				displayName: 'Sort Direction',
				name: 'sortDirection',
				type: 'options',
				options: [
					{ name: 'Ascending', value: 'asc' },
					{ name: 'Descending', value: 'desc' },
				],
				default: 'desc',
			},
		],
	},
	simplify,
];

export const description = updateDisplayOptions({ show: { resource: ['member'], operation: ['getAll'] } }, properties);

const LABELS = {
	signedUpFromDate: 'Signed Up From',
	signedUpToDate: 'Signed Up To',
	approvalStatus: 'Approval Status',
	memberType: 'Member Type',
	sortBy: 'Sort By',
	sortDirection: 'Sort Direction',
};

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { returnAll, limit } = readLimit(this, itemIndex);
	const raw = compact({
		...(this.getNodeParameter('filters', itemIndex, {}) as IDataObject),
		...(this.getNodeParameter('options', itemIndex, {}) as IDataObject),
	});
	const qs = compact(parseParameters(this.getNode(), memberFiltersSchema, raw, itemIndex, LABELS));
	const members = (await paginate.call(this, { path: '/users', qs, returnAll, limit, itemIndex })) as IDataObject[];
	return simplifyMembers(members, this.getNodeParameter('simplify', itemIndex, true) as boolean);
}
