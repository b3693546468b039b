import type { INodeProperties } from 'n8n-workflow';

import { holdBackNotice, maxItemsPerPoll, startFrom, triggerCollection } from './descriptions';
import type { FeedDefinition } from './types';

export type MemberChange = 'newMember' | 'profileUpdated' | 'deactivated' | 'removed';

/**
 * The members feed (/incremental/users). A row is the member as the single-member read shows
 * it, plus `archived`; a deleted member is a tombstone.
 *
 * - New Member: the row's `signUpAt` is a sign-up the trigger has not announced, at or after
 *   the start point (see FeedDefinition / README for the exact rule).
 * - Deactivated: the row shows `archived: true`, was changed at or after the start point, and
 *   the trigger has not already reported the member as deactivated. The feed does not date a
 *   deactivation, so the row's change counts as its time: a dormant member deactivated after the
 *   start fires (most deactivations are of dormant members), and so, once, does the first edit
 *   after the start of a member archived before it (the lesser error).
 * - Removed: a tombstone (`removed: true`).
 * - Profile Updated: any other change of a live member.
 */
export const membersFeed: FeedDefinition<MemberChange> = {
	path: '/incremental/users',
	noun: 'member',
	kinds: ['newMember', 'profileUpdated', 'deactivated', 'removed'],
	signals: (row) => [
		{ kind: 'newMember', at: row.signUpAt },
		{ kind: 'deactivated', holds: row.archived === true },
	],
	removedKind: 'removed',
	otherwiseKind: 'profileUpdated',
	scope(ctx) {
		const include = ctx.getNodeParameter('options.include', []) as string[];
		return {
			qs: include.length > 0 ? { includes: include.join(',') } : {},
			inScope: () => true,
			suppress: () => false,
		};
	},
};

export const memberTriggerProperties: INodeProperties[] = [
	{
		displayName: 'Trigger On',
		name: 'events',
		type: 'multiOptions',
		required: true,
		options: [
			{
				name: 'New Member',
				value: 'newMember',
				description: 'A member signed up (signUpAt) after the trigger started; fires once per member',
			},
			{
				name: 'Profile Updated',
				value: 'profileUpdated',
				description: 'Any other change to a member: profile fields, spaces, points, approval or member type',
			},
			{
				name: 'Member Deactivated',
				value: 'deactivated',
				description:
					'A member shows archived: true in a change made after the trigger started; fires once per deactivation. A member deactivated before the start fires it at their first change after it.',
			},
			{
				name: 'Member Removed',
				value: 'removed',
				description: 'A member was deleted; the item holds only the ID, removed, removedAt and updatedAt',
			},
		],
		default: ['newMember', 'profileUpdated', 'deactivated', 'removed'],
		description: 'Which member changes start the workflow',
	},
	...startFrom,
	triggerCollection('options', [
		{
			displayName: 'Include',
			name: 'include',
			type: 'multiOptions',
			options: [
				{ name: 'Points', value: 'points', description: 'LifetimePoints and remainingPoints' },
				{ name: 'Profile Answers', value: 'questionnaire', description: 'The questionnaire: answers by question title' },
				{ name: 'Spaces', value: 'spaces', description: 'The names of the spaces the member is in' },
			],
			default: [],
			description:
				'Extra member fields to include. An edit that changes only a profile answer may not produce a change.',
		},
		maxItemsPerPoll,
	]),
	holdBackNotice,
];
