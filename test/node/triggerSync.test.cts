/**
 * Emit = Every Change, the triggers' mode for keeping an external copy in sync (docs/sync.md),
 * on all four feeds, in n8n-core's real PollContext with nock answering the feeds: each version
 * of a row once, tombstones as deletions, rows that fire no change kind too, re-delivered rows
 * dropped, a cursor refused in the middle of a backlog, Start From Beginning and Now.
 */
import type { IDataObject, INodeType } from 'n8n-workflow';
import nock from 'nock';

import { CommunityPlatformCourseCertificateTrigger } from '../../nodes/CommunityPlatformCourseCertificateTrigger/CommunityPlatformCourseCertificateTrigger.node';
import { CommunityPlatformCourseEnrollmentTrigger } from '../../nodes/CommunityPlatformCourseEnrollmentTrigger/CommunityPlatformCourseEnrollmentTrigger.node';
import { CommunityPlatformEventAttendeeTrigger } from '../../nodes/CommunityPlatformEventAttendeeTrigger/CommunityPlatformEventAttendeeTrigger.node';
import { CommunityPlatformMemberTrigger } from '../../nodes/CommunityPlatformMemberTrigger/CommunityPlatformMemberTrigger.node';
import { defaultsOf, outputFor } from '../../nodes/shared/output/schema';
import { triggerOutput } from '../../nodes/shared/triggers/outputs';
import { validatorOf } from '../../tools/n8n/outputSchemas.cjs';
import { expectFeed, pollUntilQuiet, serveFeed, TriggerUnderTest } from '../helpers/pollHarness.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

const NOW = '2026-11-20T12:00:00.000Z';
const T0 = '2026-11-20T11:58:00.000Z';
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
const HISTORY = Date.parse('2025-06-01T00:00:00.000Z');
const hour = (i: number) => new Date(HISTORY + i * 3_600_000).toISOString();

useVirtualClock(Date.parse(NOW));
afterEach(() => expect(nock.pendingMocks()).toEqual([]));

/**
 * Each feed: its trigger, path, and rows of one record changing in ways the Chosen Changes mode
 * would not all announce (a profile edit, a presence ping, a progress snapshot, a field without
 * a status change), then a tombstone.
 */
interface FeedCase {
	name: string;
	node: () => INodeType;
	path: string;
	/** Version `v` of record `id` (0: created; higher: a change no kind announces). */
	row(id: string, v: number, updatedAt: string): IDataObject;
	/** The Filters that leave record "other" out of scope (the Member Trigger has none). */
	filters: IDataObject;
}

const FEEDS: FeedCase[] = [
	{
		name: 'members',
		node: () => new CommunityPlatformMemberTrigger(),
		path: '/incremental/users',
		row: (id, v, updatedAt) => ({ id, userId: id, userEmail: `${id}@example.com`, userCompany: `Co ${v}`, signUpAt: hour(0), archived: v === 3, removed: false, updatedAt }),
		filters: {},
	},
	{
		name: 'event attendees',
		node: () => new CommunityPlatformEventAttendeeTrigger(),
		path: '/incremental/event-attendees',
		row: (id, v, updatedAt) => ({
			id,
			attendeeId: id,
			eventId: id === 'other' ? 'ev2' : 'ev1',
			registeredAt: hour(0),
			lastOnlineAt: v > 0 ? updatedAt : '',
			ticketType: v > 1 ? 'VIP' : 'General',
			registrationSource: 'adminPublicAPI',
			cancelledAt: '',
			removed: false,
			updatedAt,
		}),
		filters: { eventIds: ['ev1'] },
	},
	{
		name: 'course enrollments',
		node: () => new CommunityPlatformCourseEnrollmentTrigger(),
		path: '/incremental/course-enrollments',
		row: (id, v, updatedAt) => ({ id, courseId: id === 'other' ? 'c2' : 'c1', enrolledAt: hour(0), progress: `${v * 25}%`, score: v > 2 ? '90' : '', activeStatus: 'ACTIVE', completedAt: '', terminatedAt: '', removed: false, updatedAt }),
		filters: { courseIds: 'c1' },
	},
	{
		name: 'course certificates',
		node: () => new CommunityPlatformCourseCertificateTrigger(),
		path: '/incremental/course-certificates',
		row: (id, v, updatedAt) => ({ id, certificateId: id, courseId: id === 'other' ? 'c2' : 'c1', certificateStatus: 'Issued', issuedAt: hour(0), certificateUrl: `https://example.com/${id}/${v}`, expiryDate: '', revokedAt: '', removed: false, updatedAt }),
		filters: { courseIds: 'c1' },
	},
];

const tombstone = (id: string, when: string) => ({ id, removed: true, removedAt: when, updatedAt: when });
const keyOf = (row: IDataObject) => `${String(row.id)}:${String(row.updatedAt)}`;
const syncTrigger = (c: FeedCase, parameters: IDataObject = {}) =>
	new TriggerUnderTest(c.node(), { parameters: { emit: 'everyChange', startFrom: 'beginning', ...parameters } });

/** 300 records, each created, then changed three times and some deleted, in feed order. */
function history(c: FeedCase): IDataObject[] {
	const rows: IDataObject[] = [];
	let t = 0;
	for (let v = 0; v < 4; v++) for (let i = 0; i < 300; i++) if (v === 0 || i % 3 === v - 1) rows.push(c.row(`r${i}`, v, hour(++t)));
	for (let i = 0; i < 300; i += 7) rows.push(tombstone(`r${i}`, hour(++t)));
	return rows;
}

describe.each(FEEDS)('Emit = Every Change on the $name feed', (c) => {
	it('Start From Beginning: every version of every row once, in feed order, tombstones as deletions; a cursor refused mid-backlog loses and repeats nothing', async () => {
		const rows = history(c);
		const feed = serveFeed(c.path, rows, { completeUpTo: T0, serverTimestampWithMore: 'completeUpTo' });
		const trigger = syncTrigger(c, { options: { maxItemsPerPoll: 250 } });
		const seen = (await trigger.poll()) ?? [];
		expect(seen).toHaveLength(250);
		feed.upgradeCursors();
		seen.push(...(await pollUntilQuiet(trigger)));

		expect(seen.map(keyOf)).toEqual(rows.map(keyOf));
		// Each item is the row with all its fields, and what a copy does with it, keyed on id.
		seen.forEach((item, i) => {
			const { syncAction, changeTypes, changeKey, ...row } = item;
			expect(row).toEqual(rows[i]);
			expect(syncAction).toBe(rows[i].removed === true ? 'delete' : 'upsert');
			expect(changeKey).toBe(keyOf(rows[i]));
			expect(Array.isArray(changeTypes)).toBe(true);
		});
		expect(seen.filter((item) => item.syncAction === 'delete')).toHaveLength(43);
		// Every item, tombstones included, matches the output schema the trigger declares.
		const { name, properties } = c.node().description;
		const validate = validatorOf(outputFor(triggerOutput(name), defaultsOf(properties)));
		expect(seen.filter((item) => !validate(item)).map((item) => `${keyOf(item)}: ${JSON.stringify(validate.errors)}`)).toEqual([]);
	});

	it('a row delivered again, or an older version of it, is dropped; a newer version is emitted', async () => {
		const trigger = syncTrigger(c);
		const first = [c.row('a', 0, hour(1)), c.row('b', 0, hour(2))];
		expectFeed(c.path, {}, { rows: first, serverTimestamp: T0, nextCursor: 'c1' });
		expect((await trigger.poll())?.map(keyOf)).toEqual(first.map(keyOf));
		// At least once: the feed may show rows again. Only b's new version and a's deletion are new.
		const again = [c.row('a', 0, hour(1)), c.row('b', 1, at(1)), c.row('b', 0, hour(2)), tombstone('a', at(2)), tombstone('a', at(2))];
		expectFeed(c.path, { cursor: 'c1' }, { rows: again, serverTimestamp: at(3), nextCursor: 'c2' });
		const items = (await trigger.poll()) ?? [];
		expect(items.map((item) => `${keyOf(item)}:${String(item.syncAction)}`)).toEqual([`b:${at(1)}:upsert`, `a:${at(2)}:delete`]);
	});

	it('Start From Now: only changes made after activation; filters keep their rows out, but not tombstones', async () => {
		const trigger = syncTrigger(c, { startFrom: 'now', filters: c.filters });
		expectFeed(c.path, { startTime: NOW, pageSize: '1' }, { rows: [], serverTimestamp: T0 });
		expect(await trigger.poll()).toBeNull();
		const rows = [c.row('before', 0, at(-1)), c.row('a', 1, at(1)), c.row('other', 1, at(2)), tombstone('gone', at(3))];
		expectFeed(c.path, { startTime: T0 }, { rows, serverTimestamp: at(4), nextCursor: 'c1' });
		// The Member Trigger has no filters: its "other" row is in scope.
		const inScope = Object.keys(c.filters).length === 0 ? [`other:${at(2)}`] : [];
		expect((await trigger.poll())?.map(keyOf)).toEqual([`a:${at(1)}`, ...inScope, `gone:${at(3)}`]);
	});
});

describe('Emit = Every Change, per trigger', () => {
	it('the Member Trigger asks for the chosen includes and ignores Trigger On', async () => {
		const trigger = syncTrigger(FEEDS[0], { events: ['removed'], options: { include: ['questionnaire', 'spaces'] } });
		const rows = [{ ...FEEDS[0].row('a', 1, hour(1)), questionnaire: { Role: 'Ops' }, spaces: ['Members'] }];
		expectFeed('/incremental/users', { includes: 'questionnaire,spaces' }, { rows, serverTimestamp: T0, nextCursor: 'c1' });
		const items = (await trigger.poll()) ?? [];
		expect(items).toEqual([expect.objectContaining({ syncAction: 'upsert', questionnaire: { Role: 'Ops' }, spaces: ['Members'], changeTypes: ['newMember'] })]);
	});

	it('the Event Attendee Trigger emits registrations made through the API too', async () => {
		const trigger = syncTrigger(FEEDS[1]);
		const rows = [FEEDS[1].row('a', 0, hour(1))];
		expectFeed('/incremental/event-attendees', {}, { rows, serverTimestamp: T0, nextCursor: 'c1' });
		expect((await trigger.poll())?.map((item) => item.registrationSource)).toEqual(['adminPublicAPI']);
	});
});
