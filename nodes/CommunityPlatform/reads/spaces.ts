import type { IDataObject } from 'n8n-workflow';

import type { ApiContext } from '../../shared/transport/request';
import { apiRequest } from '../../shared/transport/request';

/** A space (GET /spaces). */
export interface Space extends IDataObject {
	name: string;
	description?: string;
}

/** Every space of the community: GET /spaces answers one plain list, not pages. */
export async function listSpaces(this: ApiContext, itemIndex?: number): Promise<Space[]> {
	const request = { method: 'GET', path: '/spaces', itemIndex, expect: { shape: 'list', of: 'spaces' } } as const;
	return (await apiRequest.call(this, request)) as Space[];
}
