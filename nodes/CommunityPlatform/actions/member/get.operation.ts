import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { memberLocator, readMember } from '../../locators/member';
import { memberOutput } from '../../output/members';
import { simplifyMembers } from '../../output/simplify';
import { apiRequest, pathOf } from '../../../shared/transport/request';
import { simplify } from '../../../shared/parameters/fields';

export const properties: INodeProperties[] = [memberLocator(false), simplify];

export const output = memberOutput;

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const target = readMember(this, itemIndex, false);
	const member = (await apiRequest.call(this, {
		method: 'GET',
		path: pathOf`/users/${{ Member: target.userId }}`,
		itemIndex,
		notFound: target.notFound,
	})) as IDataObject;
	return simplifyMembers([member], this.getNodeParameter('simplify', itemIndex, true) as boolean);
}
