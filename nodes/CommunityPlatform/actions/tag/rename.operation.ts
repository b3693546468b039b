import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { parseParameters } from '../../schemas/common';
import { tagName } from '../../schemas/tags';
import { apiRequest, pathOf } from '../../transport/request';
import { DUPLICATE_NAME_HINT, tagIdOf, tagProperty } from './descriptions';

const properties: INodeProperties[] = [
	tagProperty,
	{
		displayName: 'New Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		description:
			'The new name (case-sensitive). Renaming to the current name changes nothing; searches by name see the new name after a short delay.',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['tag'], operation: ['rename'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const tagId = tagIdOf(this, itemIndex);
	const body = parseParameters(
		this.getNode(),
		z.object({ name: tagName }),
		{ name: this.getNodeParameter('name', itemIndex) },
		itemIndex,
		{ name: 'New Name' },
	);
	return (await apiRequest.call(this, {
		method: 'PATCH',
		path: pathOf`/tags/${{ Tag: tagId }}`,
		body,
		itemIndex,
		notFound: `No active tag has the ID "${tagId}"`,
		hints: [DUPLICATE_NAME_HINT],
	})) as IDataObject;
}
