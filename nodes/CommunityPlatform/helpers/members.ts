import type { IDataObject } from 'n8n-workflow';

import type { ApiContext } from '../transport/request';
import { apiRequest } from '../transport/request';

/** GET /users in single-lookup mode: one member object, or a 404 saying who was not found. */
export async function findMemberByEmail(this: ApiContext, email: string, itemIndex?: number): Promise<IDataObject> {
	return (await apiRequest.call(this, {
		method: 'GET',
		path: '/users',
		qs: { email },
		itemIndex,
		notFound: `No member has the email "${email}"`,
		expect: { shape: 'object', of: 'one member for an email lookup' },
	})) as IDataObject;
}
