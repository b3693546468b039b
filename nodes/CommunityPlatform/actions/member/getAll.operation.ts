import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { MEMBER_FIELDS, simplifier } from '../../output/simplify';
import { returnAllAndLimit, readLimit } from '../../../shared/parameters/limit';
import { day, daysInOrder, MEMBER_TYPES, oneOf } from '../../../shared/parameters/primitives';
import { readParameters } from '../../../shared/parameters/read';
import { paginate } from '../../../shared/transport/paginate';
import { collection, simplify } from '../../../shared/parameters/fields';
import { memberOutput } from '../../output/members';

const APPROVAL_FILTERS = ['Pending', 'Approved', 'Unapproved'] as const;

const queryFields: INodeProperties[] = [
	collection('filters', [
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
	]),
	collection('options', [
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
	]),
];

export const properties: INodeProperties[] = [...returnAllAndLimit, ...queryFields, simplify];

export const output = memberOutput;

const querySchema = z
	.object({
		signedUpFromDate: day.optional(),
		signedUpToDate: day.optional(),
		approvalStatus: oneOf(APPROVAL_FILTERS).optional(),
		memberType: oneOf(MEMBER_TYPES).optional(),
		sortBy: oneOf(['createdAt', 'signUpAt']).optional(),
		sortDirection: oneOf(['asc', 'desc']).optional(),
	})
	.strict()
	.refine(...daysInOrder('signedUpFromDate', 'signedUpToDate', 'is after "Signed Up To": swap the two dates'));

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { returnAll, limit } = readLimit(this, itemIndex);
	const qs = readParameters(this, itemIndex, queryFields, querySchema);
	const keep = simplifier(MEMBER_FIELDS, this.getNodeParameter('simplify', itemIndex, true) as boolean);
	return await (paginate<IDataObject>).call(this, { path: '/users', qs, returnAll, limit, itemIndex, keep });
}
