/** What the API says a member is (spec: Member), and what Simplify keeps of it. */
import { dateTime, email, list, map, number, object, oneOf, pick, string, url, type OutputSchema } from '../../shared/output/schema';
import { MEMBER_FIELDS } from './simplify';

export const MEMBER_TYPES = ['Standard', 'Guest', 'Limited Approval'] as const;

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

/** A member as Simplify (on by default) returns it. */
export const simplifiedMember = pick(member, MEMBER_FIELDS);

/** The output of an operation that returns members and has the Simplify option. */
export const memberOutput: OutputSchema = (parameter) => (parameter('simplify') === false ? member : simplifiedMember);
