import { z } from 'zod';

import { email, requiredText } from './common';
import { requiredDateTime } from './dates';

/** Body of POST /contributionLogs. */
export const createContributionLogSchema = z
	.object({
		contributionName: requiredText('the name of a contribution defined in the community').pipe(
			z.string().max(300, 'is longer than 300 characters: use the contribution name as defined in the community'),
		),
		userEmail: email,
		contributedAt: requiredDateTime('when the contribution happened, such as 2026-01-31T09:30:00Z'),
		count: z.preprocess(
			(value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
			z
				.number({ invalid_type_error: 'must be a number, such as 1' })
				.int('must be a whole number, such as 1')
				.min(1, 'must be at least 1'),
		),
		externalContributionId: z.string().trim().min(1, 'is empty: remove the field or enter an ID').optional(),
		notes: z.string().max(100, 'is longer than 100 characters: shorten the note to at most 100 characters').optional(),
	})
	.strict();
