import type { IDataObject } from 'n8n-workflow';

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
