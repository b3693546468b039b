import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { changeClubMembership, clubMembershipProperties } from './membership';

export const properties: INodeProperties[] = clubMembershipProperties;

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await changeClubMembership.call(this, itemIndex, 'DELETE');
}
