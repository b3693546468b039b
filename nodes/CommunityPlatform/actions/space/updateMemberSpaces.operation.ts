import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { parseParameters } from '../../schemas/common';
import { updateMemberSpacesSchema } from '../../schemas/spaces';
import { apiRequest } from '../../transport/request';
import { hiddenWhenRemovingAll, membershipModeProperties, readMembershipChange } from '../membership.descriptions';

const properties: INodeProperties[] = [
	{
		displayName: 'Member Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description: 'Email address of the member whose spaces change',
	},
	...membershipModeProperties('spaces', 'Remove From All Spaces'),
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

export const description = updateDisplayOptions(
	{ show: { resource: ['space'], operation: ['updateMemberSpaces'] } },
	properties,
);

/** POST /updateUserSpacesByEmail; the output has the member with oldSpaces and newSpaces. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const params = parseParameters(
		this.getNode(),
		updateMemberSpacesSchema,
		{ email: this.getNodeParameter('email', itemIndex), ...readMembershipChange(this, itemIndex, 'spaces') },
		itemIndex,
		{ email: 'Member Email', mode: 'Mode', list: 'Space Names or IDs', removeFromAll: 'Remove From All Spaces' },
	);
	const response = (await apiRequest.call(this, {
		method: 'POST',
		path: '/updateUserSpacesByEmail',
		body: { email: params.email, spaces: params.list, mode: params.mode },
		itemIndex,
		notFound: `No member has the email "${params.email}"`,
	})) as IDataObject;
	return { userEmail: params.email, ...response };
}
