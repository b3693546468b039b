import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { changeClubMembership, clubMembershipProperties } from './membership';

export const description = updateDisplayOptions(
	{ show: { resource: ['club'], operation: ['removeMember'] } },
	clubMembershipProperties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await changeClubMembership.call(this, itemIndex, 'DELETE');
}
