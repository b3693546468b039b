import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { compact, parseParameters } from '../../schemas/common';
import { createMemberSchema } from '../../schemas/member';
import { apiRequest } from '../../transport/request';

const properties: INodeProperties[] = [
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
			{
				displayName: 'Space Names or IDs',
				name: 'spaces',
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: 'getSpaces' },
				default: [],
				description:
					'Spaces to add the member to. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['member'], operation: ['create'] } }, properties);

const LABELS = {
	email: 'Email',
	firstName: 'First Name',
	position: 'Job Title',
	company: 'Company',
	lastName: 'Last Name',
	linkedInUrl: 'LinkedIn URL',
	pictureUrl: 'Picture URL',
	spaces: 'Spaces',
};

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const raw = compact({
		email: this.getNodeParameter('email', itemIndex),
		firstName: this.getNodeParameter('firstName', itemIndex),
		position: this.getNodeParameter('position', itemIndex),
		company: this.getNodeParameter('company', itemIndex),
		...additional,
	});
	const body = parseParameters(this.getNode(), createMemberSchema, raw, itemIndex, LABELS);
	return (await apiRequest.call(this, { method: 'POST', path: '/users', body, itemIndex })) as IDataObject;
}
