import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { locatorHints } from '../../shared/builderHints';
import { failParameters, parseParameters } from '../../shared/parameters/read';
import { listClubs } from '../reads/clubs';
import { oncePerExecution } from './perExecution';
import { readLocator } from './value';

/** The club to act on: from a searchable list of the community's clubs, by ID, or by name. */
export const clubLocator: INodeProperties = {
	displayName: 'Club',
	name: 'club',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The club to act on',
	builderHint: locatorHints.club,
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a club...',
			typeOptions: { searchListMethod: 'searchClubs', searchable: true },
		},
		{ displayName: 'By ID', name: 'id', type: 'string', placeholder: 'e.g. 64f1c2a9e4b0a1b2c3d4e5f6' },
		{ displayName: 'By Name', name: 'name', type: 'string', placeholder: 'e.g. Product Leaders' },
	],
};

const idSchema = z.object({
	clubId: z.string().trim().min(1, 'is empty: pick a club from the list or enter its ID'),
});

/**
 * Reads the Club locator: the club's ID, checked before any request. A name is looked up in
 * the community's clubs, read once per execution (exact match first, then ignoring letter case).
 */
export async function clubIdOf(ctx: IExecuteFunctions, itemIndex: number): Promise<string> {
	const { mode, value: raw, label } = readLocator(ctx, itemIndex, clubLocator);
	const { clubId: value } = parseParameters(ctx.getNode(), idSchema, { clubId: raw }, itemIndex, { clubId: label });
	if (mode !== 'name') return value;
	const clubs = await oncePerExecution(ctx, 'clubs', () => listClubs.call(ctx, itemIndex));
	const match =
		clubs.find((club) => club.name === value) ?? clubs.find((club) => club.name.toLowerCase() === value.toLowerCase());
	if (!match) {
		failParameters(
			ctx.getNode(),
			[`"${label}" names no club of this community ("${value}"): pick the club from the list, or check the name`],
			itemIndex,
		);
	}
	return match.clubId;
}
