import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { findMemberByEmail } from '../../locators/member';
import { searchPage } from '../../../shared/search/searchPage';

const MEMBER_PAGE = 100;

function memberLabel(member: IDataObject): string {
	const name = String(member.displayName ?? [member.userFirstName, member.userLastName].filter(Boolean).join(' '));
	return member.userEmail ? `${name} (${String(member.userEmail)})` : name;
}

/**
 * Members for the Member locator. An email finds that member directly; any other filter is
 * matched against name and email on each page (the API has no name search).
 */
export async function searchMembers(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const text = (filter ?? '').trim().toLowerCase();
	if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) {
		try {
			const member = await findMemberByEmail.call(this, text);
			return { results: [{ name: memberLabel(member), value: String(member.userId) }] };
		} catch (error) {
			if ((error as NodeApiError).httpCode === '404') return { results: [] };
			throw new NodeApiError(this.getNode(), error as JsonObject);
		}
	}
	return await searchPage(this, { path: '/users', pageSize: MEMBER_PAGE }, paginationToken, (members) =>
		members
			.filter((m) => !text || memberLabel(m).toLowerCase().includes(text))
			.map((m) => ({ name: memberLabel(m), value: String(m.userId) })),
	);
}
