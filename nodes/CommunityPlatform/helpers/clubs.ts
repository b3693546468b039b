import { malformedError } from '../transport/errors';
import type { ApiContext } from '../transport/request';
import { apiRequest, secretsOf } from '../transport/request';

/** A club list entry (GET /clubs). */
export interface Club {
	clubId: string;
	name: string;
	slug: string;
	accessType: string;
}

/** Every club of the community: GET /clubs answers one plain list, not pages. */
export async function listClubs(this: ApiContext, itemIndex?: number): Promise<Club[]> {
	const clubs = await apiRequest.call(this, { method: 'GET', path: '/clubs', itemIndex });
	if (!Array.isArray(clubs)) {
		throw malformedError(
			{ node: this.getNode(), method: 'GET', path: '/clubs', itemIndex, secrets: await secretsOf(this) },
			'expected a list of clubs',
			clubs,
		);
	}
	return clubs as Club[];
}
