import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { listClubs } from '../../reads/clubs';

/** The community's clubs by name, valued by club ID. */
export async function getClubs(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const clubs = await listClubs.call(this);
	return clubs
		.map((club) => ({ name: club.name, value: club.clubId, description: `${club.accessType} club, slug "${club.slug}"` }))
		.sort((a, b) => a.name.localeCompare(b.name));
}
