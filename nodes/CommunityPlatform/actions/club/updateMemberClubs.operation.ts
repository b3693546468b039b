import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { updateMemberClubsSchema } from '../../schemas/clubs';
import { parseParameters } from '../../schemas/common';
import { apiRequest } from '../../transport/request';
import { memberLocator } from '../common.descriptions';
import { hiddenWhenRemovingAll, membershipModeProperties, readMembershipChange } from '../membership.descriptions';
import { memberTarget } from '../member/target';

const properties: INodeProperties[] = [
	memberLocator(true),
	...membershipModeProperties('clubs', 'Remove From All Clubs'),
	{
		displayName: 'Identify Clubs By',
		name: 'clubsBy',
		type: 'options',
		options: [
			{ name: 'ID', value: 'id', description: 'Pick clubs from the list, or give their IDs' },
			{ name: 'Name', value: 'name', description: 'Give the exact club names' },
		],
		default: 'id',
		displayOptions: hiddenWhenRemovingAll,
	},
	{
		displayName: 'Club Names or IDs',
		name: 'clubIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getClubs' },
		default: [],
		displayOptions: { ...hiddenWhenRemovingAll, show: { clubsBy: ['id'] } },
		description:
			'Up to 10 clubs, each once. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Club Names',
		name: 'clubNames',
		type: 'string',
		default: '',
		placeholder: 'e.g. Designers, Product Leaders',
		displayOptions: { ...hiddenWhenRemovingAll, show: { clubsBy: ['name'] } },
		description: 'Up to 10 exact club names, separated by commas (or a list from an expression), each once',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['club'], operation: ['updateMemberClubs'] } },
	properties,
);

/**
 * POST /updateUserClubs. The output is the API's answer: the member, oldClubs, newClubs and
 * `results`, one entry per club with status success, already_member or failed (with a reason).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const target = memberTarget(this, itemIndex, true);
	const byName = this.getNodeParameter('clubsBy', itemIndex, 'id') === 'name';
	const listLabel = byName ? 'Club Names' : 'Club Names or IDs';
	const change = parseParameters(
		this.getNode(),
		updateMemberClubsSchema,
		readMembershipChange(this, itemIndex, byName ? 'clubNames' : 'clubIds'),
		itemIndex,
		{ mode: 'Mode', list: listLabel, removeFromAll: 'Remove From All Clubs' },
	);
	const body: IDataObject = {
		...(target.email ? { email: target.email } : { userId: target.userId }),
		[byName ? 'clubNames' : 'clubIds']: change.list,
		mode: change.mode,
	};
	return (await apiRequest.call(this, {
		method: 'POST',
		path: '/updateUserClubs',
		body,
		itemIndex,
		notFound: target.email ? `No member has the email "${target.email}"` : `No member has the ID "${target.userId}"`,
	})) as IDataObject;
}
