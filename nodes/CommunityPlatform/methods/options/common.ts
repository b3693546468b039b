import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { listProfileQuestions } from '../../helpers/profileQuestions';
import { apiRequest } from '../../transport/request';

interface Space {
	name: string;
	description?: string;
}

export async function getSpaces(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const spaces = (await apiRequest.call(this, { method: 'GET', path: '/spaces' })) as Space[];
	return (Array.isArray(spaces) ? spaces : [])
		.map((space) => ({ name: space.name, value: space.name, description: space.description }))
		.sort((a, b) => a.name.localeCompare(b.name));
}

export async function getProfileQuestions(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const questions = await listProfileQuestions.call(this);
	return questions.map((q) => ({ name: q.title, value: q.id }));
}
