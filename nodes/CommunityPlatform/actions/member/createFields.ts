import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { compact } from '../../schemas/common';

const spacesField: INodeProperties = {
	displayName: 'Space Names or IDs',
	name: 'spaces',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getSpaces' },
	default: [],
	description:
		'Spaces to add the member to. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/** The member fields of Create and Create Many (batch creation takes no spaces). */
export function createFieldsProperties(withSpaces: boolean): INodeProperties[] {
	return [
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			placeholder: 'name@email.com',
			default: '',
			required: true,
		},
		{ displayName: 'First Name', name: 'firstName', type: 'string', default: '', required: true },
		{ displayName: 'Job Title', name: 'position', type: 'string', default: '', required: true },
		{ displayName: 'Company', name: 'company', type: 'string', default: '', required: true },
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				{ displayName: 'Last Name', name: 'lastName', type: 'string', default: '' },
				{
					displayName: 'LinkedIn URL',
					name: 'linkedInUrl',
					type: 'string',
					default: '',
					placeholder: 'https://www.linkedin.com/in/jane',
				},
				{
					displayName: 'Picture URL',
					name: 'pictureUrl',
					type: 'string',
					default: '',
					placeholder: 'https://example.com/photo.png',
				},
				...(withSpaces ? [spacesField] : []),
			],
		},
	];
}

export const CREATE_LABELS = {
	email: 'Email',
	firstName: 'First Name',
	position: 'Job Title',
	company: 'Company',
	lastName: 'Last Name',
	linkedInUrl: 'LinkedIn URL',
	pictureUrl: 'Picture URL',
	spaces: 'Space Names or IDs',
};

/** The item's member fields, unset ones left out. */
export function readCreateFields(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	return compact({
		email: ctx.getNodeParameter('email', itemIndex),
		firstName: ctx.getNodeParameter('firstName', itemIndex),
		position: ctx.getNodeParameter('position', itemIndex),
		company: ctx.getNodeParameter('company', itemIndex),
		...(ctx.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
	}) as IDataObject;
}
