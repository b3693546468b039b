import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readParameters } from '../../../shared/parameters/read';
import { apiRequest } from '../../../shared/transport/request';
import { shownFor } from '../operation';
import { createFieldsProperties, createMemberSchema } from './createFields';

const properties = createFieldsProperties(true);

export const displayOptions = shownFor('member', 'create');

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = readParameters(this, itemIndex, properties, createMemberSchema);
	return (await apiRequest.call(this, { method: 'POST', path: '/users', body, itemIndex })) as IDataObject;
}
