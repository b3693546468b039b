import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listClubs } from '../../reads/clubs';

/** Clubs for the Club locator, matched on name or slug (the API lists every club at once). */
export async function searchClubs(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const text = (filter ?? '').trim().toLowerCase();
	const clubs = await listClubs.call(this);
	return {
		results: clubs
			.filter((club) => !text || club.name.toLowerCase().includes(text) || club.slug.toLowerCase().includes(text))
			.sort((a, b) => a.name.localeCompare(b.name))
			.map((club) => ({ name: club.name, value: club.clubId })),
	};
}
