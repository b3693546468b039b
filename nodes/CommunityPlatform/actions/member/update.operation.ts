import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { memberLocator, readMember } from '../../locators/member';
import { apiRequest, pathOf } from '../../../shared/transport/request';
import { buildUpdateBody, updateFieldsProperties } from './updateFields';
import { profileUpdate } from '../../output/members';

export const properties: INodeProperties[] = [memberLocator(false), ...updateFieldsProperties];

export const output = profileUpdate;

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const target = readMember(this, itemIndex, false);
	const body = await buildUpdateBody(this, itemIndex);
	return (await apiRequest.call(this, {
		method: 'PATCH',
		path: pathOf`/users/${{ Member: target.userId }}`,
		body,
		itemIndex,
		notFound: `${target.notFound} (archived members cannot be updated)`,
	})) as IDataObject;
}
