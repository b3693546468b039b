import type { INodeProperties } from 'n8n-workflow';

import * as createVideo from './createVideo.operation';
import * as getAll from './getAll.operation';

export { createVideo, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['content'] } },
		options: [
			{
				name: 'Create Video',
				value: 'createVideo',
				description: 'Create a video from a video file URL, a 16:9 poster image URL, a title and a duration',
				action: 'Create a video',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description:
					'List videos, blogs, podcasts, resources, external contents or collections, newest first, optionally by creation date',
				action: 'Get many content items',
			},
		],
		default: 'getAll',
	},
	...createVideo.description,
	...getAll.description,
];
