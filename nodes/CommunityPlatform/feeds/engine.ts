import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';

import { parseParameters, timestamp } from '../schemas/common';
import { clock } from '../transport/clock';
import { malformedError } from '../transport/errors';
import { apiRequest, secretsOf } from '../transport/request';
import { FEED_LIMITS, WorkingState, toIso, toMs } from './state';
import type { FeedDefinition, FeedPage, FeedScope } from './types';

/**
 * The polling engine the four triggers share. A poll reads the feed from where the last saved
 * state left off, classifies each new row into change kinds, and returns one item per row that
 * matches the user's choice. The state is written only when the poll returns, together with
 * the items it covers: a poll that throws leaves it untouched, so nothing is skipped.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Manual runs look for recent rows in widening windows; undefined: the whole feed. */
const SAMPLE_WINDOWS = [HOUR, DAY, 30 * DAY, undefined];

interface Settings<K extends string> {
	/** The Start From setting as stored with the state: "now", "beginning" or the ISO date. */
	startFrom: string;
	origin: number | undefined;
	events: K[];
	maxItems: number;
	scope: FeedScope<K>;
}

const maxItemsSchema = z.object({
	maxItemsPerPoll: z
		.number({ invalid_type_error: 'must be a number' })
		.int('must be a whole number')
		.min(1, 'must be at least 1')
		.max(FEED_LIMITS.maxItemsPerPoll, `must be at most ${FEED_LIMITS.maxItemsPerPoll}`),
});
const startDateSchema = z.object({ startDate: timestamp });

function readSettings<K extends string>(ctx: IPollFunctions, feed: FeedDefinition<K>): Settings<K> {
	const node = ctx.getNode();
	const mode = ctx.getNodeParameter('startFrom', 'now') as string;
	let startFrom = mode === 'beginning' ? 'beginning' : 'now';
	let origin: number | undefined;
	if (mode === 'date') {
		const rawDate = ctx.getNodeParameter('startDate', '') as string;
		const { startDate } = parseParameters(node, startDateSchema, { startDate: rawDate }, 0, { startDate: 'Start Date' });
		startFrom = startDate;
		origin = toMs(startDate);
	}
	const rawEvents = ctx.getNodeParameter('events', [...feed.kinds]) as unknown;
	const chosen = (Array.isArray(rawEvents) ? rawEvents : String(rawEvents).split(',')).map((kind) => String(kind).trim());
	const events = feed.kinds.filter((kind) => chosen.includes(kind));
	if (events.length === 0) {
		throw new NodeOperationError(node, 'Choose at least one event in "Trigger On"', {
			description: `This trigger can fire on: ${feed.kinds.join(', ')}.`,
		});
	}
	const { maxItemsPerPoll } = parseParameters(
		node,
		maxItemsSchema,
		{ maxItemsPerPoll: ctx.getNodeParameter('options.maxItemsPerPoll', FEED_LIMITS.defaultMaxItemsPerPoll) },
		0,
		{ maxItemsPerPoll: 'Max Items per Poll' },
	);
	return { startFrom, origin, events, maxItems: maxItemsPerPoll, scope: feed.scope(ctx) };
}

function isInvalidCursor(error: unknown): boolean {
	const { httpCode, message } = (error ?? {}) as { httpCode?: unknown; message?: unknown };
	return String(httpCode) === '400' && typeof message === 'string' && /^invalid cursor/i.test(message.trim());
}

async function fetchPage<K extends string>(
	ctx: IPollFunctions,
	feed: FeedDefinition<K>,
	scope: FeedScope<K>,
	from: { cursor?: string; startTime?: number },
	pageSize: number = FEED_LIMITS.pageSize,
): Promise<FeedPage> {
	const qs: IDataObject = { ...scope.qs, pageSize };
	if (from.cursor) qs.cursor = from.cursor;
	else if (from.startTime !== undefined) qs.startTime = toIso(from.startTime);
	const page = (await apiRequest.call(ctx, { method: 'GET', path: feed.path, qs })) as FeedPage;
	const fail = async (what: string) =>
		malformedError({ node: ctx.getNode(), method: 'GET', path: feed.path, secrets: await secretsOf(ctx) }, what, page);
	if (!page || !Array.isArray(page.results)) throw await fail('no "results" list in the feed page');
	if (toMs(page.serverTimestamp) === undefined) throw await fail('no valid "serverTimestamp" in the feed page');
	return page;
}

/**
 * Classifies one row and remembers it. Returns the item to emit, or undefined when the row is
 * a duplicate, out of the filters' scope, or shows nothing the user chose.
 */
function processRow<K extends string>(
	feed: FeedDefinition<K>,
	settings: Settings<K>,
	state: WorkingState,
	row: IDataObject,
	readUpTo: number | undefined,
	fail: (what: string, body: unknown) => Error,
): INodeExecutionData | undefined {
	const id = typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : '';
	const updatedAt = toMs(row.updatedAt);
	if (!id || updatedAt === undefined) throw fail('a feed row without "id" or a valid "updatedAt"', row);
	if (state.isDuplicate(id, updatedAt)) return undefined;

	const fired: Array<{ kind: K; at: number }> = [];
	if (row.removed === true) {
		if (!feed.removedKind) return undefined;
		state.rememberRow(id, updatedAt);
		fired.push({ kind: feed.removedKind, at: toMs(row.removedAt) ?? updatedAt });
	} else {
		if (!settings.scope.inScope(row)) return undefined;
		state.rememberRow(id, updatedAt);
		for (const signal of feed.signals(row)) {
			const key = `${signal.kind}:${id}`;
			if ('holds' in signal) {
				if (state.announceState(key, signal.holds, updatedAt)) fired.push({ kind: signal.kind, at: updatedAt });
				continue;
			}
			const at = toMs(signal.at);
			if (at !== undefined && state.announceMoment(key, at, readUpTo, updatedAt)) fired.push({ kind: signal.kind, at });
		}
		if (fired.length === 0 && feed.otherwiseKind) fired.push({ kind: feed.otherwiseKind, at: updatedAt });
	}

	fired.sort((a, b) => a.at - b.at || feed.kinds.indexOf(a.kind) - feed.kinds.indexOf(b.kind));
	const changeTypes = fired.map((f) => f.kind);
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

interface DrainLimits {
	maxItems: number;
	/** Stop starting new pages at this time (clock ms). */
	deadline?: number;
	maxPages?: number;
}

/**
 * Reads pages from the state's position until the feed has no more, the item cap is reached,
 * the time is up or the page limit is hit. Advances the state (a private copy) page by page:
 * a page whose rows were not all processed leaves the cursor before it, and the rows it did
 * process are remembered, so the next poll re-reads it and skips them.
 */
async function drain<K extends string>(
	ctx: IPollFunctions,
	feed: FeedDefinition<K>,
	settings: Settings<K>,
	state: WorkingState,
	limits: DrainLimits,
): Promise<{ items: INodeExecutionData[]; rowsRead: number }> {
	const items: INodeExecutionData[] = [];
	const secrets = await secretsOf(ctx);
	const fail = (what: string, body: unknown) =>
		malformedError({ node: ctx.getNode(), method: 'GET', path: feed.path, secrets }, what, body);
	let rowsRead = 0;
	let recoveries = 0;
	/** Where reading restarts after an invalid cursor (before the last good serverTimestamp). */
	let restartAt: number | undefined;

	for (let pages = 0; ; pages++) {
		// The API's errors arrive as NodeApiErrors already; only an invalid cursor is handled here.
		const outcome = await fetchPage(ctx, feed, settings.scope, {
			cursor: state.cursor,
			startTime: restartAt ?? state.readUpTo,
		}).then(
			(page) => ({ page }),
			(error: unknown) => ({ error }),
		);
		if ('error' in outcome) {
			if (!state.cursor || !isInvalidCursor(outcome.error) || recoveries >= FEED_LIMITS.recoveriesPerPoll) {
				throw outcome.error;
			}
			// The API no longer accepts the cursor: restart by time, a little before the point the
			// feed was complete up to; rows read twice are recognised by (id, updatedAt).
			recoveries++;
			state.cursor = undefined;
			const from = state.readUpTo;
			restartAt = from === undefined ? undefined : from - FEED_LIMITS.recoveryOverlapMs;
			continue;
		}
		const { page } = outcome;

		const readUpTo = state.readUpTo;
		let complete = true;
		for (const row of page.results) {
			if (items.length >= limits.maxItems) {
				complete = false;
				break;
			}
			rowsRead++;
			const item = processRow(feed, settings, state, row, readUpTo, fail);
			if (item) items.push(item);
		}
		if (!complete) break;

		if (page.nextCursor) state.cursor = page.nextCursor;
		const serverTimestamp = toMs(page.serverTimestamp) as number;
		state.serverTimestamp = Math.max(state.serverTimestamp ?? serverTimestamp, serverTimestamp);
		restartAt = undefined;

		if (!page.hasMore || page.results.length === 0 || !page.nextCursor) break;
		if (items.length >= limits.maxItems) break;
		if (limits.maxPages !== undefined && pages + 1 >= limits.maxPages) break;
		if (limits.deadline !== undefined && clock.now() >= limits.deadline) break;
	}
	return { items, rowsRead };
}

function pollDeadline(ctx: IPollFunctions): number | undefined {
	const budget = ctx.getPollBudgetMs?.();
	if (typeof budget !== 'number' || !Number.isFinite(budget) || budget <= 0) return undefined;
	return clock.now() + budget * FEED_LIMITS.budgetShare;
}

/** Manual runs ("Fetch Test Event"): a few recent rows, read with a throwaway state. */
async function sample<K extends string>(
	ctx: IPollFunctions,
	feed: FeedDefinition<K>,
	settings: Settings<K>,
): Promise<INodeExecutionData[][]> {
	const now = clock.now();
	let rowsRead = 0;
	for (const window of SAMPLE_WINDOWS) {
		const state = WorkingState.start('sample', undefined);
		if (window !== undefined) state.serverTimestamp = now - window;
		const found = await drain(ctx, feed, settings, state, {
			maxItems: Number.POSITIVE_INFINITY,
			maxPages: FEED_LIMITS.samplePagesPerWindow,
		});
		rowsRead += found.rowsRead;
		if (found.items.length > 0) return [found.items.slice(-FEED_LIMITS.sampleSize)];
	}
	const wait = 'The API shows a change two minutes after it happens. Make a change in the community, wait two minutes, then fetch again.';
	if (rowsRead === 0) {
		throw new NodeOperationError(ctx.getNode(), `The ${feed.noun} feed has no changes to show yet`, {
			description: wait,
		});
	}
	throw new NodeOperationError(ctx.getNode(), `No recent ${feed.noun} change matches "Trigger On" and the filters`, {
		description: `The feed has changes, but none of them is one of the chosen events (${settings.events.join(', ')}) within the filters. Choose more events or widen the filters. ${wait}`,
	});
}

/** The poll of every feed trigger. */
export async function pollFeed<K extends string>(
	this: IPollFunctions,
	feed: FeedDefinition<K>,
): Promise<INodeExecutionData[][] | null> {
	const settings = readSettings(this, feed);
	if (this.getMode() === 'manual') return await sample(this, feed, settings);

	const staticData = this.getWorkflowStaticData('node');
	let state = WorkingState.load(staticData, settings.startFrom);
	if (!state) {
		if (settings.startFrom === 'now') {
			// First activation: note where the feed is now and emit nothing.
			const page = await fetchPage(this, feed, { ...settings.scope, qs: {} }, { startTime: clock.now() }, 1);
			const origin = toMs(page.serverTimestamp) as number;
			const seeded = WorkingState.start(settings.startFrom, origin);
			seeded.serverTimestamp = origin;
			seeded.saveTo(staticData);
			return null;
		}
		// Beginning or a date: what changed before now is history, replayed oldest first.
		state = WorkingState.start(settings.startFrom, settings.origin, clock.now() - FEED_LIMITS.historyMarginMs);
	}

	const { items } = await drain(this, feed, settings, state, {
		maxItems: settings.maxItems,
		deadline: pollDeadline(this),
	});
	state.saveTo(staticData);
	return items.length > 0 ? [items] : null;
}
