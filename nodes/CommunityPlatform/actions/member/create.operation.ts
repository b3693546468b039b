import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readParameters } from '../../../shared/parameters/read';
import { apiRequest } from '../../../shared/transport/request';
import { createFieldsProperties, createMemberSchema } from './createFields';
import { createdMember } from '../../output/members';

export const properties: INodeProperties[] = createFieldsProperties(true);

export const output = createdMember;

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = readParameters(this, itemIndex, properties, createMemberSchema);
	return (await apiRequest.call(this, { method: 'POST', path: '/users', body, itemIndex })) as IDataObject;
}
