import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { readTagId, tagProperty } from '../../locators/tag';
import { readParameters } from '../../../shared/parameters/read';
import { apiRequest, pathOf } from '../../../shared/transport/request';
import { DUPLICATE_NAME_HINT, tagName } from './name';
import { tag } from '../../output/tags';

const nameField: INodeProperties = {
	displayName: 'New Name',
	name: 'name',
	type: 'string',
	default: '',
	required: true,
	description:
		'The new name (case-sensitive). Renaming to the current name changes nothing; searches by name see the new name after a short delay.',
};

export const properties: INodeProperties[] = [tagProperty, nameField];

export const output = tag;

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const tagId = readTagId(this, itemIndex);
	const body = readParameters(this, itemIndex, [nameField], z.object({ name: tagName }));
	return (await apiRequest.call(this, {
		method: 'PATCH',
		path: pathOf`/tags/${{ Tag: tagId }}`,
		body,
		itemIndex,
		notFound: `No active tag has the ID "${tagId}"`,
		hints: [DUPLICATE_NAME_HINT],
	})) as IDataObject;
}
