import type { IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { DailyQuota } from '../../shared/transport/request';
import { apiRequest, knownDailyQuota } from '../../shared/transport/request';

/**
 * The Heavy tier's daily quota, before a batch run's first job. What this n8n process last heard
 * (every Heavy answer carries it), or, when it has heard nothing since the last reset, the
 * answer to one request that creates nothing: an update job with no rows, which the API refuses
 * (400) and which costs one of the day's Heavy requests. Undefined when the API does not say
 * (its answers carry no daily quota headers: then it is never asked again).
 */
export async function heavyQuota(ctx: IExecuteFunctions): Promise<DailyQuota | undefined> {
	let known = await knownDailyQuota(ctx, 'heavy');
	if (known === undefined) {
		try {
			await apiRequest.call(ctx, { method: 'POST', path: '/users/batch-update', body: { users: [] } });
		} catch (error) {
			const { httpCode, failure } = error as NodeApiError;
			// Re-wrapping an n8n error (the transport throws nothing else) hands back the original.
			if (httpCode !== '400' && failure?.cause !== 'quota-exhausted') throw new NodeApiError(ctx.getNode(), error as JsonObject);
		}
		known = await knownDailyQuota(ctx, 'heavy');
	}
	return known === 'not said' ? undefined : known;
}
