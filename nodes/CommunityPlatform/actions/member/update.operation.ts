import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { memberLocator, readMember } from '../../locators/member';
import { apiRequest, pathOf } from '../../../shared/transport/request';
import { shownFor } from '../operation';
import { buildUpdateBody, updateFieldsProperties } from './updateFields';

const properties: INodeProperties[] = [memberLocator(false), ...updateFieldsProperties];

export const displayOptions = shownFor('member', 'update');

export const description = updateDisplayOptions(displayOptions, properties);

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
