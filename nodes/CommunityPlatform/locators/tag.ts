import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { locatorHints } from '../../shared/builderHints';
import { failParameters } from '../../shared/parameters/read';
import { readLocator } from './value';

/** A tag locator: From List (searchable by name) or By ID. */
export function tagLocator(name: string, displayName: string, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description,
		builderHint: name === 'targetTag' ? locatorHints.targetTag : locatorHints.tag,
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

/** The tag an operation acts on. */
export const tagProperty: INodeProperties = { ...tagLocator('tag', 'Tag', 'The tag to act on'), required: true };

/** The tag id in a tag locator; empty when the locator is not required and nothing was chosen. */
export function readTagId(ctx: IExecuteFunctions, itemIndex: number, property: INodeProperties = tagProperty): string {
	const { value, label } = readLocator(ctx, itemIndex, property);
	if (!value && property.required) {
		failParameters(ctx.getNode(), [`"${label}" is empty: pick a tag from the list or enter its ID`], itemIndex);
	}
	return value;
}
