import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { parseParameters } from '../../schemas/common';
import { createMemberSchema } from '../../schemas/member';
import { apiRequest } from '../../transport/request';
import { CREATE_LABELS, createFieldsProperties, readCreateFields } from './createFields';

export const description = updateDisplayOptions(
	{ show: { resource: ['member'], operation: ['create'] } },
	createFieldsProperties(true),
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const raw = readCreateFields(this, itemIndex);
	const body = parseParameters(this.getNode(), createMemberSchema, raw, itemIndex, CREATE_LABELS);
	return (await apiRequest.call(this, { method: 'POST', path: '/users', body, itemIndex })) as IDataObject;
}
