import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { listProfileQuestions } from '../../reads/profileQuestions';

export async function getProfileQuestions(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const questions = await listProfileQuestions.call(this);
	return questions.map((q) => ({ name: q.title, value: q.id }));
}
