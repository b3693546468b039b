import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { locatorHints } from '../../../shared/builderHints';
import { readLocator } from '../../locators/value';
import { parseParameters } from '../../../shared/parameters/read';
import { getProfileQuestion } from '../../reads/profileQuestions';
import { profileQuestion } from '../../output/profileQuestions';

const questionLocator: INodeProperties = {
	displayName: 'Profile Question',
	name: 'question',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	builderHint: locatorHints.question,
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a question...',
			typeOptions: { searchListMethod: 'searchProfileQuestions', searchable: true },
		},
		{ displayName: 'By ID', name: 'id', type: 'string', placeholder: 'e.g. 64f1c2a9e4b0a1b2c3d4e5f6' },
	],
};

export const properties: INodeProperties[] = [questionLocator];

export const output = profileQuestion;

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { value, label } = readLocator(this, itemIndex, questionLocator);
	const { id } = parseParameters(
		this.getNode(),
		z.object({ id: z.string().trim().min(1, 'is empty: pick a question from the list or enter its ID') }),
		{ id: value },
		itemIndex,
		{ id: label },
	);
	return (await getProfileQuestion.call(this, id, itemIndex)) as unknown as IDataObject;
}
