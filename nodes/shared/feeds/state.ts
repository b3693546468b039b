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
 * - settled polls (`settled`): the read positions of the trigger's last two polls that read the
 *   feed to its end (a page with nothing more waiting), at least a hold-back apart. The older one,
 *   less `backDatingMs`, is the settled floor: a moment dated before it is one the trigger has read
 *   past twice, a week of the feed ago; it is no longer remembered and fires nothing.
 * - read position (`readTo`): every row changed before it has been read; reading by time
 *   (`startTime`) starts there. A row changed more than `recoveryOverlapMs` before it is a row
 *   read again; the rows read since then are remembered by id (`recent`).
 * - cursor: the API's position after the last fully processed page (reading by cursor).
 * - recovery: after the API refuses a cursor as invalid, reading restarts by time a little before
 *   the read position (`recoveryFrom`); rows read twice are recognised and skipped.
 * - memories, each bounded, each forgetting toward a duplicate, never toward a loss: recent rows
 *   (`recent`: the rows read in the last `recoveryOverlapMs` before the read position, which a
 *   restart by time reads again), announced moments (`announced`), held states (`holding`). A row,
 *   moment or state forgotten counts as new: docs/triggers.md lists when that delivers an item twice.
 * - trimming: bounding the memories before the state is saved (WorkingState.trim).
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
	/**
	 * Recent rows remembered (id → updatedAt), of those changed in the last recoveryOverlapMs
	 * before the read position. More than a page, so a page read again (Max Items per Poll stopped
	 * in it) is recognised whole; past it (a bulk change), the oldest read are forgotten.
	 */
	recentRows: 500,
	/** Moments (sign-up, registration, completion...) remembered as announced, above the settled floor. */
	announcedMoments: 5000,
	/** States (deactivated, expired) remembered as holding, the longest unseen forgotten first. */
	heldStates: 2500,
	/**
	 * The settled floor lies this far (in the feed's time) before the older of the trigger's last
	 * two settled polls: a moment dated before it is not remembered and fires nothing, so a
	 * record's old moment does not fire again at its next change. A moment dated more than this
	 * before the trigger read it (back-dated by more than a week, or on a record whose every
	 * change came faster than the trigger read it for a week) is the one that cannot fire.
	 */
	backDatingMs: 7 * 24 * 60 * 60 * 1000,
	/**
	 * The API's hold-back: a page's serverTimestamp is the API's time less this (API spec, Limits).
	 * Start From = Now starts at the API's time at activation; two settled polls count only this
	 * far apart in the feed (see `settled`).
	 */
	holdBackMs: 2 * 60 * 1000,
	/** After an invalid cursor, reading restarts this long before the point the rows were read up to. */
	recoveryOverlapMs: 5 * 60 * 1000,
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
	/**
	 * The node's name when it saved the state. Found under another name, the static data followed
	 * the node through a rename (n8n's durable scheduler keys it by node id): it is the node's own,
	 * whatever its record says (store.ts). Null in states saved before it was recorded.
	 */
	nodeName: string | null;
	/** How many times the state was saved: the newer of two records of a position wins (store.ts). */
	generation: number;
	/**
	 * The Start From setting the state was started with: "now", "beginning", an ISO date, or the
	 * Start Date's expression as written (its value may move; the state goes on).
	 */
	startFrom: string;
	/**
	 * The start point: changes made before it fire nothing (null: the beginning of the feed).
	 * Start From = Now: the API's time at activation (the first page's serverTimestamp plus the hold-back).
	 */
	origin: string | null;
	/** The API's cursor after the last fully processed page (null: read by startTime). */
	cursor: string | null;
	/**
	 * Every row changed before this has been read: the `updatedAt` of the last row processed, or
	 * the `serverTimestamp` of a page with nothing more waiting. Reading by time starts here;
	 * after an invalid cursor, `recoveryOverlapMs` before it.
	 */
	readTo: string | null;
	/** id → updatedAt of the rows read that changed in the last recoveryOverlapMs before `readTo` (bounded). */
	recent: Record<string, number>;
	/**
	 * The read positions (epoch ms) of the last two settled polls, older first: polls whose last
	 * page had nothing more waiting, at least `holdBackMs` apart. A record whose change the
	 * older one did not read (it changed again before) had to change again before the newer one
	 * could read it: two polls in a row it changed faster than the trigger read.
	 */
	settled: number[];
	/** "kind:id" → time of a moment already announced (bounded). */
	announced: Record<string, number>;
	/**
	 * Moments at or before this may have been announced and forgotten (for lack of room, or the
	 * memory was left under another name): one of them that fires may be fired again, so the row
	 * also fires the feed's `otherwiseKind` (members: Profile Updated).
	 */
	announcedFloor: string | null;
	/** "kind:id" → when a state (deactivated, expired) was last seen holding, reported or not (bounded). */
	holding: Record<string, number>;
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

/** Drops the oldest entries beyond `limit`; returns the newest time dropped. */
function trimOldest(map: Map<string, number>, limit: number): number | undefined {
	if (map.size <= limit) return undefined;
	const oldestFirst = [...map.entries()].sort((a, b) => a[1] - b[1]);
	let dropped: number | undefined;
	for (const [key, ms] of oldestFirst.slice(0, map.size - limit)) {
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

	nodeName: string | undefined;

	generation: number;

	startFrom: string;

	origin: number | undefined;

	cursor: string | undefined;

	readTo: number | undefined;

	readonly recent: Map<string, number>;

	settled: number[];

	readonly announced: Map<string, number>;

	announcedFloor: number | undefined;

	readonly holding: Map<string, number>;

	private constructor(stored: Partial<FeedState>) {
		this.workflowId = typeof stored.workflowId === 'string' && stored.workflowId !== '' ? stored.workflowId : undefined;
		this.nodeId = typeof stored.nodeId === 'string' && stored.nodeId !== '' ? stored.nodeId : undefined;
		this.nodeName = typeof stored.nodeName === 'string' && stored.nodeName !== '' ? stored.nodeName : undefined;
		this.generation = typeof stored.generation === 'number' && Number.isSafeInteger(stored.generation) ? stored.generation : 0;
		this.startFrom = String(stored.startFrom ?? '');
		this.origin = toMs(stored.origin);
		this.cursor = typeof stored.cursor === 'string' && stored.cursor !== '' ? stored.cursor : undefined;
		this.readTo = toMs(stored.readTo);
		this.recent = readMap(stored.recent);
		this.settled = Array.isArray(stored.settled) ? stored.settled.filter((ms) => typeof ms === 'number' && Number.isFinite(ms)).slice(-2) : [];
		this.announced = readMap(stored.announced);
		this.announcedFloor = toMs(stored.announcedFloor);
		this.holding = readMap(stored.holding);
	}

	/** A fresh state for a trigger starting from `origin` (undefined: the beginning), reading from `readTo` (default: the origin). */
	static start(startFrom: string, origin: number | undefined, readTo: number | undefined = origin): WorkingState {
		return new WorkingState({ version: STATE_VERSION, startFrom, origin: isoOrNull(origin), readTo: isoOrNull(readTo) });
	}

	/**
	 * The stored state, or undefined when there is none yet, it was started differently, or it
	 * was saved by another node or in another workflow (a copy's, or a deleted node's whose name
	 * this one took).
	 */
	static load(stored: IDataObject, startFrom: string, owner: { workflowId: string; nodeId: string }): WorkingState | undefined {
		if (stored.version !== STATE_VERSION) return undefined;
		// A Start Date expression is the setting; a state saved before expressions were kept as
		// such holds one of its values (an ISO date), and is taken as started with it.
		const startedWithValue = startFrom.startsWith('=') && toMs(stored.startFrom) !== undefined;
		if (stored.startFrom !== startFrom && !startedWithValue) return undefined;
		const state = new WorkingState(stored as Partial<FeedState>);
		state.startFrom = startFrom;
		if (state.workflowId !== undefined && state.workflowId !== owner.workflowId) return undefined;
		if (state.nodeId !== undefined && state.nodeId !== owner.nodeId) return undefined;
		return state;
	}

	/**
	 * Takes a position saved elsewhere (a record of it: store.ts), with the recent rows read,
	 * keeping the moments and states this state remembers: those it lacks (announced or seen under
	 * another name) count as new, and a moment up to the read position is one that may have been
	 * announced (announcedFloor).
	 */
	moveTo(position: WorkingState) {
		this.generation = position.generation;
		this.cursor = position.cursor;
		this.readTo = position.readTo;
		const rows = [...position.recent];
		this.recent.clear();
		for (const [id, updatedAt] of rows) this.recent.set(id, updatedAt);
		this.settled = [...position.settled];
		this.origin = position.origin;
		this.announcedFloor = maxOf(this.announcedFloor, this.readTo);
	}

	/** The position alone, with the recent rows read, as the record of it holds it (store.ts). */
	position(): IDataObject {
		const { version, workflowId, nodeId, generation, startFrom, origin, cursor, readTo, recent, settled } = this.toJSON();
		return { version, workflowId, nodeId, generation, startFrom, origin, cursor, readTo, recent, settled };
	}

	/** Every row changed before `ms` has been read (never moves back). */
	advanceReadTo(ms: number | undefined) {
		this.readTo = maxOf(this.readTo, ms);
	}

	/** A page read the feed to its end, up to `ms`: a settled poll, if `holdBackMs` after the last. */
	settle(ms: number) {
		const last = this.settled[this.settled.length - 1];
		if (last !== undefined && ms < last + FEED_LIMITS.holdBackMs) return;
		this.settled = [...this.settled, ms].slice(-2);
	}

	/**
	 * Moments dated before this fire nothing and are not remembered: the older of the last two
	 * settled polls, less backDatingMs. Undefined until two polls settled.
	 */
	settledFloor(): number | undefined {
		return this.settled.length < 2 ? undefined : this.settled[0] - FEED_LIMITS.backDatingMs;
	}

	/** Whether a change at `ms` was made before the start point (so it fires nothing). */
	beforeStart(ms: number): boolean {
		return this.origin !== undefined && ms < this.origin;
	}

	// ----------------------------------------------------------------- dedupe

	/**
	 * True when this version of the row (or a newer one) was read before: it is remembered, or it
	 * changed more than recoveryOverlapMs before the read position (rows come oldest change first).
	 */
	isDuplicate(id: string, updatedAt: number): boolean {
		const seen = this.recent.get(id);
		if (seen !== undefined && updatedAt <= seen) return true;
		return this.readTo !== undefined && updatedAt < this.readTo - FEED_LIMITS.recoveryOverlapMs;
	}

	/** The row is read: remembered, and the read position moves to it. */
	rememberRow(id: string, updatedAt: number) {
		this.advanceReadTo(updatedAt);
		this.recent.delete(id);
		this.recent.set(id, updatedAt);
	}

	// ----------------------------------------------------------------- signals

	/**
	 * Whether a moment can fire at all: at or after the start point and the settled floor. One
	 * dated before the floor is one the trigger cannot tell from a moment it announced and no
	 * longer remembers (see trim), so it never fires, remembered or not.
	 */
	momentCanFire(at: number): boolean {
		if (this.origin !== undefined && at < this.origin) return false;
		const floor = this.settledFloor();
		return floor === undefined || at >= floor;
	}

	/**
	 * Records a moment a row shows; true when it is new (fires): a value other than the one
	 * announced, earlier ones too (a registration made again with a back date). The feed shows a
	 * row's latest version only, so an older value never comes back by itself.
	 */
	announceMoment(key: string, at: number): boolean {
		const known = this.announced.get(key);
		const isNew = this.momentCanFire(at) && at !== known;
		if (isNew) this.announced.set(key, at);
		return isNew;
	}

	/** Whether a moment at `at` that fires now may have fired before (see announcedFloor). */
	mayHaveAnnounced(at: number): boolean {
		return this.announcedFloor !== undefined && at <= this.announcedFloor;
	}

	/**
	 * Records a state shown by a row changed at `seenAt`; true when it newly holds and
	 * `beganAfterStart` (fires). A state that holds is remembered either way, so a later row
	 * showing it again fires nothing; one that no longer holds is forgotten, so it can fire again.
	 */
	announceState(key: string, holds: boolean, seenAt: number, beganAfterStart: boolean): boolean {
		if (!holds) {
			this.holding.delete(key);
			return false;
		}
		const known = this.holding.get(key);
		// Refreshed by every row showing it, so the memory drops the states not seen for longest.
		this.holding.set(key, Math.max(seenAt, known ?? seenAt));
		return known === undefined && beganAfterStart;
	}

	// ----------------------------------------------------------------- saving

	/**
	 * Bounds the memories before saving. Each forgets toward a duplicate: a recent row forgotten
	 * (the oldest read, in a bulk change) is new if read again; a moment below the settled floor
	 * fires nothing anyway, and one forgotten above it (the oldest) fires again at its record's
	 * next change; a held state forgotten (the longest unseen) fires again at its record's next change.
	 */
	trim() {
		if (this.readTo !== undefined) {
			// Not a loss: such a row counts as read (isDuplicate).
			const overlap = this.readTo - FEED_LIMITS.recoveryOverlapMs;
			for (const [id, updatedAt] of this.recent) if (updatedAt < overlap) this.recent.delete(id);
		}
		trimOldest(this.recent, FEED_LIMITS.recentRows);
		const floor = this.settledFloor();
		// Such a moment fires nothing, remembered or not (momentCanFire).
		if (floor !== undefined) for (const [key, at] of this.announced) if (at < floor) this.announced.delete(key);
		this.announcedFloor = maxOf(this.announcedFloor, trimOldest(this.announced, FEED_LIMITS.announcedMoments));
		trimOldest(this.holding, FEED_LIMITS.heldStates);
	}

	/** The state as stored, as it is now (saveTo trims it first). */
	toJSON(): FeedState {
		return {
			version: STATE_VERSION,
			workflowId: this.workflowId ?? null,
			nodeId: this.nodeId ?? null,
			nodeName: this.nodeName ?? null,
			generation: this.generation,
			startFrom: this.startFrom,
			origin: isoOrNull(this.origin),
			cursor: this.cursor ?? null,
			readTo: isoOrNull(this.readTo),
			recent: writeMap(this.recent),
			settled: [...this.settled],
			announced: writeMap(this.announced),
			announcedFloor: isoOrNull(this.announcedFloor),
			holding: writeMap(this.holding),
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
