import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { collection, emailField } from '../../../shared/parameters/fields';
import { email } from '../../../shared/parameters/primitives';
import { failParameters, issuesOf, readParameters } from '../../../shared/parameters/read';
import { profileAnswersField, profileFieldOptions, profileFieldsSchema, readAnswers } from './updateFields';

/** The fields a new member needs (POST /users): optional here, since an existing member has them. */
const CREATE_REQUIRED = ['firstName', 'position', 'company'];
/** What POST /users takes besides the email; the rest of the profile is set by an update right after. */
const CREATE_FIELDS = [...CREATE_REQUIRED, 'lastName', 'linkedInUrl', 'pictureUrl'];

const NEEDED_TO_CREATE = 'Needed when no member has the email and one is created; an existing member’s value changes only if this is set';

const memberEmail = emailField(
	'The member to update, found by this email address; when no member has it, a member is created with it',
);

const createRequiredFields: INodeProperties[] = profileFieldOptions
	.filter((field) => CREATE_REQUIRED.includes(field.name))
	.map((field) => ({ ...field, description: NEEDED_TO_CREATE }));

const additionalFields = collection(
	'additionalFields',
	profileFieldOptions.filter((field) => !CREATE_REQUIRED.includes(field.name)),
	{ description: 'Set on a new member, or changed on an existing one; fields not added here are left as they are' },
);

/** The fields of Create or Update and Create or Update Many, after their notices. */
export const createOrUpdateProperties: INodeProperties[] = [
	memberEmail,
	...createRequiredFields,
	additionalFields,
	profileAnswersField,
];

const labels = Object.fromEntries(
	[...createRequiredFields, ...(additionalFields.options as INodeProperties[])].map((f) => [f.name, f.displayName]),
);

/** One item of a create-or-update, read and checked; nothing has been sent. */
export interface CreateOrUpdateInput {
	email: string;
	/** The email in lower case: a batch holds each member once. */
	key: string;
	/** The profile fields set, and the answers keyed by question id: the update. */
	fields: IDataObject;
	answers: IDataObject;
	/** The body of a creation, or why the item cannot create a member (`cannotCreate`). */
	create?: IDataObject;
	cannotCreate?: string;
}

function pick(data: IDataObject, keep: (key: string) => boolean): IDataObject {
	return Object.fromEntries(Object.entries(data).filter(([key]) => keep(key)));
}

/**
 * Reads an item of a create-or-update. Every field is checked as an update checks it; whether
 * the item can also create a member (`createSchema`: the single or the batch creation rules) is
 * worked out here too, but only matters when no member has the email.
 */
export async function readCreateOrUpdate(
	ctx: IExecuteFunctions,
	itemIndex: number,
	createSchema: z.ZodTypeAny,
): Promise<CreateOrUpdateInput> {
	const target = readParameters(ctx, itemIndex, [memberEmail], z.object({ email }));
	const fields: IDataObject = readParameters(ctx, itemIndex, [...createRequiredFields, additionalFields], profileFieldsSchema);
	const answers = await readAnswers(ctx, itemIndex);
	if (Object.keys(fields).length + Object.keys(answers).length === 0) {
		failParameters(
			ctx.getNode(),
			[
				'Nothing to create or update: set "First Name", "Job Title" and "Company" (a new member needs them), or at least one field or profile answer to change',
			],
			itemIndex,
		);
	}
	const input: CreateOrUpdateInput = { email: target.email, key: target.email.toLowerCase(), fields, answers };
	const creation = createSchema.safeParse({ email: target.email, ...pick(fields, (key) => CREATE_FIELDS.includes(key)) });
	if (creation.success) input.create = creation.data as IDataObject;
	else input.cannotCreate = issuesOf(creation.error, labels).join('; ');
	return input;
}

/**
 * What a creation cannot set (bio, member type, approval status, profile answers), sent as an
 * update right after it; undefined when the item sets none of them.
 */
export function setAfterCreate(input: CreateOrUpdateInput): { fields: IDataObject; answers: IDataObject } | undefined {
	const fields = pick(input.fields, (key) => !CREATE_FIELDS.includes(key));
	if (Object.keys(fields).length + Object.keys(input.answers).length === 0) return undefined;
	return { fields, answers: input.answers };
}

/** Why an item with no member behind its email cannot create one; said in full, since an error output keeps only the message. */
export function cannotCreateMessage(email: string, cannotCreate: string | undefined): string {
	return `No member has the email "${email}", and a new member cannot be created from this item: ${cannotCreate ?? 'its fields are incomplete'}. Nothing was created; set the missing fields to create the member, or leave the item out`;
}

/** A creation's refusal that says the email is in use already (the wording is the API's, not given by the spec). */
export const EMAIL_TAKEN = /exist|taken|in use|already|duplicate/i;

/**
 * The update found no member with the email and the creation answered that the email is in use,
 * and this stays so when the update is tried again: a member holds the email whom the API does
 * not update (PATCH rule 1: an archived member is "not found"), most likely a deactivated one.
 */
export function heldByInactiveMember(email: string, createAnswer: string): string {
	return `The email "${email}" belongs to a member the API does not update, most likely a deactivated member: the update found no member with it, and the creation answered "${createAnswer}". Nothing was created or changed. Reactivate the member in the community's admin (this item then updates them), or remove the item`;
}
