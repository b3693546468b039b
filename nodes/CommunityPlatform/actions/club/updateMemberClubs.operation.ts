import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { memberLocator, readMember } from '../../locators/member';
import { readParameters } from '../../../shared/parameters/read';
import { apiRequest } from '../../../shared/transport/request';
import { hiddenWhenRemovingAll, membershipChangeSchema, membershipModeProperties, nameList } from '../membershipChange';
import { memberClubsUpdate } from '../../output/clubs';

/** The API's limit on clubIds and on clubNames in one update. */
const MAX_CLUBS_PER_UPDATE = 10;
const REMOVE_ALL = 'Remove From All Clubs';

const modeProperties = membershipModeProperties('clubs', REMOVE_ALL);

const clubsByField: INodeProperties = {
	displayName: 'Identify Clubs By',
	name: 'clubsBy',
	type: 'options',
	options: [
		{ name: 'ID', value: 'id', description: 'Pick clubs from the list, or give their IDs' },
		{ name: 'Name', value: 'name', description: 'Give the exact club names' },
	],
	default: 'id',
	displayOptions: hiddenWhenRemovingAll,
};

const clubIdsField: INodeProperties = {
	displayName: 'Club Names or IDs',
	name: 'clubIds',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getClubs' },
	default: [],
	displayOptions: { ...hiddenWhenRemovingAll, show: { clubsBy: ['id'] } },
	description:
		'Up to 10 clubs, each once. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

const clubNamesField: INodeProperties = {
	displayName: 'Club Names',
	name: 'clubNames',
	type: 'string',
	default: '',
	placeholder: 'e.g. Designers, Product Leaders',
	displayOptions: { ...hiddenWhenRemovingAll, show: { clubsBy: ['name'] } },
	description: 'Up to 10 exact club names, separated by commas (or a list from an expression), each once',
};

export const properties: INodeProperties[] = [memberLocator(true), ...modeProperties, clubsByField, clubIdsField, clubNamesField];

export const output = memberClubsUpdate;

/**
 * POST /updateUserClubs. The output is the API's answer: the member, oldClubs, newClubs and
 * `results`, one entry per club with status success, already_member or failed (with a reason).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const target = readMember(this, itemIndex, true);
	const listField = this.getNodeParameter('clubsBy', itemIndex, 'id') === 'name' ? clubNamesField : clubIdsField;
	const change = readParameters(
		this,
		itemIndex,
		[...modeProperties, listField],
		membershipChangeSchema(listField.name, nameList('clubs', MAX_CLUBS_PER_UPDATE), 'clubs', REMOVE_ALL),
	);
	const body: IDataObject = {
		...target.body,
		[listField.name]: change.list,
		mode: change.mode,
	};
	return (await apiRequest.call(this, {
		method: 'POST',
		path: '/updateUserClubs',
		body,
		itemIndex,
		notFound: target.notFound,
	})) as IDataObject;
}
