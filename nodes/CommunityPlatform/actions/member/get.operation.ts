import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyMembers } from '../../output/simplify';
import { apiRequest, pathOf } from '../../transport/request';
import { memberLocator, simplify } from '../common.descriptions';
import { memberTarget } from './target';

const properties: INodeProperties[] = [memberLocator(false), simplify];

export const description = updateDisplayOptions({ show: { resource: ['member'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { userId } = memberTarget(this, itemIndex, false);
	const member = (await apiRequest.call(this, {
		method: 'GET',
		path: pathOf`/users/${{ Member: userId }}`,
		itemIndex,
		notFound: `No member has the ID "${userId}"`,
	})) as IDataObject;
	return simplifyMembers([member], this.getNodeParameter('simplify', itemIndex, true) as boolean);
}
