import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, INodeProperties } from 'n8n-workflow';

import { clubIdOf, clubLocator } from '../../locators/club';
import { memberLocator, readMember } from '../../locators/member';
import { apiRequest, pathOf } from '../../../shared/transport/request';

/** Add Member and Remove Member take the same club and member. */
export const clubMembershipProperties: INodeProperties[] = [clubLocator, memberLocator(true)];

/**
 * POST (add) or DELETE (remove) /clubs/:clubId/users with the member's ID or email. The output
 * names the club and the member next to the API's `success`.
 */
export async function changeClubMembership(
	this: IExecuteFunctions,
	itemIndex: number,
	method: Extract<IHttpRequestMethods, 'POST' | 'DELETE'>,
): Promise<IDataObject> {
	const clubId = await clubIdOf(this, itemIndex);
	const target = readMember(this, itemIndex, true);
	const response = (await apiRequest.call(this, {
		method,
		path: pathOf`/clubs/${{ Club: clubId }}/users`,
		body: target.body,
		itemIndex,
		notFound: `No club has the ID "${clubId}", or no member has ${target.named}`,
	})) as IDataObject;
	return { clubId, ...target.body, ...response };
}
