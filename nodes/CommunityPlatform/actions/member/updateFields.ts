import type { IDataObject, IExecuteFunctions, INodeProperties, ResourceMapperValue } from 'n8n-workflow';
import { z } from 'zod';

import { oncePerExecution } from '../../locators/perExecution';
import { collection } from '../../../shared/parameters/fields';
import { MEMBER_TYPES, email, oneOf, optionalText, url } from '../../../shared/parameters/primitives';
import { failParameters, readParameters } from '../../../shared/parameters/read';
import type { ProfileQuestion } from '../../reads/profileQuestions';
import { getProfileQuestion, listProfileQuestions } from '../../reads/profileQuestions';
import { lastNameField, linkedInUrlField, pictureUrlField } from './createFields';

const APPROVAL_STATUSES = ['approved', 'pending', 'unapproved'] as const;

/** The profile fields an update can change, in the order the Update Fields collection lists them. */
export const profileFieldOptions: INodeProperties[] = [
	{
		displayName: 'Approval Status',
		name: 'approvalStatus',
		type: 'options',
		options: APPROVAL_STATUSES.map((value) => ({ name: value[0].toUpperCase() + value.slice(1), value })),
		default: 'approved',
	},
	{ displayName: 'Bio', name: 'bio', type: 'string', typeOptions: { rows: 3 }, default: '' },
	{ displayName: 'Company', name: 'company', type: 'string', default: '' },
	{ displayName: 'First Name', name: 'firstName', type: 'string', default: '' },
	{ displayName: 'Job Title', name: 'position', type: 'string', default: '' },
	lastNameField,
	linkedInUrlField,
	{
		displayName: 'Member Type',
		name: 'memberType',
		type: 'options',
		options: MEMBER_TYPES.map((value) => ({ name: value, value })),
		default: 'Standard',
	},
	pictureUrlField,
];

const updateFields: INodeProperties = {
	displayName: 'Update Fields',
	name: 'updateFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	description: 'Profile fields to change; fields not added here are left as they are',
	options: profileFieldOptions,
};

/** Answers to the profile questions: one mapper field per question of the community. */
export const profileAnswersField: INodeProperties = {
	displayName: 'Profile Answers',
	name: 'profileAnswers',
	type: 'resourceMapper',
	noDataExpression: true,
	default: { mappingMode: 'defineBelow', value: null },
	description:
		'Answers to the community profile questions. Multi-select answers are separated with a semicolon (;). Location questions cannot be set through the API and are not listed.',
	typeOptions: {
		resourceMapper: {
			resourceMapperMethod: 'getProfileAnswerFields',
			mode: 'add',
			valuesLabel: 'Profile Answers',
			fieldWords: { singular: 'answer', plural: 'answers' },
			addAllFields: false,
			multiKeyMatch: false,
			supportAutoMap: false,
			noFieldsError: 'This community has no profile questions that the API can answer',
		},
	},
};

/** The profile fields and answers shared by Update, Update by Email and Update Many. */
export const updateFieldsProperties: INodeProperties[] = [updateFields, profileAnswersField];

/** The profile fields PATCH /users/:id, POST /updateProfileByEmail and the batch update accept. */
export const profileFieldsSchema = z
	.object({
		firstName: optionalText,
		lastName: optionalText,
		position: optionalText,
		company: optionalText,
		pictureUrl: url.optional(),
		linkedInUrl: url.optional(),
		bio: z.string().optional(),
		memberType: oneOf(MEMBER_TYPES, { caseInsensitive: true }).optional(),
		approvalStatus: oneOf(APPROVAL_STATUSES, { caseInsensitive: true }).optional(),
	})
	.strict();

/** A question of the community, or undefined; the questions are read once per execution and shared by all its items. */
async function questionFor(ctx: IExecuteFunctions, id: string, itemIndex: number): Promise<ProfileQuestion | undefined> {
	const ids = await oncePerExecution(ctx, 'profileQuestions', async () => {
		const list = await listProfileQuestions.call(ctx);
		return new Set(list.map((question) => question.id));
	});
	if (!ids.has(id)) return undefined;
	return await oncePerExecution(ctx, `profileQuestion:${id}`, () => getProfileQuestion.call(ctx, id, itemIndex));
}

function answerText(value: unknown): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean).join(';') || undefined;
	return String(value);
}

/** Profile answers keyed by question id, checked against the community's questions. */
export async function readAnswers(ctx: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const mapper = ctx.getNodeParameter('profileAnswers', itemIndex, {}) as ResourceMapperValue;
	const answers: IDataObject = {};
	for (const [id, value] of Object.entries(mapper?.value ?? {})) {
		const text = answerText(value);
		if (text !== undefined) answers[id] = text;
	}
	for (const id of Object.keys(answers)) {
		const question = await questionFor(ctx, id, itemIndex);
		if (!question) {
			failParameters(
				ctx.getNode(),
				[`"Profile Answers" has an answer for "${id}", which is not a profile question of this community: open the field list, refresh it and map the answers again`],
				itemIndex,
			);
		}
		if (question.type === 'Location') {
			failParameters(
				ctx.getNode(),
				[`"Profile Answers" cannot set "${question.title}": the API does not support answering Location questions; remove that answer`],
				itemIndex,
			);
		}
	}
	return answers;
}

/** The validated profile fields and answers of one item; never both empty. */
export async function readProfileUpdate(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<{ fields: IDataObject; answers: IDataObject }> {
	// An empty value (e.g. an empty cell mapped by an expression) leaves that field unchanged.
	const fields: IDataObject = readParameters(ctx, itemIndex, [updateFields], profileFieldsSchema);
	const answers = await readAnswers(ctx, itemIndex);
	if (Object.keys(fields).length + Object.keys(answers).length === 0) {
		failParameters(
			ctx.getNode(),
			['Nothing to update: add at least one field under "Update Fields" or one profile answer'],
			itemIndex,
		);
	}
	return { fields, answers };
}

/** A row of POST /users/batch-update: the member's email, the fields, and the answers under `questionAnswers`. */
export function batchUpdateRow(email: string, fields: IDataObject, answers: IDataObject): IDataObject {
	return { ...fields, email, ...(Object.keys(answers).length ? { questionAnswers: answers } : {}) };
}

/** The PATCH / updateProfileByEmail body: fields plus answers keyed by question id. */
export async function buildUpdateBody(ctx: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { fields, answers } = await readProfileUpdate(ctx, itemIndex);
	return { ...fields, ...answers };
}

/** Options of the batch update jobs (Update Many, Create or Update Many): the audit note and who made the change. */
export const batchOptions: INodeProperties = collection(
	'options',
	[
		{
			displayName: 'Operator Email',
			name: 'operatorEmail',
			type: 'string',
			placeholder: 'admin@example.com',
			default: '',
			description: 'Email of a community admin to attribute the changes to (ignored by the API if it matches no admin)',
		},
		{
			displayName: 'Reason',
			name: 'reason',
			type: 'string',
			default: '',
			description: 'Audit note stored with the batch, for example "CRM sync"',
		},
	],
	{ name: 'batchOptions' },
);

export const batchOptionsSchema = z.object({ operatorEmail: email.optional(), reason: z.string().optional() }).strict();
