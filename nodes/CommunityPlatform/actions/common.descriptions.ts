import type { INodeProperties } from 'n8n-workflow';

export const simplify: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};

const memberListMode = {
	displayName: 'From List',
	name: 'list',
	type: 'list' as const,
	placeholder: 'Select a member...',
	typeOptions: { searchListMethod: 'searchMembers', searchable: true },
};

const memberIdMode = {
	displayName: 'By ID',
	name: 'id',
	type: 'string' as const,
	placeholder: 'e.g. 64f1c2a9e4b0a1b2c3d4e5f6',
};

const memberEmailMode = {
	displayName: 'By Email',
	name: 'email',
	type: 'string' as const,
	placeholder: 'e.g. jane@example.com',
	validation: [
		{
			type: 'regex' as const,
			properties: { regex: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', errorMessage: 'Not a valid email address' },
		},
	],
};

/** The member to act on: from a searchable list, by ID, and (where the API takes one) by email. */
export function memberLocator(withEmail: boolean): INodeProperties {
	return {
		displayName: 'Member',
		name: 'member',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The member to act on',
		modes: withEmail ? [memberListMode, memberIdMode, memberEmailMode] : [memberListMode, memberIdMode],
	};
}
