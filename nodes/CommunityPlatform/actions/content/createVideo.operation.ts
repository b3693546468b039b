import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { email, flag, requiredText, url } from '../../../shared/parameters/primitives';
import { readParameters } from '../../../shared/parameters/read';
import type { ErrorHint } from '../../../shared/transport/errors';
import { apiRequest } from '../../../shared/transport/request';
import { collection } from '../../../shared/parameters/fields';
import { createdVideo } from '../../output/content';

export const properties: INodeProperties[] = [
	{
		displayName: 'Title',
		name: 'title',
		type: 'string',
		default: '',
		required: true,
		description: 'Title of the video, 1 to 300 characters; no other video may have it',
	},
	{
		displayName: 'Video URL',
		name: 'videoUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. https://cdn.example.com/videos/intro.mp4',
		description: 'Address of the video file',
	},
	{
		displayName: 'Poster URL',
		name: 'posterUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. https://cdn.example.com/posters/intro-1280x720.jpg',
		description: 'Address of a 16:9 image shown before the video plays; the community downloads and hosts a copy',
	},
	{
		displayName: 'Duration',
		name: 'duration',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 01:02:03',
		description: 'Length of the video as HH:MM:SS, MM:SS or a number of seconds',
	},
	collection('additionalFields', [
		{
			displayName: 'Author Email',
			name: 'authorEmail',
			type: 'string',
			placeholder: 'name@email.com',
			default: '',
			description: 'Email of the member shown as author; with no matching member the video has no author',
		},
		{
			displayName: 'Collection Name or ID',
			name: 'collection',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getCollections' },
			default: '',
			description:
				'Existing collection to add the video to, by name. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		{
			displayName: 'Publish',
			name: 'publish',
			type: 'boolean',
			default: false,
			description: 'Whether to publish the video at once instead of saving it unpublished',
		},
		{
			displayName: 'Summary',
			name: 'summary',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
		},
		{
			displayName: 'Tags',
			name: 'tags',
			type: 'string',
			default: '',
			placeholder: 'e.g. Onboarding, Product',
			description: 'Tag names separated by commas; tags that do not exist yet are created (names are case-sensitive)',
		},
		{
			displayName: 'Transcript',
			name: 'transcript',
			type: 'string',
			typeOptions: { rows: 5 },
			default: '',
		},
	]),
];

export const output = createdVideo;

/** The 400s of POST /videos (API documentation: Content), each with what to change. */
const VIDEO_HINTS: ErrorHint[] = [
	{
		status: 400,
		match: /poster|16:9/i,
		message: (reason) => `Video not created, the poster was refused: ${reason}`,
		description: '"Poster URL" must point to an image in 16:9 proportions (such as 1280×720) that the community can download.',
	},
	{
		status: 400,
		match: /collection/i,
		message: (reason) => `Video not created, the collection was not found: ${reason}`,
		description: '"Collection Name or ID" must be the exact name of an existing collection: choose it from the list.',
	},
	{
		status: 400,
		match: /already exists|duplicate|unique/i,
		message: (reason) => `Video not created, the title is taken: ${reason}`,
		description: 'Video titles must be unique in the community. Change "Title", or find the existing video with Content > Get Many.',
	},
];

const VIDEO_TITLE_MAX = 300;

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
const duration = z.unknown().transform((value, ctx) => {
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

const bodySchema = z
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
		summary: z.string().optional(),
		transcript: z.string().optional(),
	})
	.strict();

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = readParameters(this, itemIndex, properties, bodySchema);
	return (await apiRequest.call(this, { method: 'POST', path: '/videos', body, itemIndex, hints: VIDEO_HINTS })) as IDataObject;
}
