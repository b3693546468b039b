import { z } from 'zod';

import { day, email, oneOf, requiredText, url } from './common';

export const MEMBER_TYPES = ['Standard', 'Guest', 'Limited Approval'] as const;
export const APPROVAL_FILTERS = ['Pending', 'Approved', 'Unapproved'] as const;
export const APPROVAL_STATUSES = ['approved', 'pending', 'unapproved'] as const;

const optionalText = z.string().trim().min(1, 'is empty: remove the field or enter a value').optional();

export const createMemberSchema = z
	.object({
		email,
		firstName: requiredText('the first name'),
		position: requiredText('the job title'),
		company: requiredText('the company name'),
		lastName: optionalText,
		linkedInUrl: url.optional(),
		pictureUrl: url.optional(),
		spaces: z.array(z.string().trim().min(1, 'has an empty entry: remove it')).optional(),
	})
	.strict();

/** The profile fields PATCH /users/:id and POST /updateProfileByEmail accept. */
export const profileFieldsSchema = z
	.object({
		firstName: optionalText,
		lastName: optionalText,
		position: optionalText,
		company: optionalText,
		pictureUrl: url.optional(),
		linkedInUrl: url.optional(),
		bio: z.string().optional(),
		memberType: oneOf(MEMBER_TYPES, { caseInsensitive: true }).optional(),
		approvalStatus: oneOf(APPROVAL_STATUSES, { caseInsensitive: true }).optional(),
	})
	.strict();

export const memberFiltersSchema = z
	.object({
		signedUpFromDate: day.optional(),
		signedUpToDate: day.optional(),
		approvalStatus: oneOf(APPROVAL_FILTERS).optional(),
		memberType: oneOf(MEMBER_TYPES).optional(),
		sortBy: oneOf(['createdAt', 'signUpAt']).optional(),
		sortDirection: oneOf(['asc', 'desc']).optional(),
	})
	.strict()
	.refine((f) => !f.signedUpFromDate || !f.signedUpToDate || f.signedUpFromDate <= f.signedUpToDate, {
		message: 'is after "Signed Up To": swap the two dates',
		path: ['signedUpFromDate'],
	});

/** A row of POST /users/batch: creation rules, company of at least 2 characters, no spaces. */
export const batchCreateRowSchema = createMemberSchema.omit({ spaces: true }).extend({
	company: requiredText('the company name').pipe(z.string().min(2, 'must be at least 2 characters long')),
});

/** A row of POST /users/batch-update: the email plus profile fields and answers by question id. */
export const batchUpdateRowSchema = profileFieldsSchema
	.extend({ email, questionAnswers: z.record(z.string()).optional() })
	.strict();
