import type { IDataObject } from 'n8n-workflow';

/**
 * What the Simplify option keeps of each record: the fields most workflows need, in this
 * order. Everything here is one field-picking function over one list of fields per record.
 */

/** A copy of `record` with only the given keys (those it has), in the given order. */
function pickFields(record: IDataObject, keys: readonly string[]): IDataObject {
	const out: IDataObject = {};
	for (const key of keys) if (record[key] !== undefined) out[key] = record[key];
	return out;
}

/** The records as they are, or with only `keys` when Simplify is on. */
function simplified(records: IDataObject[], keys: readonly string[], simplify: boolean): IDataObject[] {
	return simplify ? records.map((record) => pickFields(record, keys)) : records;
}

/**
 * Simplify as a function of one record, for a list simplified as each page arrives (paginate's
 * `keep`), so that what it drops is not held until the last page is read; undefined when off.
 */
export function simplifier(keys: readonly string[], simplify: boolean): ((record: IDataObject) => IDataObject) | undefined {
	return simplify ? (record) => pickFields(record, keys) : undefined;
}

export const MEMBER_FIELDS = [
	'userId',
	'userEmail',
	'displayName',
	'userFirstName',
	'userLastName',
	'userTitle',
	'userCompany',
	'memberType',
	'approvalStatus',
	'signUpAt',
	'lastLoginAt',
];

export const EVENT_FIELDS = [
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

export const ATTENDEE_FIELDS = [
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

/** Of every content item type: identity, titles, dates, links, tags; not bodies or summaries. */
const CONTENT_SUFFIXES = [
	'Id',
	'Title',
	'Name',
	'SubTitle',
	'Author',
	'Category',
	'Visibility',
	'CreatedAt',
	'UpdatedAt',
	'Slug',
	'Url',
	'Link',
	'Duration',
	'Tags',
];

export function simplifyMember(member: IDataObject): IDataObject {
	return pickFields(member, MEMBER_FIELDS);
}

export function simplifyMembers(members: IDataObject[], simplify: boolean): IDataObject[] {
	return simplified(members, MEMBER_FIELDS, simplify);
}

export function simplifyEvents(events: IDataObject[], simplify: boolean): IDataObject[] {
	return simplified(events, EVENT_FIELDS, simplify);
}

export function simplifyAttendees(attendees: IDataObject[], simplify: boolean): IDataObject[] {
	return simplified(attendees, ATTENDEE_FIELDS, simplify);
}

/** What Simplify keeps of a content item of one type, whose fields all start with the type's prefix (videoId, blogTitle, ...). */
export function contentFields(type: { prefix: string }): string[] {
	return [...CONTENT_SUFFIXES.map((suffix) => `${type.prefix}${suffix}`), 'access', 'ownership'];
}
