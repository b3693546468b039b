import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { changeClubMembership, clubMembershipProperties } from './membership';
import { clubMembershipChange } from '../../output/clubs';

export const properties: INodeProperties[] = clubMembershipProperties;

export const output = clubMembershipChange;

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await changeClubMembership.call(this, itemIndex, 'POST');
}
