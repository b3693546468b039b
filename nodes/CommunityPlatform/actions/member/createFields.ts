import type { INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { email, optionalText, requiredText, url } from '../../../shared/parameters/primitives';
import { collection, emailField } from '../../../shared/parameters/fields';

const spacesField: INodeProperties = {
	displayName: 'Space Names or IDs',
	name: 'spaces',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getSpaces' },
	default: [],
	description:
		'Spaces to add the member to. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/** Profile fields that Create and Update both offer (optional in both). */
export const lastNameField: INodeProperties = { displayName: 'Last Name', name: 'lastName', type: 'string', default: '' };

export const linkedInUrlField: INodeProperties = {
	displayName: 'LinkedIn URL',
	name: 'linkedInUrl',
	type: 'string',
	default: '',
	placeholder: 'https://www.linkedin.com/in/jane',
};

export const pictureUrlField: INodeProperties = {
	displayName: 'Picture URL',
	name: 'pictureUrl',
	type: 'string',
	default: '',
	placeholder: 'https://example.com/photo.png',
};

/** The member fields of Create and Create Many (batch creation takes no spaces). */
export function createFieldsProperties(withSpaces: boolean): INodeProperties[] {
	return [
		emailField(),
		{ displayName: 'First Name', name: 'firstName', type: 'string', default: '', required: true },
		{ displayName: 'Job Title', name: 'position', type: 'string', default: '', required: true },
		{ displayName: 'Company', name: 'company', type: 'string', default: '', required: true },
		collection('additionalFields', [
			lastNameField,
			linkedInUrlField,
			pictureUrlField,
			...(withSpaces ? [spacesField] : []),
		]),
	];
}

/** Body of POST /users. */
export const createMemberSchema = z
	.object({
		email,
		firstName: requiredText('the first name'),
		position: requiredText('the job title'),
		company: requiredText('the company name'),
		lastName: optionalText,
		linkedInUrl: url.optional(),
		pictureUrl: url.optional(),
		spaces: z.array(z.string().trim().min(1, 'has an empty entry: remove it')).optional(),
	})
	.strict();

/** A row of POST /users/batch: the creation rules, a company of at least 2 characters, no spaces. */
export const batchCreateRowSchema = createMemberSchema.omit({ spaces: true }).extend({
	company: requiredText('the company name').pipe(z.string().min(2, 'must be at least 2 characters long')),
});
