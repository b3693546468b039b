/** What the API says an event attendee is (spec: Event attendee), what Simplify keeps, and what Register returns. */
import { attendee } from '../../shared/output/records';
import { apiMessage, boolean, email, object, pick, string, type OutputSchema } from '../../shared/output/schema';
import { ATTENDEE_FIELDS } from './simplify';

/** A registration as the API returns it (shared with the attendees feed row, so it lives in nodes/shared). */
export { attendee };

/** An attendee as Simplify (on by default) returns it. */
export const simplifiedAttendee = pick(attendee, ATTENDEE_FIELDS);

/** The output of an attendee operation: Simplify on or off. */
export const attendeeOutput: OutputSchema = (parameter) => (parameter('simplify') === false ? attendee : simplifiedAttendee);

/** Register: who was registered for which event, and the API's message (POST /registration answers only that). */
export const registration = object(
	{
		eventSlug: string('Slug of the event registered for'),
		email: email('Email address of the person registered'),
		registered: boolean('Always true: the registration was accepted'),
		message: apiMessage,
	},
	['eventSlug', 'email', 'registered', 'message'],
	'A registration, accepted',
);
