import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../transport/request';
import { memberLocator } from '../common.descriptions';
import { memberTarget } from './target';

const properties: INodeProperties[] = [
	{
		displayName:
			'The member is removed asynchronously: the API accepts the request at once and removes the member shortly after',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
	memberLocator(true),
];

export const description = updateDisplayOptions({ show: { resource: ['member'], operation: ['delete'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const target = memberTarget(this, itemIndex, true);
	const body: IDataObject = target.email ? { email: target.email } : { userId: target.userId };
	const response = (await apiRequest.call(this, {
		method: 'DELETE',
		path: '/users',
		body,
		itemIndex,
		notFound: target.email ? `No member has the email "${target.email}"` : `No member has the ID "${target.userId}"`,
	})) as IDataObject;
	return {
		...body,
		...response,
		removal: 'pending',
		note: 'Accepted: the member is removed asynchronously; the Member Trigger reports the removal when it happens.',
	};
}
