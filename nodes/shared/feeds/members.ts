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
 * - Profile Updated: every change of a live member but the one New Member fires on (a
 *   deactivation too), and one whose sign-up the trigger may have announced and forgotten.
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
