/**
 * The four polling triggers, run in n8n-core's real PollContext (test/helpers/pollHarness.cts)
 * with nock answering the change feeds. Every query the triggers send is matched exactly, so a
 * test fails when a trigger reads from the wrong place.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import nock from 'nock';

import { CommunityPlatformCourseCertificateTrigger } from '../../nodes/CommunityPlatformCourseCertificateTrigger/CommunityPlatformCourseCertificateTrigger.node';
import { CommunityPlatformCourseEnrollmentTrigger } from '../../nodes/CommunityPlatformCourseEnrollmentTrigger/CommunityPlatformCourseEnrollmentTrigger.node';
import { CommunityPlatformEventAttendeeTrigger } from '../../nodes/CommunityPlatformEventAttendeeTrigger/CommunityPlatformEventAttendeeTrigger.node';
import { CommunityPlatformMemberTrigger } from '../../nodes/CommunityPlatformMemberTrigger/CommunityPlatformMemberTrigger.node';
import { FEED_LIMITS } from '../../nodes/shared/feeds/state';
import { RETRY_POLICY } from '../../nodes/shared/transport/request';
import { pacerFor } from '../../nodes/shared/transport/rateLimit';
import { API, BASE_URL, CREDENTIALS, expectFeed, feedPage, heldFeed, nodeOf, pollUntilQuiet, serveFeed, TriggerUnderTest, workflowOf } from '../helpers/pollHarness.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

const USERS = '/incremental/users';
const ATTENDEES = '/incremental/event-attendees';
const ENROLLMENTS = '/incremental/course-enrollments';
const CERTIFICATES = '/incremental/course-certificates';

/**
 * The virtual clock starts at 12:00, when a "Now" trigger is activated; the feed is complete up
 * to two minutes earlier (T0), so reading starts there, but only changes from NOW on fire.
 */
const NOW = '2026-11-20T12:00:00.000Z';
const T0 = '2026-11-20T11:58:00.000Z';
/** NOW plus `minutes`. */
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
const LONG_AGO = '2024-03-01T09:00:00.000Z';

const clock = useVirtualClock(Date.parse(NOW));
function expectAllCalled() {
	expect(nock.pendingMocks()).toEqual([]);
}

// ------------------------------------------------------------------ rows

const member = (id: string, fields: { signUpAt?: string; updatedAt: string; archived?: boolean } & IDataObject) => ({
	id,
	userId: id,
	userEmail: `${id}@example.com`,
	userFirstName: id.toUpperCase(),
	memberType: 'Standard',
	approvalStatus: 'approved',
	archived: false,
	removed: false,
	...fields,
});
const tombstone = (id: string, when: string) => ({ id, removed: true, removedAt: when, updatedAt: when });

const attendee = (id: string, fields: IDataObject & { updatedAt: string }) => ({
	id,
	attendeeId: id,
	userId: `u-${id}`,
	eventId: 'ev1',
	attendeeEmail: `${id}@example.com`,
	ticketType: 'General',
	registeredAt: '',
	joinedAt: '',
	lastOnlineAt: '',
	checkedInAt: '',
	cancelledAt: '',
	registrationSource: 'selfSignUp',
	removed: false,
	...fields,
});

const enrollment = (id: string, fields: IDataObject & { updatedAt: string }) => ({
	id,
	userId: `u-${id}`,
	courseId: 'c1',
	enrolledAt: '',
	activeStatus: 'ACTIVE',
	terminatedAt: '',
	progressStatus: 'In Progress',
	completedAt: '',
	progress: '0%',
	score: '',
	removed: false,
	...fields,
});

const certificate = (id: string, fields: IDataObject & { updatedAt: string }) => ({
	id,
	certificateId: id,
	userId: `u-${id}`,
	courseId: 'c1',
	certificateName: 'Course Certificate',
	certificateStatus: 'Issued',
	issuedAt: '',
	expiryDate: '',
	revokedAt: '',
	revocationReason: '',
	removed: false,
	...fields,
});

const keys = (items: IDataObject[] | null) => (items ?? []).map((item) => item.changeKey);
const kinds = (items: IDataObject[] | null) => (items ?? []).map((item) => `${String(item.id)}:${String(item.changeType)}`);

/** A trigger started with "Now" at 12:00: the feed is complete up to T0 and nothing is emitted. */
async function activatedNow(nodeType: ConstructorParameters<typeof TriggerUnderTest>[0], path: string, parameters: INodeParameters = {}) {
	const trigger = new TriggerUnderTest(nodeType, { parameters });
	expectFeed(path, { startTime: NOW, pageSize: '1' }, { rows: [], serverTimestamp: T0 });
	expect(await trigger.poll()).toBeNull();
	return trigger;
}

// ------------------------------------------------------------------ node descriptions

describe('trigger node descriptions', () => {
	it.each([
		[CommunityPlatformMemberTrigger, 'communityPlatformMemberTrigger', 'Community Platform Member Trigger'],
		[CommunityPlatformEventAttendeeTrigger, 'communityPlatformEventAttendeeTrigger', 'Community Platform Event Attendee Trigger'],
		[CommunityPlatformCourseEnrollmentTrigger, 'communityPlatformCourseEnrollmentTrigger', 'Community Platform Course Enrollment Trigger'],
		[CommunityPlatformCourseCertificateTrigger, 'communityPlatformCourseCertificateTrigger', 'Community Platform Course Certificate Trigger'],
	])('%p is a polling trigger named %s', (Type, name, displayName) => {
		const { description } = new Type();
		expect(description).toMatchObject({
			name,
			displayName,
			polling: true,
			inputs: [],
			group: ['trigger'],
			credentials: [{ name: 'communityPlatformApi', required: true }],
			icon: { light: 'file:../shared/communityPlatform.svg', dark: 'file:../shared/communityPlatform.dark.svg' },
		});
		expect(description.usableAsTool).toBeUndefined();
		const options = description.properties.find((p) => p.name === 'options');
		const cap = options?.options?.find((o) => 'name' in o && o.name === 'maxItemsPerPoll') as unknown as IDataObject;
		expect(cap).toMatchObject({
			default: FEED_LIMITS.defaultMaxItemsPerPoll,
			typeOptions: { minValue: 1, maxValue: FEED_LIMITS.maxItemsPerPoll },
		});
		expect(description.properties.find((p) => p.name === 'startFrom')?.default).toBe('now');
	});
});

// ------------------------------------------------------------------ start, paging, state

describe('first activation and Start From', () => {
	it('Now: the first poll only notes where the feed is, emits nothing, and the next poll reads from there', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		// Only changes from the activation (12:00) on fire; reading starts where the feed is complete.
		expect(trigger.saved).toEqual({
			version: 1,
			workflowId: 'wf',
			generation: 1,
			startFrom: 'now',
			origin: NOW,
			cursor: null,
			readTo: T0,
			recent: {},
			settled: [],
			announced: {},
			announcedFloor: null,
			holding: {},
			nodeId: 'trigger-1',
			nodeName: 'Feed Trigger',
		});

		expectFeed(USERS, { startTime: T0 }, { rows: [member('m1', { signUpAt: at(1), updatedAt: at(1) })], serverTimestamp: at(3), nextCursor: 'c1' });
		const items = await trigger.poll();
		expect(kinds(items)).toEqual(['m1:newMember']);
		expect(items?.[0]).toMatchObject({ userEmail: 'm1@example.com', changeKey: `m1:${at(1)}`, changeTypes: ['newMember'] });

		expectFeed(USERS, { cursor: 'c1' }, { rows: [], serverTimestamp: at(4) });
		expect(await trigger.poll()).toBeNull();
		expectAllCalled();
	});

	it('Beginning drains a multi-page backlog, oldest first, each row once', async () => {
		const trigger = new TriggerUnderTest(new CommunityPlatformMemberTrigger(), { parameters: { startFrom: 'beginning' } });
		const HISTORY = Date.parse('2025-06-01T00:00:00.000Z');
		const rows = Array.from({ length: 620 }, (_, i) =>
			member(`m${i}`, { signUpAt: LONG_AGO, updatedAt: new Date(HISTORY + i * 3_600_000).toISOString() }),
		);
		for (let page = 0; page * 100 < rows.length; page++) {
			const slice = rows.slice(page * 100, page * 100 + 100);
			const last = (page + 1) * 100 >= rows.length;
			expectFeed(USERS, page === 0 ? {} : { cursor: `c${page}` }, {
				rows: slice,
				serverTimestamp: last ? T0 : String(slice[slice.length - 1].updatedAt),
				hasMore: !last,
				nextCursor: `c${page + 1}`,
			});
		}

		const items = await trigger.poll();
		expect(keys(items)).toEqual(rows.map((r) => `${r.id}:${r.updatedAt}`));
		// Replaying history, each member's row is the first the workflow sees of them: all new.
		expect(new Set(items?.map((i) => i.changeType))).toEqual(new Set(['newMember']));
		expect(trigger.saved).toMatchObject({
			cursor: 'c7',
			readTo: T0,
			origin: null,
			startFrom: 'beginning',
			settled: [Date.parse(T0)],
		});
		// The memory stays bounded however long the backlog: rows changed more than five minutes
		// before the read position (T0) count as read without it.
		expect(trigger.saved.recent).toEqual({});

		// Re-delivered history is skipped; a live edit of an old member is an update, not a new member.
		expectFeed(USERS, { cursor: 'c7' }, {
			rows: [rows[3], rows[600], member('m3', { signUpAt: LONG_AGO, updatedAt: at(1) })],
			serverTimestamp: at(2),
		});
		expect(kinds(await trigger.poll())).toEqual(['m3:profileUpdated']);
		expectAllCalled();
	});

	it('Now: changes made before activation fire nothing, though the feed shows them after it', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		expectFeed(USERS, { startTime: T0 }, {
			rows: [
				member('before', { signUpAt: at(-1.5), updatedAt: at(-1.5) }),
				member('edited', { signUpAt: LONG_AGO, updatedAt: at(-1) }),
				member('archived', { signUpAt: LONG_AGO, lastLoginAt: at(-5), archived: true, updatedAt: at(-0.5) }),
				tombstone('gone', at(-0.2)),
				member('after', { signUpAt: at(0.5), updatedAt: at(0.5) }),
			],
			serverTimestamp: at(1),
			nextCursor: 'c1',
		});
		expect(kinds(await trigger.poll())).toEqual(['after:newMember']);
		// Deactivated before activation and edited after: not a deactivation either.
		expectFeed(USERS, { cursor: 'c1' }, {
			rows: [member('archived', { signUpAt: LONG_AGO, lastLoginAt: at(-5), archived: true, userTitle: 'Edited', updatedAt: at(2) })],
			serverTimestamp: at(3),
			nextCursor: 'c2',
		});
		expect(kinds(await trigger.poll())).toEqual(['archived:profileUpdated']);
		expectAllCalled();
	});

	it('a date reads the changes made from that moment on', async () => {
		const trigger = new TriggerUnderTest(new CommunityPlatformMemberTrigger(), {
			parameters: { startFrom: 'date', startDate: '2026-11-01T08:00:00+01:00' },
		});
		expectFeed(USERS, { startTime: '2026-11-01T07:00:00.000Z' }, {
			rows: [
				member('old', { signUpAt: LONG_AGO, updatedAt: '2026-11-02T10:00:00.000Z' }),
				member('new', { signUpAt: '2026-11-05T10:00:00.000Z', updatedAt: '2026-11-05T10:00:00.000Z' }),
			],
			serverTimestamp: T0,
		});
		expect(kinds(await trigger.poll())).toEqual(['old:profileUpdated', 'new:newMember']);
		expect(trigger.saved).toMatchObject({ startFrom: '2026-11-01T07:00:00.000Z', origin: '2026-11-01T07:00:00.000Z' });
		expectAllCalled();
	});

	it('an invalid Start Date fails before any request, naming the parameter', async () => {
		const trigger = new TriggerUnderTest(new CommunityPlatformMemberTrigger(), { parameters: { startFrom: 'date', startDate: 'next tuesday' } });
		await expect(trigger.poll()).rejects.toThrow('Invalid parameter: "Start Date" must be an ISO 8601 date-time');
	});

	it('changing Start From restarts the trigger from the new point', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		trigger.setParameters({ startFrom: 'date', startDate: '2026-11-20T00:00:00Z' });
		expectFeed(USERS, { startTime: '2026-11-20T00:00:00.000Z' }, {
			rows: [member('m1', { signUpAt: '2026-11-20T01:00:00.000Z', updatedAt: '2026-11-20T01:00:00.000Z' })],
			serverTimestamp: T0,
		});
		expect(kinds(await trigger.poll())).toEqual(['m1:newMember']);
		expectAllCalled();
	});

	it('keeps the state JSON-only and its keys at the top level', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		expectFeed(USERS, { startTime: T0 }, {
			rows: [member('m1', { signUpAt: at(1), updatedAt: at(1) }), member('m2', { archived: true, signUpAt: LONG_AGO, updatedAt: at(2) })],
			serverTimestamp: at(3),
			nextCursor: 'c1',
		});
		await trigger.poll();
		expect(JSON.parse(JSON.stringify(trigger.saved))).toEqual(trigger.saved);
		// One copy: the position, and the memories with their times as epoch milliseconds.
		expect(trigger.saved).toEqual({
			version: 1,
			workflowId: 'wf',
			nodeId: 'trigger-1',
			nodeName: 'Feed Trigger',
			generation: 2,
			startFrom: 'now',
			origin: NOW,
			cursor: 'c1',
			readTo: at(3),
			recent: { m1: Date.parse(at(1)), m2: Date.parse(at(2)) },
			settled: [Date.parse(at(3))],
			announced: { 'newMember:m1': Date.parse(at(1)) },
			announcedFloor: null,
			holding: { 'deactivated:m2': Date.parse(at(2)) },
		});
		expectAllCalled();
	});
});

describe('dedupe and restarts', () => {
	it('a row delivered again in a later poll is emitted once; an older version of it is ignored', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		const a1 = member('a', { signUpAt: LONG_AGO, updatedAt: at(1) });
		const a0 = member('a', { signUpAt: LONG_AGO, updatedAt: at(0.5) });
		expectFeed(USERS, { startTime: T0 }, { rows: [a1], serverTimestamp: at(2), nextCursor: 'c1' });
		expect(keys(await trigger.poll())).toEqual([`a:${at(1)}`]);

		const b = member('b', { signUpAt: LONG_AGO, updatedAt: at(3) });
		expectFeed(USERS, { cursor: 'c1' }, { rows: [a1, a0, b], serverTimestamp: at(4), nextCursor: 'c2' });
		expect(keys(await trigger.poll())).toEqual([`b:${at(3)}`]);

		// A new change of the same row is a new item.
		const a2 = member('a', { signUpAt: LONG_AGO, updatedAt: at(5) });
		expectFeed(USERS, { cursor: 'c2' }, { rows: [a2], serverTimestamp: at(6), nextCursor: 'c3' });
		expect(keys(await trigger.poll())).toEqual([`a:${at(5)}`]);
		expectAllCalled();
	});

	it('a poll that emitted nothing and was lost in a restart is harmless: the rows are read again and still emit nothing', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS, { events: ['newMember'] });
		const edit = member('old', { signUpAt: LONG_AGO, updatedAt: at(1) });
		expectFeed(USERS, { startTime: T0 }, { rows: [edit], serverTimestamp: at(2), nextCursor: 'c1' });
		expect(await trigger.poll()).toBeNull();
		expect(trigger.live.cursor).toBe('c1');
		expect(trigger.saved.cursor).toBeNull();

		trigger.restart();
		const joiner = member('new', { signUpAt: at(2.5), updatedAt: at(2.5) });
		expectFeed(USERS, { startTime: T0 }, { rows: [edit, joiner], serverTimestamp: at(3), nextCursor: 'c2' });
		expect(kinds(await trigger.poll())).toEqual(['new:newMember']);
		expect(trigger.saved.cursor).toBe('c2');
		expectAllCalled();
	});

	it.each(['invalid cursor', 'invalid cursor: unsupported version, restart from startTime'])(
		'recovers from 400 "%s" by restarting a little before where the rows were read up to, without loss or duplicate',
		async (message) => {
			const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
			const a = member('a', { signUpAt: at(1), updatedAt: at(1) });
			const b = member('b', { signUpAt: LONG_AGO, updatedAt: at(2) });
			expectFeed(USERS, { startTime: T0 }, { rows: [a, b], serverTimestamp: at(3), nextCursor: 'c1' });
			expect(keys(await trigger.poll())).toEqual([`a:${at(1)}`, `b:${at(2)}`]);

			// The stored cursor is refused: read again from 5 minutes before at(3), where the feed was complete.
			expectFeed(USERS, { cursor: 'c1' }, { status: 400, body: { message } });
			const straggler = member('s', { signUpAt: LONG_AGO, updatedAt: at(2.5) });
			const c = member('c', { signUpAt: at(4), updatedAt: at(4) });
			expectFeed(USERS, { startTime: at(3 - 5) }, { rows: [a, b, straggler], serverTimestamp: at(2.5), hasMore: true, nextCursor: 'r1' });
			expectFeed(USERS, { cursor: 'r1' }, { rows: [c], serverTimestamp: at(5), nextCursor: 'r2' });
			const items = await trigger.poll();
			expect(kinds(items)).toEqual(['s:profileUpdated', 'c:newMember']);
			// Not moved backwards by the replay.
			expect(trigger.saved).toMatchObject({ cursor: 'r2', readTo: at(5) });

			expectFeed(USERS, { cursor: 'r2' }, { rows: [], serverTimestamp: at(6) });
			expect(await trigger.poll()).toBeNull();
			expectAllCalled();
		},
	);

	it('a replay never moves the saved read position back', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		expectFeed(USERS, { startTime: T0 }, { rows: [member('a', { updatedAt: at(1) })], serverTimestamp: at(3), nextCursor: 'c1' });
		await trigger.poll();
		expectFeed(USERS, { cursor: 'c1' }, { status: 400, body: { message: 'invalid cursor' } });
		// The replay's first page is complete only up to at(1.5), and the poll ends there.
		expectFeed(USERS, { startTime: at(3 - 5) }, { rows: [member('a', { updatedAt: at(1) }), member('b', { updatedAt: at(1.5) })], serverTimestamp: at(1.5), nextCursor: 'r1' });
		expect(keys(await trigger.poll())).toEqual([`b:${at(1.5)}`]);
		expect(trigger.saved).toMatchObject({ cursor: 'r1', readTo: at(3) });
		expectAllCalled();
	});

	it('an invalid cursor met in the middle of a poll restarts from the page just read', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		const a = member('a', { signUpAt: LONG_AGO, updatedAt: at(1) });
		const b = member('b', { signUpAt: LONG_AGO, updatedAt: at(2) });
		expectFeed(USERS, { startTime: T0 }, { rows: [a], serverTimestamp: at(1), hasMore: true, nextCursor: 'bad' });
		expectFeed(USERS, { cursor: 'bad' }, { status: 400, body: { message: 'invalid cursor' } });
		expectFeed(USERS, { startTime: at(1 - 5) }, { rows: [a, b], serverTimestamp: at(3), nextCursor: 'ok' });
		expect(keys(await trigger.poll())).toEqual([`a:${at(1)}`, `b:${at(2)}`]);
		expect(trigger.saved.cursor).toBe('ok');
		expectAllCalled();
	});

	it('other 400s are thrown, and so is an invalid cursor that keeps coming back', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		expectFeed(USERS, { startTime: T0 }, { status: 400, body: { message: 'invalid startTime' } });
		await expect(trigger.poll()).rejects.toMatchObject({ httpCode: '400', message: 'invalid startTime' });

		expectFeed(USERS, { startTime: T0 }, { rows: [member('a', { updatedAt: at(1) })], serverTimestamp: at(1), hasMore: true, nextCursor: 'x1' });
		for (let i = 1; i <= FEED_LIMITS.recoveriesPerPoll + 1; i++) {
			expectFeed(USERS, { cursor: `x${i}` }, { status: 400, body: { message: 'invalid cursor' } });
			if (i <= FEED_LIMITS.recoveriesPerPoll) {
				expectFeed(USERS, { startTime: at(1 - 5) }, { rows: [member('a', { updatedAt: at(1) })], serverTimestamp: at(1), hasMore: true, nextCursor: `x${i + 1}` });
			}
		}
		const before = JSON.stringify(trigger.live);
		await expect(trigger.poll()).rejects.toMatchObject({ httpCode: '400', message: 'invalid cursor' });
		expect(JSON.stringify(trigger.live)).toBe(before);
		expectAllCalled();
	});
});

describe('paging limits', () => {
	const backlog = Array.from({ length: 250 }, (_, i) =>
		member(`m${i}`, { signUpAt: LONG_AGO, updatedAt: new Date(Date.parse(at(1)) + i * 1000).toISOString() }),
	);

	it('the per-poll cap stops mid-page; the next poll re-reads that page and emits only the remainder', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS, { options: { maxItemsPerPoll: 150 } });
		expectFeed(USERS, { startTime: T0 }, { rows: backlog.slice(0, 100), serverTimestamp: String(backlog[99].updatedAt), hasMore: true, nextCursor: 'c1' });
		expectFeed(USERS, { cursor: 'c1' }, { rows: backlog.slice(100, 200), serverTimestamp: String(backlog[199].updatedAt), hasMore: true, nextCursor: 'c2' });
		const first = await trigger.poll();
		expect(keys(first)).toEqual(backlog.slice(0, 150).map((r) => `${r.id}:${r.updatedAt}`));
		// The cursor stays before the page that was only half emitted; the rows were read up to the last one emitted.
		expect(trigger.saved).toMatchObject({ cursor: 'c1', readTo: backlog[149].updatedAt });

		expectFeed(USERS, { cursor: 'c1' }, { rows: backlog.slice(100, 200), serverTimestamp: String(backlog[199].updatedAt), hasMore: true, nextCursor: 'c2' });
		expectFeed(USERS, { cursor: 'c2' }, { rows: backlog.slice(200), serverTimestamp: at(10), nextCursor: 'c3' });
		const second = await trigger.poll();
		expect(keys(second)).toEqual(backlog.slice(150).map((r) => `${r.id}:${r.updatedAt}`));
		expect(trigger.saved).toMatchObject({ cursor: 'c3', readTo: at(10) });
		expectAllCalled();
	});

	it('a cap reached at the end of a page moves the cursor past it', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS, { options: { maxItemsPerPoll: 100 } });
		expectFeed(USERS, { startTime: T0 }, { rows: backlog.slice(0, 100), serverTimestamp: String(backlog[99].updatedAt), hasMore: true, nextCursor: 'c1' });
		expect(await trigger.poll()).toHaveLength(100);
		expect(trigger.saved.cursor).toBe('c1');
		expectAllCalled();
	});

	it('stops starting pages when three quarters of the poll budget are spent; the rest comes next poll', async () => {
		const trigger = new TriggerUnderTest(new CommunityPlatformMemberTrigger(), { budgetMs: 10_000 });
		expectFeed(USERS, { startTime: NOW, pageSize: '1' }, { rows: [], serverTimestamp: T0 });
		await trigger.poll();
		// Answers of 3 s: pages start at 0, 3 and 6 s (before 7.5 s, three quarters of 10 s); at 9 s
		// the poll returns what it has. With half the budget (5 s) the third page would not start.
		const queries = [{ startTime: T0 }, { cursor: 'c1' }, { cursor: 'c2' }];
		queries.forEach((query, i) => {
			const rows = backlog.slice(i * 100, i * 100 + 100);
			nock('https://community.test/public-api/v1')
				.get(USERS)
				.query({ pageSize: '100', ...query })
				.reply(() => {
					clock.advance(3_000);
					return [200, { results: rows, hasMore: true, nextCursor: `c${i + 1}`, serverTimestamp: rows[rows.length - 1].updatedAt, size: rows.length }];
				});
		});
		expect(await trigger.poll()).toHaveLength(250);
		expect(trigger.saved.cursor).toBe('c3');
		expectAllCalled();
	});

	it('a host without poll budgets still pages to the end', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		expectFeed(USERS, { startTime: T0 }, { rows: backlog.slice(0, 100), serverTimestamp: String(backlog[99].updatedAt), hasMore: true, nextCursor: 'c1' });
		expectFeed(USERS, { cursor: 'c1' }, { rows: backlog.slice(100, 200), serverTimestamp: at(9), nextCursor: 'c2' });
		expect(await trigger.poll()).toHaveLength(200);
		expectAllCalled();
	});
});

describe('errors in scheduled polls', () => {
	it('a 5xx in the middle of a multi-page poll is thrown and leaves the state where it was; nothing is skipped next time', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		const a = member('a', { signUpAt: at(1), updatedAt: at(1) });
		const b = member('b', { signUpAt: at(2), updatedAt: at(2) });
		expectFeed(USERS, { startTime: T0 }, { rows: [a], serverTimestamp: at(1), hasMore: true, nextCursor: 'c1' });
		for (let i = 0; i <= RETRY_POLICY.readRetries; i++) {
			expectFeed(USERS, { cursor: 'c1' }, { status: 503, body: { message: 'upstream unavailable' } });
		}
		const live = JSON.stringify(trigger.live);
		const saved = JSON.stringify(trigger.saved);
		await expect(trigger.poll()).rejects.toMatchObject({ httpCode: '503', message: 'upstream unavailable' });
		expect(JSON.stringify(trigger.live)).toBe(live);
		expect(JSON.stringify(trigger.saved)).toBe(saved);

		expectFeed(USERS, { startTime: T0 }, { rows: [a], serverTimestamp: at(1), hasMore: true, nextCursor: 'c1' });
		expectFeed(USERS, { cursor: 'c1' }, { rows: [b], serverTimestamp: at(3), nextCursor: 'c2' });
		expect(kinds(await trigger.poll())).toEqual(['a:newMember', 'b:newMember']);
		expectAllCalled();
	});

	it('a 429 the API wants waited out longer than the transport waits is thrown as rate-limited', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		nock('https://community.test/public-api/v1')
			.get(USERS)
			.query({ pageSize: '100', startTime: T0 })
			.reply(429, { message: 'Too many requests' }, { 'Retry-After': '900' });
		await expect(trigger.poll()).rejects.toMatchObject({
			httpCode: '429',
			failure: { cause: 'rate-limited', retryAfterMs: 900_000 },
		});
		expect(trigger.live.readTo).toBe(T0);
		expectAllCalled();
	});

	it('a short 429 is waited out and the poll goes on', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		nock('https://community.test/public-api/v1')
			.get(USERS)
			.query({ pageSize: '100', startTime: T0 })
			.reply(429, { message: 'Too many requests' }, { 'Retry-After': '3' });
		expectFeed(USERS, { startTime: T0 }, { rows: [member('a', { signUpAt: at(1), updatedAt: at(1) })], serverTimestamp: at(2) });
		expect(kinds(await trigger.poll())).toEqual(['a:newMember']);
		expect(clock.totalSlept()).toBeGreaterThanOrEqual(3000);
		expectAllCalled();
	});

	it('a page without results is reported as an unexpected answer', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		nock('https://community.test/public-api/v1').get(USERS).query(true).reply(200, { data: [] });
		await expect(trigger.poll()).rejects.toThrow('Unexpected answer from GET /incremental/users: no "results" list in the feed page');
	});
});

describe('manual mode (Fetch Test Event)', () => {
	it('returns a few of the most recent rows and leaves the state as it was', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		expectFeed(USERS, { startTime: T0 }, { rows: [member('a', { signUpAt: at(1), updatedAt: at(1) })], serverTimestamp: at(2), nextCursor: 'c1' });
		await trigger.poll();
		const live = JSON.stringify(trigger.live);
		const saved = JSON.stringify(trigger.saved);

		const recent = Array.from({ length: 8 }, (_, i) => member(`r${i}`, { signUpAt: LONG_AGO, updatedAt: at(-30 + i) }));
		expectFeed(USERS, { startTime: '2026-11-20T11:00:00.000Z' }, { rows: recent, serverTimestamp: T0 });
		const items = await trigger.fetchTestEvent();
		expect(items.map((i) => i.id)).toEqual(['r3', 'r4', 'r5', 'r6', 'r7']);
		expect(items[0]).toMatchObject({ changeType: 'profileUpdated', changeKey: `r3:${at(-27)}` });
		expect(JSON.stringify(trigger.live)).toBe(live);
		expect(JSON.stringify(trigger.saved)).toBe(saved);
		expectAllCalled();
	});

	it('looks further back when the last hour is quiet', async () => {
		const trigger = new TriggerUnderTest(new CommunityPlatformEventAttendeeTrigger());
		expectFeed(ATTENDEES, { startTime: '2026-11-20T11:00:00.000Z' }, { rows: [], serverTimestamp: T0 });
		expectFeed(ATTENDEES, { startTime: '2026-11-19T12:00:00.000Z' }, {
			rows: [attendee('x', { registeredAt: '2026-11-20T03:00:00.000Z', updatedAt: '2026-11-20T03:00:00.000Z' })],
			serverTimestamp: T0,
		});
		expect(kinds(await trigger.fetchTestEvent())).toEqual(['x:registered']);
		expect(trigger.live).toEqual({});
		expectAllCalled();
	});

	it('says clearly when the feed is empty', async () => {
		const trigger = new TriggerUnderTest(new CommunityPlatformCourseCertificateTrigger());
		for (const startTime of ['2026-11-20T11:00:00.000Z', '2026-11-19T12:00:00.000Z', '2026-10-21T12:00:00.000Z']) {
			expectFeed(CERTIFICATES, { startTime }, { rows: [], serverTimestamp: T0 });
		}
		expectFeed(CERTIFICATES, {}, { rows: [], serverTimestamp: T0 });
		await expect(trigger.fetchTestEvent()).rejects.toThrow('The course certificate feed has no changes to show yet');
		expect(trigger.live).toEqual({});
		expectAllCalled();
	});

	it('says clearly when changes exist but none matches the chosen changes', async () => {
		const trigger = new TriggerUnderTest(new CommunityPlatformMemberTrigger(), { parameters: { events: ['removed'] } });
		const row = member('a', { signUpAt: LONG_AGO, updatedAt: at(-10) });
		for (const startTime of ['2026-11-20T11:00:00.000Z', '2026-11-19T12:00:00.000Z', '2026-10-21T12:00:00.000Z']) {
			expectFeed(USERS, { startTime }, { rows: [row], serverTimestamp: T0 });
		}
		expectFeed(USERS, {}, { rows: [row], serverTimestamp: T0 });
		await expect(trigger.fetchTestEvent()).rejects.toThrow('No recent member change matches "Trigger On" and the filters');
		expectAllCalled();
	});
});

// ------------------------------------------------------------------ filters

describe('Member Trigger events', () => {
	it('New Member fires for a sign-up after the start; an old member who changed a field is Profile Updated', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		expectFeed(USERS, { startTime: T0 }, {
			rows: [
				member('justBefore', { signUpAt: at(-1), updatedAt: at(0.5) }),
				member('veteran', { signUpAt: LONG_AGO, updatedAt: at(1), userTitle: 'CTO' }),
				member('joiner', { signUpAt: at(1.5), updatedAt: at(1.5) }),
				member('noSignUp', { updatedAt: at(1.7) }),
			],
			serverTimestamp: at(2),
			nextCursor: 'c1',
		});
		expect(kinds(await trigger.poll())).toEqual([
			'justBefore:profileUpdated',
			'veteran:profileUpdated',
			'joiner:newMember',
			'noSignUp:profileUpdated',
		]);
		expectAllCalled();
	});

	it('New Member fires once, even when the new member edits the profile before the first poll sees them', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		// Signed up at +1 min, edited at +6: the row only became visible with the edit.
		expectFeed(USERS, { startTime: T0 }, {
			rows: [member('j', { signUpAt: at(1), updatedAt: at(6) })],
			serverTimestamp: at(7),
			nextCursor: 'c1',
		});
		expect(kinds(await trigger.poll())).toEqual(['j:newMember']);

		expectFeed(USERS, { cursor: 'c1' }, { rows: [member('j', { signUpAt: at(1), updatedAt: at(9), userTitle: 'Engineer' })], serverTimestamp: at(10), nextCursor: 'c2' });
		expect(kinds(await trigger.poll())).toEqual(['j:profileUpdated']);
		expectAllCalled();
	});

	it('a sign-up first read days after it happened (a weekly poll, a stop) fires New Member, whatever changed since', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		const DAY = 24 * 60;
		// Signed up on day 1, edited on day 3; the trigger polls again on day 7.
		expectFeed(USERS, { startTime: T0 }, { rows: [member('x', { signUpAt: at(DAY), updatedAt: at(3 * DAY) })], serverTimestamp: at(7 * DAY), nextCursor: 'c1' });
		expect(kinds(await trigger.poll())).toEqual(['x:newMember']);
		expectAllCalled();
	});

	it('a moment dated before the settled floor (a week before the older of the last two polls that read the feed to its end) is not remembered, and fires nothing', async () => {
		const trigger = new TriggerUnderTest(new CommunityPlatformMemberTrigger(), { parameters: { startFrom: 'beginning' } });
		expectFeed(USERS, {}, { rows: [member('x', { signUpAt: LONG_AGO, updatedAt: LONG_AGO })], serverTimestamp: at(0), nextCursor: 'c1' });
		expect(kinds(await trigger.poll())).toEqual(['x:newMember']);
		expect(trigger.live.announced).toEqual({ 'newMember:x': Date.parse(LONG_AGO) });
		// A second poll that reads to the end, at least the hold-back later: the floor is a week before the first.
		expectFeed(USERS, { cursor: 'c1' }, { rows: [], serverTimestamp: at(3) });
		await trigger.poll();
		expect(trigger.live.settled).toEqual([Date.parse(at(0)), Date.parse(at(3))]);
		expect(trigger.live.announced).toEqual({});
		// x edits: not a new member. y, never seen, signed up long ago and changed now: the trigger
		// cannot tell that sign-up from one it announced and forgot: Profile Updated only.
		expectFeed(USERS, { cursor: 'c1' }, {
			rows: [member('x', { signUpAt: LONG_AGO, updatedAt: at(4) }), member('y', { signUpAt: LONG_AGO, updatedAt: at(4) })],
			serverTimestamp: at(6),
			nextCursor: 'c2',
		});
		expect(kinds(await trigger.poll())).toEqual(['x:profileUpdated', 'y:profileUpdated']);
		expectAllCalled();
	});

	it('a deactivation fires Member Deactivated once; later edits are updates; a reactivated member deactivated again fires again', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		// Signed in after the trigger started, so not deactivated before it.
		const d = (updatedAt: string, archived: boolean) => member('d', { signUpAt: LONG_AGO, lastLoginAt: at(0.5), updatedAt, archived });
		expectFeed(USERS, { startTime: T0 }, { rows: [d(at(1), true)], serverTimestamp: at(2), nextCursor: 'c1' });
		const [item] = (await trigger.poll()) ?? [];
		expect(item).toMatchObject({ id: 'd', archived: true, removed: false, changeType: 'deactivated' });

		expectFeed(USERS, { cursor: 'c1' }, { rows: [d(at(3), true)], serverTimestamp: at(4), nextCursor: 'c2' });
		expect(kinds(await trigger.poll())).toEqual(['d:profileUpdated']);
		expectFeed(USERS, { cursor: 'c2' }, { rows: [d(at(5), false)], serverTimestamp: at(6), nextCursor: 'c3' });
		expect(kinds(await trigger.poll())).toEqual(['d:profileUpdated']);
		expectFeed(USERS, { cursor: 'c3' }, { rows: [d(at(7), true)], serverTimestamp: at(8), nextCursor: 'c4' });
		expect(kinds(await trigger.poll())).toEqual(['d:deactivated']);
		expectAllCalled();
	});

	it('Member Deactivated fires once for an archived row changed after the start, dormant members included; a member archived before the start fires it at their first change after it', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		expectFeed(USERS, { startTime: T0 }, {
			rows: [
				// Archived before the trigger started, not seen by it then; an admin edits the profile
				// now. The feed does not date the deactivation: it fires once (the lesser error).
				member('old', { signUpAt: LONG_AGO, lastLoginAt: '2024-05-01T00:00:00.000Z', archived: true, userTitle: 'Edited', updatedAt: at(1) }),
				// A dormant member (no sign-in for a year) deactivated after the start.
				member('dormant', { signUpAt: LONG_AGO, lastLoginAt: '2025-01-01T00:00:00.000Z', archived: true, updatedAt: at(1.1) }),
				// Seen active after the start...
				member('seen', { signUpAt: LONG_AGO, updatedAt: at(1.2) }),
				// Signed in after the start, then deactivated.
				member('login', { signUpAt: LONG_AGO, lastLoginAt: at(0.5), archived: true, updatedAt: at(1.4) }),
				// Joined after the start, then deactivated before the trigger saw them.
				member('joiner', { signUpAt: at(0.8), archived: true, updatedAt: at(1.6) }),
			],
			serverTimestamp: at(2),
			nextCursor: 'c1',
		});
		expect(kinds(await trigger.poll())).toEqual(['old:deactivated', 'dormant:deactivated', 'seen:profileUpdated', 'login:deactivated', 'joiner:deactivated']);
		expectFeed(USERS, { cursor: 'c1' }, {
			rows: [
				member('seen', { signUpAt: LONG_AGO, archived: true, updatedAt: at(3) }),
				// Already reported: later edits of an archived member are profile updates.
				member('old', { signUpAt: LONG_AGO, lastLoginAt: '2024-05-01T00:00:00.000Z', archived: true, userTitle: 'Edited again', updatedAt: at(3.5) }),
				member('dormant', { signUpAt: LONG_AGO, lastLoginAt: '2025-01-01T00:00:00.000Z', archived: true, userTitle: 'Edited', updatedAt: at(3.6) }),
			],
			serverTimestamp: at(4),
			nextCursor: 'c2',
		});
		expect(kinds(await trigger.poll())).toEqual(['seen:deactivated', 'old:profileUpdated', 'dormant:profileUpdated']);
		expectAllCalled();
	});

	it('a member the trigger saw archived before the start is never reported as deactivated', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		// Read from where the feed was complete at activation (T0): a change between there and the
		// start is remembered, not emitted.
		expectFeed(USERS, { startTime: T0 }, {
			rows: [member('before', { signUpAt: LONG_AGO, archived: true, updatedAt: at(-1) })],
			serverTimestamp: at(2),
			nextCursor: 'c1',
		});
		expect(await trigger.poll()).toBeNull();
		expectFeed(USERS, { cursor: 'c1' }, {
			rows: [member('before', { signUpAt: LONG_AGO, archived: true, userTitle: 'Edited', updatedAt: at(3) })],
			serverTimestamp: at(4),
			nextCursor: 'c2',
		});
		expect(kinds(await trigger.poll())).toEqual(['before:profileUpdated']);
		expectAllCalled();
	});

	it('Start From = Beginning reports every archived member of the history once (no start point to predate)', async () => {
		const trigger = new TriggerUnderTest(new CommunityPlatformMemberTrigger(), { parameters: { startFrom: 'beginning', events: ['deactivated'] } });
		expectFeed(USERS, {}, {
			rows: [member('a', { signUpAt: LONG_AGO, archived: true, updatedAt: '2025-01-01T00:00:00.000Z' }), member('b', { signUpAt: LONG_AGO, updatedAt: '2025-02-01T00:00:00.000Z' })],
			serverTimestamp: T0,
			nextCursor: 'c1',
		});
		expect(kinds(await trigger.poll())).toEqual(['a:deactivated']);
		expectFeed(USERS, { cursor: 'c1' }, { rows: [member('a', { signUpAt: LONG_AGO, archived: true, userTitle: 'Edited', updatedAt: at(1) })], serverTimestamp: at(2), nextCursor: 'c2' });
		expect(await trigger.poll()).toBeNull();
		expectAllCalled();
	});

	it('a tombstone fires Member Removed with only what the tombstone holds', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		expectFeed(USERS, { startTime: T0 }, { rows: [tombstone('gone', at(1))], serverTimestamp: at(2), nextCursor: 'c1' });
		expect(await trigger.poll()).toEqual([
			{
				id: 'gone',
				removed: true,
				removedAt: at(1),
				updatedAt: at(1),
				changeType: 'removed',
				changeTypes: ['removed'],
				changeKey: `gone:${at(1)}`,
			},
		]);
		expectAllCalled();
	});

	it('emits only the chosen changes and asks for the chosen includes', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS, {
			events: ['newMember', 'removed'],
			options: { include: ['questionnaire', 'spaces', 'points'] },
		});
		expectFeed(USERS, { startTime: T0, includes: 'questionnaire,spaces,points' }, {
			rows: [
				member('edit', { signUpAt: LONG_AGO, updatedAt: at(1) }),
				member('off', { signUpAt: LONG_AGO, updatedAt: at(1.2), archived: true }),
				member('new', { signUpAt: at(1.5), updatedAt: at(1.5), questionnaire: { Role: 'Dev' }, spaces: ['Members'], lifetimePoints: 3 }),
				tombstone('gone', at(1.8)),
			],
			serverTimestamp: at(2),
			nextCursor: 'c1',
		});
		const items = await trigger.poll();
		expect(kinds(items)).toEqual(['new:newMember', 'gone:removed']);
		expect(items?.[0]).toMatchObject({ questionnaire: { Role: 'Dev' }, spaces: ['Members'], lifetimePoints: 3 });
		expectAllCalled();
	});

	it('refuses a Trigger On without events', async () => {
		const trigger = new TriggerUnderTest(new CommunityPlatformMemberTrigger(), { parameters: { events: [] } });
		await expect(trigger.poll()).rejects.toThrow('Choose at least one change in "Trigger On"');
	});
});

describe('Event Attendee Trigger events', () => {
	it('registered, joined, checked in and cancelled each fire once; a presence ping fires nothing; registering again fires Registered', async () => {
		const trigger = await activatedNow(new CommunityPlatformEventAttendeeTrigger(), ATTENDEES);
		const base = { registeredAt: at(1) };
		expectFeed(ATTENDEES, { startTime: T0 }, {
			rows: [
				attendee('p', { ...base, updatedAt: at(1) }),
				attendee('q', { registeredAt: LONG_AGO, checkedInAt: at(1.5), updatedAt: at(1.5) }),
			],
			serverTimestamp: at(2),
			nextCursor: 'c1',
		});
		expect(kinds(await trigger.poll())).toEqual(['p:registered', 'q:checkedIn']);

		expectFeed(ATTENDEES, { cursor: 'c1' }, {
			rows: [
				attendee('p', { ...base, joinedAt: at(3), lastOnlineAt: at(3), updatedAt: at(3) }),
				attendee('p', { ...base, joinedAt: at(3), lastOnlineAt: at(4), updatedAt: at(4) }),
			],
			serverTimestamp: at(5),
			nextCursor: 'c2',
		});
		expect(kinds(await trigger.poll())).toEqual(['p:joined']);

		expectFeed(ATTENDEES, { cursor: 'c2' }, {
			rows: [attendee('p', { ...base, joinedAt: at(3), lastOnlineAt: at(4), cancelledAt: at(6), updatedAt: at(6) })],
			serverTimestamp: at(7),
			nextCursor: 'c3',
		});
		expect(kinds(await trigger.poll())).toEqual(['p:cancelled']);

		expectFeed(ATTENDEES, { cursor: 'c3' }, {
			rows: [attendee('p', { registeredAt: at(8), joinedAt: at(3), lastOnlineAt: at(4), updatedAt: at(8) })],
			serverTimestamp: at(9),
			nextCursor: 'c4',
		});
		expect(kinds(await trigger.poll())).toEqual(['p:registered']);
		expectAllCalled();
	});

	it('a registration first seen already cancelled carries both kinds and fires as Cancelled', async () => {
		const trigger = await activatedNow(new CommunityPlatformEventAttendeeTrigger(), ATTENDEES);
		expectFeed(ATTENDEES, { startTime: T0 }, {
			rows: [attendee('p', { registeredAt: at(1), cancelledAt: at(1.5), updatedAt: at(1.5) })],
			serverTimestamp: at(2),
			nextCursor: 'c1',
		});
		expect(await trigger.poll()).toEqual([expect.objectContaining({ changeType: 'cancelled', changeTypes: ['registered', 'cancelled'] })]);
		expectAllCalled();
	});

	it('ignores registrations made through the API by default, but not their other changes', async () => {
		const trigger = await activatedNow(new CommunityPlatformEventAttendeeTrigger(), ATTENDEES);
		const api = { registeredAt: at(1), registrationSource: 'adminPublicAPI' };
		expectFeed(ATTENDEES, { startTime: T0 }, {
			rows: [attendee('viaApi', { ...api, updatedAt: at(1) }), attendee('self', { registeredAt: at(1.2), updatedAt: at(1.2) })],
			serverTimestamp: at(2),
			nextCursor: 'c1',
		});
		expect(kinds(await trigger.poll())).toEqual(['self:registered']);
		expectFeed(ATTENDEES, { cursor: 'c1' }, { rows: [attendee('viaApi', { ...api, cancelledAt: at(3), updatedAt: at(3) })], serverTimestamp: at(4), nextCursor: 'c2' });
		expect(kinds(await trigger.poll())).toEqual(['viaApi:cancelled']);
		expectAllCalled();
	});

	it('emits API registrations when told to', async () => {
		const trigger = await activatedNow(new CommunityPlatformEventAttendeeTrigger(), ATTENDEES, { options: { ignoreApiRegistrations: false } });
		expectFeed(ATTENDEES, { startTime: T0 }, {
			rows: [attendee('viaApi', { registeredAt: at(1), registrationSource: 'adminPublicAPI', updatedAt: at(1) })],
			serverTimestamp: at(2),
			nextCursor: 'c1',
		});
		expect(kinds(await trigger.poll())).toEqual(['viaApi:registered']);
		expectAllCalled();
	});

	it('filters by event and by the chosen kinds', async () => {
		const trigger = await activatedNow(new CommunityPlatformEventAttendeeTrigger(), ATTENDEES, {
			events: ['registered'],
			filters: { eventIds: ['ev2', 'ev3'] },
		});
		expectFeed(ATTENDEES, { startTime: T0 }, {
			rows: [
				attendee('a', { eventId: 'ev1', registeredAt: at(1), updatedAt: at(1) }),
				attendee('b', { eventId: 'ev2', registeredAt: at(1.1), updatedAt: at(1.1) }),
				attendee('c', { eventId: 'ev3', registeredAt: LONG_AGO, cancelledAt: at(1.2), updatedAt: at(1.2) }),
				attendee('d', { eventId: 'ev3', registeredAt: at(1.3), updatedAt: at(1.3) }),
			],
			serverTimestamp: at(2),
			nextCursor: 'c1',
		});
		expect(kinds(await trigger.poll())).toEqual(['b:registered', 'd:registered']);
		expectAllCalled();
	});

	it('lists events for the filter from the events endpoint', async () => {
		nock('https://community.test/public-api/v1')
			.get('/events')
			.query({ pageNum: '1', pageSize: '100' })
			.reply(200, {
				size: 2,
				pageNumber: 1,
				pageSize: 100,
				results: [
					{ eventId: 'ev1', eventTitle: 'Meetup', eventStartTime: '2026-12-01T18:00:00.000Z', eventStatus: 'Published' },
					{ eventId: 'ev2', eventTitle: 'Webinar', eventStartTime: '2026-12-05T18:00:00.000Z', eventStatus: 'Draft' },
				],
			});
		const { getFeedEvents } = await import('../../nodes/shared/triggers/feedEvents');
		const { loadOptionsContextFor } = await import('../helpers/pollHarness.cjs');
		const options = await getFeedEvents.call(loadOptionsContextFor(new CommunityPlatformEventAttendeeTrigger()));
		expect(options).toEqual([
			{ name: 'Meetup (2026-12-01)', value: 'ev1' },
			{ name: 'Webinar (2026-12-05, draft)', value: 'ev2' },
		]);
		expectAllCalled();
	});
});

describe('Course Enrollment Trigger events', () => {
	it('enrolled, completed, cancelled and reset fire; a progress snapshot alone fires nothing', async () => {
		const trigger = await activatedNow(new CommunityPlatformCourseEnrollmentTrigger(), ENROLLMENTS);
		const e1 = { enrolledAt: at(1) };
		expectFeed(ENROLLMENTS, { startTime: T0 }, {
			rows: [
				enrollment('e1', { ...e1, updatedAt: at(1) }),
				enrollment('e2', { enrolledAt: LONG_AGO, progress: '40%', updatedAt: at(1.5) }),
				enrollment('e3', { enrolledAt: LONG_AGO, activeStatus: 'CANCELLED_BY_USER', terminatedAt: at(1.7), updatedAt: at(1.7) }),
			],
			serverTimestamp: at(2),
			nextCursor: 'c1',
		});
		expect(kinds(await trigger.poll())).toEqual(['e1:enrolled', 'e3:cancelledOrReset']);

		expectFeed(ENROLLMENTS, { cursor: 'c1' }, {
			rows: [
				enrollment('e1', { ...e1, progressStatus: 'Completed', completedAt: at(3), progress: '100%', score: '90', updatedAt: at(3) }),
				enrollment('e2', { enrolledAt: LONG_AGO, activeStatus: 'RESET', terminatedAt: at(3.5), updatedAt: at(3.5) }),
				// Re-enrolling after a reset is a new enrollment row.
				enrollment('e2b', { userId: 'u-e2', enrolledAt: at(3.8), updatedAt: at(3.8) }),
			],
			serverTimestamp: at(4),
			nextCursor: 'c2',
		});
		const items = await trigger.poll();
		expect(kinds(items)).toEqual(['e1:completed', 'e2:cancelledOrReset', 'e2b:enrolled']);
		expect(items?.[1]).toMatchObject({ activeStatus: 'RESET' });
		expectAllCalled();
	});

	it('filters by course ID', async () => {
		const trigger = await activatedNow(new CommunityPlatformCourseEnrollmentTrigger(), ENROLLMENTS, { filters: { courseIds: ' c2 , c9 ' } });
		expectFeed(ENROLLMENTS, { startTime: T0 }, {
			rows: [
				enrollment('a', { courseId: 'c1', enrolledAt: at(1), updatedAt: at(1) }),
				enrollment('b', { courseId: 'c2', enrolledAt: at(1.5), updatedAt: at(1.5) }),
			],
			serverTimestamp: at(2),
			nextCursor: 'c1',
		});
		expect(kinds(await trigger.poll())).toEqual(['b:enrolled']);
		expectAllCalled();
	});
});

describe('Course Certificate Trigger events', () => {
	it('issued, revoked and expired each fire once', async () => {
		const trigger = await activatedNow(new CommunityPlatformCourseCertificateTrigger(), CERTIFICATES);
		expectFeed(CERTIFICATES, { startTime: T0 }, {
			rows: [
				certificate('k1', { issuedAt: at(1), updatedAt: at(1) }),
				certificate('k2', { issuedAt: LONG_AGO, certificateStatus: 'Revoked', revokedAt: at(1.5), revocationReason: 'Fraud', updatedAt: at(1.5) }),
				certificate('k3', { issuedAt: LONG_AGO, certificateStatus: 'Expired', expiryDate: at(1.7), updatedAt: at(1.7) }),
			],
			serverTimestamp: at(2),
			nextCursor: 'c1',
		});
		expect(kinds(await trigger.poll())).toEqual(['k1:issued', 'k2:revoked', 'k3:expired']);

		expectFeed(CERTIFICATES, { cursor: 'c1' }, {
			rows: [
				certificate('k3', { issuedAt: LONG_AGO, certificateStatus: 'Expired', expiryDate: at(1.7), recipientName: 'New Name', updatedAt: at(3) }),
				certificate('k1', { issuedAt: at(1), certificateStatus: 'Expired', expiryDate: at(3.5), updatedAt: at(3.5) }),
			],
			serverTimestamp: at(4),
			nextCursor: 'c2',
		});
		expect(kinds(await trigger.poll())).toEqual(['k1:expired']);
		expectAllCalled();
	});

	it('Expired is dated by the row\'s change, as Member Deactivated is: a certificate first seen expired after the start fires once, whatever its expiryDate', async () => {
		const trigger = await activatedNow(new CommunityPlatformCourseCertificateTrigger(), CERTIFICATES);
		const YEAR_AGO = '2025-11-20T00:00:00.000Z';
		expectFeed(CERTIFICATES, { startTime: T0 }, {
			rows: [
				// Due a year ago, marked Expired now (or before the start and renamed now: the feed
				// does not say when the status changed): once, the lesser error.
				certificate('old', { issuedAt: LONG_AGO, certificateStatus: 'Expired', expiryDate: YEAR_AGO, recipientName: 'Renamed', updatedAt: at(1) }),
				certificate('fresh', { issuedAt: LONG_AGO, certificateStatus: 'Expired', expiryDate: at(0.5), updatedAt: at(1.5) }),
				certificate('noDate', { issuedAt: at(0.2), certificateStatus: 'Expired', updatedAt: at(1.7) }),
			],
			serverTimestamp: at(2),
			nextCursor: 'c1',
		});
		expect(kinds(await trigger.poll())).toEqual(['old:expired', 'fresh:expired', 'noDate:expired']);
		expectFeed(CERTIFICATES, { cursor: 'c1' }, {
			rows: [certificate('old', { issuedAt: LONG_AGO, certificateStatus: 'Expired', expiryDate: YEAR_AGO, recipientName: 'Renamed again', updatedAt: at(3) })],
			serverTimestamp: at(4),
			nextCursor: 'c2',
		});
		expect(await trigger.poll()).toBeNull();
		expectAllCalled();
	});

	it('filters by course ID and by the chosen kinds', async () => {
		const trigger = await activatedNow(new CommunityPlatformCourseCertificateTrigger(), CERTIFICATES, {
			events: ['revoked'],
			filters: { courseIds: 'c2' },
		});
		expectFeed(CERTIFICATES, { startTime: T0 }, {
			rows: [
				certificate('k1', { courseId: 'c2', issuedAt: at(1), updatedAt: at(1) }),
				certificate('k2', { courseId: 'c1', issuedAt: LONG_AGO, certificateStatus: 'Revoked', revokedAt: at(1.5), updatedAt: at(1.5) }),
				certificate('k3', { courseId: 'c2', issuedAt: LONG_AGO, certificateStatus: 'Revoked', revokedAt: at(1.6), updatedAt: at(1.6) }),
			],
			serverTimestamp: at(2),
			nextCursor: 'c1',
		});
		expect(kinds(await trigger.poll())).toEqual(['k3:revoked']);
		expectAllCalled();
	});
});

// ------------------------------------------------------------------ issue 56: judged by what happened

describe('issue 56: every change once, however late the trigger reads it', () => {
	const HOUR = 60;
	const DAY = 24 * HOUR;
	const changeTypes = (items: IDataObject[] | null) => (items ?? []).map((item) => `${String(item.id)}:${(item.changeTypes as string[]).join('+')}`);

	it('finding 1: n8n stopped for two days; a registration whose attendee joins 30 h later fires Registered and Joined', async () => {
		const trigger = await activatedNow(new CommunityPlatformEventAttendeeTrigger(), ATTENDEES);
		expectFeed(ATTENDEES, { startTime: T0 }, {
			rows: [attendee('a', { registeredAt: at(HOUR), joinedAt: at(31 * HOUR), lastOnlineAt: at(31 * HOUR), updatedAt: at(31 * HOUR) })],
			serverTimestamp: at(2 * DAY + HOUR),
			nextCursor: 'c1',
		});
		expect(changeTypes(await trigger.poll())).toEqual(['a:registered+joined']);
		expectAllCalled();
	});

	it('finding 1: every poll refused (401) for 60 h; an enrolment completed 26 h later fires Enrolled and Completed', async () => {
		const trigger = await activatedNow(new CommunityPlatformCourseEnrollmentTrigger(), ENROLLMENTS);
		for (let i = 0; i < 3; i++) {
			expectFeed(ENROLLMENTS, { startTime: T0 }, { status: 401, body: { message: 'invalid token' } });
			await expect(trigger.poll()).rejects.toMatchObject({ httpCode: '401' });
		}
		expectFeed(ENROLLMENTS, { startTime: T0 }, {
			rows: [enrollment('e', { enrolledAt: at(HOUR), completedAt: at(27 * HOUR), progress: '100%', updatedAt: at(27 * HOUR) })],
			serverTimestamp: at(60 * HOUR),
			nextCursor: 'c1',
		});
		expect(changeTypes(await trigger.poll())).toEqual(['e:enrolled+completed']);
		expectAllCalled();
	});

	it('finding 2: Start From = Beginning; members of a month ago who edit just before activation or during the catch-up fire New Member', async () => {
		const trigger = new TriggerUnderTest(new CommunityPlatformMemberTrigger(), { parameters: { startFrom: 'beginning' } });
		const MONTH_AGO = at(-30 * DAY);
		expectFeed(USERS, {}, {
			rows: [member('old', { signUpAt: MONTH_AGO, updatedAt: MONTH_AGO }), member('edited', { signUpAt: MONTH_AGO, updatedAt: at(-5) })],
			serverTimestamp: at(-5),
			hasMore: true,
			nextCursor: 'c1',
		});
		// Changed while the backlog is read: the row moved to the end.
		expectFeed(USERS, { cursor: 'c1' }, { rows: [member('during', { signUpAt: MONTH_AGO, updatedAt: at(-1) })], serverTimestamp: T0, nextCursor: 'c2' });
		expect(kinds(await trigger.poll())).toEqual(['old:newMember', 'edited:newMember', 'during:newMember']);
		expectAllCalled();
	});

	it('finding 2: Start From = a date; an enrolment of last week completed during the catch-up fires Enrolled and Completed', async () => {
		const trigger = new TriggerUnderTest(new CommunityPlatformCourseEnrollmentTrigger(), { parameters: { startFrom: 'date', startDate: at(-10 * DAY) } });
		expectFeed(ENROLLMENTS, { startTime: at(-10 * DAY) }, {
			rows: [enrollment('other', { enrolledAt: at(-8 * DAY), updatedAt: at(-8 * DAY) })],
			serverTimestamp: at(-8 * DAY),
			hasMore: true,
			nextCursor: 'c1',
		});
		expectFeed(ENROLLMENTS, { cursor: 'c1' }, {
			rows: [enrollment('e', { enrolledAt: at(-7 * DAY), completedAt: at(-3), progress: '100%', updatedAt: at(-3) })],
			serverTimestamp: T0,
			nextCursor: 'c2',
		});
		expect(changeTypes(await trigger.poll())).toEqual(['other:enrolled', 'e:enrolled+completed']);
		expectAllCalled();
	});

	it('finding 3: on a trigger that runs normally, check-ins entered on Monday for Saturday\'s event and a completion imported with its real date 30 h earlier fire', async () => {
		const attendees = await activatedNow(new CommunityPlatformEventAttendeeTrigger(), ATTENDEES);
		// Polls read the feed to its end on Friday and after it: the settled floor is a week before.
		expectFeed(ATTENDEES, { startTime: T0 }, { rows: [attendee('a', { registeredAt: at(HOUR), updatedAt: at(HOUR) })], serverTimestamp: at(DAY), nextCursor: 'c1' });
		expect(kinds(await attendees.poll())).toEqual(['a:registered']);
		expectFeed(ATTENDEES, { cursor: 'c1' }, { rows: [], serverTimestamp: at(2 * DAY) });
		await attendees.poll();
		expectFeed(ATTENDEES, { cursor: 'c1' }, {
			rows: [attendee('a', { registeredAt: at(HOUR), checkedInAt: at(3 * DAY), updatedAt: at(5 * DAY) })],
			serverTimestamp: at(5 * DAY + HOUR),
			nextCursor: 'c2',
		});
		expect(kinds(await attendees.poll())).toEqual(['a:checkedIn']);

		const enrollments = await activatedNow(new CommunityPlatformCourseEnrollmentTrigger(), ENROLLMENTS);
		expectFeed(ENROLLMENTS, { startTime: T0 }, { rows: [enrollment('e', { enrolledAt: at(10), updatedAt: at(10) })], serverTimestamp: at(DAY), nextCursor: 'k1' });
		expect(kinds(await enrollments.poll())).toEqual(['e:enrolled']);
		expectFeed(ENROLLMENTS, { cursor: 'k1' }, { rows: [], serverTimestamp: at(2 * DAY) });
		await enrollments.poll();
		expectFeed(ENROLLMENTS, { cursor: 'k1' }, {
			rows: [enrollment('e', { enrolledAt: at(10), completedAt: at(2 * DAY), progress: '100%', updatedAt: at(2 * DAY + 30 * HOUR) })],
			serverTimestamp: at(3 * DAY + 7 * HOUR),
			nextCursor: 'k2',
		});
		expect(kinds(await enrollments.poll())).toEqual(['e:completed']);
		expectAllCalled();
	});

	it.each([
		['5 minutes ahead of the API', -5],
		['5 minutes behind the API', 5],
	])('finding 4: Start From = Now with the n8n host\'s clock %s: what changes after activation, in the API\'s time, fires; what changed before does not', async (_what, apiAhead) => {
		const trigger = new TriggerUnderTest(new CommunityPlatformMemberTrigger());
		// The API's clock is `apiAhead` minutes from the host's (12:00); its feed is complete up to two minutes before it.
		const apiNow = at(apiAhead);
		expectFeed(USERS, { startTime: NOW, pageSize: '1' }, { rows: [], serverTimestamp: at(apiAhead - 2) });
		expect(await trigger.poll()).toBeNull();
		expect(trigger.saved.origin).toBe(apiNow);
		expectFeed(USERS, { startTime: at(apiAhead - 2) }, {
			rows: [member('before', { signUpAt: at(apiAhead - 0.5), updatedAt: at(apiAhead - 0.5) }), member('after', { signUpAt: at(apiAhead + 0.5), updatedAt: at(apiAhead + 0.5) })],
			serverTimestamp: at(apiAhead + 1),
			nextCursor: 'c1',
		});
		expect(kinds(await trigger.poll())).toEqual(['after:newMember']);
		expectAllCalled();
	});

	it('finding 5: a Start Date written as an expression starts the trigger once: its value moving day by day replays nothing', async () => {
		const trigger = new TriggerUnderTest(new CommunityPlatformEventAttendeeTrigger(), {
			parameters: { startFrom: 'date', startDate: '={{ $now.minus({ days: 7 }).toISO() }}' },
		});
		// n8n evaluates $now in its expression isolate, on the real clock: so are the rows' times here.
		const real = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
		const firstRead: string[] = [];
		nock(API)
			.get(ATTENDEES)
			.query((query) => typeof query.startTime === 'string' && query.cursor === undefined && Boolean(firstRead.push(query.startTime)))
			.reply(200, feedPage({ rows: [attendee('a', { registeredAt: real(-DAY), updatedAt: real(-DAY) })], serverTimestamp: real(-2), nextCursor: 'c1' }));
		expect(kinds(await trigger.poll())).toEqual(['a:registered']);
		expect(Math.abs(Date.parse(firstRead[0]) - (Date.now() - 7 * DAY * 60_000))).toBeLessThan(60_000);
		expect(trigger.saved.startFrom).toBe('={{ $now.minus({ days: 7 }).toISO() }}');
		// A day later the expression says another date; the trigger goes on from its cursor.
		clock.advance(DAY * 60_000);
		expectFeed(ATTENDEES, { cursor: 'c1' }, { rows: [attendee('b', { registeredAt: real(DAY - 10), updatedAt: real(DAY - 10) })], serverTimestamp: real(DAY - 2), nextCursor: 'c2' });
		expect(kinds(await trigger.poll())).toEqual(['b:registered']);
		expectAllCalled();
	});

	it('finding 6: a row delivered again past the 500 remembered rows (a refused cursor after a bulk sign-up) is the same version; its item says Profile Updated, as docs/triggers.md lists (row-forgotten)', async () => {
		const saved = FEED_LIMITS.recentRows;
		FEED_LIMITS.recentRows = 2;
		try {
			const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
			const bulk = ['a', 'b', 'c'].map((id) => member(id, { signUpAt: at(1), updatedAt: at(1) }));
			expectFeed(USERS, { startTime: T0 }, { rows: bulk, serverTimestamp: at(1.5), nextCursor: 'c1' });
			expect(kinds(await trigger.poll())).toEqual(['a:newMember', 'b:newMember', 'c:newMember']);
			expectFeed(USERS, { cursor: 'c1' }, { status: 400, body: { message: 'invalid cursor: unsupported version, restart from startTime' } });
			expectFeed(USERS, { startTime: at(1.5 - 5) }, { rows: bulk, serverTimestamp: at(2), nextCursor: 'd1' });
			const again = await trigger.poll();
			expect(kinds(again)).toEqual(['a:profileUpdated']);
			expect(again?.[0].changeKey).toBe(`a:${at(1)}`);
		} finally {
			FEED_LIMITS.recentRows = saved;
		}
		expectAllCalled();
	});
});


describe('many polls', () => {
	it('every change across many polls, pages and restarts arrives exactly once', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS, { options: { maxItemsPerPoll: 7 } });
		const rows = Array.from({ length: 40 }, (_, i) => member(`m${i}`, { signUpAt: at(1 + i / 10), updatedAt: at(1 + i / 10) }));
		// The feed answers any position with the next 5 rows (pages re-read after the cap included).
		const position = (cursor: string | undefined) => (cursor ? Number(cursor.slice(1)) : 0);
		nock('https://community.test/public-api/v1')
			.persist()
			.get(USERS)
			.query(true)
			.reply((uri) => {
				const cursor = new URL(uri, 'https://x').searchParams.get('cursor') ?? undefined;
				const from = position(cursor);
				const page = rows.slice(from, from + 5);
				const end = from + page.length;
				return [
					200,
					{
						results: page,
						hasMore: end < rows.length,
						nextCursor: page.length ? `p${end}` : undefined,
						serverTimestamp: end < rows.length ? page[page.length - 1].updatedAt : at(10),
						size: page.length,
					},
				];
			});
		const seen: IDataObject[] = [];
		for (let i = 0; i < 3; i++) seen.push(...((await trigger.poll()) ?? []));
		trigger.restart();
		seen.push(...(await pollUntilQuiet(trigger)));
		expect(keys(seen)).toEqual(rows.map((r) => `${r.id}:${r.updatedAt}`));
		expect(new Set(seen.map((s) => s.changeType))).toEqual(new Set(['newMember']));
	});
});

// ------------------------------------------------------------------ restart point, overlapping polls, Start From

describe('a cursor refused in the middle of a backlog (a server whose serverTimestamp is its cutoff on every page)', () => {
	const HISTORY = Date.parse('2025-06-01T00:00:00.000Z');
	const everyKey = (rows: IDataObject[]) => rows.map((r) => `${String(r.id)}:${String(r.updatedAt)}`);

	it('Start From = Beginning, 1,500 rows, Max Items per Poll 300, cursor format changed after the first poll: every row exactly once', async () => {
		const rows = Array.from({ length: 1500 }, (_, i) =>
			member(`m${i}`, { signUpAt: LONG_AGO, updatedAt: new Date(HISTORY + i * 3_600_000).toISOString() }),
		);
		const feed = serveFeed(USERS, rows, { completeUpTo: T0, serverTimestampWithMore: 'completeUpTo' });
		const trigger = new TriggerUnderTest(new CommunityPlatformMemberTrigger(), {
			parameters: { startFrom: 'beginning', options: { maxItemsPerPoll: 300 } },
		});
		const seen = (await trigger.poll()) ?? [];
		expect(seen).toHaveLength(300);
		expect(trigger.saved.cursor).toBe('v1:300');

		feed.upgradeCursors();
		seen.push(...(await pollUntilQuiet(trigger)));
		expect(keys(seen)).toEqual(everyKey(rows));
		// It restarted a little before the last row it had read, not before the server's cutoff.
		const restart = new Date(Date.parse(String(rows[299].updatedAt)) - FEED_LIMITS.recoveryOverlapMs).toISOString();
		expect(feed.requests).toContainEqual({ pageSize: '100', startTime: restart });
	});

	it('Start From = Now, a burst of 250 changes over 25 minutes, Max Items per Poll 100, cursor format changed after the first poll: every change exactly once', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS, { options: { maxItemsPerPoll: 100 } });
		const rows = Array.from({ length: 250 }, (_, i) =>
			member(`b${i}`, { signUpAt: LONG_AGO, updatedAt: new Date(Date.parse(at(1)) + i * 6_000).toISOString() }),
		);
		const feed = serveFeed(USERS, rows, { completeUpTo: at(30), serverTimestampWithMore: 'completeUpTo' });
		const seen = (await trigger.poll()) ?? [];
		expect(seen).toHaveLength(100);
		feed.upgradeCursors();
		seen.push(...(await pollUntilQuiet(trigger)));
		expect(keys(seen)).toEqual(everyKey(rows));
		expect(trigger.saved.readTo).toBe(at(30));
	});
});

describe('one poll at a time, each bounded in time', () => {
	it('a poll that starts while the previous one still runs returns nothing, asks the API nothing and saves nothing', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		const a = member('a', { signUpAt: at(1), updatedAt: at(1) });
		const answer = heldFeed(USERS, { startTime: T0 }, feedPage({ rows: [a], serverTimestamp: at(2), nextCursor: 'c1' }));
		const slow = trigger.poll();
		const before = JSON.stringify(trigger.live);
		// n8n's next tick: the first poll has not answered yet. No interceptor is left, so a request would fail.
		expect(await trigger.poll()).toBeNull();
		expect(JSON.stringify(trigger.live)).toBe(before);
		answer();
		// The slow poll emits what it read and saves the state with it, on every scheduler.
		expect(kinds(await slow)).toEqual(['a:newMember']);
		expect(trigger.saved.cursor).toBe('c1');
		expectFeed(USERS, { cursor: 'c1' }, { rows: [], serverTimestamp: at(3) });
		expect(await trigger.poll()).toBeNull();
		expectAllCalled();
	});

	it('a budget far over the poll interval changes nothing: a slow poll delivers, and the state is saved with it', async () => {
		const trigger = new TriggerUnderTest(new CommunityPlatformMemberTrigger(), { budgetMs: 600_000 });
		expectFeed(USERS, { startTime: NOW, pageSize: '1' }, { rows: [], serverTimestamp: T0 });
		expect(await trigger.poll()).toBeNull();
		const a = member('a', { signUpAt: at(1), updatedAt: at(1) });
		const answer = heldFeed(USERS, { startTime: T0 }, feedPage({ rows: [a], serverTimestamp: at(2), nextCursor: 'c1' }));
		const slow = trigger.poll();
		clock.advance(90_000);
		expect(await trigger.poll()).toBeNull();
		answer();
		expect(kinds(await slow)).toEqual(['a:newMember']);
		expect(trigger.saved.cursor).toBe('c1');
		expectAllCalled();
	});

	it('a poll stuck for five minutes no longer holds the trigger up: the next one runs, and the stuck one, if it ever ends, drops what it read', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		const a = member('a', { signUpAt: at(1), updatedAt: at(1) });
		const answer = heldFeed(USERS, { startTime: T0 }, feedPage({ rows: [a], serverTimestamp: at(2), nextCursor: 'stale' }));
		const stuck = trigger.poll();
		clock.advance(FEED_LIMITS.stuckPollMs - 1);
		expect(await trigger.poll()).toBeNull();
		clock.advance(1);
		expectFeed(USERS, { startTime: T0 }, { rows: [a], serverTimestamp: at(2), nextCursor: 'c1' });
		expect(kinds(await trigger.poll())).toEqual(['a:newMember']);
		answer();
		expect(await stuck).toBeNull();
		expect([trigger.live.cursor, trigger.saved.cursor]).toEqual(['c1', 'c1']);
		expectAllCalled();
	});

	it('a poll that failed lets the next one run; other triggers are never held up', async () => {
		const first = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		expectFeed(USERS, { startTime: T0 }, { status: 503, body: { message: 'down' } });
		for (let i = 0; i < RETRY_POLICY.readRetries; i++) expectFeed(USERS, { startTime: T0 }, { status: 503, body: { message: 'down' } });
		await expect(first.poll()).rejects.toMatchObject({ httpCode: '503' });
		expectFeed(USERS, { startTime: T0 }, { rows: [member('a', { signUpAt: at(1), updatedAt: at(1) })], serverTimestamp: at(2), nextCursor: 'c1' });
		expect(kinds(await first.poll())).toEqual(['a:newMember']);

		// Two triggers (another node, another workflow) polling at the same time each read their feed.
		const otherNode = new TriggerUnderTest(new CommunityPlatformEventAttendeeTrigger(), { nodeId: 'trigger-2' });
		const otherWorkflow = new TriggerUnderTest(new CommunityPlatformEventAttendeeTrigger(), { workflowId: 'wf-2' });
		const now = new Date(clock.now).toISOString();
		expectFeed(ATTENDEES, { startTime: now, pageSize: '1' }, { rows: [], serverTimestamp: T0 });
		expectFeed(ATTENDEES, { startTime: now, pageSize: '1' }, { rows: [], serverTimestamp: T0 });
		expectFeed(USERS, { cursor: 'c1' }, { rows: [], serverTimestamp: at(3) });
		await Promise.all([first.poll(), otherNode.poll(), otherWorkflow.poll()]);
		// The start point is the API's time (its serverTimestamp plus the hold-back), not the host's clock.
		expect([otherNode.saved.origin, otherWorkflow.saved.origin]).toEqual([NOW, NOW]);
		expectAllCalled();
	});

	it('starts no new page 50 s into a poll, even when n8n allows five minutes; the rest comes next poll', async () => {
		const trigger = new TriggerUnderTest(new CommunityPlatformMemberTrigger(), { budgetMs: 5 * 60_000 });
		expectFeed(USERS, { startTime: NOW, pageSize: '1' }, { rows: [], serverTimestamp: T0 });
		await trigger.poll();
		const rows = Array.from({ length: 1500 }, (_, i) =>
			member(`m${i}`, { signUpAt: LONG_AGO, updatedAt: new Date(Date.parse(at(1)) + i * 1000).toISOString() }),
		);
		// Every answer takes 6 s.
		serveFeed(USERS, rows, { completeUpTo: at(30), serverTimestampWithMore: 'lastRow', onRequest: () => clock.advance(6_000) });
		const first = await trigger.poll();
		// Pages start at 0, 6, ... 48 s; at 54 s the poll returns what it has.
		expect(first).toHaveLength(900);
		expect(FEED_LIMITS.pageTimeMs).toBe(50_000);
		expect(keys(await trigger.poll())).toEqual(rows.slice(900, 1500).map((r) => `${r.id}:${r.updatedAt}`));
	});

	it('no wait of a poll ends later than 55 s after it started: a 429 asking for two minutes fails the poll at once', async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		nock(API).get(USERS).query({ pageSize: '100', startTime: T0 }).reply(429, { message: 'Too many requests' }, { 'Retry-After': '120' });
		const started = clock.now;
		await expect(trigger.poll()).rejects.toMatchObject({ httpCode: '429', failure: { cause: 'rate-limited' } });
		expect(clock.now - started).toBeLessThan(FEED_LIMITS.pollTimeMs);
		expect(trigger.live.readTo).toBe(T0);
		expectAllCalled();
	});
});

describe('polls sharing one n8n Workflow object (the legacy scheduler: one expression isolate for all of them)', () => {

	const memberType = new CommunityPlatformMemberTrigger();
	const sharedWorkflow = () => workflowOf(memberType, nodeOf(memberType, {}, { id: 'trigger-1', name: 'Feed Trigger' }), { active: true });

	it("a tick that finds its trigger's poll running on the same Workflow object returns nothing at once; the running poll emits", async () => {
		const trigger = new TriggerUnderTest(memberType, { workflow: sharedWorkflow() });
		expectFeed(USERS, { startTime: NOW, pageSize: '1' }, { rows: [], serverTimestamp: T0 });
		expect(await trigger.poll()).toBeNull();
		const answer = heldFeed(USERS, { startTime: T0 }, feedPage({ rows: [member('a', { signUpAt: at(1), updatedAt: at(1) })], serverTimestamp: at(2), nextCursor: 'c1' }));
		const returned: string[] = [];
		const slow = trigger.poll().then((items) => (returned.push('slow'), items));
		// The next tick: no interceptor is left, so a request would fail.
		const tick = trigger.poll().then((items) => (returned.push('tick'), items));
		expect(await tick).toBeNull();
		expect(returned).toEqual(['tick']);
		answer();
		expect(kinds(await slow)).toEqual(['a:newMember']);
		expect(trigger.saved.cursor).toBe('c1');
		expectAllCalled();
	});

	it('Start From = Now is kept from activation when the scheduler drops what the poll at activation saved (durable cursors)', async () => {
		// The workflow's global static data is what n8n saved at activation.
		const trigger = new TriggerUnderTest(memberType, { workflow: sharedWorkflow(), budgetMs: 36_000 });
		expectFeed(USERS, { startTime: NOW, pageSize: '1' }, { rows: [], serverTimestamp: T0 });
		expect(await trigger.poll()).toBeNull();
		// The scheduler keeps the trigger's own state apart and never committed the activation's.
		trigger.live = {};
		trigger.saved = {};
		// A member signs up; the first scheduled poll comes a minute after activation and reads from
		// a little before the start point (FEED_LIMITS.recoveryOverlapMs): the change before it fires nothing.
		clock.advance(60_000);
		const before = member('old', { signUpAt: at(-3), updatedAt: at(-3) });
		expectFeed(USERS, { startTime: at(-5) }, { rows: [before, member('a', { signUpAt: at(0.5), updatedAt: at(0.5) })], serverTimestamp: at(1), nextCursor: 'c1' });
		expect(kinds(await trigger.poll())).toEqual(['a:newMember']);
		expect([trigger.live.origin, trigger.live.cursor]).toEqual([NOW, 'c1']);
		expectAllCalled();
	});

	it('durable cursors that never committed: batches whose executions n8n dropped are read again from the start point, not from the record saved with them', async () => {
		const trigger = new TriggerUnderTest(memberType, { workflow: sharedWorkflow(), budgetMs: 36_000 });
		expectFeed(USERS, { startTime: NOW, pageSize: '1' }, { rows: [], serverTimestamp: T0 });
		expect(await trigger.poll()).toBeNull();
		trigger.live = {};
		clock.advance(60_000);
		const a = member('a', { signUpAt: at(0.5), updatedAt: at(0.5) });
		expectFeed(USERS, { startTime: at(-5) }, { rows: [a], serverTimestamp: at(1), nextCursor: 'c1' });
		expect(kinds(await trigger.poll())).toEqual(['a:newMember']);
		// n8n dropped the execution (the poll lost its lease): the cursor was not committed, but the
		// workflow's global static data, with the trigger's record, was saved at the emit.
		trigger.live = {};
		expect(await trigger.poll()).toBeNull();
		expectFeed(USERS, { startTime: at(-5) }, { rows: [a], serverTimestamp: at(1), nextCursor: 'c1' });
		expect(kinds(await trigger.poll())).toEqual(['a:newMember']);
		expectAllCalled();
	});

	it("a poll's request goes ahead of other executions' requests queued on its tier (legacy scheduler, no budget)", async () => {
		const trigger = new TriggerUnderTest(memberType, { workflow: sharedWorkflow() });
		expectFeed(USERS, { startTime: NOW, pageSize: '1' }, { rows: [], serverTimestamp: T0 });
		expect(await trigger.poll()).toBeNull();
		// Other executions' requests fill the Medium tier for about 70 s (10 at once, then 1 a second).
		const pacer = pacerFor(BASE_URL, String(CREDENTIALS.clientId), 'medium');
		let served = 0;
		const start = clock.now;
		const others = Array.from({ length: 80 }, async () => await pacer.acquire().then((ticket) => (served++, { ticket, at: clock.now - start })));
		let servedBefore = -1;
		nock(API)
			.get(USERS)
			.query({ pageSize: '100', startTime: T0 })
			.reply(() => ((servedBefore = served), [200, feedPage({ rows: [member('a', { signUpAt: at(1), updatedAt: at(1) })], serverTimestamp: at(2), nextCursor: 'c1' })]));
		expect(kinds(await trigger.poll())).toEqual(['a:newMember']);
		// Its turn came right after the burst (10) and at most one other request, not after all 80.
		expect(servedBefore).toBeGreaterThanOrEqual(0);
		expect(servedBefore).toBeLessThanOrEqual(12);
		expect(trigger.live.cursor).toBe('c1');
		// Every other request got its turn, none gave up, and the tier was used at its rate: 81
		// requests on the Medium tier (burst 10, 1 a second) take (81 - 10) s at least, 5 % more at most.
		const turns = await Promise.all(others);
		expect(turns.filter(({ ticket }) => typeof ticket !== 'object')).toEqual([]);
		const last = Math.max(...turns.map(({ at }) => at)) / 1000;
		expect(last).toBeGreaterThanOrEqual(81 - 10);
		expect(last).toBeLessThanOrEqual((81 - 10) * 1.05);
		expectAllCalled();
	});

	it("on n8n's durable scheduler (a budget) a poll's request queued behind the tier's other requests still has its turn inside the budget", async () => {
		const trigger = await activatedNow(new CommunityPlatformMemberTrigger(), USERS);
		const budgeted = new TriggerUnderTest(memberType, { budgetMs: 20_000 });
		budgeted.live = trigger.live;
		// Other executions' requests queued on the Medium tier (1 a second past its burst of 10):
		// in their order the feed's turn would come about 30 s from now, past the budget.
		const pacer = pacerFor(BASE_URL, String(CREDENTIALS.clientId), 'medium');
		let served = 0;
		const start = clock.now;
		const others = Array.from({ length: 40 }, async () => await pacer.acquire().then((ticket) => (served++, { ticket, at: clock.now - start })));
		let servedBefore = -1;
		nock(API)
			.get(USERS)
			.query({ pageSize: '100', startTime: T0 })
			.reply(() => ((servedBefore = served), [200, feedPage({ rows: [member('a', { signUpAt: at(1), updatedAt: at(1) })], serverTimestamp: at(2), nextCursor: 'c1' })]));
		expect(kinds(await budgeted.poll())).toEqual(['a:newMember']);
		// In their order its turn would have come after all 40 (about 30 s): it came after the burst.
		expect(servedBefore).toBeGreaterThanOrEqual(0);
		expect(servedBefore).toBeLessThanOrEqual(12);
		// The 40 others all had their turn after it, at the tier's rate: (41 - 10) s at least, 5 % more at most.
		const turns = await Promise.all(others);
		expect(turns.filter(({ ticket }) => typeof ticket !== 'object')).toEqual([]);
		const last = Math.max(...turns.map(({ at }) => at)) / 1000;
		expect(last).toBeGreaterThanOrEqual(41 - 10);
		expect(last).toBeLessThanOrEqual((41 - 10) * 1.05);
		expectAllCalled();
	});
});

describe('the credential', () => {
	it("a poll reads it once for all its pages; the next poll on the legacy scheduler's one context reads it again, so an edited token counts from that poll", async () => {
		let token = 'first-token';
		let reads = 0;
		const credentials = () => (reads++, { ...CREDENTIALS, accessToken: token });
		const trigger = new TriggerUnderTest(new CommunityPlatformMemberTrigger(), { parameters: { startFrom: 'beginning' }, credentials, sharedContext: true });
		const rows = Array.from({ length: 250 }, (_, i) => member(`m${i}`, { signUpAt: LONG_AGO, updatedAt: at(-100 + i / 10) }));
		for (let page = 0; page < 3; page++) {
			const slice = rows.slice(page * 100, page * 100 + 100);
			nock(API)
				.get(USERS)
				.query(page === 0 ? { pageSize: '100' } : { pageSize: '100', cursor: `c${page}` })
				.matchHeader('authorization', 'Bearer first-token')
				.reply(200, feedPage({ rows: slice, serverTimestamp: page === 2 ? T0 : String(slice[slice.length - 1].updatedAt), hasMore: page < 2, nextCursor: `c${page + 1}` }));
		}
		expect(await trigger.poll()).toHaveLength(250);
		expect(reads).toBe(1);
		expectAllCalled();

		token = 'second-token';
		clock.advance(60_000);
		nock(API).get(USERS).query(true).matchHeader('authorization', 'Bearer second-token').reply(200, feedPage({ rows: [], serverTimestamp: at(0) }));
		expect(await trigger.poll()).toBeNull();
		expect(reads).toBe(2);
		expectAllCalled();
	});
});
