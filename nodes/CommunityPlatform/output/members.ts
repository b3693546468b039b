/** What the API says a member is (spec: Member), what Simplify keeps of it, and what the member operations return. */
import {
	apiMessage,
	boolean,
	email,
	map,
	object,
	oneOf,
	pick,
	string,
	type OutputSchema,
} from '../../shared/output/schema';
import { member } from '../../shared/output/records';
import { MEMBER_TYPES } from '../../shared/parameters/primitives';
import { MEMBER_FIELDS } from './simplify';

/** A member as the API returns it (shared with the members feed row, so it lives in nodes/shared). */
export { member };

/** A member as Simplify (on by default) returns it. */
export const simplifiedMember = pick(member, MEMBER_FIELDS);

/** The output of an operation that returns members and has the Simplify option. */
export const memberOutput: OutputSchema = (parameter) => (parameter('simplify') === false ? member : simplifiedMember);

/** Who a member is, by name: what the club and space answers say of the member they changed. */
export const memberName = pick(member, ['userId', 'userEmail', 'userFirstName', 'userLastName']);

/**
 * The member POST /users created (spec: Members, POST /users): no email, and the LinkedIn
 * profile and the picture as strings that are empty when not set.
 */
const createdFields = pick(member, [
	'userId',
	'userFirstName',
	'userLastName',
	'displayName',
	'userTitle',
	'userCompany',
	'memberType',
	'approvalStatus',
	'spaces',
	'questionnaire',
]).properties;
const linkAndPicture = {
	userLinkedIn: string('LinkedIn profile URL; empty when not set'),
	pictureUrl: string('Avatar image URL; empty when not set'),
};

export const createdMember = object({ ...createdFields, ...linkAndPicture }, ['userId'], 'The member created');

/** What PATCH /users/:userId and POST /updateProfileByEmail answer (spec: Profile update response). */
const profileUpdateFields = {
	user: object(
		{
			id: string('The member ID'),
			firstName: string('First name'),
			lastName: string('Last name; empty when not set'),
			position: string('Job title'),
			company: string('Company'),
			pictureUrl: string('Avatar image URL; empty when not set'),
			bio: string('Bio'),
			memberType: oneOf(MEMBER_TYPES, 'Member type'),
			approvalStatus: string('Approved, Pending or Unapproved (casing may vary)'),
		},
		['id'],
		'The member after the update',
	),
	updatedQuestionAnswers: map(string(), 'The profile answers the update set, by question title'),
};

export const profileUpdate = object(profileUpdateFields, ['user', 'updatedQuestionAnswers'], 'The member after the update');

/**
 * Create or Update: which it did, the member's ID and email, then what the API answered: the
 * profile update for a member that existed; for a new one the created member, followed by the
 * profile update when the item set fields creation cannot (bio, member type, approval status,
 * profile answers).
 */
export const createdOrUpdatedMember = object(
	{
		action: oneOf(['created', 'updated'], 'Whether the member was created or updated'),
		userId: string('The member ID'),
		email: email('The email the item named the member by'),
		...createdFields,
		...linkAndPicture,
		...profileUpdateFields,
	},
	['action', 'userId', 'email'],
	'The member created or updated',
);

/** The member as an item named it, by ID or by email (Delete, a club's Add and Remove Member). */
export const namedMember = {
	userId: string('The member ID, when the member was named by ID'),
	email: email('The email, when the member was named by email'),
};

/** Delete: the member as the item named it, the API's acceptance, and that the removal is still to come. */
export const memberRemoval = object(
	{
		...namedMember,
		success: boolean('Whether the API accepted the removal'),
		message: apiMessage,
		removal: oneOf(['pending'], 'The member is removed asynchronously, shortly after'),
		note: string('What happens next'),
	},
	['success', 'message', 'removal', 'note'],
	'A member removal, accepted',
);
