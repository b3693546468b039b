import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { findMemberByEmail } from '../../locators/member';
import { simplifyMembers } from '../../output/simplify';
import { email } from '../../../shared/parameters/primitives';
import { readParameters } from '../../../shared/parameters/read';
import { emailField, simplify } from '../../../shared/parameters/fields';
import { memberOutput } from '../../output/members';

const memberEmail = emailField('Email address of the member to look up');

export const properties: INodeProperties[] = [memberEmail, simplify];

export const output = memberOutput;

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const params = readParameters(this, itemIndex, [memberEmail], z.object({ email }));
	const member = await findMemberByEmail.call(this, params.email, itemIndex);
	return simplifyMembers([member], this.getNodeParameter('simplify', itemIndex, true) as boolean);
}
