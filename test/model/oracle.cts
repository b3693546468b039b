/**
 * The oracle of the property test: what a user expects of a trigger, judged by the generated
 * history's own record of the world (each sign-up, registration, check-in, expiry… with the time
 * it happened and the time it was written, and every row version the feed held), never by the
 * rows the trigger read nor by the rules of docs/triggers.md. It imports nothing from nodes/.
 *
 * - Chosen Changes: every change written at or after the start point fires its kind exactly once,
 *   in an item of a row version that shows it. Edits of a member are one kind: an item of Profile
 *   Updated (or New Member) answers every edit written before its version.
 * - Every Change: every row's last version reaches the copy, and no older version comes after a
 *   newer one.
 * - A change that fires nothing is a loss unless it is one of the cases docs/triggers.md names
 *   under "What the trigger cannot tell" (ACCEPTED: each judged from the world's record); an item
 *   beyond these is allowed only in a case it lists under "When an item can come twice"
 *   (duplicates.cts). The accepted cases are counted (`tally`).
 */

const WEEK = 7 * 24 * 60 * 60 * 1000;
/** The API shows a change this long after it is written (the spec's hold-back). */
const HOLD_BACK = 2 * 60 * 1000;

type Row = Record<string, unknown>;

/** Where a row shows a change of a kind: a moment's field, a state's condition, a deletion, an edit. */
export type Shows = { field: string } | { holds: (row: Row) => boolean } | 'removed' | 'edit';

/** One change in the world. */
export interface Happening {
	id: string;
	kind: string;
	/** When it happened (a moment's value; for others the time it was written). */
	at: number;
	/** When it was written to the API, in the API's time. */
	written: number;
	/** The row version that holds it. */
	seq: number;
	/** A moment's value as the row shows it. */
	value?: string;
	/** The first later version of the row that no longer shows it (undefined: every later one does). */
	endSeq?: number;
	/** In the trigger's filters, and not a kind the trigger was told to leave out (Ignore API Registrations). */
	wanted: boolean;
}

export interface Version {
	seq: number;
	updatedAt: number;
	body: Row;
}

/** The world's record of a history. */
export interface World {
	/** The start point in the API's time (undefined: the beginning). */
	start: number | undefined;
	happenings: Happening[];
	/** Every version of every row, in write order. */
	versions: Map<string, Version[]>;
	/** Whether a row's records are in the trigger's filters. */
	inScope: (id: string) => boolean;
	/** The versions each row had whose reading n8n committed (a state saved that covers them). */
	reads: Map<string, Set<number>>;
	shows: Record<string, Shows>;
	/** The kind of a member's sign-up, which carries the edits made before the trigger first read it. */
	signUpKind?: string;
	renamed: boolean;
	/**
	 * Durable scheduler: the last version written before a rename (or a rename back) that came
	 * while n8n had not committed the trigger's last poll (the poll at activation, a dropped batch).
	 */
	renamedWhileUncommitted?: number;
}

/** An item n8n executed, as the oracle sees it. */
export interface Item {
	id: string;
	seq: number;
	updatedAt: number;
	row: Row;
	/** Chosen Changes: the chosen kinds it carries; Every Change: its syncAction. */
	kinds: string[];
	/** Every kind it fired, chosen or not. */
	fired: string[];
}

/** An item (one kind of it) no change of the world explains by itself. */
export interface Extra {
	id: string;
	updatedAt: number;
	kind: string;
	/** The package had delivered this version of the row before (any kind). */
	versionDeliveredBefore: boolean;
	/** The other kinds this item fired. */
	alongside: string[];
	/** The change it reports happened before the start point (a state already holding). */
	beforeStart: boolean;
	/** The first item of its record, and the record's sign-up (members), if it has one by then. */
	firstOfRecord: boolean;
	signUp?: Happening;
}

/** A change that fired nothing, and the accepted case that explains it, if any. */
export interface Loss {
	happening: Happening;
	accepted?: string;
}

const isMoment = (shows: Shows | undefined): shows is { field: string } => typeof shows === 'object' && 'field' in shows;

/**
 * The losses the trigger cannot avoid, as the world shows them: docs/triggers.md names each (its
 * section "What the trigger cannot tell"), with the field the API lacks.
 */
export const ACCEPTED: Record<string, (h: Happening, world: World) => boolean> = {
	// A moment dated before the start point, written after it.
	'dated-before-start': (h, w) => isMoment(w.shows[h.kind]) && w.start !== undefined && h.at < w.start,
	// A moment written more than a week after the date it carries.
	'back-dated': (h, w) => isMoment(w.shows[h.kind]) && h.at < h.written - WEEK,
	// Every version of the record from the moment on replaced within the hold-back, for more than a
	// week: the first the trigger could read came when the moment was that old.
	outpaced: (h, w) => {
		if (!isMoment(w.shows[h.kind])) return false;
		const versions = (w.versions.get(h.id) ?? []).filter((v) => v.seq >= h.seq);
		const first = versions.findIndex((v) => w.reads.get(h.id)?.has(v.seq));
		if (first < 0 || versions[first].updatedAt - h.at <= WEEK) return false;
		return versions.slice(0, first).every((v, i) => versions[i + 1].updatedAt - v.updatedAt < HOLD_BACK);
	},
	// n8n's gap, not the API's: a rename on the durable scheduler while n8n had not committed the
	// trigger's last poll; what that poll read is skipped.
	'renamed-while-uncommitted': (h, w) => w.renamedWhileUncommitted !== undefined && h.seq <= w.renamedWhileUncommitted,
	// Undone or replaced before the trigger's read of it was kept: no version it read shows it; or a
	// state made again after an undoing the trigger never read (to it, the state went on holding).
	overwritten: (h, w) => {
		if (h.endSeq !== undefined && !readBetween(w, h.id, h.seq, h.endSeq)) return true;
		if (typeof w.shows[h.kind] !== 'object' || isMoment(w.shows[h.kind])) return false;
		const undone = w.happenings.filter((e) => e.id === h.id && e.kind === h.kind && e.endSeq !== undefined && e.endSeq <= h.seq).pop();
		return undone !== undefined && !readBetween(w, h.id, undone.endSeq as number, h.seq);
	},
	// A member's edit written before the trigger first read the member: New Member carries it.
	'edited-before-read': (h, w) => {
		if (w.shows[h.kind] !== 'edit' || !w.signUpKind) return false;
		const signUp = w.happenings.find((other) => other.id === h.id && other.kind === w.signUpKind);
		return signUp !== undefined && (w.start === undefined || signUp.at >= w.start) && !readBetween(w, h.id, signUp.seq, h.seq);
	},
};

/**
 * The items the trigger cannot help delivering, as the world shows them (docs/triggers.md, the
 * same section): a stale change reported once.
 */
export const ACCEPTED_EXTRA: Record<string, (extra: Extra, world: World) => boolean> = {
	// A state already holding at the start point, first seen after it.
	'held-before-start': (extra, w) => extra.beforeStart && typeof w.shows[extra.kind] === 'object' && !isMoment(w.shows[extra.kind]),
	// A member whose sign-up cannot fire (dated before the start, or back-dated), first read: an edit to the trigger.
	'dated-before-start': (extra, w) => signUpReadAsEdit(extra, w) && w.start !== undefined && (extra.signUp as Happening).at < w.start,
	'back-dated': (extra, w) => signUpReadAsEdit(extra, w) && (extra.signUp as Happening).at < (extra.signUp as Happening).written - WEEK,
};

function signUpReadAsEdit(extra: Extra, w: World): boolean {
	return w.shows[extra.kind] === 'edit' && extra.firstOfRecord && extra.signUp !== undefined && !extra.alongside.includes(extra.signUp.kind);
}

/** Whether n8n committed a read of a version of `id` from `from` (included) to `to` (excluded). */
function readBetween(world: World, id: string, from: number, to: number): boolean {
	for (const seq of world.reads.get(id) ?? []) if (seq >= from && seq < to) return true;
	return false;
}

export interface Judgement {
	losses: Loss[];
	extras: Extra[];
	/** Every Change: a version delivered after a newer one of its row. */
	overtaken: string[];
	/** The last versions, written at or after the start, the trigger never read. */
	unread: string[];
}

const after = (world: World, written: number) => world.start === undefined || written >= world.start;

/** Chosen Changes: each item's kinds matched to the changes they report. */
function judgeChosen(world: World, chosen: string[], items: Item[]): Pick<Judgement, 'losses' | 'extras'> {
	const expected = (h: Happening) => h.wanted && chosen.includes(h.kind) && after(world, h.written);
	const byRecordKind = new Map<string, Happening[]>();
	for (const h of world.happenings) {
		const key = `${h.id}\u0000${h.kind}`;
		byRecordKind.set(key, [...(byRecordKind.get(key) ?? []), h]);
	}
	const answered = new Set<Happening>();
	const extras: Extra[] = [];
	const versions = new Set<string>();
	const records = new Set<string>();
	for (const item of items) {
		const version = `${item.id}:${item.seq}`;
		const versionDeliveredBefore = versions.has(version);
		versions.add(version);
		const firstOfRecord = !records.has(item.id);
		records.add(item.id);
		const signUp = world.signUpKind ? (byRecordKind.get(`${item.id}\u0000${world.signUpKind}`) ?? []).find((h) => h.seq <= item.seq) : undefined;
		const open = (kind: string) => (byRecordKind.get(`${item.id}\u0000${kind}`) ?? []).filter((h) => h.seq <= item.seq);
		for (const kind of item.kinds) {
			const shows = world.shows[kind];
			const extra = (h?: Happening) =>
				extras.push({
					id: item.id,
					updatedAt: item.updatedAt,
					kind,
					versionDeliveredBefore,
					alongside: item.fired.filter((other) => other !== kind),
					beforeStart: h !== undefined && !after(world, h.written),
					firstOfRecord,
					signUp,
				});
			if (shows === 'edit') {
				const edits = open(kind).filter((h) => expected(h) && !answered.has(h));
				if (edits.length === 0) extra();
				for (const h of edits) answered.add(h);
				continue;
			}
			const candidates = open(kind);
			const h = isMoment(shows) ? candidates.filter((c) => c.value === String(item.row[shows.field])).pop() : candidates.pop();
			if (h && expected(h) && !answered.has(h)) answered.add(h);
			else extra(h);
		}
		// A sign-up read with the edits made before it: its item carries them.
		if (world.signUpKind && item.fired.includes(world.signUpKind)) {
			for (const [kind, shows] of Object.entries(world.shows)) {
				if (shows === 'edit') for (const h of open(kind)) answered.add(h);
			}
		}
	}
	const losses: Loss[] = world.happenings
		.filter((h) => expected(h) && !answered.has(h))
		.map((h) => ({ happening: h, accepted: Object.keys(ACCEPTED).find((name) => ACCEPTED[name](h, world)) }));
	return { losses, extras };
}

/** Every Change: the copy holds every row's last version, and no version comes after a newer one. */
function judgeEveryChange(world: World, items: Item[]): Pick<Judgement, 'losses' | 'extras' | 'overtaken'> {
	const delivered = new Map<string, number>();
	const extras: Extra[] = [];
	const overtaken: string[] = [];
	for (const item of items) {
		const last = delivered.get(item.id);
		if (last !== undefined && item.seq < last) overtaken.push(`${item.id}:${item.updatedAt}`);
		if (last === item.seq)
			extras.push({ id: item.id, updatedAt: item.updatedAt, kind: item.kinds[0], versionDeliveredBefore: true, alongside: [], beforeStart: false, firstOfRecord: false });
		delivered.set(item.id, Math.max(last ?? item.seq, item.seq));
	}
	const losses: Loss[] = [];
	for (const [id, versions] of world.versions) {
		const last = versions[versions.length - 1];
		if (!after(world, last.updatedAt)) continue;
		const removed = last.body.removed === true;
		if (!removed && !world.inScope(id)) continue;
		if (delivered.get(id) !== last.seq) {
			const happening: Happening = { id, kind: removed ? 'delete' : 'upsert', at: last.updatedAt, written: last.updatedAt, seq: last.seq, wanted: true };
			losses.push({ happening, accepted: Object.keys(ACCEPTED).find((name) => ACCEPTED[name](happening, world)) });
		}
	}
	return { losses, extras, overtaken };
}

export function judge(world: World, setting: { everyChange: boolean; chosen: string[] }, items: Item[]): Judgement {
	const unread: string[] = [];
	for (const [id, versions] of world.versions) {
		const last = versions[versions.length - 1];
		const skipped = world.renamedWhileUncommitted !== undefined && last.seq <= world.renamedWhileUncommitted;
		if (after(world, last.updatedAt) && !skipped && !world.reads.get(id)?.has(last.seq)) unread.push(`${id}:${last.updatedAt}`);
	}
	if (setting.everyChange) return { ...judgeEveryChange(world, items), unread };
	return { ...judgeChosen(world, setting.chosen, items), overtaken: [], unread };
}
