/**
 * What the four polling triggers emit (spec: Change-feed row; Change feeds): one item per feed
 * row that fired a chosen change (or, with Emit = Every Change, per new row version), the row as the feed answers it plus what the feed engine adds
 * (engine.ts, itemOf): which change fired, every change the row shows, and a stable key.
 * The members and event attendees feeds' rows are the member and attendee records (records.ts)
 * with more fields.
 */
import type { FeedDefinition } from '../feeds/types';
import { attendee, member } from './records';
import { boolean, dateTime, extend, list, object, oneOf, string, url, type JsonSchema } from './schema';

/** Fields every feed row carries (spec: Change-feed row). */
const rowFields = {
	removed: boolean('True only for a deleted record'),
	removedAt: dateTime('When the record was deleted (deleted records only)'),
	updatedAt: dateTime('When the row last changed'),
};
/** A deleted record is a tombstone on every feed (with Emit = Every Change each is emitted): only these are sure. */
const ROW_REQUIRED = ['id', 'removed', 'updatedAt'];

/**
 * A members feed row: the member as the single-member read shows it (the tenant's visibility
 * settings may omit fields; questionnaire, spaces and points come only with the Include option),
 * `archived`, and the row fields. A deleted member is a tombstone: id, removed, removedAt, updatedAt.
 */
export const memberFeedRow = object(
	{
		id: string('The member ID'),
		...member.properties,
		archived: boolean('Whether the member is deactivated'),
		...rowFields,
		removed: boolean('True for a deleted member: the item then has only id, removed, removedAt, updatedAt'),
		removedAt: dateTime('When the member was deleted (deleted members only)'),
	},
	ROW_REQUIRED,
	'A member as the members feed shows it',
);

/** An event attendees feed row: the attendee, its event, and when it was cancelled. */
export const attendeeFeedRow = extend(
	object({ id: string('The registration ID (attendeeId)'), ...attendee.properties }, []),
	{
		eventId: string('The event ID'),
		cancelledAt: string('When the registration was cancelled (ISO 8601); empty unless cancelled'),
		...rowFields,
	},
	ROW_REQUIRED,
);

/** A course enrollments feed row (one per enrollment; a re-enrollment after a reset is a new one). */
export const enrollmentFeedRow = object(
	{
		id: string('The enrollment ID'),
		userId: string('The member ID'),
		enrolleeFirstName: string('First name'),
		enrolleeLastName: string('Last name'),
		enrolleeDisplayName: string('Display name'),
		enrolleeEmail: string('Email address'),
		enrolleePosition: string('Job title'),
		enrolleeCompany: string('Company'),
		courseId: string('The course ID'),
		enrolledAt: dateTime('When the member enrolled'),
		activeStatus: oneOf(['ACTIVE', 'CANCELLED_BY_ADMIN', 'CANCELLED_BY_USER', 'RESET'], 'State of the enrollment'),
		terminatedAt: string('When it was cancelled or reset (ISO 8601); empty while active'),
		progressStatus: string('Completed or In Progress'),
		completedAt: string('When the course was completed (ISO 8601); empty until then'),
		progress: string('Progress, such as 40%'),
		score: string('Score; may be empty'),
		...rowFields,
	},
	ROW_REQUIRED,
	'A course enrollment',
);

/** A course certificates feed row; title and company are as they were when it was issued. */
export const certificateFeedRow = object(
	{
		id: string('The certificate ID'),
		certificateId: string('The certificate ID'),
		certificateName: string('Name of the certificate'),
		userId: string('The member ID of the recipient'),
		recipientName: string("Recipient's name"),
		recipientEmail: string("Recipient's email address"),
		recipientTitle: string("Recipient's job title when it was issued"),
		recipientCompany: string("Recipient's company when it was issued"),
		certificateStatus: oneOf(['Issued', 'Expired', 'Revoked'], 'State of the certificate'),
		issuedAt: dateTime('When it was issued'),
		expiryDate: string('When it expires or expired (ISO 8601); empty when it does not'),
		certificateUrl: url('Web address of the certificate'),
		courseId: string('The course ID'),
		revokedAt: string('When it was revoked (ISO 8601); empty unless revoked'),
		revocationReason: string('Why it was revoked; empty unless revoked'),
		...rowFields,
	},
	ROW_REQUIRED,
	'A course certificate',
);

/**
 * One item a feed trigger emits: the row, and what the feed engine adds to it (engine.ts, itemOf
 * and syncItemOf): `changeType` with Emit = Chosen Changes, `syncAction` with Emit = Every Change.
 */
export function feedItem<K extends string>(feed: FeedDefinition<K>, row: JsonSchema): JsonSchema {
	return extend(
		row,
		{
			syncAction: oneOf(['upsert', 'delete'], 'Emit = Every Change only: upsert the row by its ID, or delete the row with that ID'),
			changeType: oneOf(feed.kinds, 'Emit = Chosen Changes only: the change that fired, the latest of those chosen in Trigger On'),
			changeTypes: list(oneOf(feed.kinds), 'Every change the row shows, in the order they happened, chosen or not'),
			changeKey: string('The row ID and its updatedAt: the same for the same change, to drop repeats'),
		},
		['changeTypes', 'changeKey'],
	);
}
