import type { IDataObject } from 'n8n-workflow';

/*
 * The words of the feed engine (feeds/), used the same way in every name and comment there:
 *
 * - row: one record of a change feed as the API returns it; `updatedAt` is when it last changed.
 *   Rows come oldest change first, and a changed row moves to the end.
 * - change kind: what a trigger fires on (New Member, Registered…). The node parameter `events`
 *   (shown as "Trigger On") holds the chosen ones.
 * - signal: what a row shows that a change kind fires on: a moment (a timestamp that is set when
 *   something happens, such as signUpAt) or a state (a condition such as archived: true); types.ts.
 * - start point (`origin`): changes made before it fire nothing. Start From = Now: the time of
 *   activation; a date: that date; Beginning: none.
 * - history (`liveFrom`): from the Beginning or a date, the rows changed before the first poll
 *   (less a margin) are the past being replayed: each record appears there once.
 * - read position (`readTo`): every row changed before it has been read; reading by time
 *   (`startTime`) starts there. `readToBefore`: the read position before the current page.
 * - cursor: the API's position after the last fully processed page (reading by cursor).
 * - recovery: after the API refuses a cursor as invalid, reading restarts by time a little before
 *   the read position (`recoveryFrom`); rows read twice are recognised and skipped.
 * - memories, each bounded: recent rows (`recent`: id → updatedAt, for dedupe), announced
 *   moments (`announced`), held states (`holding`). A floor (`recentFloor`, `announcedFloor`,
 *   `holdingFloor`) marks what was forgotten for lack of room: at or below it, a row, a moment or
 *   a dated state counts as known. Rows are forgotten only once every row of their `updatedAt`
 *   has been read, so rows that share one `updatedAt` are never half forgotten.
 * - trimming: bounding the memories before the state is saved (WorkingState.trim); forgetting
 *   only ever raises the floors.
 */

/**
 * The numbers the triggers work with. Exported so the tests and the README quote the same ones.
 */
export const FEED_LIMITS = {
	/** Rows asked for per feed request (the API's maximum). */
	pageSize: 100,
	/** Default cap on items one poll emits; the rest comes next poll. */
	defaultMaxItemsPerPoll: 1000,
	maxItemsPerPoll: 10_000,
	/**
	 * A poll starts no new page after this long, or after `budgetShare` of the host's poll
	 * budget if that is less. With n8n's shortest poll interval (a minute), 50 s of reading plus
	 * the ten-request burst that builds up while the trigger waits for its next poll is the
	 * Medium tier's whole minute: a backlog (a first copy) is read at the tier's rate.
	 */
	pageTimeMs: 50_000,
	budgetShare: 0.75,
	/**
	 * Every request of a poll, its turn on the pacer included, must be over this long after the
	 * poll started: the transport starts no wait (turn, 429, backoff) that would end later and cuts
	 * its timeout to fit. Polls can still overlap (several Custom poll times make them seconds
	 * apart): overlap.ts says what happens then.
	 */
	pollTimeMs: 55_000,
	/**
	 * A poll still running after this long is taken to be stuck (its requests all end within
	 * `pollTimeMs`): the next poll runs instead of being skipped, so a trigger never stops for good.
	 */
	stuckPollMs: 5 * 60 * 1000,
	/**
	 * A trigger's record in the workflow's global static data (store.ts) not saved for this long
	 * belongs to a trigger that was deleted (or has not polled for that long): it is dropped.
	 */
	recordTtlMs: 30 * 24 * 60 * 60 * 1000,
	/** Rows remembered for dedupe: (id, updatedAt) of the most recently processed rows. */
	recentRows: 500,
	/** Moments (sign-up, registration, completion...) remembered as announced. */
	announcedMoments: 2000,
	/**
	 * States (deactivated, expired) remembered as holding. A dated state (expired: its
	 * expiryDate) forgotten for lack of room never fires again; an undated one (deactivated) can:
	 * docs/triggers.md says when.
	 */
	heldStates: 1000,
	/**
	 * A moment with no memory of it fires only if it is at most this much older than the point
	 * the feed had been read up to (so forgotten moments never fire twice).
	 */
	lookBackMs: 24 * 60 * 60 * 1000,
	/** After an invalid cursor, reading restarts this long before the point the rows were read up to. */
	recoveryOverlapMs: 5 * 60 * 1000,
	/**
	 * Starting from the beginning or a date, rows changed more than this before the first poll
	 * are history: each member, registration... appears there once, so its first row is new.
	 */
	historyMarginMs: 10 * 60 * 1000,
	/** Invalid-cursor restarts allowed in one poll before the error is thrown. */
	recoveriesPerPoll: 2,
	/** Rows a manual test run returns at most. */
	sampleSize: 5,
	/** Feed requests one manual test run makes per time window, at most. */
	samplePagesPerWindow: 3,
};

export const STATE_VERSION = 1;

/**
 * What a trigger keeps in `getWorkflowStaticData('node')`: top-level keys, JSON only; the
 * position's times as ISO strings, the memories' as epoch milliseconds. One copy, written only at
 * the end of a poll, together with the items it covers.
 */
export interface FeedState {
	version: number;
	/**
	 * The workflow the state was saved in. A state carried into another workflow (an import or a
	 * copy with its static data) is not that workflow's: the copy starts afresh. Null in states
	 * saved before it was recorded, which are taken as the workflow's own.
	 */
	workflowId: string | null;
	/**
	 * The node the state was saved by. A node given the name of a deleted one finds that node's
	 * state under its name: it is not its own. Null in states saved before it was recorded.
	 */
	nodeId: string | null;
	/** How many times the state was saved: the newer of two records of a position wins (store.ts). */
	generation: number;
	/** The Start From setting the state was started with ("now", "beginning" or an ISO date). */
	startFrom: string;
	/**
	 * The start point: changes made before it fire nothing (null: the beginning of the feed).
	 * Start From = Now: the clock time at activation.
	 */
	origin: string | null;
	/** Rows changed before this are history being replayed (Beginning or a date; null for Now). */
	liveFrom: string | null;
	/** The API's cursor after the last fully processed page (null: read by startTime). */
	cursor: string | null;
	/**
	 * Every row changed before this has been read: the `updatedAt` of the last row processed, or
	 * the `serverTimestamp` of a page with nothing more waiting. Reading by time starts here;
	 * after an invalid cursor, `recoveryOverlapMs` before it.
	 */
	readTo: string | null;
	/** id → updatedAt of the most recently processed rows (bounded). */
	recent: Record<string, number>;
	/** Rows changed at or before this were processed even if no longer in `recent`. */
	recentFloor: string | null;
	/** "kind:id" → time of a moment already announced (bounded). */
	announced: Record<string, number>;
	/** Moments at or before this may have been announced and forgotten: they never fire. */
	announcedFloor: string | null;
	/** "kind:id" → when a state (deactivated, expired) was last seen holding, reported or not (bounded). */
	holding: Record<string, number>;
	/**
	 * States last seen holding at or before this may have been forgotten: a state that began
	 * then (its `since`) never fires again. Absent from states saved before it was kept.
	 */
	holdingFloor: string | null;
}

export function toMs(value: unknown): number | undefined {
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const ms = Date.parse(value);
	return Number.isNaN(ms) ? undefined : ms;
}

export const toIso = (ms: number) => new Date(ms).toISOString();

const isoOrNull = (ms: number | undefined) => (ms === undefined ? null : toIso(ms));

function readMap(value: unknown): Map<string, number> {
	const map = new Map<string, number>();
	if (value && typeof value === 'object' && !Array.isArray(value)) {
		for (const [key, raw] of Object.entries(value as IDataObject)) {
			const ms = typeof raw === 'number' ? raw : toMs(raw);
			if (ms !== undefined && Number.isFinite(ms)) map.set(key, ms);
		}
	}
	return map;
}

/** A memory as stored: epoch milliseconds, the most compact JSON of a time (older states hold ISO strings). */
const writeMap = (map: Map<string, number>) => Object.fromEntries(map.entries());

/** Drops the oldest entries beyond `limit`, none at or after `keepFrom`; returns the newest time dropped. */
function trimOldest(map: Map<string, number>, limit: number, keepFrom = Infinity): number | undefined {
	if (map.size <= limit) return undefined;
	const oldestFirst = [...map.entries()].sort((a, b) => a[1] - b[1]);
	let dropped: number | undefined;
	for (const [key, ms] of oldestFirst.slice(0, map.size - limit)) {
		if (ms >= keepFrom) break;
		map.delete(key);
		dropped = Math.max(dropped ?? ms, ms);
	}
	return dropped;
}

const maxOf = (a: number | undefined, b: number | undefined) =>
	a === undefined ? b : b === undefined ? a : Math.max(a, b);

/**
 * The state while a poll works on it: a private copy, so a poll that fails leaves the stored
 * state exactly as it was. Times are epoch milliseconds here.
 */
export class WorkingState {
	workflowId: string | undefined;

	nodeId: string | undefined;

	generation: number;

	startFrom: string;

	origin: number | undefined;

	liveFrom: number | undefined;

	cursor: string | undefined;

	readTo: number | undefined;

	readonly recent: Map<string, number>;

	recentFloor: number | undefined;

	readonly announced: Map<string, number>;

	announcedFloor: number | undefined;

	readonly holding: Map<string, number>;

	holdingFloor: number | undefined;

	private constructor(stored: Partial<FeedState>) {
		this.workflowId = typeof stored.workflowId === 'string' && stored.workflowId !== '' ? stored.workflowId : undefined;
		this.nodeId = typeof stored.nodeId === 'string' && stored.nodeId !== '' ? stored.nodeId : undefined;
		this.generation = typeof stored.generation === 'number' && Number.isSafeInteger(stored.generation) ? stored.generation : 0;
		this.startFrom = String(stored.startFrom ?? '');
		this.origin = toMs(stored.origin);
		this.liveFrom = toMs(stored.liveFrom);
		this.cursor = typeof stored.cursor === 'string' && stored.cursor !== '' ? stored.cursor : undefined;
		this.recent = readMap(stored.recent);
		this.recentFloor = toMs(stored.recentFloor);
		this.announced = readMap(stored.announced);
		this.announcedFloor = toMs(stored.announcedFloor);
		this.readTo = toMs(stored.readTo);
		this.holding = readMap(stored.holding);
		this.holdingFloor = toMs(stored.holdingFloor);
	}

	/**
	 * A fresh state for a trigger starting from `origin` (undefined: the beginning), reading from
	 * `readTo` (default: the origin); rows changed before `liveFrom` are history (see
	 * FEED_LIMITS.historyMarginMs).
	 */
	static start(startFrom: string, origin: number | undefined, options: { liveFrom?: number; readTo?: number } = {}): WorkingState {
		return new WorkingState({
			version: STATE_VERSION,
			startFrom,
			origin: isoOrNull(origin),
			liveFrom: isoOrNull(options.liveFrom),
			readTo: isoOrNull(options.readTo ?? origin),
		});
	}

	/**
	 * The stored state, or undefined when there is none yet, it was started differently, or it
	 * was saved by another node or in another workflow (a copy's, or a deleted node's whose name
	 * this one took).
	 */
	static load(stored: IDataObject, startFrom: string, owner: { workflowId: string; nodeId: string }): WorkingState | undefined {
		if (stored.version !== STATE_VERSION || stored.startFrom !== startFrom) return undefined;
		const state = new WorkingState(stored as Partial<FeedState>);
		if (state.workflowId !== undefined && state.workflowId !== owner.workflowId) return undefined;
		if (state.nodeId !== undefined && state.nodeId !== owner.nodeId) return undefined;
		return state;
	}

	/**
	 * Takes a position saved elsewhere (a record of it: store.ts), keeping what this state
	 * remembers. Memories that may be missing are covered by the floors: every row and moment
	 * before the read position counts as known, as after trimming (rows at the read position
	 * itself may not all have been read: they count as new).
	 */
	moveTo(position: WorkingState) {
		this.generation = position.generation;
		this.cursor = position.cursor;
		this.readTo = position.readTo;
		this.liveFrom = position.liveFrom;
		this.origin = position.origin;
		this.recentFloor = maxOf(this.recentFloor, this.readTo === undefined ? undefined : this.readTo - 1);
		this.announcedFloor = maxOf(this.announcedFloor, this.readTo);
	}

	/** The position alone, as the record of it holds it (store.ts). */
	position(): IDataObject {
		const { version, workflowId, nodeId, generation, startFrom, origin, liveFrom, cursor, readTo } = this.toJSON();
		return { version, workflowId, nodeId, generation, startFrom, origin, liveFrom, cursor, readTo };
	}

	/** Every row changed before `ms` has been read (never moves back). */
	advanceReadTo(ms: number | undefined) {
		this.readTo = maxOf(this.readTo, ms);
	}

	/** Whether a change at `ms` was made before the start point (so it fires nothing). */
	beforeStart(ms: number): boolean {
		return this.origin !== undefined && ms < this.origin;
	}

	// ----------------------------------------------------------------- dedupe

	/** True when this version of the row (or a newer one) was already processed. */
	isDuplicate(id: string, updatedAt: number): boolean {
		const seen = this.recent.get(id);
		if (seen !== undefined && updatedAt <= seen) return true;
		return this.recentFloor !== undefined && updatedAt <= this.recentFloor;
	}

	rememberRow(id: string, updatedAt: number) {
		this.recent.delete(id);
		this.recent.set(id, updatedAt);
	}

	// ----------------------------------------------------------------- signals

	/**
	 * Whether a moment the trigger has no memory of may fire. It must be at or after the start
	 * point. On a row of history (changed before `liveFrom`) that is all: history holds each
	 * record once, so this row is the first the trigger sees of it. On any other row it must
	 * also be at most `lookBackMs` older than the point the feed was read up to before this
	 * page, and newer than every moment forgotten for lack of room: a moment that may have been
	 * announced and forgotten never fires again.
	 */
	momentIsFresh(at: number, readToBefore: number | undefined, rowUpdatedAt: number): boolean {
		if (this.origin !== undefined && at < this.origin) return false;
		if (this.liveFrom !== undefined && rowUpdatedAt < this.liveFrom) return true;
		if (readToBefore !== undefined && at < readToBefore - FEED_LIMITS.lookBackMs) return false;
		return this.announcedFloor === undefined || at > this.announcedFloor;
	}

	/** Records a moment shown by a row changed at `rowUpdatedAt`; true when it is new (fires). */
	announceMoment(key: string, at: number, readToBefore: number | undefined, rowUpdatedAt: number): boolean {
		const known = this.announced.get(key);
		const isNew = known === undefined ? this.momentIsFresh(at, readToBefore, rowUpdatedAt) : at > known;
		if (isNew) this.announced.set(key, at);
		return isNew;
	}

	/**
	 * Whether a state a live row (changed at or after the start point) shows holding began at or
	 * after the start point, as far as the trigger can tell. From the beginning of the feed,
	 * always. When the row says when the state began (`since`: a certificate's expiryDate), by
	 * that time alone. When the feed asks for evidence (`notHeldAt`: a certificate's issuedAt),
	 * only if the record was seen without it at or after the start point: the trigger processed a
	 * row of it then (`lastSeen`, the updatedAt of that row; asked only when the state is not
	 * remembered as holding, so it did not hold then), or the row shows such a time. Otherwise the
	 * row's own change dates the state (a member's deactivation), so it began after the start.
	 */
	stateBeganAfterStart(since: number | undefined, lastSeen: number | undefined, notHeldAt?: Array<number | undefined>): boolean {
		const origin = this.origin;
		if (origin === undefined) return true;
		if (since !== undefined) return since >= origin;
		if (notHeldAt === undefined) return true;
		return [lastSeen, ...notHeldAt].some((at) => at !== undefined && at >= origin);
	}

	/**
	 * Records a state shown by a row changed at `seenAt`; true when it newly holds and
	 * `beganAfterStart` (fires). A state that holds is remembered either way, so a later row
	 * showing it again fires nothing; one that no longer holds is forgotten, so it can fire again.
	 * A state that began (`since`) at or before `holdingFloor` may have been held and forgotten for
	 * lack of room: it fires nothing (a state forgotten was last seen at or before the floor, and
	 * began before it was seen).
	 */
	announceState(key: string, holds: boolean, seenAt: number, beganAfterStart: boolean, since?: number): boolean {
		if (!holds) {
			this.holding.delete(key);
			return false;
		}
		const known = this.holding.get(key);
		// Refreshed by every row showing it, so the memory drops the states not seen for longest.
		this.holding.set(key, Math.max(seenAt, known ?? seenAt));
		const mayBeForgotten = since !== undefined && this.holdingFloor !== undefined && since <= this.holdingFloor;
		return known === undefined && beganAfterStart && !mayBeForgotten;
	}

	// ----------------------------------------------------------------- saving

	/**
	 * Bounds the memories before saving; forgetting only ever raises the floors (never loses
	 * track). Rows at the read position are kept, however many: others that share their updatedAt
	 * may still be unread, and only a floor below every unread row may count a row at it as known.
	 */
	trim() {
		this.recentFloor = maxOf(this.recentFloor, trimOldest(this.recent, FEED_LIMITS.recentRows, this.readTo));
		if (this.readTo !== undefined) {
			// Safe to forget: such a moment can no longer pass the look-back test.
			const horizon = this.readTo - FEED_LIMITS.lookBackMs;
			for (const [key, at] of this.announced) if (at < horizon) this.announced.delete(key);
		}
		this.announcedFloor = maxOf(this.announcedFloor, trimOldest(this.announced, FEED_LIMITS.announcedMoments));
		this.holdingFloor = maxOf(this.holdingFloor, trimOldest(this.holding, FEED_LIMITS.heldStates));
	}

	/** The state as stored, as it is now (saveTo trims it first). */
	toJSON(): FeedState {
		return {
			version: STATE_VERSION,
			workflowId: this.workflowId ?? null,
			nodeId: this.nodeId ?? null,
			generation: this.generation,
			startFrom: this.startFrom,
			origin: isoOrNull(this.origin),
			liveFrom: isoOrNull(this.liveFrom),
			cursor: this.cursor ?? null,
			readTo: isoOrNull(this.readTo),
			recent: writeMap(this.recent),
			recentFloor: isoOrNull(this.recentFloor),
			announced: writeMap(this.announced),
			announcedFloor: isoOrNull(this.announcedFloor),
			holding: writeMap(this.holding),
			holdingFloor: isoOrNull(this.holdingFloor),
		};
	}

	/** Trims the state and writes it into the node's static data: top-level keys, replacing what was there. */
	saveTo(staticData: IDataObject) {
		this.trim();
		const next = this.toJSON() as unknown as IDataObject;
		for (const key of Object.keys(staticData)) if (!(key in next)) delete staticData[key];
		for (const [key, value] of Object.entries(next)) staticData[key] = value;
	}
}
