import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { listSpaces } from '../../reads/spaces';

export async function getSpaces(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const spaces = await listSpaces.call(this);
	return spaces
		.map((space) => ({ name: space.name, value: space.name, description: space.description }))
		.sort((a, b) => a.name.localeCompare(b.name));
}
