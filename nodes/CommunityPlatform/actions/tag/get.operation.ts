import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readTagId, tagProperty } from '../../locators/tag';
import { apiRequest, pathOf } from '../../../shared/transport/request';
import { tagWithUsage } from '../../output/tags';

export const properties: INodeProperties[] = [tagProperty];

export const output = tagWithUsage;

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const tagId = readTagId(this, itemIndex);
	return (await apiRequest.call(this, {
		method: 'GET',
		path: pathOf`/tags/${{ Tag: tagId }}`,
		itemIndex,
		notFound: `No active tag has the ID "${tagId}" (deleted tags cannot be read)`,
	})) as IDataObject;
}
