import type { ApiContext } from '../../shared/transport/request';
import { apiRequest } from '../../shared/transport/request';

/** A club list entry (GET /clubs). */
export interface Club {
	clubId: string;
	name: string;
	slug: string;
	accessType: string;
}

/** Every club of the community: GET /clubs answers one plain list, not pages. */
export async function listClubs(this: ApiContext, itemIndex?: number): Promise<Club[]> {
	return (await apiRequest.call(this, {
		method: 'GET',
		path: '/clubs',
		itemIndex,
		expect: { shape: 'list', of: 'clubs' },
	})) as Club[];
}
