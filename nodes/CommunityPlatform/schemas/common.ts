import { DateTime } from 'luxon';
import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';

import { clipQuoted } from '../transport/quote';

/** Each zod message says what is wrong and how to fix it; the field's label is added in front. */
/** The longest email address there can be (RFC 5321: 254 characters). */
export const MAX_EMAIL_LENGTH = 254;

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

export const pageLimit = (max: number) =>
	z.number().int('must be a whole number').min(1, 'must be at least 1').max(max, `must be at most ${max}`);

/** An enum that accepts the spec's values in the letter case the API allows. */
export function oneOf<T extends string>(values: readonly [T, ...T[]], options: { caseInsensitive?: boolean } = {}) {
	const list = values.join(', ');
	return z.string().transform((value, ctx) => {
		const found = values.find((v) => (options.caseInsensitive ? v.toLowerCase() === value.toLowerCase() : v === value));
		if (!found) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: `must be one of ${list} (got "${value}")` });
			return z.NEVER;
		}
		return found;
	});
}

/** Drops keys whose value is undefined, null, an empty string or an empty list (unset optional fields). */
export function compact<T extends Record<string, unknown>>(data: T): Partial<T> {
	return Object.fromEntries(
		Object.entries(data).filter(
			([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
		),
	) as Partial<T>;
}

/**
 * Parses parameters with a zod schema. On failure: a NodeOperationError for the item, naming
 * the field by its label in the node and saying how to fix it. Nothing has been sent yet.
 */
export function parseParameters<S extends z.ZodTypeAny>(
	node: INode,
	schema: S,
	raw: unknown,
	itemIndex: number,
	labels: Record<string, string> = {},
): z.output<S> {
	const result = schema.safeParse(raw);
	if (result.success) return result.data;
	const issues = result.error.issues.map((issue) => {
		const key = issue.path.map(String);
		const label = labels[key.join('.')] ?? labels[key[0]] ?? key.join('.');
		return label ? `"${label}" ${issue.message}` : issue.message;
	});
	return failParameters(node, issues, itemIndex);
}

export function failParameters(node: INode, issues: string[], itemIndex: number): never {
	const said = issues.map(clipQuoted);
	throw new NodeOperationError(node, `Invalid parameter: ${said[0]}`, {
		itemIndex,
		description: said.length > 1 ? said.join('\n') : 'Fix this parameter; nothing was sent to the API.',
	});
}

/** Reads a node parameter with a default, typed for the caller. */
export function param<T>(ctx: IExecuteFunctions, name: string, itemIndex: number, fallback?: T): T {
	return ctx.getNodeParameter(name, itemIndex, fallback as never) as T;
}

const limitSchema = z.object({
	limit: z.number({ invalid_type_error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1'),
});

/** Return All and Limit of a Get Many operation; the limit is checked before any request. */
export function readLimit(ctx: IExecuteFunctions, itemIndex: number): { returnAll: boolean; limit?: number } {
	const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
	if (returnAll) return { returnAll };
	const raw = ctx.getNodeParameter('limit', itemIndex, 50);
	const { limit } = parseParameters(ctx.getNode(), limitSchema, { limit: raw }, itemIndex, { limit: 'Limit' });
	return { returnAll, limit };
}
