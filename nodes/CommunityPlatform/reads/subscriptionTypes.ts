import type { IDataObject } from 'n8n-workflow';

import { paginate } from '../../shared/transport/paginate';
import type { ApiContext } from '../../shared/transport/request';

export interface SubscriptionType {
	id: string;
	name: string;
	description: string | null;
	hidden: boolean;
}

export async function listSubscriptionTypes(
	this: ApiContext,
	query: { qs?: IDataObject; returnAll: boolean; limit?: number; itemIndex?: number },
): Promise<SubscriptionType[]> {
	const types = await paginate.call(this, { path: '/email-subscription-types', ...query });
	return types as unknown as SubscriptionType[];
}
