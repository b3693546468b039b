/**
 * Generated histories of a trigger's feed, run through the package and the reference model side
 * by side (test/node/triggerModel.test.cts). A history is a setting (feed, Emit, Trigger On, Start
 * From, Max Items per Poll, the memories' bounds, id length, scheduler) and steps: writes to the
 * feed (bulk ones at one instant, moments dated back, a cohort's common expiry), time passing,
 * polls (dropped by n8n, run twice), refused cursors, rows delivered again, restarts, renames and
 * renames back. `runHistory` plays it and says what each side fired.
 */
import fc from 'fast-check';
import type { IDataObject, INodeType } from 'n8n-workflow';

import { CommunityPlatformCourseCertificateTrigger } from '../../nodes/CommunityPlatformCourseCertificateTrigger/CommunityPlatformCourseCertificateTrigger.node';
import { CommunityPlatformCourseEnrollmentTrigger } from '../../nodes/CommunityPlatformCourseEnrollmentTrigger/CommunityPlatformCourseEnrollmentTrigger.node';
import { CommunityPlatformEventAttendeeTrigger } from '../../nodes/CommunityPlatformEventAttendeeTrigger/CommunityPlatformEventAttendeeTrigger.node';
import { CommunityPlatformMemberTrigger } from '../../nodes/CommunityPlatformMemberTrigger/CommunityPlatformMemberTrigger.node';
import { FEED_LIMITS } from '../../nodes/shared/feeds/state';
import { installVirtualClock } from '../helpers/virtualClock.cjs';
import type { ModelFeed } from './feedModel.cjs';
import { FeedModel, MODEL_FEEDS } from './feedModel.cjs';
import type { Scheduler } from './world.cjs';
import { Feed, HOLD_BACK_MS, Host } from './world.cjs';

const MIN = 60_000;
const HOUR = 60 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();

type Body = IDataObject;
/** A change to one record at `at` (a moment's time, at or before now); undefined: does not apply. */
type Op = (record: Body, at: number, n: number) => Body | undefined;

interface FeedSpec {
	nodeType: () => INodeType;
	model: ModelFeed;
	kinds: string[];
	create: (id: string, at: number, n: number) => Body;
	ops: Record<string, Op>;
	/** Kinds a row fires that the trigger is told not to emit (Ignore API Registrations). */
	suppressed?: (row: Body, kind: string) => boolean;
}

const pick = <T,>(list: T[], n: number) => list[n % list.length];

export const FEEDS: Record<'members' | 'attendees' | 'enrollments' | 'certificates', FeedSpec> = {
	members: {
		nodeType: () => new CommunityPlatformMemberTrigger(),
		model: MODEL_FEEDS.members,
		kinds: ['newMember', 'profileUpdated', 'deactivated', 'removed'],
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
		model: MODEL_FEEDS.attendees,
		kinds: ['registered', 'joined', 'checkedIn', 'cancelled'],
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
		model: MODEL_FEEDS.enrollments,
		kinds: ['enrolled', 'completed', 'cancelledOrReset'],
		create: (_id, at, n) => ({ userId: `u${n}`, courseId: pick(['c1', 'c2'], n), enrolledAt: iso(at), activeStatus: 'ACTIVE', terminatedAt: '', completedAt: '', progress: '0%' }),
		ops: {
			edit: (r, _at, n) => ({ ...r, progress: `${n % 100}%` }),
			complete: (r, at) => (r.completedAt ? undefined : { ...r, completedAt: iso(at), progress: '100%' }),
			terminate: (r, at) => (r.terminatedAt ? undefined : { ...r, terminatedAt: iso(at), activeStatus: 'RESET' }),
		},
	},
	certificates: {
		nodeType: () => new CommunityPlatformCourseCertificateTrigger(),
		model: MODEL_FEEDS.certificates,
		kinds: ['issued', 'revoked', 'expired'],
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
	| { t: 'write'; op: string; count: number; pick: number; back: number; spread: boolean }
	| { t: 'advance'; ms: number }
	| { t: 'poll'; drop?: boolean; twice?: boolean }
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
	/** 'now', 'beginning', or a date this many ms after the first write (may be negative). */
	startFrom: 'now' | 'beginning' | number;
	maxItems: number;
	/** The Event IDs / Course IDs filter: the first value of the record's, or none. */
	filtered: boolean;
	ignoreApi: boolean;
	bounds: Bounds;
	idLength: 24 | 36;
	scheduler: Scheduler;
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
		),
		spread: fc.boolean(),
	});

const advanceStep = fc.record({
	t: fc.constant('advance' as const),
	ms: fc.oneof(
		{ weight: 4, arbitrary: fc.integer({ min: 1000, max: 3 * MIN }) },
		{ weight: 2, arbitrary: fc.integer({ min: 3 * MIN, max: HOUR }) },
		{ weight: 1, arbitrary: fc.integer({ min: HOUR, max: 30 * HOUR }) },
	),
});

const step = (feed: FeedName, bulk: { count: fc.Arbitrary<number>; weight: number }): fc.Arbitrary<Step> =>
	fc.oneof(
		{ weight: 8, arbitrary: writeStep(feed, bulk) },
		{ weight: 6, arbitrary: advanceStep },
		{ weight: 8, arbitrary: fc.constant({ t: 'poll' as const }) },
		{ weight: 1, arbitrary: fc.constant({ t: 'poll' as const, drop: true }) },
		{ weight: 1, arbitrary: fc.constant({ t: 'poll' as const, twice: true }) },
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
 * Max Items per Poll from 50; otherwise bounds of 1 to 8 and Max Items from 1.
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
				startFrom: fc.oneof(fc.constant('now' as const), fc.constant('beginning' as const), fc.integer({ min: -HOUR, max: 30 * MIN })),
				maxItems: shipped ? fc.integer({ min: 50, max: 1000 }) : fc.oneof(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 11, max: 1000 })),
				filtered: fc.boolean(),
				ignoreApi: fc.boolean(),
				bounds: shipped ? fc.constant(SHIPPED_BOUNDS) : smallBounds,
				idLength: fc.constantFrom(24 as const, 36 as const),
				scheduler: fc.constantFrom('legacy' as const, 'durable' as const),
			}),
			before: fc.array(fc.oneof(writeStep(feed, bulk), advanceStep), { maxLength: 6 }),
			steps: fc.array(step(feed, bulk), { minLength: shipped ? 8 : 5, maxLength: shipped ? 16 : 40 }),
		});
	});

/** A (record id, version, kind) the trigger fired: `id:updatedAt:kind`. */
export type Fire = string;

export interface Outcome {
	/** What the model fires, chosen kinds only. */
	expected: Fire[];
	/** The items n8n executed, in order: the row version (`id:updatedAt`), its chosen kinds and all it fired. */
	items: Array<{ version: string; kinds: string[]; fired: string[] }>;
	/** Why a fire may come again: the conditions docs/triggers.md names, as they held in this history. */
	conditions: {
		/** Most rows the model read that share one updatedAt, by updatedAt. */
		rowsPerUpdatedAt: Map<number, number>;
		momentsRemembered: number;
		heldStates: number;
		renamed: boolean;
	};
	/** The longest the saved state was, in JSON characters (the node's state and its record). */
	largestState: number;
	/** Final versions of the feed's rows the package never read. */
	unread: string[];
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

/** Plays a history through the package (in its n8n) and the model. */
export async function runHistory({ setting, before, steps }: History): Promise<Outcome> {
	const clock = installVirtualClock(Date.UTC(2026, 10, 20, 12, 0, 0));
	try {
		return await withBounds(setting.bounds, async () => await play(clock, setting, before, steps));
	} finally {
		clock.restore();
	}
}

async function play(clock: ReturnType<typeof installVirtualClock>, setting: Setting, before: Step[], steps: Step[]): Promise<Outcome> {
	const spec = FEEDS[setting.feed];
	const feed = new Feed(() => clock.now);
	const records = new Map<string, Body>();
	let created = 0;
	let n = 0;
	const firstWrite = clock.now;
	const startFrom = setting.startFrom;
	const events = setting.events.map((i) => spec.kinds[i]);
	const filterValue = setting.feed === 'attendees' ? 'e1' : 'c1';
	const filterName = setting.feed === 'attendees' ? 'eventIds' : 'courseIds';
	const filtered = setting.filtered && setting.feed !== 'members';
	const parameters: IDataObject = {
		emit: setting.everyChange ? 'everyChange' : 'chosenChanges',
		events,
		startFrom: typeof startFrom === 'number' ? 'date' : startFrom,
		...(typeof startFrom === 'number' ? { startDate: iso(firstWrite + startFrom) } : {}),
		options: { maxItemsPerPoll: setting.maxItems, ignoreApiRegistrations: setting.ignoreApi },
		filters: filtered ? { [filterName]: filterValue } : {},
	};
	const inScope = (row: Record<string, unknown>) => !filtered || row[setting.feed === 'attendees' ? 'eventId' : 'courseId'] === filterValue;

	let model: FeedModel | undefined;
	let origin: number | undefined;
	const rowsPerUpdatedAt = new Map<number, Set<string>>();
	const read = (rows: IDataObject[]) => {
		for (const row of rows) {
			const u = Date.parse(String(row.updatedAt));
			const ids = rowsPerUpdatedAt.get(u) ?? new Set();
			ids.add(String(row.id));
			rowsPerUpdatedAt.set(u, ids);
			const fired = model!.read(row);
			if (fired) expected.push(...chosen(row, fired.kinds).map((kind) => `${fired.id}:${fired.updatedAt}:${kind}`));
		}
	};
	const chosen = (row: Body, kinds: string[]) =>
		setting.everyChange ? kinds : kinds.filter((kind) => events.includes(kind) && !(setting.ignoreApi && spec.suppressed?.(row, kind)));
	const expected: Fire[] = [];
	const host = new Host(spec.nodeType(), setting.scheduler, parameters, feed, read);
	let renamed = false;
	let fewestItems = setting.maxItems;
	let largestState = 0;

	const apply = async (s: Step) => {
		switch (s.t) {
			case 'write': {
				const at = clock.now - s.back;
				const ids = [...records.keys()];
				for (let i = 0; i < s.count; i++) {
					const when = s.spread ? at - i * 1000 : at;
					if (s.op === 'create') {
						const id = idOf(++created, setting.idLength);
						const body = spec.create(id, when, created);
						records.set(id, body);
						feed.write(id, body);
						continue;
					}
					if (ids.length === 0) return;
					const id = ids[(s.pick + i) % ids.length];
					const record = records.get(id);
					const next = record && spec.ops[s.op](record, when, ++n);
					if (!next) continue;
					if (next.removed === true) records.delete(id);
					else records.set(id, next);
					feed.write(id, next);
				}
				return;
			}
			case 'advance':
				clock.advance(s.ms);
				return;
			case 'poll': {
				if (!model) {
					// The activation: the start point as the docs define it.
					const now = clock.now;
					origin = startFrom === 'now' ? now : startFrom === 'beginning' ? undefined : firstWrite + startFrom;
					const liveFrom = startFrom === 'now' ? undefined : now - FEED_LIMITS.historyMarginMs;
					model = new FeedModel(spec.model, { origin, liveFrom, everyChange: setting.everyChange, inScope });
				}
				await host.poll({ drop: s.drop, twice: s.twice && setting.scheduler === 'durable' });
				const { node, global } = host.savedState();
				const size = JSON.stringify(node ?? {}).length + JSON.stringify(Object.values(global)).length;
				largestState = Math.max(largestState, size);
				return;
			}
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
				renamed = true;
				host.rename(`Trigger ${host.names.size + 1}`);
				return;
			case 'renameBack':
				if (host.name === 'Trigger') return;
				renamed = true;
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
	// Catch up: polls a minute apart until three in a row emit nothing.
	let lastRows: IDataObject[] = [];
	for (let quiet = 0, polls = 0; quiet < 3; polls++) {
		if (polls > 100 + (3 * feed.writes) / Math.min(fewestItems, setting.bounds.pageSize)) throw new Error('the trigger never caught up');
		clock.advance(MIN);
		const outcome = await host.poll();
		if (outcome.items !== null) lastRows = [];
		lastRows.push(...outcome.rows);
		quiet = outcome.items === null ? quiet + 1 : 0;
	}
	// What the last polls read and emitted nothing for was decided all the same (n8n's legacy
	// scheduler saves it only with a later batch).
	host.flush();
	read(lastRows);

	const items = host.delivered.map((item) => ({
		version: `${String(item.id)}:${Date.parse(String(item.updatedAt))}`,
		kinds: setting.everyChange ? [String(item.syncAction)] : chosen(item, (item.changeTypes as string[]) ?? []),
		fired: (item.changeTypes as string[]) ?? [],
	}));
	// Every row's last version changed at or after the start point is read.
	const unread = [...feed.rows.values()]
		.filter((row) => origin === undefined || row.updatedAt >= origin)
		.filter((row) => model!.hasRead(String(row.body.id), row.updatedAt) === false)
		.map((row) => `${String(row.body.id)}:${row.updatedAt}`);
	return {
		expected,
		items,
		conditions: {
			rowsPerUpdatedAt: new Map([...rowsPerUpdatedAt].map(([u, ids]) => [u, ids.size])),
			momentsRemembered: model!.announced.size,
			heldStates: model!.heldEver,
			renamed,
		},
		largestState,
		unread,
		setting,
	};
}
