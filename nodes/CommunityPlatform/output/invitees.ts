/** What the API says an event invitee is (spec: Event invitee), and what Add returns. */
import { ATTENDEE_TYPES } from '../../shared/parameters/primitives';
import { apiMessage, boolean, dateTime, email, list, nullable, object, oneOf, pick, string } from '../../shared/output/schema';

/** An email invitation to an event; usedAt and usedBy are null until the invitee registers. */
export const invitee = object(
	{
		inviteeId: string('The invitation ID'),
		inviteeEmail: email('Email address invited'),
		attendeeType: oneOf(ATTENDEE_TYPES, 'Role the invitee will have at the event'),
		ticketType: string('Name of the ticket type'),
		inviteAdmin: nullable(string('Display name of the invite admin; null when none is assigned')),
		ccEmailAddresses: list(email(), 'Members copied on the invitation, in the order added'),
		note: string('Note for the invitee; may be empty'),
		createdAt: dateTime('When the invitation was made'),
		usedAt: nullable(dateTime('When the invitee registered; null until then')),
		usedBy: nullable(
			object(
				{
					userId: string('The member ID'),
					displayName: nullable(string('Display name')),
				},
				['userId'],
				'The member who registered with the invitation; null until then',
			),
		),
	},
	['inviteeId', 'inviteAdmin', 'usedAt', 'usedBy'],
	'An email invitation to an event',
);

/** Add: the event, the invitation as sent, and the API's message (POST /events/:id/invitees answers only that). */
export const invitation = object(
	{
		eventId: string('The event ID'),
		...pick(invitee, ['inviteeEmail', 'ticketType', 'attendeeType', 'note', 'ccEmailAddresses']).properties,
		inviteAdminEmail: email('Email of the invite admin who owns the invitation'),
		invited: boolean('Always true: the invitation was sent'),
		message: apiMessage,
	},
	['eventId', 'inviteeEmail', 'ticketType', 'attendeeType', 'invited', 'message'],
	'An invitation, sent',
);
