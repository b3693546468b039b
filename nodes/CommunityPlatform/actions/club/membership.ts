import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, INodeProperties } from 'n8n-workflow';

import { apiRequest, pathOf } from '../../transport/request';
import { memberTarget } from '../member/target';
import { memberLocator } from '../common.descriptions';
import { clubIdOf, clubLocator } from './descriptions';

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
	const target = memberTarget(this, itemIndex, true);
	const body: IDataObject = target.email ? { email: target.email } : { userId: target.userId };
	const member = target.email ? `the email "${target.email}"` : `the ID "${target.userId}"`;
	const response = (await apiRequest.call(this, {
		method,
		path: pathOf`/clubs/${{ Club: clubId }}/users`,
		body,
		itemIndex,
		notFound: `No club has the ID "${clubId}", or no member has ${member}`,
	})) as IDataObject;
	return { clubId, ...body, ...response };
}
