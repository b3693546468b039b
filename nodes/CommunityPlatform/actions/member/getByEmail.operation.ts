import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { findMemberByEmail } from '../../helpers/members';
import { simplifyMembers } from '../../output/simplify';
import { email, parseParameters } from '../../schemas/common';
import { simplify } from '../common.descriptions';

const properties: INodeProperties[] = [
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description: 'Email address of the member to look up',
	},
	simplify,
];

export const description = updateDisplayOptions({ show: { resource: ['member'], operation: ['getByEmail'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const params = parseParameters(
		this.getNode(),
		z.object({ email }),
		{ email: this.getNodeParameter('email', itemIndex) },
		itemIndex,
		{ email: 'Email' },
	);
	const member = await findMemberByEmail.call(this, params.email, itemIndex);
	return simplifyMembers([member], this.getNodeParameter('simplify', itemIndex, true) as boolean);
}
