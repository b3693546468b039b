import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { compact, parseParameters } from '../../schemas/common';
import { createVideoSchema } from '../../schemas/content';
import type { ErrorHint } from '../../transport/errors';
import { apiRequest } from '../../transport/request';

const properties: INodeProperties[] = [
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
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
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
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['content'], operation: ['createVideo'] } },
	properties,
);

const LABELS = {
	title: 'Title',
	videoUrl: 'Video URL',
	posterUrl: 'Poster URL',
	duration: 'Duration',
	authorEmail: 'Author Email',
	collection: 'Collection',
	publish: 'Publish',
	summary: 'Summary',
	tags: 'Tags',
	transcript: 'Transcript',
};

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
		description: '"Collection" must be the exact name of an existing collection: choose it from the list.',
	},
	{
		status: 400,
		match: /already exists|duplicate|unique/i,
		message: (reason) => `Video not created, the title is taken: ${reason}`,
		description: 'Video titles must be unique in the community. Change "Title", or find the existing video with Content > Get Many.',
	},
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const raw = compact({
		title: this.getNodeParameter('title', itemIndex),
		videoUrl: this.getNodeParameter('videoUrl', itemIndex),
		posterUrl: this.getNodeParameter('posterUrl', itemIndex),
		duration: this.getNodeParameter('duration', itemIndex),
		...(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
	});
	const body = compact(parseParameters(this.getNode(), createVideoSchema, raw, itemIndex, LABELS));
	return (await apiRequest.call(this, { method: 'POST', path: '/videos', body, itemIndex, hints: VIDEO_HINTS })) as IDataObject;
}
