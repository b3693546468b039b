import type { IDataObject } from 'n8n-workflow';

import { pickFields } from './fields';

/**
 * The spec gives no maximum page size for attendees. 100 is the largest size the API is known
 * to accept for attendee rows (the event-attendee change feed allows 1-100), and stays under the
 * general maximum of 200, so Return All works whichever of the two the endpoint enforces.
 */
export const ATTENDEES_MAX_PAGE_SIZE = 100;

const SIMPLE_EVENT_FIELDS = [
	'eventId',
	'eventTitle',
	'eventType',
	'eventStartTime',
	'eventEndTime',
	'eventTimezone',
	'eventSlug',
	'eventUrl',
	'eventStatus',
	'access',
	'unlisted',
	'ownership',
];

const SIMPLE_ATTENDEE_FIELDS = [
	'attendeeId',
	'userId',
	'attendeeDisplayName',
	'attendeeEmail',
	'attendeeType',
	'ticketType',
	'registeredAt',
	'joinedAt',
	'checkedInAt',
	'registrationSource',
];

export function simplifyEvents(events: IDataObject[], simplify: boolean): IDataObject[] {
	return simplify ? events.map((event) => pickFields(event, SIMPLE_EVENT_FIELDS)) : events;
}

export function simplifyAttendees(attendees: IDataObject[], simplify: boolean): IDataObject[] {
	return simplify ? attendees.map((attendee) => pickFields(attendee, SIMPLE_ATTENDEE_FIELDS)) : attendees;
}
