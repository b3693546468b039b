/** What the API says of spaces (spec: Spaces), and what the space operations return. */
import { email, list, object, pick, string } from '../../shared/output/schema';
import { memberName } from './members';

/** A space of GET /spaces. */
export const space = object(
	{
		name: string('Space name, which identifies the space'),
		description: string('Description'),
	},
	['name'],
	'A space',
);

/** Update Member's Spaces: the member (by the email the item named), and their spaces before and after. */
export const memberSpacesUpdate = object(
	{
		userEmail: email("The member's email, as the item named it"),
		...pick(memberName, ['userId', 'userFirstName', 'userLastName']).properties,
		oldSpaces: list(string(), 'Names of the spaces before the update'),
		newSpaces: list(string(), 'Names of the spaces after the update'),
	},
	['userEmail', 'userId', 'oldSpaces', 'newSpaces'],
	"A member's spaces, updated",
);
