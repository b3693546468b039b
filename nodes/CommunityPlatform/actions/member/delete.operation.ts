import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { memberLocator, readMember } from '../../locators/member';
import { apiRequest } from '../../../shared/transport/request';
import { memberRemoval } from '../../output/members';

export const properties: INodeProperties[] = [
	{
		displayName:
			'The member is removed asynchronously: the API accepts the request at once and removes the member shortly after',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
	memberLocator(true),
];

export const output = memberRemoval;

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const target = readMember(this, itemIndex, true);
	const response = (await apiRequest.call(this, {
		method: 'DELETE',
		path: '/users',
		body: target.body,
		itemIndex,
		notFound: target.notFound,
	})) as IDataObject;
	return {
		...target.body,
		...response,
		removal: 'pending',
		note: 'Accepted: the member is removed asynchronously; the Member Trigger reports the removal when it happens.',
	};
}
