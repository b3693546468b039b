import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { readParameters } from '../../../shared/parameters/read';
import { apiRequest } from '../../../shared/transport/request';
import { DUPLICATE_NAME_HINT, tagName } from './name';
import { tag } from '../../output/tags';

const nameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. Design',
	description: 'Name of the new tag (case-sensitive); it must not be the name of another active tag',
};

export const properties: INodeProperties[] = [nameField];

export const output = tag;

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = readParameters(this, itemIndex, [nameField], z.object({ name: tagName }));
	return (await apiRequest.call(this, { method: 'POST', path: '/tags', body, itemIndex, hints: [DUPLICATE_NAME_HINT] })) as IDataObject;
}
