import { z } from 'zod';

import { day, email, oneOf, requiredText } from './common';

/** Value sets in the spec's exact case, sorted for the option lists. */
export const EVENT_STATUSES = ['Draft', 'Published'] as const;
export const EVENT_ACCESS = ['All Members', 'Public', 'Selected Spaces Only'] as const;
export const ATTENDEE_TYPES = ['Attendee', 'Guest', 'Host', 'Press', 'Speaker', 'Sponsor', 'Staff'] as const;

export const INVITEE_NOTE_MAX = 200;

/** A boolean from the toggle, or `true` / `false` from an expression. */
export const flag = z.union(
	[z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')],
	{ errorMap: () => ({ message: 'must be true or false' }) },
);

const optionalText = z.string().trim().optional();

export const eventFiltersSchema = z
	.object({
		title: optionalText,
		startDate: day.optional(),
		endDate: day.optional(),
		status: oneOf(EVENT_STATUSES).optional(),
		access: oneOf(EVENT_ACCESS).optional(),
		unlisted: flag.optional(),
	})
	.strict()
	.refine((f) => !f.startDate || !f.endDate || f.startDate <= f.endDate, {
		message: 'is after "End Date": no event could match; swap the two dates',
		path: ['startDate'],
	});

export const attendeeFiltersSchema = z
	.object({
		userEmail: email.optional(),
		userId: optionalText,
	})
	.strict();

export const registrationSchema = z
	.object({
		email,
		firstName: requiredText('the first name'),
		lastName: requiredText('the last name'),
		position: requiredText('the job title'),
		company: requiredText('the company name'),
		ticketOptionId: optionalText,
	})
	.strict();

/** Ticket type names must match the event's exactly, so they are sent as typed. */
const ticketType = z
	.string({ required_error: 'is required: choose a ticket type of the event' })
	.refine((value) => value.trim() !== '', 'is required: choose a ticket type of the event');

/**
 * Emails as a list, or as text separated by commas, semicolons or new lines. Each must be an
 * email address and appear once (the API refuses duplicate values with 400).
 */
export const emailList = z
	.union([z.string(), z.array(z.string())], { errorMap: () => ({ message: 'must be a list of email addresses' }) })
	.transform((value, ctx) => {
		const list = (Array.isArray(value) ? value : value.split(/[,;\n]/)).map((e) => e.trim()).filter(Boolean);
		const seen = new Set<string>();
		for (const address of list) {
			if (!email.safeParse(address).success) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: `has "${address}", which is not an email address` });
			} else if (seen.has(address.toLowerCase())) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: `has "${address}" twice: list each address once` });
			}
			seen.add(address.toLowerCase());
		}
		return list;
	});

export const inviteeFiltersSchema = z
	.object({
		ticketType: ticketType.optional(),
		attendeeType: oneOf(ATTENDEE_TYPES).optional(),
		inviteeEmail: email.optional(),
		inviteAdminEmail: email.optional(),
	})
	.strict();

export const addInviteeSchema = z
	.object({
		inviteeEmail: email,
		ticketType,
		attendeeType: oneOf(ATTENDEE_TYPES),
		note: z
			.string()
			.max(INVITEE_NOTE_MAX, `is longer than ${INVITEE_NOTE_MAX} characters: shorten it`)
			.optional(),
		inviteAdminEmail: email.optional(),
		ccEmailAddresses: emailList.optional(),
	})
	.strict();
