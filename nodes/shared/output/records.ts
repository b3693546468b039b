/**
 * The records both the action node and the triggers output: a member (spec: Member) and an
 * event attendee (spec: Event attendee). The action node's operations return them (Simplify
 * keeps some of their fields), and the members and event attendees feeds' rows are them with
 * more fields.
 */
import { MEMBER_TYPES } from '../parameters/primitives';
import { dateTime, email, list, map, number, object, oneOf, string, url } from './schema';

/** A member as the API returns it; the tenant's visibility settings may omit any field but the id. */
export const member = object(
	{
		userId: string('The member ID'),
		userEmail: email('Email address'),
		userFirstName: string('First name'),
		userLastName: string('Last name'),
		displayName: string('Display name, usually first and last name'),
		userTitle: string('Job title'),
		userCompany: string('Company'),
		userAvatarUrl: url('Avatar image'),
		userLinkedIn: url('LinkedIn profile'),
		userLocation: string('Location'),
		memberType: oneOf(MEMBER_TYPES, 'Member type'),
		approvalStatus: string('approved, pending or unapproved (casing may vary)'),
		spaces: list(string(), 'Names of the spaces the member is in'),
		questionnaire: map(string(), 'Profile answers by question title; multi-select answers are joined with ";"'),
		signUpAt: dateTime('When the member signed up'),
		lastLoginAt: dateTime('When the member last logged in'),
		onboardingAt: dateTime('When the member finished onboarding'),
		lifetimePoints: number('Contribution points earned in all'),
		remainingPoints: number('Contribution points left to redeem'),
		externalId: string('ID in the linked external source'),
		externalDisplayId: string('Display ID in the linked external source'),
		externalProfileUrl: url('Profile in the linked external source'),
	},
	['userId'],
	'A member',
);

/** How an attendee registered (spec: Event attendee); empty for registrations older than source tracking. */
export const REGISTRATION_SOURCES = [
	'selfSignUp',
	'selfDotCom',
	'selfIframe',
	'selfMemberApplication',
	'adminDashboard',
	'adminImport',
	'adminPublicAPI',
	'integrationHubspot',
	'integrationSSO',
	'automationWorkflow',
	'systemAutoCreate',
] as const;

/**
 * A registration for an event as the API returns it (spec: Event attendee). joinedAt,
 * lastOnlineAt, checkedInAt and registrationSource are empty strings, never null, when unset.
 */
export const attendee = object(
	{
		attendeeId: string('The registration ID'),
		userId: string('The member ID of the attendee'),
		attendeeFirstName: string('First name'),
		attendeeLastName: string('Last name; may be empty'),
		attendeeDisplayName: string('Display name'),
		attendeeEmail: email('Email address'),
		attendeeType: string('Role at the event, such as Attendee or Speaker'),
		ticketType: string('Name of the ticket type'),
		registeredAt: dateTime('When they registered'),
		joinedAt: string('When they first joined the live event (ISO 8601); empty if never'),
		lastOnlineAt: string('When they were last online in the event (ISO 8601); empty if never'),
		checkedInAt: string('When they were checked in at an in-person event (ISO 8601); empty if not'),
		registrationSource: oneOf([...REGISTRATION_SOURCES, ''], 'How they registered; empty for old registrations'),
		attendeeLinkedUrl: string('LinkedIn profile URL; may be empty'),
		attendeeCompanyName: string('Company'),
		attendeePosition: string('Job title'),
		eventQuestions: string('Answers to the event questions, one "question: answer;" a line; empty if none'),
	},
	['attendeeId', 'userId', 'joinedAt', 'lastOnlineAt', 'checkedInAt', 'registrationSource'],
	'A registration for an event',
);
