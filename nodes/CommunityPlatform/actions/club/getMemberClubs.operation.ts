import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { memberLocator, readMember } from '../../locators/member';
import { apiRequest, pathOf } from '../../../shared/transport/request';
import { memberClubs } from '../../output/clubs';

export const properties: INodeProperties[] = [memberLocator(false)];

export const output = memberClubs;

/** One item: the member's name and email with `userClubs`, the list of clubs they belong to. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const target = readMember(this, itemIndex, false);
	return (await apiRequest.call(this, {
		method: 'GET',
		path: pathOf`/users/${{ Member: target.userId }}/clubs`,
		itemIndex,
		notFound: target.notFound,
	})) as IDataObject;
}
