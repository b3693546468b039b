import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { email, parseParameters } from '../../schemas/common';
import { apiRequest } from '../../transport/request';
import { buildUpdateBody, updateFieldsProperties } from './updateFields';

const properties: INodeProperties[] = [
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description: 'Email address of the member to update',
	},
	...updateFieldsProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['member'], operation: ['updateByEmail'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const target = parseParameters(
		this.getNode(),
		z.object({ email }),
		{ email: this.getNodeParameter('email', itemIndex) },
		itemIndex,
		{ email: 'Email' },
	);
	const body = await buildUpdateBody(this, itemIndex);
	return (await apiRequest.call(this, {
		method: 'POST',
		path: '/updateProfileByEmail',
		body: { ...body, email: target.email },
		itemIndex,
		notFound: `No member has the email "${target.email}"`,
	})) as IDataObject;
}
