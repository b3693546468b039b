import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { findMemberByEmail } from '../../locators/member';
import { listProfileQuestions } from '../../helpers/profileQuestions';
import type { Page } from '../../transport/paginate';
import { apiRequest } from '../../transport/request';

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
	const pageNum = Number(paginationToken ?? 1);
	const page = (await apiRequest.call(this, {
		method: 'GET',
		path: '/users',
		qs: { pageNum, pageSize: MEMBER_PAGE },
	})) as Page;
	const results = (page.results ?? [])
		.filter((m) => !text || memberLabel(m).toLowerCase().includes(text))
		.map((m) => ({ name: memberLabel(m), value: String(m.userId) }));
	const more = (page.results ?? []).length === MEMBER_PAGE;
	return { results, paginationToken: more ? String(pageNum + 1) : undefined };
}

export async function searchProfileQuestions(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const text = (filter ?? '').trim().toLowerCase();
	const questions = await listProfileQuestions.call(this);
	return {
		results: questions
			.filter((q) => !text || q.title.toLowerCase().includes(text))
			.map((q) => ({ name: q.title, value: q.id })),
	};
}
