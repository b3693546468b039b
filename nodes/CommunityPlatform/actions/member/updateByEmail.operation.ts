import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { memberRef } from '../../locators/member';
import { email } from '../../../shared/parameters/primitives';
import { readParameters } from '../../../shared/parameters/read';
import { apiRequest } from '../../../shared/transport/request';
import { buildUpdateBody, updateFieldsProperties } from './updateFields';
import { emailField } from '../../../shared/parameters/fields';
import { profileUpdate } from '../../output/members';

const memberEmail = emailField('Email address of the member to update');

export const properties: INodeProperties[] = [memberEmail, ...updateFieldsProperties];

export const output = profileUpdate;

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const target = memberRef(readParameters(this, itemIndex, [memberEmail], z.object({ email })));
	const body = await buildUpdateBody(this, itemIndex);
	return (await apiRequest.call(this, {
		method: 'POST',
		path: '/updateProfileByEmail',
		body: { ...body, ...target.body },
		itemIndex,
		notFound: target.notFound,
	})) as IDataObject;
}
