/**
 * Change feeds: one append-only change log per feed. A change appends the row's
 * snapshot at the end with a new sequence number and retires the row's previous
 * entry, so a changed row moves to the end. Reads hold back entries newer than
 * clock − 2 minutes. Cursors are opaque: base64url of `{v: 1, f: <feed>, s: <seq>}`.
 */
import { ApiError, type Json, iso } from './validate.cjs';

export const FEED_NAMES = ['users', 'event-attendees', 'course-enrollments', 'course-certificates'] as const;
export type FeedName = (typeof FEED_NAMES)[number];

export const HOLD_BACK_MS = 2 * 60 * 1000;
export const CURSOR_VERSION = 1;

/**
 * What `serverTimestamp` says on a page with more rows waiting (`hasMore`): the last row's
 * `updatedAt` (the default), or the hold-back cutoff, as another implementation of the spec
 * answers ("the point in time the response is complete up to" allows both readings). A page
 * without more rows always says the cutoff.
 */
export const SERVER_TIMESTAMP_MODES = ['last-row', 'cutoff'] as const;
export type ServerTimestampMode = (typeof SERVER_TIMESTAMP_MODES)[number];

interface FeedEntry {
	seq: number;
	id: string;
	updatedAt: number;
	row: Json;
	live: boolean;
}

export interface FeedPage {
	rows: Json[];
	lastSeq?: number;
	hasMore: boolean;
	/** the point in time the response is complete up to */
	completeUpTo: number;
}

export class FeedLog {
	private entries: FeedEntry[] = [];
	private readonly current = new Map<string, FeedEntry>();
	private nextSeq = 1;
	private lastStamp = 0;
	private dead = 0;

	constructor(readonly name: FeedName) {}

	get size(): number {
		return this.current.size;
	}

	/**
	 * Records a change of row `id`. Stamps never go backwards within a feed (a clock
	 * moved back by hand still yields ordered `updatedAt`), which keeps the log sorted
	 * by both sequence and time. Returns the row as a feed read renders it.
	 */
	append(id: string, row: Json, at: number): Json {
		const stamp = Math.max(at, this.lastStamp);
		this.lastStamp = stamp;
		const previous = this.current.get(id);
		if (previous) {
			previous.live = false;
			this.dead++;
		}
		const entry: FeedEntry = { seq: this.nextSeq++, id, updatedAt: stamp, row, live: true };
		this.entries.push(entry);
		this.current.set(id, entry);
		if (this.dead > 1000 && this.dead > this.entries.length / 2) this.compact();
		return render(entry);
	}

	latest(id: string): Json | undefined {
		const entry = this.current.get(id);
		return entry && render(entry);
	}

	/** Rows after `afterSeq` (cursor) or changed at/after `startTime`, oldest change first. */
	read(
		from: { afterSeq?: number; startTime?: number },
		pageSize: number,
		now: number,
		serverTimestamp: ServerTimestampMode = 'last-row',
	): FeedPage {
		const cutoff = now - HOLD_BACK_MS;
		let i =
			from.afterSeq !== undefined
				? this.firstIndex((e) => e.seq > (from.afterSeq as number))
				: from.startTime !== undefined
					? this.firstIndex((e) => e.updatedAt >= (from.startTime as number))
					: 0;
		const picked: FeedEntry[] = [];
		let hasMore = false;
		for (; i < this.entries.length; i++) {
			const entry = this.entries[i];
			if (entry.updatedAt > cutoff) break;
			if (!entry.live) continue;
			if (picked.length === pageSize) {
				hasMore = true;
				break;
			}
			picked.push(entry);
		}
		const last = picked[picked.length - 1];
		return {
			rows: picked.map(render),
			lastSeq: last?.seq,
			hasMore,
			completeUpTo: hasMore && serverTimestamp === 'last-row' ? last.updatedAt : cutoff,
		};
	}

	/** Index of the first entry matching a predicate that is monotonic over the log. */
	private firstIndex(pred: (e: FeedEntry) => boolean): number {
		let lo = 0;
		let hi = this.entries.length;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (pred(this.entries[mid])) hi = mid;
			else lo = mid + 1;
		}
		return lo;
	}

	private compact(): void {
		this.entries = this.entries.filter((e) => e.live);
		this.dead = 0;
	}
}

function render(entry: FeedEntry): Json {
	return { ...entry.row, updatedAt: iso(entry.updatedAt) };
}

// ---------------------------------------------------------------- cursors

export function encodeCursor(feed: FeedName, seq: number, version = CURSOR_VERSION): string {
	return Buffer.from(JSON.stringify({ v: version, f: feed, s: seq }), 'utf8').toString('base64url');
}

export const INVALID_CURSOR = 'invalid cursor';
export const UNSUPPORTED_CURSOR = 'invalid cursor: unsupported version, restart from startTime';

/** The position a cursor points after; 400 for a malformed cursor or one of another format version. */
export function decodeCursor(feed: FeedName, cursor: string, version = CURSOR_VERSION): number {
	if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new ApiError(400, INVALID_CURSOR);
	let payload: unknown;
	try {
		payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
	} catch {
		throw new ApiError(400, INVALID_CURSOR);
	}
	if (!payload || typeof payload !== 'object' || Array.isArray(payload)) throw new ApiError(400, INVALID_CURSOR);
	const { v, f, s } = payload as { v?: unknown; f?: unknown; s?: unknown };
	if (typeof v !== 'number') throw new ApiError(400, INVALID_CURSOR);
	if (v !== version) throw new ApiError(400, UNSUPPORTED_CURSOR);
	if (f !== feed || typeof s !== 'number' || !Number.isSafeInteger(s) || s < 0) throw new ApiError(400, INVALID_CURSOR);
	return s;
}
