import { z } from 'zod';

import { email, oneOf } from './common';
import { optionalDateTime } from './dates';

export const OPT_OUT_SCOPES = ['all', 'specific'] as const;

/** Query of GET /email-unsubscribes, without paging. */
export const optOutQuerySchema = z
	.object({
		subscriptionTypeId: z.string().trim().min(1, 'is empty: pick a subscription type or remove the filter').optional(),
		scope: oneOf(OPT_OUT_SCOPES).optional(),
		email: email.optional(),
		unsubscribedAfter: optionalDateTime,
	})
	.strict()
	.refine((query) => !(query.scope === 'all' && query.subscriptionTypeId), {
		path: ['scope'],
		message:
			'cannot be "All" together with a subscription type: "All" rows are opt-outs from every email and have no type. Remove the subscription type or choose Specific',
	});

/** Query of GET /email-subscription-types, without paging. */
export const subscriptionTypeQuerySchema = z
	.object({
		includeHidden: z.boolean().optional(),
		systemKey: z.string().trim().min(1, 'is empty: remove the filter or enter a system key').optional(),
	})
	.strict()
	.transform(({ includeHidden, systemKey }) => ({
		// the API accepts only the literal strings "true" and "false"
		includeHidden: includeHidden ? 'true' : undefined,
		systemKey,
	}));
