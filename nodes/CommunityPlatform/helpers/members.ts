import type { IDataObject } from 'n8n-workflow';

import { malformedError } from '../transport/errors';
import type { ApiContext } from '../transport/request';
import { apiRequest, secretsOf } from '../transport/request';

/** The fields most workflows need from a member; Simplify keeps these. */
const SIMPLE_MEMBER_FIELDS = [
	'userId',
	'userEmail',
	'displayName',
	'userFirstName',
	'userLastName',
	'userTitle',
	'userCompany',
	'memberType',
	'approvalStatus',
	'signUpAt',
	'lastLoginAt',
];

export function simplifyMember(member: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const key of SIMPLE_MEMBER_FIELDS) if (member[key] !== undefined) out[key] = member[key];
	return out;
}

export function maybeSimplify(members: IDataObject[], simplify: boolean): IDataObject[] {
	return simplify ? members.map(simplifyMember) : members;
}

/** GET /users in single-lookup mode: one member object, or a 404 saying who was not found. */
export async function findMemberByEmail(this: ApiContext, email: string, itemIndex?: number): Promise<IDataObject> {
	const member = (await apiRequest.call(this, {
		method: 'GET',
		path: '/users',
		qs: { email },
		itemIndex,
		notFound: `No member has the email "${email}"`,
	})) as IDataObject;
	if (!member || typeof member !== 'object' || Array.isArray(member) || Array.isArray(member.results)) {
		throw malformedError(
			{ node: this.getNode(), method: 'GET', path: '/users', itemIndex, secrets: await secretsOf(this) },
			'expected one member for an email lookup',
			member,
		);
	}
	return member;
}
