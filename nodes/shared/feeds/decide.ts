import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { WorkingState } from './state';
import { toMs } from './state';
import type { FeedDefinition, FeedScope } from './types';

/**
 * The decision of a poll, with no I/O: each row read (oldest change first) and the state it was
 * read from give the item the trigger emits for it, if any, and the state moved past it. The
 * engine reads the pages (engine.ts) and hands each row here.
 */

/** What the user chose, read once per poll (engine.ts, readSettings). */
export interface Settings<K extends string> {
	/** The Start From setting as stored with the state: "now", "beginning" or the ISO date. */
	startFrom: string;
	origin: number | undefined;
	/** Emit = Every Change: every new version of every row in scope, and every tombstone, for a copy. */
	everyChange: boolean;
	events: K[];
	maxItems: number;
	scope: FeedScope<K>;
}

/** A row's identity: its id and when it last changed. */
interface RowKey {
	id: string;
	updatedAt: number;
}

function rowKeyOf(row: IDataObject, fail: (what: string, body: unknown) => Error): RowKey {
	const id = typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : '';
	const updatedAt = toMs(row.updatedAt);
	if (!id || updatedAt === undefined) throw fail('a feed row without "id" or a valid "updatedAt"', row);
	return { id, updatedAt };
}

/** A change kind a row fires, and when its change happened (to order several on one row). */
interface Fired<K extends string> {
	kind: K;
	at: number;
}

/**
 * The change kinds a row fires, remembering what its signals show; undefined when the row is
 * outside the trigger's scope (a tombstone of a feed without them, another event…). A row changed
 * before the start point is classified too (it fires nothing): the states it shows are remembered.
 *
 * - a moment fires when it is new (WorkingState.announceMoment);
 * - a state fires when it newly holds on a row changed at or after the start (announceState):
 *   the feed does not say when a deactivation or an expiry happened, so the row's change dates it;
 * - the feed's `otherwiseKind` (members: Profile Updated) fires on every row that fires no
 *   moment, and on one whose moment may have fired before (mayHaveAnnounced): the row may be a
 *   change the trigger cannot tell from the first one.
 */
function classify<K extends string>(
	feed: FeedDefinition<K>,
	settings: Settings<K>,
	state: WorkingState,
	row: IDataObject,
	{ id, updatedAt }: RowKey,
	beforeStart: boolean,
): Array<Fired<K>> | undefined {
	if (row.removed === true) return feed.removedKind ? [{ kind: feed.removedKind, at: toMs(row.removedAt) ?? updatedAt }] : undefined;
	if (!settings.scope.inScope(row)) return undefined;
	const fired: Array<Fired<K>> = [];
	let moments = 0;
	let mayBeAgain = false;
	for (const signal of feed.signals(row)) {
		const key = `${signal.kind}:${id}`;
		if ('holds' in signal) {
			if (state.announceState(key, signal.holds, updatedAt, !beforeStart)) fired.push({ kind: signal.kind, at: updatedAt });
			continue;
		}
		const at = toMs(signal.at);
		const known = state.announced.has(key);
		if (at === undefined || !state.announceMoment(key, at)) continue;
		fired.push({ kind: signal.kind, at });
		moments++;
		mayBeAgain ||= !known && state.mayHaveAnnounced(at);
	}
	if (feed.otherwiseKind && (moments === 0 || mayBeAgain)) fired.push({ kind: feed.otherwiseKind, at: updatedAt });
	return fired;
}

/** The change kinds a row fired, in the order they happened (ties in lifecycle order). */
function inOrder<K extends string>(feed: FeedDefinition<K>, fired: Array<Fired<K>>): K[] {
	fired.sort((a, b) => a.at - b.at || feed.kinds.indexOf(a.kind) - feed.kinds.indexOf(b.kind));
	return fired.map((f) => f.kind);
}

/**
 * The item for a row that fired: the row, its change kinds in the order they happened, the
 * last chosen one as `changeType`, and a stable `changeKey`. Undefined when none was chosen.
 */
function itemOf<K extends string>(
	feed: FeedDefinition<K>,
	settings: Settings<K>,
	row: IDataObject,
	{ id }: RowKey,
	fired: Array<Fired<K>>,
): INodeExecutionData | undefined {
	const changeTypes = inOrder(feed, fired);
	const chosen = changeTypes.filter((kind) => settings.events.includes(kind) && !settings.scope.suppress(row, kind));
	if (chosen.length === 0) return undefined;
	return {
		json: {
			...row,
			changeType: chosen[chosen.length - 1],
			changeTypes,
			changeKey: `${id}:${String(row.updatedAt)}`,
		},
	};
}

/**
 * Emit = Every Change: the item for every new version of a row in scope, and for every tombstone
 * (which carries no field a filter could test), whatever kinds it shows. `syncAction` says what
 * a copy does with it, keyed on `id`: "upsert" the row, or "delete" it.
 */
function syncItemOf<K extends string>(
	feed: FeedDefinition<K>,
	settings: Settings<K>,
	row: IDataObject,
	{ id }: RowKey,
	fired: Array<Fired<K>> | undefined,
): INodeExecutionData | undefined {
	const removed = row.removed === true;
	if (!removed && !settings.scope.inScope(row)) return undefined;
	// The row first: V8 copies a literal's leading spread as a whole. Behind a field, it copied the
	// row field by field, which in n8n made a first poll of 10,000 rows peak 75 MB higher.
	return {
		json: {
			...row,
			syncAction: removed ? 'delete' : 'upsert',
			changeTypes: inOrder(feed, fired ?? []),
			changeKey: `${id}:${String(row.updatedAt)}`,
		},
	};
}

/**
 * One row, in steps: a row read before stops there; the read position moves to it; it is
 * classified (and remembered); a change made before the start point stops there (Start From =
 * Now reads from a little before activation, and a restart after an invalid cursor reads back a
 * little); otherwise it becomes an item if it fired a chosen change kind, or, with Emit = Every
 * Change, whatever it fired.
 */
export function processRow<K extends string>(
	feed: FeedDefinition<K>,
	settings: Settings<K>,
	state: WorkingState,
	row: IDataObject,
	fail: (what: string, body: unknown) => Error,
): INodeExecutionData | undefined {
	const key = rowKeyOf(row, fail);
	if (state.isDuplicate(key.id, key.updatedAt)) return undefined;
	// Rows come oldest change first: everything changed before this one has been read.
	state.rememberRow(key.id, key.updatedAt);
	const beforeStart = state.beforeStart(key.updatedAt);
	const fired = classify(feed, settings, state, row, key, beforeStart);
	if (beforeStart) return undefined;
	if (settings.everyChange) return syncItemOf(feed, settings, row, key, fired);
	return fired === undefined ? undefined : itemOf(feed, settings, row, key, fired);
}
