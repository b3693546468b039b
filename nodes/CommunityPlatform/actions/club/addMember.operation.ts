import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { shownFor } from '../operation';
import { changeClubMembership, clubMembershipProperties } from './membership';

export const displayOptions = shownFor('club', 'addMember');

export const description = updateDisplayOptions(displayOptions, clubMembershipProperties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await changeClubMembership.call(this, itemIndex, 'POST');
}
