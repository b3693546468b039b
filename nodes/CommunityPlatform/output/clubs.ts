/** What the API says of clubs (spec: Club; Endpoints, Clubs), and what the club operations return. */
import { boolean, dateTime, extend, integer, list, map, nullable, object, oneOf, pick, string, type JsonSchema } from '../../shared/output/schema';
import { member, memberName, namedMember } from './members';

export const APPLICATION_STATUSES = ['Pending', 'Accepted', 'Declined', 'Expired'] as const;

/** A club of GET /clubs. */
export const club = object(
	{
		clubId: string('The club ID'),
		name: string('Club name'),
		slug: string('Club slug, as in its web address'),
		accessType: string('Who may join: Open or Private (other values possible)'),
	},
	['clubId', 'name', 'slug', 'accessType'],
	'A club',
);

/** A club as a member's club list and the club update results name it. */
export const clubMembership = pick(club, ['clubId', 'name', 'slug']);

/** A request to join a club, with the total count of the requests that match (added by the node). */
export const applicationRequest = object(
	{
		id: string('The application request ID'),
		status: oneOf(APPLICATION_STATUSES, 'State of the request'),
		operatedAt: nullable(dateTime('When an admin accepted or declined it')),
		createdAt: dateTime('When it was made'),
		expiredAt: nullable(dateTime('When it expires or expired')),
		operator: nullable(
			object(
				{ id: string("The admin's ID"), displayName: nullable(string("The admin's name")) },
				['id', 'displayName'],
				'Who accepted or declined it (possibly an archived admin)',
			),
		),
		form: nullable(
			object(
				{
					id: string('The form ID'),
					questionnaire: map(list(string()), 'Answers by question title (answered questions only)'),
				},
				['id', 'questionnaire'],
				'The application form',
			),
		),
		applicant: nullable({ ...member, description: 'The applicant; null when no longer an active member' }),
		totalCount: integer('How many requests match the filters in all'),
	},
	['id', 'status', 'operatedAt', 'createdAt', 'expiredAt', 'operator', 'form', 'applicant', 'totalCount'],
	'A request to join a club',
);

/** The member a club answer names, with more fields, described anew. */
const memberWith = (properties: Record<string, JsonSchema>, required: string[], description: string): JsonSchema => ({
	...extend(memberName, properties, required),
	description,
});

/** Get Member's Clubs: the member and the clubs they are in. */
export const memberClubs = memberWith(
	{ userClubs: list(clubMembership, 'The clubs the member is in') },
	['userClubs'],
	'A member and their clubs',
);

/** Update Member's Clubs: the member, their clubs before and after, and a result per club. */
export const memberClubsUpdate = memberWith(
	{
		oldClubs: list(clubMembership, 'The clubs before the update'),
		newClubs: list(clubMembership, 'The clubs after the update'),
		results: list(
			object(
				{
					clubName: nullable(string('Club name; null when the club was given by an ID that matches no club')),
					clubId: nullable(string('The club ID; null when the club was given by a name that matches no club')),
					status: oneOf(['success', 'already_member', 'failed'], 'What happened for this club'),
					reason: string('Why it failed'),
				},
				['status'],
				'The result for one club',
			),
			'One result per club given',
		),
	},
	['oldClubs', 'newClubs', 'results'],
	"A member's clubs, updated",
);

/** Add Member and Remove Member: the club, the member as the item named them, and the API's answer. */
export const clubMembershipChange = object(
	{
		clubId: string('The club ID'),
		...namedMember,
		success: boolean('Whether the membership changed'),
	},
	['clubId', 'success'],
	'A club membership change',
);
