import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { listSubscriptionTypes } from '../../reads/subscriptionTypes';

/** Every email subscription type, retired (hidden) ones too since their opt-outs remain; valued by ID. */
export async function getSubscriptionTypes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const types = await listSubscriptionTypes.call(this, { qs: { includeHidden: 'true' }, returnAll: true });
	return types.map((type) => ({
		name: type.hidden ? `${type.name} (retired)` : type.name,
		value: type.id,
		description: type.description ?? undefined,
	}));
}
