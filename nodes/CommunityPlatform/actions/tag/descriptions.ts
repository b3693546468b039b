import type { IExecuteFunctions, INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';

import { failParameters } from '../../parameters/read';

/** A tag locator: From List (searchable by name) or By ID. */
export function tagLocator(name: string, displayName: string, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a tag...',
				typeOptions: { searchListMethod: 'searchTags', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 65b2a1c3e4b0a1b2c3d4e5f6',
			},
		],
	};
}

export const tagProperty: INodeProperties = { ...tagLocator('tag', 'Tag', 'The tag to act on'), required: true };

/** The tag id in a locator parameter; empty when `optional` and nothing was chosen. */
export function tagIdOf(ctx: IExecuteFunctions, itemIndex: number, name = 'tag', label = 'Tag', optional = false): string {
	const locator = ctx.getNodeParameter(name, itemIndex, { mode: 'list', value: '' }) as INodeParameterResourceLocator | string;
	const value = String((typeof locator === 'object' && locator !== null ? locator.value : locator) ?? '').trim();
	if (!value && !optional) {
		failParameters(ctx.getNode(), [`"${label}" is empty: pick a tag from the list or enter its ID`], itemIndex);
	}
	return value;
}
