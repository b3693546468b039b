import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { maybeSimplify } from '../../helpers/members';
import { findMemberByEmail } from '../../locators/member';
import { email } from '../../parameters/primitives';
import { readParameters } from '../../parameters/read';
import { simplify } from '../common.descriptions';

const emailField: INodeProperties = {
	displayName: 'Email',
	name: 'email',
	type: 'string',
	placeholder: 'name@email.com',
	default: '',
	required: true,
	description: 'Email address of the member to look up',
};

const properties: INodeProperties[] = [emailField, simplify];

export const description = updateDisplayOptions({ show: { resource: ['member'], operation: ['getByEmail'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const params = readParameters(this, itemIndex, [emailField], z.object({ email }));
	const member = await findMemberByEmail.call(this, params.email, itemIndex);
	return maybeSimplify([member], this.getNodeParameter('simplify', itemIndex, true) as boolean);
}
