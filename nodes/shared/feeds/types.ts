import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { FixedPath } from '../transport/path';

/**
 * Something a feed row shows that a trigger can fire on.
 *
 * - A **moment** (`at`): a timestamp field that is set when a thing happens (signUpAt,
 *   registeredAt, completedAt...). It fires when the row shows a value the trigger has not
 *   announced yet. An empty `at` means "has not happened".
 * - A **state** (`holds`): a condition without a change time in the feed (a member's
 *   `archived: true`, a certificate's status `Expired`: an expiryDate says when it was due, not
 *   when the status changed). It fires when a row changed at or after the start point shows it
 *   holding and the trigger does not remember it holding: the row's change dates it. When the
 *   row shows it not holding, the trigger forgets it, so it can fire again if it comes back.
 */
export type Signal<K extends string> =
	| { kind: K; at: unknown }
	| { kind: K; holds: boolean };

/** What a poll needs from the node's parameters, read once per poll. */
export interface FeedScope<K extends string> {
	/** Extra query parameters (the members feed's `includes`). */
	qs: IDataObject;
	/** False for rows outside the user's filters (another event, another course): never looked at. */
	inScope(row: IDataObject): boolean;
	/** True when this kind must not fire for this row (e.g. a registration made through the API). */
	suppress(row: IDataObject, kind: K): boolean;
}

/** One change feed: everything the shared engine needs to know about it. */
export interface FeedDefinition<K extends string = string> {
	/** Path below /public-api/v1. */
	path: FixedPath;
	/** What a row is, for messages: "member", "event attendee"... */
	noun: string;
	/** The change kinds this feed's trigger offers, in lifecycle order (ties sort by it). */
	kinds: readonly K[];
	/** The signals a live (not removed) row shows. */
	signals(row: IDataObject): Array<Signal<K>>;
	/** The kind of a tombstone (`removed: true`), if the feed has them. */
	removedKind?: K;
	/**
	 * The kind of a live row that fires no moment, or one that may have fired before (members:
	 * Profile Updated; decide.ts, classify); none: nothing fires.
	 */
	otherwiseKind?: K;
	/** Reads the feed-specific parameters (filters, includes). */
	scope(ctx: IPollFunctions): FeedScope<K>;
}

/** A feed page as the API answers it (API documentation: Change feeds). */
export interface FeedPage {
	results: IDataObject[];
	nextCursor?: string;
	hasMore: boolean;
	serverTimestamp: string;
	size?: number;
}
