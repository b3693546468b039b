import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listProfileQuestions } from '../../reads/profileQuestions';

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
