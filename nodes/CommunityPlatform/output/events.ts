/** What the API says an event is (spec: Event), and what Simplify keeps of it. */
import { boolean, dateTime, list, object, oneOf, pick, string, url, type OutputSchema } from '../../shared/output/schema';
import { EVENT_FIELDS } from './simplify';

/** Value sets in the spec's exact case, sorted as the option lists show them. */
export const EVENT_STATUSES = ['Draft', 'Published'] as const;
export const EVENT_ACCESS = ['All Members', 'Public', 'Selected Spaces Only'] as const;

/** An event as the API returns it. */
export const event = object(
	{
		eventId: string('The event ID'),
		eventTitle: string('Title'),
		eventType: string('Livestream or In-Person (other values possible)'),
		eventTimezone: string('IANA time zone, such as Europe/Berlin'),
		eventStartTime: dateTime('When it starts'),
		eventEndTime: dateTime('When it ends'),
		eventCreatedTime: dateTime('When it was created'),
		eventCreatedFrom: string('Where it was created, such as CommunityDashboard'),
		eventSlug: string('Slug, as in its web address'),
		eventUrl: url('Web address of the event'),
		eventStatus: oneOf(EVENT_STATUSES, 'Published or Draft'),
		eventCoverUrl: string('Cover image URL'),
		eventTag: list(string(), 'Tag names'),
		eventLocation: string('Location; may be empty'),
		access: oneOf(EVENT_ACCESS, 'Who can see it'),
		spaces: list(string(), 'Names of the spaces it is for (access Selected Spaces Only)'),
		ownership: string('Name of the club that owns it, or Community'),
		unlisted: boolean('Whether it is hidden from the event lists'),
	},
	['eventId'],
	'An event',
);

/** An event as Simplify (on by default) returns it. */
export const simplifiedEvent = pick(event, EVENT_FIELDS);

/** The output of an event operation: Simplify on or off. */
export const eventOutput: OutputSchema = (parameter) => (parameter('simplify') === false ? event : simplifiedEvent);
