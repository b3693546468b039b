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
			toolDescription:
				'Creates a video from Title (1 to 300 characters, unique), Video URL, Poster URL (a 16:9 image the community copies) and Duration (HH:MM:SS, MM:SS or seconds), and returns it as one item. Optional: Author Email, Collection, Tags (comma-separated, created when new), Summary, Transcript, and Publish (off: saved unpublished). A title already used, a poster that is not 16:9 or an unknown collection is refused and nothing is created. One Medium request.',
			module: createVideo,
		},
		getAll: {
			name: 'Get Many',
			description:
				'List videos, blogs, podcasts, resources, external contents or collections, newest first, optionally by creation date',
			action: 'Get many content items',
			toolDescription:
				'Lists one kind of content, newest first, one item per piece: Content Type is Video, Blog, Podcast, Resource, External Content or Collection. Created From and Created To filter by creation day (not for collections); Simplify, on by default, leaves out bodies, summaries, cover images and spaces. Set Limit, or Return All to page through everything: one Medium request (about a second) per 200 items.',
			module: getAll,
		},
	},
});
