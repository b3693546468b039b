import { DateTime } from 'luxon';
import { z } from 'zod';

/**
 * The value shapes several operations share. Each zod message says what is wrong and how to
 * fix it; the field's label is added in front.
 */

/** The longest email address there can be (RFC 5321: 254 characters). */
const MAX_EMAIL_LENGTH = 254;

export const email = z
	.string({ required_error: 'is required: enter an email address such as jane@example.com' })
	.trim()
	.min(1, 'is required: enter an email address such as jane@example.com')
	.max(MAX_EMAIL_LENGTH, `is longer than ${MAX_EMAIL_LENGTH} characters, the most an email address can have: check the value`)
	// Piped, so that the address check runs only on a value of a possible length.
	.pipe(z.string().email('must be an email address such as jane@example.com (no spaces, with a domain)'));

export const url = z
	.string()
	.trim()
	.url('must be a full URL starting with https://, such as https://example.com/photo.png')
	.refine((value) => /^https?:\/\//i.test(value), 'must start with http:// or https://');

export const requiredText = (what = 'a value') =>
	z.string({ required_error: `is required: enter ${what}` }).trim().min(1, `is required: enter ${what}`);

/** An optional text that, when given, is not blank. */
export const optionalText = z.string().trim().min(1, 'is empty: remove the field or enter a value').optional();

/** A calendar day for the API's YYYY-MM-DD filters; accepts an ISO date-time from n8n's date picker. */
export const day = z
	.string()
	.trim()
	.transform((value, ctx) => {
		const parsed = /^\d{4}-\d{2}-\d{2}$/.test(value)
			? DateTime.fromISO(value, { zone: 'utc' })
			: DateTime.fromISO(value, { setZone: true });
		if (!parsed.isValid) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'must be a date in the form YYYY-MM-DD, such as 2026-01-31' });
			return z.NEVER;
		}
		return parsed.toFormat('yyyy-LL-dd');
	});

/**
 * The check of a From / To pair of `day` filters, for `.refine(...daysInOrder(...))`: when both
 * are set, `from` must not be after `to`; else the error names `from` with the given message.
 */
export function daysInOrder<K extends string>(
	from: K,
	to: K,
	message: string,
): [(f: Partial<Record<K, string>>) => boolean, { message: string; path: string[] }] {
	const inOrder = (f: Partial<Record<K, string>>) => {
		const start = f[from];
		const end = f[to];
		return !start || !end || start <= end;
	};
	return [inOrder, { message, path: [from] }];
}

/** An ISO 8601 timestamp, sent on in UTC with milliseconds. */
export const timestamp = z
	.string()
	.trim()
	.transform((value, ctx) => {
		const parsed = DateTime.fromISO(value, { zone: 'utc' });
		if (!parsed.isValid) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'must be an ISO 8601 date-time, such as 2026-01-31T09:30:00Z' });
			return z.NEVER;
		}
		return parsed.toUTC().toISO() as string;
	});

/** A date-time from the picker (text) or from an expression (Date or Luxon DateTime), as ISO text. */
function isoText(value: unknown): unknown {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
	if (value && typeof value === 'object' && typeof (value as { toISO?: unknown }).toISO === 'function') {
		return (value as { toISO: () => string | null }).toISO() ?? 'Invalid DateTime';
	}
	return value;
}

/** An optional ISO 8601 date-time, sent in UTC with milliseconds. */
export const optionalDateTime = z.preprocess(isoText, timestamp.optional());

/** A required ISO 8601 date-time; `what` completes "is required: enter …". */
export const requiredDateTime = (what: string) => z.preprocess(isoText, requiredText(what).pipe(timestamp));

/**
 * An enum that accepts the spec's values in the letter case the API allows. An empty value
 * (left out as unset) is refused like any other value outside the list.
 */
export function oneOf<T extends string>(values: readonly [T, ...T[]], options: { caseInsensitive?: boolean } = {}) {
	const list = values.join(', ');
	return z.string({ required_error: `must be one of ${list} (got "")` }).transform((value, ctx) => {
		const found = values.find((v) => (options.caseInsensitive ? v.toLowerCase() === value.toLowerCase() : v === value));
		if (!found) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: `must be one of ${list} (got "${value}")` });
			return z.NEVER;
		}
		return found;
	});
}

/** A boolean from the toggle, or `true` / `false` from an expression. */
export const flag = z.union(
	[z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')],
	{ errorMap: () => ({ message: 'must be true or false' }) },
);

/** Member types, as the API spells them (member filters, profile updates and club requests offer them). */
export const MEMBER_TYPES = ['Standard', 'Guest', 'Limited Approval'] as const;

/** Attendee roles of an event, sorted for the option lists (invitations and their filters offer them). */
export const ATTENDEE_TYPES = ['Attendee', 'Guest', 'Host', 'Press', 'Speaker', 'Sponsor', 'Staff'] as const;
