/**
 * Generated histories of a trigger's feed, played through the package in its n8n (world.cts) and
 * judged by what happened (oracle.cts; test/node/triggerModel.test.cts). A history is a setting
 * (feed, Emit, Trigger On, Start From, Max Items per Poll, the memories' bounds, id length,
 * scheduler, the host's clock against the API's, the poll interval of the catch-up) and steps:
 * writes to the feed (bulk ones at one instant, bulk edits of every record, moments dated back by
 * minutes to days, a cohort's common expiry), time passing (seconds to a week), polls (dropped by
 * n8n, run twice), the API down for hours or days (401, 503, time-outs), n8n down or the workflow
 * off for days, refused cursors, rows delivered again, restarts, renames and renames back.
 * `runHistory` plays it and returns the world's record beside what n8n executed.
 */
import fc from 'fast-check';
import type { IDataObject, INodeType } from 'n8n-workflow';

import { CommunityPlatformCourseCertificateTrigger } from '../../nodes/CommunityPlatformCourseCertificateTrigger/CommunityPlatformCourseCertificateTrigger.node';
import { CommunityPlatformCourseEnrollmentTrigger } from '../../nodes/CommunityPlatformCourseEnrollmentTrigger/CommunityPlatformCourseEnrollmentTrigger.node';
import { CommunityPlatformEventAttendeeTrigger } from '../../nodes/CommunityPlatformEventAttendeeTrigger/CommunityPlatformEventAttendeeTrigger.node';
import { CommunityPlatformMemberTrigger } from '../../nodes/CommunityPlatformMemberTrigger/CommunityPlatformMemberTrigger.node';
import { FEED_LIMITS } from '../../nodes/shared/feeds/state';
import { installVirtualClock } from '../helpers/virtualClock.cjs';
import type { Happening, Item, Shows, World } from './oracle.cjs';
import type { Failure, Scheduler } from './world.cjs';
import { Feed, HOLD_BACK_MS, Host } from './world.cjs';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

type Body = IDataObject;
/** A change to one record at `at` (a moment's time, at or before now); undefined: does not apply. */
type Op = (record: Body, at: number, n: number) => Body | undefined;

/**
 * One feed's world: its records, the changes each op makes happen (`happens`, `create` included),
 * and where the API's row shows each kind of change (`shows`, from the API spec's fields).
 */
interface FeedSpec {
	nodeType: () => INodeType;
	kinds: string[];
	create: (id: string, at: number, n: number) => Body;
	ops: Record<string, Op>;
	happens: Record<string, string[]>;
	shows: Record<string, Shows>;
	signUpKind?: string;
	/** Changes the trigger is told not to report (Ignore API Registrations). */
	suppressed?: (row: Body, kind: string) => boolean;
}

const pick = <T,>(list: T[], n: number) => list[n % list.length];

export const FEEDS: Record<'members' | 'attendees' | 'enrollments' | 'certificates', FeedSpec> = {
	members: {
		nodeType: () => new CommunityPlatformMemberTrigger(),
		kinds: ['newMember', 'profileUpdated', 'deactivated', 'removed'],
		happens: { create: ['newMember'], edit: ['profileUpdated'], deactivate: ['deactivated', 'profileUpdated'], reactivate: ['profileUpdated'], remove: ['removed'] },
		shows: { newMember: { field: 'signUpAt' }, profileUpdated: 'edit', deactivated: { holds: (row) => row.archived === true }, removed: 'removed' },
		signUpKind: 'newMember',
		create: (id, at) => ({ userId: id, userEmail: `${id}@example.com`, firstName: 'New', signUpAt: iso(at), archived: false, removed: false }),
		ops: {
			edit: (r, _at, n) => ({ ...r, firstName: `Name ${n}` }),
			deactivate: (r) => (r.archived ? undefined : { ...r, archived: true }),
			reactivate: (r) => (r.archived ? { ...r, archived: false } : undefined),
			remove: (_r, at) => ({ removed: true, removedAt: iso(at) }),
		},
	},
	attendees: {
		nodeType: () => new CommunityPlatformEventAttendeeTrigger(),
		kinds: ['registered', 'joined', 'checkedIn', 'cancelled'],
		happens: { create: ['registered'], edit: [], join: ['joined'], checkIn: ['checkedIn'], cancel: ['cancelled'], reregister: ['registered'] },
		shows: { registered: { field: 'registeredAt' }, joined: { field: 'joinedAt' }, checkedIn: { field: 'checkedInAt' }, cancelled: { field: 'cancelledAt' } },
		create: (id, at, n) => ({
			attendeeId: id,
			eventId: pick(['e1', 'e2'], n),
			registeredAt: iso(at),
			registrationSource: pick(['web', 'adminPublicAPI', 'web'], n),
			joinedAt: '',
			checkedInAt: '',
			cancelledAt: '',
		}),
		ops: {
			edit: (r, _at, n) => ({ ...r, lastOnlineAt: iso(n) }),
			join: (r, at) => (r.joinedAt ? undefined : { ...r, joinedAt: iso(at) }),
			checkIn: (r, at) => ({ ...r, checkedInAt: iso(at) }),
			cancel: (r, at) => (r.cancelledAt ? undefined : { ...r, cancelledAt: iso(at) }),
			reregister: (r, at) => (r.cancelledAt ? { ...r, registeredAt: iso(at), cancelledAt: '' } : undefined),
		},
		suppressed: (row, kind) => kind === 'registered' && row.registrationSource === 'adminPublicAPI',
	},
	enrollments: {
		nodeType: () => new CommunityPlatformCourseEnrollmentTrigger(),
		kinds: ['enrolled', 'completed', 'cancelledOrReset'],
		happens: { create: ['enrolled'], edit: [], complete: ['completed'], terminate: ['cancelledOrReset'] },
		shows: { enrolled: { field: 'enrolledAt' }, completed: { field: 'completedAt' }, cancelledOrReset: { field: 'terminatedAt' } },
		create: (_id, at, n) => ({ userId: `u${n}`, courseId: pick(['c1', 'c2'], n), enrolledAt: iso(at), activeStatus: 'ACTIVE', terminatedAt: '', completedAt: '', progress: '0%' }),
		ops: {
			edit: (r, _at, n) => ({ ...r, progress: `${n % 100}%` }),
			complete: (r, at) => (r.completedAt ? undefined : { ...r, completedAt: iso(at), progress: '100%' }),
			terminate: (r, at) => (r.terminatedAt ? undefined : { ...r, terminatedAt: iso(at), activeStatus: 'RESET' }),
		},
	},
	certificates: {
		nodeType: () => new CommunityPlatformCourseCertificateTrigger(),
		kinds: ['issued', 'revoked', 'expired'],
		happens: { create: ['issued'], edit: [], expire: ['expired'], renew: [], revoke: ['revoked'] },
		shows: { issued: { field: 'issuedAt' }, revoked: { field: 'revokedAt' }, expired: { holds: (row) => row.certificateStatus === 'Expired' } },
		create: (id, at, n) => ({ certificateId: id, courseId: pick(['c1', 'c2'], n), issuedAt: iso(at), certificateStatus: 'Issued', expiryDate: '', revokedAt: '' }),
		ops: {
			edit: (r, _at, n) => ({ ...r, recipientName: `Name ${n}` }),
			// A cohort: every certificate of the step expires at one expiryDate, before the change.
			expire: (r, at) => (r.certificateStatus === 'Issued' ? { ...r, certificateStatus: 'Expired', expiryDate: iso(at) } : undefined),
			renew: (r) => (r.certificateStatus === 'Expired' ? { ...r, certificateStatus: 'Issued', expiryDate: '' } : undefined),
			revoke: (r, at) => (r.certificateStatus === 'Revoked' ? undefined : { ...r, certificateStatus: 'Revoked', revokedAt: iso(at) }),
		},
	},
};

export type FeedName = keyof typeof FEEDS;

export type Step =
	| { t: 'write'; op: string; count: number; pick: number; back: number; spread: boolean; all?: boolean }
	| { t: 'advance'; ms: number }
	| { t: 'poll'; drop?: boolean; twice?: boolean }
	| { t: 'outage'; ms: number; every: number; failure: Failure }
	| { t: 'down'; ms: number }
	| { t: 'refuse' }
	| { t: 'again'; rows: number }
	| { t: 'restart' }
	| { t: 'rename' }
	| { t: 'renameBack' }
	| { t: 'maxItems'; value: number };

export interface Bounds {
	recentRows: number;
	moments: number;
	heldStates: number;
	pageSize: number;
}

export interface Setting {
	feed: FeedName;
	everyChange: boolean;
	/** Trigger On (Chosen Changes), as indexes into the feed's kinds. */
	events: number[];
	/**
	 * 'now', 'beginning', a date this many ms after the first write (may be negative), or a Start
	 * Date expression: the day's start (on the host's clock) less `daysBack` days, each time n8n reads it.
	 */
	startFrom: 'now' | 'beginning' | number | { daysBack: number };
	maxItems: number;
	/** The Event IDs / Course IDs filter: the first value of the record's, or none. */
	filtered: boolean;
	ignoreApi: boolean;
	bounds: Bounds;
	idLength: 24 | 36;
	scheduler: Scheduler;
	/** The n8n host's clock less the API's. */
	skewMs?: number;
	/** The poll interval once the history's steps are over (the catch-up). */
	catchUpEveryMs?: number;
	/** Durable: the poll at activation commits its batch and state like any other. */
	activationCommits?: boolean;
}

export interface History {
	setting: Setting;
	/** Before activation: the feed's past. */
	before: Step[];
	steps: Step[];
}

const writeStep = (feed: FeedName, bulk: { count: fc.Arbitrary<number>; weight: number }) =>
	fc.record({
		t: fc.constant('write' as const),
		op: fc.constantFrom('create', 'create', ...Object.keys(FEEDS[feed].ops)),
		count: fc.oneof({ weight: 2, arbitrary: fc.integer({ min: 1, max: 3 }) }, { weight: bulk.weight, arbitrary: bulk.count }),
		pick: fc.nat(1000),
		back: fc.oneof(
			{ weight: 4, arbitrary: fc.constant(0) },
			{ weight: 2, arbitrary: fc.integer({ min: 1, max: 10 * MIN }) },
			{ weight: 1, arbitrary: fc.integer({ min: 20 * HOUR, max: 30 * HOUR }) },
			{ weight: 1, arbitrary: fc.integer({ min: DAY, max: 10 * DAY }) },
		),
		spread: fc.boolean(),
		// A bulk edit (or any op) of every record.
		all: fc.oneof({ weight: 6, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
	});

const advanceStep = fc.record({
	t: fc.constant('advance' as const),
	ms: fc.oneof(
		{ weight: 4, arbitrary: fc.integer({ min: 1000, max: 3 * MIN }) },
		{ weight: 2, arbitrary: fc.integer({ min: 3 * MIN, max: HOUR }) },
		{ weight: 1, arbitrary: fc.integer({ min: HOUR, max: 30 * HOUR }) },
		{ weight: 1, arbitrary: fc.integer({ min: DAY, max: 7 * DAY }) },
	),
});

const step = (feed: FeedName, bulk: { count: fc.Arbitrary<number>; weight: number }): fc.Arbitrary<Step> =>
	fc.oneof(
		{ weight: 8, arbitrary: writeStep(feed, bulk) },
		{ weight: 6, arbitrary: advanceStep },
		{ weight: 8, arbitrary: fc.constant({ t: 'poll' as const }) },
		{ weight: 1, arbitrary: fc.constant({ t: 'poll' as const, drop: true }) },
		{ weight: 1, arbitrary: fc.constant({ t: 'poll' as const, twice: true }) },
		{
			weight: 1,
			arbitrary: fc.record({
				t: fc.constant('outage' as const),
				ms: fc.integer({ min: HOUR, max: 3 * DAY }),
				every: fc.constantFrom(MIN, 10 * MIN, HOUR, DAY),
				failure: fc.constantFrom<Failure>(401, 503, 'timeout'),
			}),
		},
		{ weight: 1, arbitrary: fc.record({ t: fc.constant('down' as const), ms: fc.integer({ min: HOUR, max: 4 * DAY }) }) },
		{ weight: 1, arbitrary: fc.constant({ t: 'refuse' as const }) },
		{ weight: 1, arbitrary: fc.record({ t: fc.constant('again' as const), rows: fc.integer({ min: 1, max: 5 }) }) },
		{ weight: 1, arbitrary: fc.constant({ t: 'restart' as const }) },
		{ weight: 1, arbitrary: fc.constant({ t: 'rename' as const }) },
		{ weight: 1, arbitrary: fc.constant({ t: 'renameBack' as const }) },
		{ weight: 1, arbitrary: fc.record({ t: fc.constant('maxItems' as const), value: fc.integer({ min: 1, max: 40 }) }) },
	);

/**
 * Bounds of 1 to 8, pages of 1 to 10 rows; the rows at the read position at least a page, as
 * FEED_LIMITS has them (else a page read again could be forgotten while it is read, for ever).
 * CPN_PROPERTY_BOUNDS (JSON) pins some: `{"moments":1000}`.
 */
const smallBounds = fc
	.record({
		pageSize: fc.integer({ min: 1, max: 10 }),
		rowsBeyondPage: fc.integer({ min: 0, max: 8 }),
		moments: fc.integer({ min: 1, max: 8 }),
		heldStates: fc.integer({ min: 1, max: 8 }),
	})
	.map(({ rowsBeyondPage, ...bounds }) => ({
		...bounds,
		recentRows: bounds.pageSize + rowsBeyondPage,
		...(JSON.parse(process.env.CPN_PROPERTY_BOUNDS ?? '{}') as Partial<Bounds>),
	}));

export const SHIPPED_BOUNDS: Bounds = {
	recentRows: FEED_LIMITS.recentRows,
	moments: FEED_LIMITS.announcedMoments,
	heldStates: FEED_LIMITS.heldStates,
	pageSize: FEED_LIMITS.pageSize,
};

/**
 * Histories of the given feeds (all four by default). `shipped`: the memories at their shipped
 * bounds (FEED_LIMITS), bulk changes of 400 to 2,600 rows at one instant to go past them, and
 * Max Items per Poll from 50; otherwise bounds of 1 to 8 and Max Items from 1. CPN_PROPERTY_SETTING
 * (JSON) pins parts of the setting: `{"skewMs":300000,"startFrom":"now"}`.
 */
export const history = (feeds: FeedName[] = Object.keys(FEEDS) as FeedName[], { shipped = false } = {}): fc.Arbitrary<History> =>
	fc.constantFrom(...feeds).chain((feed) => {
		const kinds = FEEDS[feed].kinds.length;
		const bulk = shipped ? { count: fc.integer({ min: 400, max: 2600 }), weight: 4 } : { count: fc.integer({ min: 4, max: 30 }), weight: 1 };
		return fc.record({
			setting: fc.record({
				feed: fc.constant(feed),
				everyChange: fc.boolean(),
				events: fc.oneof(fc.constant([...Array(kinds).keys()]), fc.uniqueArray(fc.nat(kinds - 1), { minLength: 1 })).map((events) => [...events]),
				startFrom: fc.oneof(
					fc.constant('now' as const),
					fc.constant('beginning' as const),
					fc.integer({ min: -HOUR, max: 30 * MIN }),
					fc.record({ daysBack: fc.integer({ min: 0, max: 2 }) }),
				),
				maxItems: shipped ? fc.integer({ min: 50, max: 1000 }) : fc.oneof(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 11, max: 1000 })),
				filtered: fc.boolean(),
				ignoreApi: fc.boolean(),
				bounds: shipped ? fc.constant(SHIPPED_BOUNDS) : smallBounds,
				idLength: fc.constantFrom(24 as const, 36 as const),
				scheduler: fc.constantFrom('legacy' as const, 'durable' as const),
				skewMs: fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: -10 * MIN, max: 10 * MIN }) }),
				catchUpEveryMs: fc.constantFrom(10_000, MIN, MIN, HOUR, DAY, 7 * DAY),
				activationCommits: fc.boolean(),
			}).map((setting) => ({ ...setting, ...(JSON.parse(process.env.CPN_PROPERTY_SETTING ?? '{}') as Partial<Setting>) })),
			before: fc.array(fc.oneof(writeStep(feed, bulk), advanceStep), { maxLength: 6 }),
			steps: fc.array(step(feed, bulk), { minLength: shipped ? 8 : 5, maxLength: shipped ? 16 : 40 }),
		});
	});

/** What n8n executed in a history, and the world's record of what happened in it. */
export interface Outcome {
	world: World;
	/** The items n8n executed, in order. */
	items: Item[];
	/** The kinds chosen in Trigger On. */
	chosen: string[];
	/** The longest the saved state was, in JSON characters (the node's state and its record). */
	largestState: number;
	setting: Setting;
}

const idOf = (n: number, length: number) => `r${String(n).padStart(length - 1, '0')}`;

/** Applies the bounds for the time of `run`. */
export async function withBounds<T>(bounds: Bounds, run: () => Promise<T>): Promise<T> {
	const saved = { ...FEED_LIMITS };
	Object.assign(FEED_LIMITS, {
		recentRows: bounds.recentRows,
		announcedMoments: bounds.moments,
		heldStates: bounds.heldStates,
		pageSize: bounds.pageSize,
	});
	try {
		return await run();
	} finally {
		Object.assign(FEED_LIMITS, saved);
	}
}

/** Plays a history through the package in its n8n, recording the world. */
export async function runHistory({ setting, before, steps }: History): Promise<Outcome> {
	const clock = installVirtualClock(Date.UTC(2026, 10, 20, 12, 0, 0));
	try {
		return await withBounds(setting.bounds, async () => await play(clock, setting, before, steps));
	} finally {
		clock.restore();
	}
}

/** Whether a row version still shows a change. */
function stillShows(shows: Shows, h: Happening, body: Body): boolean {
	if (shows === 'removed') return true;
	if (shows === 'edit') return body.removed !== true;
	if ('field' in shows) return body[shows.field] === h.value;
	return shows.holds(body);
}

async function play(clock: ReturnType<typeof installVirtualClock>, setting: Setting, before: Step[], steps: Step[]): Promise<Outcome> {
	const spec = FEEDS[setting.feed];
	// The API's clock: the host's (the virtual clock the package reads) less the skew.
	const feed = new Feed(() => clock.now - (setting.skewMs ?? 0));
	const apiNow = () => Math.floor(feed.now());
	const records = new Map<string, Body>();
	let created = 0;
	let n = 0;
	const firstWrite = apiNow();
	const startFrom = setting.startFrom;
	const events = setting.events.map((i) => spec.kinds[i]);
	const filterValue = setting.feed === 'attendees' ? 'e1' : 'c1';
	const filterName = setting.feed === 'attendees' ? 'eventIds' : 'courseIds';
	const filtered = setting.filtered && setting.feed !== 'members';
	const expression = typeof startFrom === 'object' ? startFrom : undefined;
	const parameters: IDataObject = {
		emit: setting.everyChange ? 'everyChange' : 'chosenChanges',
		events,
		startFrom: typeof startFrom === 'number' || expression ? 'date' : startFrom,
		...(typeof startFrom === 'number' ? { startDate: iso(firstWrite + startFrom) } : {}),
		...(expression ? { startDate: `={{ $today.minus({ days: ${expression.daysBack} }) }}` } : {}),
		options: { maxItemsPerPoll: setting.maxItems, ignoreApiRegistrations: setting.ignoreApi },
		filters: filtered ? { [filterName]: filterValue } : {},
	};
	// $today on the host's clock, less the days.
	const expressionValue = () => iso(Math.floor(clock.now / DAY) * DAY - (expression?.daysBack ?? 0) * DAY);
	const scopeOf = new Map<string, boolean>();
	const inScope = (row: Body) => !filtered || row[setting.feed === 'attendees' ? 'eventId' : 'courseId'] === filterValue;

	const world: World = {
		start: undefined,
		happenings: [],
		versions: feed.versions,
		inScope: (id) => scopeOf.get(id) ?? true,
		reads: new Map(),
		shows: spec.shows,
		signUpKind: spec.signUpKind,
		renamed: false,
	};
	const open = new Map<string, Happening[]>();
	/** Writes a record's new version, recording the changes it makes happen and those it ends. */
	const record = (id: string, op: string, body: Body, when: number) => {
		const previous = feed.rows.get(id)?.body;
		const version = feed.write(id, body);
		const still = (open.get(id) ?? []).filter((h) => {
			if (stillShows(spec.shows[h.kind], h, version.body)) return true;
			h.endSeq = version.seq;
			return false;
		});
		for (const kind of spec.happens[op]) {
			const shows = spec.shows[kind];
			const value = typeof shows === 'object' && 'field' in shows ? String(body[shows.field]) : undefined;
			// The same value again (a second check-in at the same instant) is no new change.
			if (value !== undefined && previous?.[(shows as { field: string }).field] === value) continue;
			const h: Happening = {
				id,
				kind,
				at: value !== undefined ? when : version.updatedAt,
				written: version.updatedAt,
				seq: version.seq,
				value,
				wanted: (body.removed === true || (scopeOf.get(id) ?? true)) && !(setting.ignoreApi && spec.suppressed?.(body, kind)),
			};
			world.happenings.push(h);
			still.push(h);
		}
		open.set(id, still);
	};
	const read = (rows: IDataObject[]) => {
		for (const row of rows) {
			const id = String(row.id);
			const seqs = world.reads.get(id) ?? new Set<number>();
			seqs.add(feed.seqOf(id, Date.parse(String(row.updatedAt))));
			world.reads.set(id, seqs);
		}
	};
	const chosen = (row: Body, kinds: string[]) =>
		setting.everyChange ? kinds : kinds.filter((kind) => events.includes(kind) && !(setting.ignoreApi && spec.suppressed?.(row, kind)));
	const host = new Host(spec.nodeType(), setting.scheduler, parameters, feed, read, {
		activationCommits: setting.scheduler === 'durable' && setting.activationCommits,
		evaluate: () => expressionValue(),
	});
	let activated = false;
	let fewestItems = setting.maxItems;
	let largestState = 0;

	const pollNow = async (options: { drop?: boolean; twice?: boolean } = {}) => {
		if (!activated) {
			// The activation: the start point, in the API's time.
			activated = true;
			if (startFrom === 'now') world.start = apiNow();
			else if (typeof startFrom === 'number') world.start = firstWrite + startFrom;
			else if (expression) world.start = Date.parse(expressionValue());
		}
		const outcome = await host.poll({ drop: options.drop, twice: options.twice && setting.scheduler === 'durable' });
		const { node, global } = host.savedState();
		const size = JSON.stringify(node ?? {}).length + JSON.stringify(Object.values(global)).length;
		largestState = Math.max(largestState, size);
		return outcome;
	};

	const apply = async (s: Step) => {
		switch (s.t) {
			case 'write': {
				const at = apiNow() - s.back;
				const ids = [...records.keys()];
				const count = s.all && s.op !== 'create' ? ids.length : s.count;
				for (let i = 0; i < count; i++) {
					const when = s.spread ? at - i * 1000 : at;
					if (s.op === 'create') {
						const id = idOf(++created, setting.idLength);
						const body = spec.create(id, when, created);
						records.set(id, body);
						scopeOf.set(id, inScope(body));
						record(id, 'create', body, when);
						continue;
					}
					if (ids.length === 0) return;
					const id = ids[(s.pick + i) % ids.length];
					const current = records.get(id);
					const next = current && spec.ops[s.op](current, when, ++n);
					if (!next) continue;
					if (next.removed === true) records.delete(id);
					else records.set(id, next);
					record(id, s.op, next, when);
				}
				return;
			}
			case 'advance':
				clock.advance(s.ms);
				return;
			case 'poll':
				await pollNow(s);
				return;
			case 'outage': {
				feed.failing = s.failure;
				const polls = Math.min(30, Math.ceil(s.ms / s.every));
				for (let i = 0; i < polls; i++) {
					clock.advance(Math.round(s.ms / polls));
					await pollNow();
				}
				feed.failing = undefined;
				return;
			}
			case 'down':
				host.restart();
				clock.advance(s.ms);
				return;
			case 'refuse':
				feed.refuseCursors();
				return;
			case 'again':
				feed.deliverAgain(s.rows);
				return;
			case 'restart':
				host.restart();
				return;
			case 'rename':
				world.renamed = true;
				if (host.uncommitted) world.renamedWhileUncommitted = feed.writes;
				host.rename(`Trigger ${host.names.size + 1}`);
				return;
			case 'renameBack':
				if (host.name === 'Trigger') return;
				world.renamed = true;
				if (host.uncommitted) world.renamedWhileUncommitted = feed.writes;
				host.rename('Trigger');
				return;
			case 'maxItems':
				fewestItems = Math.min(fewestItems, s.value);
				(host.parameters.options as IDataObject).maxItemsPerPoll = s.value;
				return;
		}
	};

	for (const s of before) await apply(s);
	clock.advance(HOLD_BACK_MS + 1000);
	await apply({ t: 'poll' });
	for (const s of steps) await apply(s);
	// Catch up: polls at the catch-up interval until three in a row emit nothing.
	const every = setting.catchUpEveryMs ?? MIN;
	for (let quiet = 0, polls = 0; quiet < 3; polls++) {
		if (polls > 100 + (3 * feed.writes) / Math.min(fewestItems, setting.bounds.pageSize)) throw new Error('the trigger never caught up');
		clock.advance(Math.max(every, HOLD_BACK_MS + 1000));
		const outcome = await pollNow();
		quiet = outcome.items === null ? quiet + 1 : 0;
	}
	// What the last polls read and emitted nothing for was decided all the same (n8n's legacy
	// scheduler saves it only with a later batch).
	host.flush();

	const items: Item[] = host.delivered.map((item) => {
		const id = String(item.id);
		const updatedAt = Date.parse(String(item.updatedAt));
		return {
			id,
			updatedAt,
			seq: feed.seqOf(id, updatedAt),
			row: item,
			kinds: setting.everyChange ? [String(item.syncAction)] : chosen(item, (item.changeTypes as string[]) ?? []),
			fired: (item.changeTypes as string[]) ?? [],
		};
	});
	return { world, items, chosen: events, largestState, setting };
}
