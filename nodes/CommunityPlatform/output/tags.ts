/** What the API says a tag is (spec: Tag; Endpoints, Tags): as listed, read with its usage, and deleted. */
import { boolean, dateTime, extend, integer, nullable, object, string } from '../../shared/output/schema';

/** A tag as the list, Create and Rename return it. */
export const tag = object(
	{
		tagId: string('The tag ID'),
		tagName: string('Name (case-sensitive)'),
		tagCreatedAt: dateTime('When it was created'),
		tagUpdatedAt: dateTime('When it last changed'),
	},
	['tagId'],
	'A tag',
);

/** What tagUsage counts, in the API's order. */
const USAGE = {
	events: 'Events',
	videos: 'Videos',
	blogs: 'Blog posts',
	podcasts: 'Podcasts',
	resources: 'Resources',
	externalContents: 'External contents',
	forumPosts: 'Forum posts',
	forumTopics: 'Forum topics',
	courses: 'Courses',
	learningPaths: 'Learning paths',
	collections: 'Collections',
};

/** Get: the tag, whether it is in use, and what uses it. */
export const tagWithUsage = {
	...extend(
		tag,
		{
			tagInUse: boolean('Whether anything uses it, a pinned forum post included (Delete then needs a target tag)'),
			tagUsageTotal: integer('Sum of the usage counts'),
			tagUsage: object(
				Object.fromEntries(Object.entries(USAGE).map(([key, what]) => [key, integer(`${what} with the tag`)])),
				Object.keys(USAGE),
				'How many of each kind of thing carry the tag',
			),
		},
		['tagInUse', 'tagUsageTotal', 'tagUsage'],
	),
	description: 'A tag and its usage',
};

/** Delete: the tag, archived, and the tag its usage moved to. */
export const deletedTag = {
	...extend(
		tag,
		{
			tagArchived: boolean('Always true: the tag is archived'),
			tagReassignedToTagId: nullable(string('The tag its usage moved to; null when none was given')),
		},
		['tagArchived', 'tagReassignedToTagId'],
	),
	description: 'A tag, deleted',
};
