import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { parseParameters } from '../../schemas/common';
import { tagName } from '../../schemas/tags';
import { apiRequest } from '../../transport/request';
import { DUPLICATE_NAME_HINT } from './descriptions';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Design',
		description: 'Name of the new tag (case-sensitive); it must not be the name of another active tag',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['tag'], operation: ['create'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = parseParameters(
		this.getNode(),
		z.object({ name: tagName }),
		{ name: this.getNodeParameter('name', itemIndex) },
		itemIndex,
		{ name: 'Name' },
	);
	return (await apiRequest.call(this, { method: 'POST', path: '/tags', body, itemIndex, hints: [DUPLICATE_NAME_HINT] })) as IDataObject;
}
