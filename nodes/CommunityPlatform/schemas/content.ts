import { z } from 'zod';

import { day, email, requiredText, url } from './common';
import { flag } from './events';

export const VIDEO_TITLE_MAX = 300;

export const contentFiltersSchema = z
	.object({ fromDate: day.optional(), toDate: day.optional() })
	.strict()
	.refine((f) => !f.fromDate || !f.toDate || f.fromDate <= f.toDate, {
		message: 'is after "Created To": swap the two dates',
		path: ['fromDate'],
	});

const DURATION_HINT = 'must be a duration as HH:MM:SS (01:02:03), MM:SS (62:03) or a number of seconds (3723)';

/**
 * A video duration in `HH:MM:SS`, `MM:SS` or whole seconds, as total seconds. Minutes and
 * seconds after a colon are two digits below 60; the first part may be any size (`90:00`).
 * Undefined when the text is none of these.
 */
export function durationSeconds(text: string): number | undefined {
	const value = text.trim();
	if (/^\d+$/.test(value)) return Number(value);
	const parts = /^(\d+):([0-5]\d)(?::([0-5]\d))?$/.exec(value);
	if (!parts) return undefined;
	const [, first, second, third] = parts;
	return third === undefined
		? Number(first) * 60 + Number(second)
		: Number(first) * 3600 + Number(second) * 60 + Number(third);
}

/** The Duration parameter, checked and sent as total seconds (one of the forms the API takes). */
export const duration = z.unknown().transform((value, ctx) => {
	const fail = (message: string) => {
		ctx.addIssue({ code: z.ZodIssueCode.custom, message });
		return z.NEVER;
	};
	if (value === undefined || value === null || value === '') return fail('is required: enter the length of the video, such as 01:02:03');
	let seconds: number | undefined;
	if (typeof value === 'number') seconds = Number.isInteger(value) ? value : undefined;
	else if (typeof value === 'string') seconds = durationSeconds(value);
	if (seconds === undefined || seconds < 0) return fail(`${DURATION_HINT} (got "${String(value)}")`);
	if (seconds === 0) return fail('is zero: enter the length of the video');
	return String(seconds);
});

/** A required URL parameter. */
const requiredUrl = (what: string) => z.string({ required_error: `is required: enter ${what}` }).pipe(url);

/** Tag names as a list or comma-separated text, sent as the API's comma-separated string. */
const tagNames = z
	.union([z.string(), z.array(z.string())], { errorMap: () => ({ message: 'must be tag names separated by commas' }) })
	.transform((value, ctx) => {
		if (Array.isArray(value) && value.some((name) => name.includes(','))) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'has a tag name with a comma, which the API cannot take' });
			return z.NEVER;
		}
		const names = (Array.isArray(value) ? value : value.split(',')).map((name) => name.trim()).filter(Boolean);
		return [...new Set(names)].join(',');
	});

const optionalText = z.string().optional();

export const createVideoSchema = z
	.object({
		title: requiredText('the video title').pipe(
			z.string().max(VIDEO_TITLE_MAX, `is longer than ${VIDEO_TITLE_MAX} characters: shorten it`),
		),
		videoUrl: requiredUrl('the address of the video file'),
		posterUrl: requiredUrl('the address of a 16:9 poster image'),
		duration,
		authorEmail: email.optional(),
		tags: tagNames.optional(),
		publish: flag.optional(),
		collection: z.string().trim().optional(),
		summary: optionalText,
		transcript: optionalText,
	})
	.strict();
