/**
 * What the API says content items are (spec: Content items; Endpoints, Content), what Simplify
 * keeps of them, and what Create Video returns. Every field of an item type starts with the
 * type's prefix (videoId, blogTitle, ...).
 */
import {
	dateTime,
	extend,
	list,
	number,
	object,
	pick,
	string,
	url,
	type JsonSchema,
	type OutputSchema,
} from '../../shared/output/schema';
import { CONTENT_TYPES } from '../actions/content/contentTypes';
import { contentFields } from './simplify';

/** The fields by their suffix, each named with the prefix. */
function prefixed(prefix: string, fields: Record<string, JsonSchema>): Record<string, JsonSchema> {
	return Object.fromEntries(Object.entries(fields).map(([suffix, field]) => [`${prefix}${suffix}`, field]));
}

/** What every item but a collection carries after its own fields. */
const placement = {
	spaces: list(string(), 'Names of the spaces it is in'),
	access: string('Who can see it, such as Public'),
	ownership: string('Name of the club that owns it, or Community'),
};

const tags = list(string(), 'Tag names');
const createdAt = dateTime('When it was created');
const slug = string('Slug, as in its web address');
const coverUrl = string('Cover image URL');

/** A content item of one type: its prefixed fields, then where it is placed. */
function item(prefix: string, noun: string, fields: Record<string, JsonSchema>): JsonSchema {
	const id = `${prefix}Id`;
	return object({ [id]: string(`The ${noun} ID`), ...prefixed(prefix, fields), ...placement }, [id], `A ${noun}`);
}

/** What articles and external content have between their title and their tags. */
const body = {
	Summary: string('Summary'),
	Content: string('Body'),
	Category: string('Category'),
	CreatedAt: createdAt,
	Slug: slug,
	CoverUrl: coverUrl,
};

/** Blogs, podcasts and resources have the same fields. */
const article = (prefix: string, noun: string) =>
	item(prefix, noun, {
		Title: string('Title'),
		SubTitle: string('Subtitle; may be empty'),
		Author: string('Author names, separated by commas'),
		...body,
		Tags: tags,
	});

const video = item('video', 'video', {
	Title: string('Title'),
	Description: string('Description (the summary)'),
	CreatedAt: createdAt,
	Slug: slug,
	Url: url('Address of the video file'),
	ThumbnailUrl: url('Poster image'),
	Duration: number('Length in seconds'),
	Tags: tags,
});

const externalContent = item('externalContent', 'external content', {
	Title: string('Title'),
	...body,
	Link: url('Address of the external content'),
	Tags: tags,
});

/** A collection: no spaces, access or ownership. */
const collection = object(
	{
		collectionId: string('The collection ID'),
		collectionName: string('Name'),
		collectionVisibility: string('Visibility, such as Visible'),
		collectionUrl: url('Web address of the collection'),
		collectionCoverUrl: coverUrl,
		collectionSlug: slug,
		collectionUpdatedAt: dateTime('When it last changed'),
		collectionContent: list(
			object(
				{
					type: string('Item type, such as video or blog'),
					id: string('The item ID'),
					title: string('Title'),
				},
				['type', 'id'],
				'An item of the collection',
			),
			'The items in the collection',
		),
	},
	['collectionId'],
	'A collection',
);

/** An item of each type, by the Content Type parameter's value. */
export const CONTENT_ITEMS: Record<keyof typeof CONTENT_TYPES, JsonSchema> = {
	blog: article('blog', 'blog post'),
	collection,
	externalContent,
	podcast: article('podcast', 'podcast'),
	resource: article('resource', 'resource'),
	video,
};

/** What Simplify keeps of an item type: the kept suffixes it has, access and ownership. */
function simplifiedContent(key: string): JsonSchema {
	const schema = CONTENT_ITEMS[key];
	return pick(schema, contentFields(CONTENT_TYPES[key]).filter((name) => name in (schema.properties ?? {})));
}

const SIMPLIFIED = Object.fromEntries(Object.keys(CONTENT_ITEMS).map((key) => [key, simplifiedContent(key)]));

/** Get Many: an item of the chosen Content Type, Simplify on or off. */
export const contentOutput: OutputSchema = (parameter) => {
	const chosen = String(parameter('contentType'));
	const key = Object.hasOwn(CONTENT_ITEMS, chosen) ? chosen : 'video';
	return parameter('simplify') === false ? CONTENT_ITEMS[key] : SIMPLIFIED[key];
};

/** Create Video: the video created, with its transcript; no spaces, access or ownership. */
export const createdVideo = {
	...extend(
		pick(video, [
			'videoId',
			'videoTitle',
			'videoDescription',
			'videoDuration',
			'videoThumbnailUrl',
			'videoUrl',
			'videoCreatedAt',
			'videoSlug',
			'videoTags',
		]),
		{ videoTranscript: string('Transcript; may be empty') },
	),
	description: 'The video created',
};
