import type { INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { oneOf } from '../../shared/parameters/primitives';

/**
 * What Update Member's Clubs and Update Member's Spaces share: the Mode, the explicit "remove
 * from all" switch, and the rules for the list of clubs or spaces.
 */

/** Mode and the "remove from all" switch. The list field of each operation hides itself when the switch is on. */
export function membershipModeProperties(what: 'clubs' | 'spaces', removeAllLabel: string): INodeProperties[] {
	return [
		{
			displayName: 'Mode',
			name: 'membershipMode',
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
			displayOptions: { show: { membershipMode: ['override'] } },
			description: `Whether to remove the member from all their ${what}. Overriding with an empty list does that, so it is refused unless this is on.`,
		},
	];
}

/** Hides an operation's list field while "remove from all" is on. */
export const hiddenWhenRemovingAll = { hide: { removeFromAll: [true] } };

const MEMBERSHIP_MODES = ['add', 'override'] as const;

/**
 * A list of names or ids: an array, or one comma-separated string (what an expression or an
 * AI agent often gives). Entries are trimmed; empty entries and duplicates are refused.
 */
export function nameList(what: string, max?: number) {
	const entries = z
		.array(
			z.string({ invalid_type_error: `must list ${what} as text` }).trim().min(1, 'has an empty entry: remove it'),
			{ invalid_type_error: `must be a list of ${what}, or ${what} separated by commas` },
		)
		.superRefine((list, ctx) => {
			const seen = new Set<string>();
			for (const entry of list) {
				if (seen.has(entry)) {
					ctx.addIssue({
						code: z.ZodIssueCode.custom,
						message: `lists "${entry}" more than once: give each of the ${what} once`,
					});
					return;
				}
				seen.add(entry);
			}
		});
	const bounded =
		max === undefined
			? entries
			: entries.refine((list) => list.length <= max, `has more than ${max} ${what}: give at most ${max}`);
	return z.preprocess((value) => {
		if (value === undefined || value === null || value === '') return [];
		return typeof value === 'string' ? value.split(',') : value;
	}, bounded);
}

/**
 * The mode, the list (the parameter `listName`) and the explicit "remove from all" switch,
 * as `{ mode, list }`. Override with an empty list removes the member from everything, so it
 * is only accepted when that switch is on; with the switch on, an empty list is sent whatever
 * the list field held (the node hides it).
 */
export function membershipChangeSchema<L extends z.ZodTypeAny>(
	listName: string,
	list: L,
	what: string,
	removeAllLabel: string,
) {
	return z
		.object({
			membershipMode: oneOf(MEMBERSHIP_MODES),
			[listName]: list,
			removeFromAll: z.boolean({ invalid_type_error: 'must be true or false' }).default(false),
		})
		.transform((value) => ({
			mode: value.membershipMode as string,
			removeFromAll: value.removeFromAll as boolean,
			list: (value.membershipMode === 'override' && value.removeFromAll ? [] : value[listName]) as string[],
		}))
		.superRefine((value, ctx) => {
			if (value.list.length > 0 || (value.mode === 'override' && value.removeFromAll)) return;
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: [listName],
				message:
					value.mode === 'add'
						? `is empty: choose at least one of the ${what} to add`
						: `is empty: in Override mode an empty list removes the member from all ${what}. Add the ${what} to keep, or turn on "${removeAllLabel}" to remove the member from every one on purpose`,
			});
		});
}
