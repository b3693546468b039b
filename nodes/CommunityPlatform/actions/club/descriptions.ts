import type { IExecuteFunctions, INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';

import { parseParameters } from '../../schemas/common';
import { clubIdSchema } from '../../schemas/clubs';

/** The club to act on: from a searchable list of the community's clubs, or by ID. */
export const clubLocator: INodeProperties = {
	displayName: 'Club',
	name: 'club',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The club to act on',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a club...',
			typeOptions: { searchListMethod: 'searchClubs', searchable: true },
		},
		{ displayName: 'By ID', name: 'id', type: 'string', placeholder: 'e.g. 64f1c2a9e4b0a1b2c3d4e5f6' },
	],
};

/** Reads the Club locator: the club's ID, checked before any request. */
export function clubIdOf(ctx: IExecuteFunctions, itemIndex: number): string {
	const locator = ctx.getNodeParameter('club', itemIndex) as INodeParameterResourceLocator;
	return parseParameters(ctx.getNode(), clubIdSchema, { clubId: String(locator.value ?? '') }, itemIndex, {
		clubId: 'Club',
	}).clubId;
}
