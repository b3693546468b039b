/**
 * The reference model of docs/triggers.md ("What fires each kind"): what a trigger fires for the
 * rows it reads, with a memory that never forgets. Written from the docs alone: it imports nothing
 * from nodes/, so a rule the package gets wrong shows up as a difference, not as agreement.
 *
 * It is told each row the trigger read, in order, and answers what that row fires. Rows read
 * again (the feed delivers at least once; a poll reads a page again) fire nothing the second time.
 */
type Row = Record<string, unknown>;

const DAY = 24 * 60 * 60 * 1000;

const ms = (value: unknown): number | undefined => {
	if (typeof value !== 'string' || value === '') return undefined;
	const parsed = Date.parse(value);
	return Number.isNaN(parsed) ? undefined : parsed;
};

/** One feed as the docs' table describes it. */
export interface ModelFeed {
	/** Moments: a kind fires for a new value of its field. */
	moments: Array<{ kind: string; field: string }>;
	/** States: a kind fires when the row shows it and the trigger does not know it as holding. */
	states: Array<{ kind: string; holds: (row: Row) => boolean; since?: (row: Row) => unknown }>;
	/** The kind of a deletion record, if the feed has them. */
	removed?: string;
	/** Members' Profile Updated: every change of a live member that does not fire New Member. */
	otherwise?: { kind: string; unless: string };
}

export const MODEL_FEEDS: Record<'members' | 'attendees' | 'enrollments' | 'certificates', ModelFeed> = {
	members: {
		moments: [{ kind: 'newMember', field: 'signUpAt' }],
		states: [{ kind: 'deactivated', holds: (row) => row.archived === true }],
		removed: 'removed',
		otherwise: { kind: 'profileUpdated', unless: 'newMember' },
	},
	attendees: {
		moments: [
			{ kind: 'registered', field: 'registeredAt' },
			{ kind: 'joined', field: 'joinedAt' },
			{ kind: 'checkedIn', field: 'checkedInAt' },
			{ kind: 'cancelled', field: 'cancelledAt' },
		],
		states: [],
	},
	enrollments: {
		moments: [
			{ kind: 'enrolled', field: 'enrolledAt' },
			{ kind: 'completed', field: 'completedAt' },
			{ kind: 'cancelledOrReset', field: 'terminatedAt' },
		],
		states: [],
	},
	certificates: {
		moments: [
			{ kind: 'issued', field: 'issuedAt' },
			{ kind: 'revoked', field: 'revokedAt' },
		],
		states: [{ kind: 'expired', holds: (row) => row.certificateStatus === 'Expired', since: (row) => row.expiryDate }],
	},
};

export interface ModelSettings {
	/** The start point: changes before it fire nothing (undefined: Start From = Beginning). */
	origin: number | undefined;
	/** Rows changed before it are history (Beginning or a date; undefined for Now). */
	liveFrom: number | undefined;
	/** Emit = Every Change. */
	everyChange: boolean;
	/** The filters: false for a row outside them. */
	inScope: (row: Row) => boolean;
}

/** What one row fires: the kinds (Chosen Changes) or the sync action (Every Change). */
export interface Fired {
	id: string;
	updatedAt: number;
	kinds: string[];
}

export class FeedModel {
	/** Every version (id:updatedAt) read. */
	private readonly seen = new Set<string>();

	/** kind:id → the moment announced. */
	readonly announced = new Map<string, number>();

	/** kind:id of every state last seen holding. */
	readonly holding = new Set<string>();

	/** How many states (kind:id) were ever seen holding. */
	get heldEver() {
		return this.everHeld.size;
	}

	private readonly everHeld = new Set<string>();

	hasRead(id: string, updatedAt: number) {
		return this.seen.has(`${id}:${updatedAt}`);
	}

	constructor(
		private readonly feed: ModelFeed,
		private readonly settings: ModelSettings,
	) {}

	/** The row read next: what it fires (undefined: nothing). */
	read(row: Row): Fired | undefined {
		const id = String(row.id);
		const updatedAt = ms(row.updatedAt) as number;
		const version = `${id}:${updatedAt}`;
		if (this.seen.has(version)) return undefined;
		this.seen.add(version);
		const { origin, liveFrom, everyChange } = this.settings;
		// "A row changed before the start point fires nothing at all."
		const live = origin === undefined || updatedAt >= origin;
		if (row.removed === true) {
			if (!live) return undefined;
			if (everyChange) return { id, updatedAt, kinds: ['delete'] };
			return this.feed.removed ? { id, updatedAt, kinds: [this.feed.removed] } : undefined;
		}
		if (!this.settings.inScope(row)) return undefined;
		const history = liveFrom !== undefined && updatedAt < liveFrom;
		const kinds: string[] = [];
		for (const { kind, field } of this.feed.moments) {
			const at = ms(row[field]);
			if (at === undefined) continue;
			const key = `${kind}:${id}`;
			const known = this.announced.get(key);
			// "New": at or after the start point, (but in history) no more than 24 hours before the
			// row's change, and later than the value announced for the record, if any.
			const isNew = (origin === undefined || at >= origin) && (history || at >= updatedAt - DAY) && (known === undefined || at > known);
			if (!isNew) continue;
			this.announced.set(key, at);
			if (live) kinds.push(kind);
		}
		for (const { kind, holds, since } of this.feed.states) {
			const key = `${kind}:${id}`;
			if (!holds(row)) {
				this.holding.delete(key);
				continue;
			}
			const known = this.holding.has(key);
			this.holding.add(key);
			this.everHeld.add(key);
			// Dated (an expiryDate): it began then; undated: the row's change dates it.
			const began = since ? ms(since(row)) : undefined;
			const afterStart = origin === undefined || (began === undefined ? true : began >= origin);
			if (!known && live && afterStart) kinds.push(kind);
		}
		const { otherwise } = this.feed;
		if (live && otherwise && !kinds.includes(otherwise.unless)) kinds.push(otherwise.kind);
		if (!live) return undefined;
		if (everyChange) return { id, updatedAt, kinds: ['upsert'] };
		return kinds.length > 0 ? { id, updatedAt, kinds } : undefined;
	}
}
