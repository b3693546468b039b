import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { memberRef } from '../../locators/member';
import { email } from '../../../shared/parameters/primitives';
import { readParameters } from '../../../shared/parameters/read';
import { apiRequest } from '../../../shared/transport/request';
import { emailField } from '../../../shared/parameters/fields';
import { hiddenWhenRemovingAll, membershipChangeSchema, membershipModeProperties, nameList } from '../membershipChange';
import { memberSpacesUpdate } from '../../output/spaces';

const REMOVE_ALL = 'Remove From All Spaces';

export const properties: INodeProperties[] = [
	emailField('Email address of the member whose spaces change', 'Member Email'),
	...membershipModeProperties('spaces', REMOVE_ALL),
	{
		displayName: 'Space Names or IDs',
		name: 'spaces',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getSpaces' },
		default: [],
		displayOptions: hiddenWhenRemovingAll,
		description:
			'Spaces by name, each once. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
];

export const output = memberSpacesUpdate;

/** The member's email plus the shared add / override rules. */
const schema = z.object({ email }).and(membershipChangeSchema('spaces', nameList('spaces'), 'spaces', REMOVE_ALL));

/** POST /updateUserSpacesByEmail; the output has the member with oldSpaces and newSpaces. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const params = readParameters(this, itemIndex, properties, schema);
	const response = (await apiRequest.call(this, {
		method: 'POST',
		path: '/updateUserSpacesByEmail',
		body: { email: params.email, spaces: params.list, mode: params.mode },
		itemIndex,
		notFound: memberRef({ email: params.email }).notFound,
	})) as IDataObject;
	return { userEmail: params.email, ...response };
}
