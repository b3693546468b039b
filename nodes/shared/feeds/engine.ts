import type { IDataObject, INodeExecutionData, IPollFunctions, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';

import { timestamp } from '../parameters/primitives';
import { parseParameters } from '../parameters/read';
import { clock } from '../transport/clock';
import { apiRequest, malformedAnswerOf, startAction } from '../transport/request';
import type { Settings } from './decide';
import { processRow } from './decide';
import type { PollTurn } from './overlap';
import { beginPoll } from './overlap';
import { FEED_LIMITS, WorkingState, toIso, toMs } from './state';
import { loadState, saveState } from './store';
import type { FeedDefinition, FeedPage, FeedScope } from './types';

/**
 * The polling engine the four triggers share. A scheduled poll is one pass, each part called
 * from here and returning here:
 *
 * 1. its turn (overlap.ts: one poll of a trigger at a time in the process) and its state (store.ts);
 * 2. read: feed pages from the state's position (fetchPage, through the transport), bounded in
 *    time (FEED_LIMITS.pageTimeMs, pollTimeMs, and n8n's poll budget where it is shorter);
 * 3. decide: each row, with the state, gives its item (if any) and moves the state past it
 *    (decide.ts, no I/O);
 * 4. emit: the items, with the state saved together with them (store.ts). A poll that throws
 *    leaves the state untouched, so nothing is skipped.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Manual runs look for recent rows in widening windows; undefined: the whole feed. */
const SAMPLE_WINDOWS = [HOUR, DAY, 30 * DAY, undefined];

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
		// An expression ({{ $today.minus({ days: 7 }) }}) is the setting, not its value of the day:
		// the state started with it goes on however the value moves (see WorkingState.load).
		const written = node.parameters?.startDate;
		startFrom = typeof written === 'string' && written.startsWith('=') ? written : startDate;
		origin = toMs(startDate);
	}
	const everyChange = ctx.getNodeParameter('emit', 'chosenChanges') === 'everyChange';
	const rawEvents = everyChange ? feed.kinds : (ctx.getNodeParameter('events', [...feed.kinds]) as unknown);
	const chosen = (Array.isArray(rawEvents) ? rawEvents : String(rawEvents).split(',')).map((kind) => String(kind).trim());
	const events = feed.kinds.filter((kind) => chosen.includes(kind));
	if (events.length === 0) {
		throw new NodeOperationError(node, 'Choose at least one change in "Trigger On"', {
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
	return { startFrom, origin, everyChange, events, maxItems: maxItemsPerPoll, scope: feed.scope(ctx) };
}

function isInvalidCursor(error: unknown): boolean {
	const { httpCode, message } = (error ?? {}) as { httpCode?: unknown; message?: unknown };
	return String(httpCode) === '400' && typeof message === 'string' && /^invalid cursor/i.test(message.trim());
}

/**
 * After a failed page read: when the API no longer accepts the cursor, drops it and returns
 * where reading restarts by time, a little before the point the rows were read up to (rows read
 * twice are recognised by their id and updatedAt). Any other error, or an invalid cursor past
 * the poll's recoveries, is thrown on; the API's errors arrive as NodeApiErrors already.
 */
function recoverFromInvalidCursor(error: unknown, state: WorkingState, earlierRecoveries: number): number | undefined {
	if (!state.cursor || !isInvalidCursor(error) || earlierRecoveries >= FEED_LIMITS.recoveriesPerPoll) throw error;
	state.cursor = undefined;
	const from = state.readTo;
	return from === undefined ? undefined : from - FEED_LIMITS.recoveryOverlapMs;
}

async function fetchPage<K extends string>(
	ctx: IPollFunctions,
	feed: FeedDefinition<K>,
	scope: FeedScope<K>,
	from: { cursor?: string; startTime?: number },
	options: { pageSize?: number } & Pick<DrainLimits, 'deadline' | 'turnBy'> = {},
): Promise<FeedPage> {
	const qs: IDataObject = { ...scope.qs, pageSize: options.pageSize ?? FEED_LIMITS.pageSize };
	if (from.cursor) qs.cursor = from.cursor;
	else if (from.startTime !== undefined) qs.startTime = toIso(from.startTime);
	return (await apiRequest.call(ctx, {
		method: 'GET',
		path: feed.path,
		qs,
		deadline: options.deadline,
		turnBy: options.turnBy,
		expect: {
			shape: 'page',
			of: 'feed page',
			check: (page) => (toMs(page.serverTimestamp) === undefined ? 'no valid "serverTimestamp" in the feed page' : undefined),
		},
	})) as FeedPage;
}

interface DrainLimits {
	maxItems: number;
	/** Stop starting new pages at this time (clock ms). */
	pagesUntil?: number;
	/** Every request must be over by this time (clock ms; see ApiRequest.deadline). */
	deadline?: number;
	/** Every request must have its turn on the pacer by this time (see ApiRequest.turnBy). */
	turnBy?: number;
	maxPages?: number;
}

/** An error that says the poll's time ran out (a 429's wait, the pacer's queue), not that the API failed. */
const isTimeUp = (error: unknown) => (error as NodeApiError).failure?.cause === 'rate-limited';

/**
 * Reads pages from the state's position until the feed has no more, the item cap is reached,
 * the time is up or the page limit is hit. Advances the state (a private copy) row by row: a
 * page whose rows were not all processed leaves the cursor before it, and the rows it did
 * process are remembered, so the next poll re-reads it and skips them. `readTo` follows the
 * rows really processed (a page's serverTimestamp counts only when nothing more is waiting), so
 * a restart after an invalid cursor starts where the reading really was, whatever the backlog.
 */
async function drain<K extends string>(
	ctx: IPollFunctions,
	feed: FeedDefinition<K>,
	settings: Settings<K>,
	state: WorkingState,
	limits: DrainLimits,
): Promise<{ items: INodeExecutionData[]; rowsRead: number }> {
	const items: INodeExecutionData[] = [];
	const fail = await malformedAnswerOf(ctx, { method: 'GET', path: feed.path });
	let rowsRead = 0;
	let recoveries = 0;
	/** Where reading restarts by time after an invalid cursor (a little before the read position). */
	let recoveryFrom: number | undefined;

	for (let pages = 0; ; pages++) {
		let page: FeedPage;
		try {
			page = await fetchPage(
				ctx,
				feed,
				settings.scope,
				{ cursor: state.cursor, startTime: recoveryFrom ?? state.readTo },
				{ deadline: limits.deadline, turnBy: limits.turnBy },
			);
		} catch (error) {
			// Out of time with pages read: those are emitted and saved, the rest comes next poll.
			if (pages > 0 && isTimeUp(error)) break;
			recoveryFrom = recoverFromInvalidCursor(error, state, recoveries++);
			continue;
		}

		let complete = true;
		for (const row of page.results) {
			if (items.length >= limits.maxItems) {
				complete = false;
				break;
			}
			rowsRead++;
			const item = processRow(feed, settings, state, row, fail);
			if (item) items.push(item);
		}
		if (!complete) break;

		if (page.nextCursor) state.cursor = page.nextCursor;
		// Nothing more waiting: the feed is complete up to the page's serverTimestamp. With more
		// waiting, it may say a point past the rows read (the spec allows it), so only rows count.
		if (!page.hasMore) {
			const completeUpTo = toMs(page.serverTimestamp) as number;
			state.advanceReadTo(completeUpTo);
			state.settle(completeUpTo);
		}
		recoveryFrom = undefined;

		if (!page.hasMore || page.results.length === 0 || !page.nextCursor) break;
		if (items.length >= limits.maxItems) break;
		if (limits.maxPages !== undefined && pages + 1 >= limits.maxPages) break;
		if (limits.pagesUntil !== undefined && clock.now() >= limits.pagesUntil) break;
	}
	return { items, rowsRead };
}

/**
 * The time limits of a scheduled poll starting now: no new page after `pageTimeMs` (or
 * `budgetShare` of the host's poll budget, if less), and every request over, its turn on the
 * pacer included, by `pollTimeMs` (or the budget, if less). So a poll queued behind this
 * process's other requests, or waiting on an API that hangs, ends in bounded time on every
 * scheduler and n8n version, and inside the budget where n8n's durable scheduler abandons a poll
 * past it.
 */
function pollLimits(ctx: IPollFunctions): Pick<DrainLimits, 'pagesUntil' | 'deadline' | 'turnBy'> {
	const started = clock.now();
	const raw = ctx.getPollBudgetMs?.();
	const budget = typeof raw === 'number' && Number.isFinite(raw) && raw > 0 ? raw : Infinity;
	const deadline = started + Math.min(FEED_LIMITS.pollTimeMs, budget);
	return {
		pagesUntil: started + Math.min(FEED_LIMITS.pageTimeMs, budget * FEED_LIMITS.budgetShare),
		deadline,
		turnBy: deadline,
	};
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
		// As a trigger started at the window's start would fire.
		const state = WorkingState.start('sample', window === undefined ? undefined : now - window);
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
		description: `The feed has changes, but none of them is one of the changes chosen in "Trigger On" (${settings.events.join(', ')}) within the filters. Choose more changes or widen the filters. ${wait}`,
	});
}

/** The poll of every feed trigger: a few recent rows when run by hand, else a scheduled poll. */
export async function pollFeed<K extends string>(
	this: IPollFunctions,
	feed: FeedDefinition<K>,
): Promise<INodeExecutionData[][] | null> {
	if (this.getMode() === 'manual') {
		startAction(this);
		return await sample(this, feed, readSettings(this, feed));
	}
	const turn = beginPoll(this);
	if (!turn) return null;
	try {
		// Each poll is its own action, also where n8n runs every poll on one context (the legacy scheduler).
		startAction(this);
		return await scheduledPoll(this, feed, turn);
	} finally {
		turn.end();
	}
}

/** A scheduled poll, in its turn (see beginPoll). */
async function scheduledPoll<K extends string>(
	ctx: IPollFunctions,
	feed: FeedDefinition<K>,
	turn: PollTurn,
): Promise<INodeExecutionData[][] | null> {
	const settings = readSettings(ctx, feed);
	const limits = pollLimits(ctx);
	let state = loadState(ctx, settings.startFrom);
	const base = state?.generation ?? 0;
	if (turn.waitOn(base)) return null;
	const items: INodeExecutionData[] = [];
	/** Emits the items and saves the state with them, unless the poll was replaced as stuck. */
	const finish = (done: WorkingState): INodeExecutionData[][] | null => {
		if (!turn.owns()) return null;
		saveState(ctx, done);
		if (items.length === 0) return null;
		turn.emitted(base);
		return [items];
	};

	if (!state) {
		if (settings.startFrom === 'now') {
			// First activation: only changes made from now on fire, now in the API's time (the
			// n8n host's clock may be off). The feed is complete up to its serverTimestamp, its
			// time less the hold-back: reading starts there, and what it shows before the API's
			// now is remembered, not emitted.
			const page = await fetchPage(ctx, feed, { ...settings.scope, qs: {} }, { startTime: clock.now() }, {
				pageSize: 1,
				deadline: limits.deadline,
				turnBy: limits.turnBy,
			});
			const completeUpTo = toMs(page.serverTimestamp) as number;
			return finish(WorkingState.start(settings.startFrom, completeUpTo + FEED_LIMITS.holdBackMs, completeUpTo));
		}
		// Beginning or a date: history, replayed oldest first.
		state = WorkingState.start(settings.startFrom, settings.origin);
	}

	items.push(...(await drain(ctx, feed, settings, state, { maxItems: settings.maxItems, ...limits })).items);
	return finish(state);
}
