import type { FixedPath } from '../../../shared/transport/path';

export interface ContentType {
	/** Name in the Content Type list. */
	name: string;
	path: FixedPath;
	/** What each field of the item type starts with (videoId, blogTitle, ...). */
	prefix: string;
	/** Whether the list takes the fromDate / toDate creation filters. */
	dated: boolean;
}

/** The six content lists of the API (API documentation: Content), keyed by the Content Type parameter. */
export const CONTENT_TYPES: Record<string, ContentType> = {
	blog: { name: 'Blog', path: '/blogs', prefix: 'blog', dated: true },
	collection: { name: 'Collection', path: '/collections', prefix: 'collection', dated: false },
	externalContent: { name: 'External Content', path: '/external-contents', prefix: 'externalContent', dated: true },
	podcast: { name: 'Podcast', path: '/podcasts', prefix: 'podcast', dated: true },
	resource: { name: 'Resource', path: '/resources', prefix: 'resource', dated: true },
	video: { name: 'Video', path: '/videos', prefix: 'video', dated: true },
};

export const DATED_CONTENT_TYPES = Object.keys(CONTENT_TYPES).filter((key) => CONTENT_TYPES[key].dated);
