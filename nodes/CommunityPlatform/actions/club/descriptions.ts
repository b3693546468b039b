import type { IExecuteFunctions, INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import type { Club } from '../../helpers/clubs';
import { listClubs } from '../../helpers/clubs';
import { failParameters, parseParameters } from '../../parameters/read';

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
		{ displayName: 'By Name', name: 'name', type: 'string', placeholder: 'e.g. Product Leaders' },
	],
};

const clubIdSchema = z.object({
	clubId: z.string().trim().min(1, 'is empty: pick a club from the list or enter its ID'),
});

/** The community's clubs, read once per execution however many items name a club. */
const clubLists = new WeakMap<object, Promise<Club[]>>();

function clubsOf(ctx: IExecuteFunctions, itemIndex: number): Promise<Club[]> {
	let clubs = clubLists.get(ctx);
	if (!clubs) {
		clubs = listClubs.call(ctx, itemIndex);
		clubLists.set(ctx, clubs);
		clubs.catch(() => clubLists.delete(ctx));
	}
	return clubs;
}

/**
 * Reads the Club locator: the club's ID, checked before any request. A name is looked up in
 * the community's clubs (exact match first, then ignoring letter case).
 */
export async function clubIdOf(ctx: IExecuteFunctions, itemIndex: number): Promise<string> {
	const locator = ctx.getNodeParameter('club', itemIndex) as INodeParameterResourceLocator;
	const { clubId: value } = parseParameters(ctx.getNode(), clubIdSchema, { clubId: String(locator.value ?? '') }, itemIndex, {
		clubId: 'Club',
	});
	if (locator.mode !== 'name') return value;
	const clubs = await clubsOf(ctx, itemIndex);
	const match =
		clubs.find((club) => club.name === value) ?? clubs.find((club) => club.name.toLowerCase() === value.toLowerCase());
	if (!match) {
		failParameters(
			ctx.getNode(),
			[`"Club" names no club of this community ("${value}"): pick the club from the list, or check the name`],
			itemIndex,
		);
	}
	return match.clubId;
}
