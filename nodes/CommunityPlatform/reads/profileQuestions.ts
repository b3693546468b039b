import type { ApiContext } from '../../shared/transport/request';
import { apiRequest, pathOf } from '../../shared/transport/request';

export interface ProfileQuestionEntry {
	id: string;
	title: string;
	inUserProfileForm: boolean;
}

export interface ProfileQuestion extends ProfileQuestionEntry {
	type: 'Single Line Text' | 'Paragraph' | 'Single Select' | 'Multi Select' | 'Location' | 'URL';
	options?: string[];
	withOtherOption?: boolean;
	required?: boolean;
	subtitle?: string;
	maxLength?: number;
}

export async function listProfileQuestions(this: ApiContext): Promise<ProfileQuestionEntry[]> {
	return (await apiRequest.call(this, {
		method: 'GET',
		path: '/userProfileQuestions',
		expect: { shape: 'list', of: 'profile questions' },
	})) as ProfileQuestionEntry[];
}

export async function getProfileQuestion(this: ApiContext, id: string, itemIndex?: number): Promise<ProfileQuestion> {
	return (await apiRequest.call(this, {
		method: 'GET',
		path: pathOf`/userProfileQuestions/${{ 'Profile Question': id }}`,
		itemIndex,
		notFound: `No profile question has the ID "${id}"`,
	})) as ProfileQuestion;
}

/** Every question with its details, one list call plus one cheap (Light) read per question. */
export async function describeProfileQuestions(this: ApiContext): Promise<ProfileQuestion[]> {
	const entries = await listProfileQuestions.call(this);
	const details: ProfileQuestion[] = [];
	for (const entry of entries) details.push(await getProfileQuestion.call(this, entry.id));
	return details;
}
