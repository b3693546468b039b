import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/**
 * Mode and the explicit "remove from all" switch, shared by Update Member's Clubs and Update
 * Member's Spaces. The list field of each operation hides itself when the switch is on.
 */
export function membershipModeProperties(what: 'clubs' | 'spaces', removeAllLabel: string): INodeProperties[] {
	return [
		{
			displayName: 'Mode',
			name: 'mode',
			type: 'options',
			options: [
				{
					name: 'Add',
					value: 'add',
					description: `Keep the member's current ${what} and add the ones listed`,
				},
				{
					name: 'Override',
					value: 'override',
					description: `Make the listed ${what} the member's only ones: the member leaves every ${what.slice(0, -1)} not listed`,
				},
			],
			default: 'add',
			description: `What happens to the member's current ${what}`,
		},
		{
			displayName: removeAllLabel,
			name: 'removeFromAll',
			type: 'boolean',
			default: false,
			displayOptions: { show: { mode: ['override'] } },
			description: `Whether to remove the member from all their ${what}. Overriding with an empty list does that, so it is refused unless this is on.`,
		},
	];
}

/** Hides an operation's list field while "remove from all" is on. */
export const hiddenWhenRemovingAll = { hide: { removeFromAll: [true] } };

/** The raw mode, list and switch, for the operation's zod schema to check. */
export function readMembershipChange(ctx: IExecuteFunctions, itemIndex: number, listName: string) {
	return {
		mode: ctx.getNodeParameter('mode', itemIndex),
		removeFromAll: ctx.getNodeParameter('removeFromAll', itemIndex, false),
		list: ctx.getNodeParameter(listName, itemIndex, []),
	};
}
