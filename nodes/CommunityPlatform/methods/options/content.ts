import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { paginate } from '../../../shared/transport/paginate';

/** Collections by name: Create Video takes the collection's name. */
export async function getCollections(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const collections = (await paginate.call(this, { path: '/collections', returnAll: true })) as IDataObject[];
	return collections
		.map((c) => ({ name: String(c.collectionName), value: String(c.collectionName) }))
		.sort((a, b) => a.name.localeCompare(b.name));
}
