import type { IDataObject, IExecuteFunctions, INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { getProfileQuestion } from '../../helpers/profileQuestions';
import { parseParameters } from '../../parameters/read';

const properties: INodeProperties[] = [
	{
		displayName: 'Profile Question',
		name: 'question',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
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
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['profileQuestion'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const locator = this.getNodeParameter('question', itemIndex) as INodeParameterResourceLocator;
	const { id } = parseParameters(
		this.getNode(),
		z.object({ id: z.string().trim().min(1, 'is empty: pick a question from the list or enter its ID') }),
		{ id: String(locator.value ?? '') },
		itemIndex,
		{ id: 'Profile Question' },
	);
	return (await getProfileQuestion.call(this, id, itemIndex)) as unknown as IDataObject;
}
