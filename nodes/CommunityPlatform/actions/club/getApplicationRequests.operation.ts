import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { clubIdOf, clubLocator } from '../../locators/club';
import { readLimit, returnAllAndLimit } from '../../../shared/parameters/limit';
import { MEMBER_TYPES, oneOf } from '../../../shared/parameters/primitives';
import { readParameters } from '../../../shared/parameters/read';
import { paginate } from '../../../shared/transport/paginate';
import { pathOf } from '../../../shared/transport/request';
import { collection } from '../../../shared/parameters/fields';
import { APPLICATION_STATUSES, applicationRequest } from '../../output/clubs';

const APPLICATION_SORTS = ['DEFAULT', 'CREATED_AT_ASC', 'CREATED_AT_DESC', 'NAME_ASC', 'NAME_DESC'] as const;

const contains = (what: string) => `Only applicants whose ${what} contains this text`;

const leadingProperties: INodeProperties[] = [
	clubLocator,
	{
		displayName:
			'Each request comes back as one item. Every item also carries totalCount: how many requests match the filters in all, even when Limit returns fewer.',
		name: 'totalCountNotice',
		type: 'notice',
		default: '',
	},
	...returnAllAndLimit,
];

const queryFields: INodeProperties[] = [
	collection('filters', [
		{ displayName: 'Company', name: 'company', type: 'string', default: '', description: contains('company') },
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			placeholder: 'name@email.com',
			default: '',
			description: contains('email'),
		},
		{ displayName: 'Job Title', name: 'title', type: 'string', default: '', description: contains('job title') },
		{ displayName: 'Member Name', name: 'memberName', type: 'string', default: '', description: contains('name') },
		{
			displayName: 'Member Type',
			name: 'memberType',
			type: 'options',
			options: [...MEMBER_TYPES].sort().map((value) => ({ name: value, value })),
			default: 'Standard',
			description: 'Only applicants of this member type',
		},
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			options: [...APPLICATION_STATUSES].sort().map((value) => ({ name: value, value })),
			default: 'Pending',
			description: 'Only requests in this state; without this filter, requests in every state are returned',
		},
	]),
	collection('options', [
		{
			displayName: 'Sort',
			name: 'sort',
			type: 'options',
			options: [
				{ name: 'Applicant Name (A to Z)', value: 'NAME_ASC', description: 'Newest first among equal names' },
				{ name: 'Applicant Name (Z to A)', value: 'NAME_DESC', description: 'Newest first among equal names' },
				{ name: 'Created (Newest First)', value: 'CREATED_AT_DESC' },
				{ name: 'Created (Oldest First)', value: 'CREATED_AT_ASC' },
				{ name: 'Default (Newest First)', value: 'DEFAULT' },
			],
			default: 'DEFAULT',
		},
	]),
];

export const properties: INodeProperties[] = [...leadingProperties, ...queryFields];

export const output = applicationRequest;

const filterText = z.string().trim().min(1, 'is empty: remove the filter or enter some text').optional();

/** Query of GET /clubs/:clubId/application-requests (the text filters are partial matches). */
const querySchema = z
	.object({
		status: oneOf(APPLICATION_STATUSES).optional(),
		memberName: filterText,
		email: filterText,
		title: filterText,
		company: filterText,
		memberType: oneOf(MEMBER_TYPES).optional(),
		sort: oneOf(APPLICATION_SORTS).optional(),
	})
	.strict();

/** One item per application request, each with the list's totalCount. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const clubId = await clubIdOf(this, itemIndex);
	const { returnAll, limit } = readLimit(this, itemIndex);
	const qs = readParameters(this, itemIndex, queryFields, querySchema);
	let totalCount: number | undefined;
	const requests = (await paginate.call(this, {
		path: pathOf`/clubs/${{ Club: clubId }}/application-requests`,
		qs,
		returnAll,
		limit,
		itemIndex,
		notFound: `No club has the ID "${clubId}"`,
		onPage: (page) => {
			totalCount = page.totalCount;
		},
	})) as IDataObject[];
	return requests.map((request) => ({ ...request, totalCount }));
}
