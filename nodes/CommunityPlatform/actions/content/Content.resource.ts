import { defineResource } from '../operation';
import * as createVideo from './createVideo.operation';
import * as getAll from './getAll.operation';

export const content = defineResource({
	resource: {
		name: 'Content',
		value: 'content',
		description: 'Videos, blogs, podcasts, resources, external contents and collections',
	},
	default: 'getAll',
	operations: {
		createVideo: {
			name: 'Create Video',
			description: 'Create a video from a video file URL, a 16:9 poster image URL, a title and a duration',
			action: 'Create a video',
			module: createVideo,
		},
		getAll: {
			name: 'Get Many',
			description:
				'List videos, blogs, podcasts, resources, external contents or collections, newest first, optionally by creation date',
			action: 'Get many content items',
			module: getAll,
		},
	},
});
