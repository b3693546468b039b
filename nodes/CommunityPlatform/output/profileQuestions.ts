/** What the API says of profile questions (spec: Profile question). */
import { boolean, extend, integer, list, object, oneOf, string } from '../../shared/output/schema';

export const QUESTION_TYPES = ['Single Line Text', 'Paragraph', 'Single Select', 'Multi Select', 'Location', 'URL'] as const;
export const QUESTION_VISIBILITIES = ['Public', 'MembersOnly', 'Secret'] as const;

/** A question of GET /userProfileQuestions. */
export const profileQuestionEntry = object(
	{
		id: string('The question ID, the key of its answer in member updates'),
		title: string("The question text, the key of its answer in a member's questionnaire"),
		inUserProfileForm: boolean('Whether the question is in the profile form'),
	},
	['id', 'title', 'inUserProfileForm'],
	'A profile question',
);

/** A question of GET /userProfileQuestions/:questionId, with its type and rules. */
export const profileQuestion = extend(
	profileQuestionEntry,
	{
		subtitle: string('Helper text; may be empty'),
		required: boolean('Whether an answer is required'),
		visibility: oneOf(QUESTION_VISIBILITIES, 'Who sees the answer'),
		type: oneOf(QUESTION_TYPES, 'Question type'),
		options: list(string(), 'The choices (Single Select and Multi Select)'),
		withOtherOption: boolean('Whether a free-text Other answer is allowed (Single Select and Multi Select)'),
		minNumOfSelection: integer('Least number of choices (Multi Select, when set)'),
		maxNumOfSelection: integer('Most number of choices (Multi Select, when set)'),
		maxLength: integer('Longest answer (Single Line Text and Paragraph)'),
		minLength: integer('Shortest answer (Paragraph, when set)'),
		locationType: string('Kind of location (Location)'),
		isUserEditable: boolean('Whether the member may edit the answer'),
		isPrivate: boolean('Deprecated: superseded by visibility'),
	},
	['subtitle', 'required', 'visibility', 'type', 'isUserEditable'],
);
