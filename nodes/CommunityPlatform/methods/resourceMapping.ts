import type { ILoadOptionsFunctions, ResourceMapperField, ResourceMapperFields } from 'n8n-workflow';

import type { ProfileQuestion } from '../reads/profileQuestions';
import { describeProfileQuestions } from '../reads/profileQuestions';

/** How a text field's answer relates to the question's choices, for questions a dropdown cannot hold. */
function optionsHint(question: ProfileQuestion): string {
	const choices = (question.options ?? []).join('; ');
	if (question.type === 'Multi Select') return `one or more of: ${choices}${question.withOtherOption ? '; or any other answer' : ''}`;
	if (question.type === 'Single Select') return `one of: ${choices}; or any other answer`;
	return '';
}

/** One mapper field per profile question; Location questions are left out (the API rejects them). */
function profileAnswerField(question: ProfileQuestion): ResourceMapperField {
	const single = question.type === 'Single Select' && !question.withOtherOption && question.options?.length;
	const hint = !question.options?.length || single ? '' : ` (${optionsHint(question)})`;
	return {
		id: question.id,
		displayName: `${question.title}${hint}`,
		required: false,
		defaultMatch: false,
		canBeUsedToMatch: false,
		display: true,
		type: single ? 'options' : question.type === 'URL' ? 'url' : 'string',
		options: single ? question.options?.map((option) => ({ name: option, value: option })) : undefined,
	};
}

export async function getProfileAnswerFields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const questions = await describeProfileQuestions.call(this);
	return { fields: questions.filter((q) => q.type !== 'Location').map(profileAnswerField) };
}
