/**
 * Each bounded memory of a trigger's state, taken past its bound (issue 46, points 3 and 4): what
 * docs/triggers.md says fires once fires once after the memory forgets, and what it says may come
 * again comes again only then.
 *
 * - recent rows (FEED_LIMITS.recentRows): a row sent again after more rows than the memory holds;
 *   rows that share one updatedAt, more of them than the memory holds, read over several polls
 *   with the cursor refused in between;
 * - announced moments (FEED_LIMITS.announcedMoments): a sign-up shown again after more sign-ups
 *   than the memory holds;
 * - held states (FEED_LIMITS.heldStates): an expired certificate, and a deactivated member, shown
 *   again after more held states than the memory holds.
 */
import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';
import nock from 'nock';

import { CommunityPlatformCourseCertificateTrigger } from '../../nodes/CommunityPlatformCourseCertificateTrigger/CommunityPlatformCourseCertificateTrigger.node';
import { CommunityPlatformMemberTrigger } from '../../nodes/CommunityPlatformMemberTrigger/CommunityPlatformMemberTrigger.node';
import { FEED_LIMITS } from '../../nodes/shared/feeds/state';
import { expectFeed, pollUntilQuiet, serveFeed, TriggerUnderTest } from '../helpers/pollHarness.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

const USERS = '/incremental/users';
const CERTIFICATES = '/incremental/course-certificates';
const NOW = '2026-11-20T12:00:00.000Z';
const T0 = '2026-11-20T11:58:00.000Z';
/**
 * A time `seconds` after 09:00 of the day: every row below is changed after the start point (Start
 * From = 08:00). Rows changed before 11:50 (the first poll less FEED_LIMITS.historyMarginMs) are
 * the history each record appears in once; the changes made again are after it (10,500 s: 11:55).
 */
const MORNING = Date.parse('2026-11-20T09:00:00.000Z');
const time = (seconds: number) => new Date(MORNING + seconds * 1000).toISOString();

useVirtualClock(Date.parse(NOW));
afterEach(() => nock.cleanAll());

const member = (id: string, fields: IDataObject) => ({ id, userId: id, userEmail: `${id}@example.com`, archived: false, removed: false, ...fields });
const changes = (items: IDataObject[] | null) => (items ?? []).map((item) => `${String(item.id)}:${String(item.changeType)}`);

/** A trigger that starts from 08:00 (Start From = a date): changes of the rows below are live, not history. */
function triggerFrom8(nodeType: INodeType, parameters: INodeParameters = {}) {
	return new TriggerUnderTest(nodeType, { parameters: { startFrom: 'date', startDate: '2026-11-20T08:00:00.000Z', ...parameters } });
}

/** Serves `rows` (oldest change first) in one go and polls until the trigger has read them all. */
async function readAll(trigger: TriggerUnderTest, rows: IDataObject[], path = USERS): Promise<IDataObject[]> {
	serveFeed(path, rows, { completeUpTo: T0, serverTimestampWithMore: 'completeUpTo' });
	const seen = await pollUntilQuiet(trigger);
	nock.cleanAll();
	return seen;
}

describe('recent rows, past their bound', () => {
	it(`a row sent again after ${FEED_LIMITS.recentRows + 100} later rows is not emitted again (Every Change)`, async () => {
		const trigger = triggerFrom8(new CommunityPlatformMemberTrigger(), { emit: 'everyChange', options: { maxItemsPerPoll: 10_000 } });
		const rows = Array.from({ length: FEED_LIMITS.recentRows + 101 }, (_, i) => member(`m${i}`, { signUpAt: time(i), updatedAt: time(i) }));
		expect(await readAll(trigger, rows)).toHaveLength(rows.length);
		expect(Object.keys(trigger.saved.recent as IDataObject)).toHaveLength(FEED_LIMITS.recentRows);
		// At least once: the feed sends the first row again, with a new one.
		const again = { ...rows[0] };
		const next = member('new', { signUpAt: time(10_500), updatedAt: time(10_500) });
		expectFeed(USERS, { cursor: `v1:${rows.length}` }, { rows: [again, next], serverTimestamp: T0, nextCursor: 'c9' });
		expect((await trigger.poll())?.map((item) => item.id)).toEqual(['new']);
	});

	// Issue 46, point 4: before, the rows that memory dropped at its floor counted as new.
	it.each([
		['Every Change', { emit: 'everyChange' }, 'upsert'],
		['Chosen Changes', { emit: 'chosenChanges' }, 'newMember'],
	])('%s: 2,000 rows with one updatedAt, Max Items per Poll 700, the cursor refused mid-backlog: every row once', async (_mode, emit, expected) => {
		const same = time(60);
		const rows = Array.from({ length: 2000 }, (_, i) => member(`m${String(i).padStart(4, '0')}`, { signUpAt: same, updatedAt: same }));
		const feed = serveFeed(USERS, rows, { completeUpTo: T0, serverTimestampWithMore: 'completeUpTo' });
		const trigger = triggerFrom8(new CommunityPlatformMemberTrigger(), { ...emit, options: { maxItemsPerPoll: 700 } });
		const seen = (await trigger.poll()) ?? [];
		expect(seen).toHaveLength(700);
		feed.upgradeCursors();
		seen.push(...(await pollUntilQuiet(trigger)));
		const counts = new Map<string, number>();
		for (const item of seen) counts.set(String(item.id), (counts.get(String(item.id)) ?? 0) + 1);
		expect([...counts.values()].filter((n) => n > 1)).toHaveLength(0);
		expect(counts.size).toBe(2000);
		expect(new Set(seen.map((item) => item.syncAction ?? item.changeType))).toEqual(new Set([expected]));
		// Once past that updatedAt, the memory is back within its bound.
		expect(Object.keys(trigger.saved.recent as IDataObject).length).toBeLessThanOrEqual(FEED_LIMITS.recentRows);
	});
});

describe('announced moments, past their bound', () => {
	it(`a member whose sign-up was announced ${FEED_LIMITS.announcedMoments + 100} sign-ups ago edits their profile: Profile Updated, not New Member again`, async () => {
		const trigger = triggerFrom8(new CommunityPlatformMemberTrigger(), { options: { maxItemsPerPoll: 10_000 } });
		const rows = Array.from({ length: FEED_LIMITS.announcedMoments + 101 }, (_, i) => member(`m${i}`, { signUpAt: time(i), updatedAt: time(i) }));
		const seen = await readAll(trigger, rows);
		expect(new Set(seen.map((item) => item.changeType))).toEqual(new Set(['newMember']));
		expect(seen).toHaveLength(rows.length);
		expect(Object.keys(trigger.saved.announced as IDataObject)).toHaveLength(FEED_LIMITS.announcedMoments);
		const edited = member('m0', { signUpAt: time(0), updatedAt: time(10_500), userTitle: 'CTO' });
		expectFeed(USERS, { cursor: `v1:${rows.length}` }, { rows: [edited], serverTimestamp: T0, nextCursor: 'c9' });
		expect(changes(await trigger.poll())).toEqual(['m0:profileUpdated']);
	});
});

describe('held states, past their bound', () => {
	const certificate = (i: number, fields: IDataObject) => ({
		id: `c${i}`,
		certificateId: `c${i}`,
		courseId: 'course-1',
		userId: `u${i}`,
		issuedAt: time(-3600),
		revokedAt: '',
		removed: false,
		...fields,
	});

	it(`a certificate reported as expired ${FEED_LIMITS.heldStates + 100} expiries ago is sent again: Expired does not fire again`, async () => {
		const trigger = triggerFrom8(new CommunityPlatformCourseCertificateTrigger(), { events: ['expired'], options: { maxItemsPerPoll: 10_000 } });
		const rows = Array.from({ length: FEED_LIMITS.heldStates + 101 }, (_, i) =>
			certificate(i, { certificateStatus: 'Expired', expiryDate: time(i), updatedAt: time(i) }),
		);
		const seen = await readAll(trigger, rows, CERTIFICATES);
		expect(seen.map((item) => item.changeType)).toEqual(rows.map(() => 'expired'));
		expect(Object.keys(trigger.saved.holding as IDataObject)).toHaveLength(FEED_LIMITS.heldStates);
		// The first one, changed again (still expired), and one that expired now.
		const again = certificate(0, { certificateStatus: 'Expired', expiryDate: time(0), updatedAt: time(10_500), recipientTitle: 'CTO' });
		const fresh = certificate(9999, { certificateStatus: 'Expired', expiryDate: time(10_501), updatedAt: time(10_501) });
		expectFeed(CERTIFICATES, { cursor: `v1:${rows.length}` }, { rows: [again, fresh], serverTimestamp: T0, nextCursor: 'c9' });
		expect(changes(await trigger.poll())).toEqual(['c9999:expired']);
	});

	it(`a member reported as deactivated is edited: Profile Updated while the trigger remembers the deactivation (the ${FEED_LIMITS.heldStates} seen most recently), Deactivated again once it has forgotten it, as docs/triggers.md says`, async () => {
		const trigger = triggerFrom8(new CommunityPlatformMemberTrigger(), { options: { maxItemsPerPoll: 10_000 } });
		const count = FEED_LIMITS.heldStates + 1;
		const rows = Array.from({ length: count }, (_, i) => member(`m${i}`, { signUpAt: time(-7200), archived: true, updatedAt: time(i) }));
		const seen = await readAll(trigger, rows);
		expect(seen.map((item) => item.changeType)).toEqual(rows.map(() => 'deactivated'));
		// The latest remembered one, then the first (forgotten: the memory holds the last 1,000 seen).
		const remembered = member(`m${count - 1}`, { signUpAt: time(-7200), archived: true, updatedAt: time(10_500), userTitle: 'CTO' });
		const forgotten = member('m0', { signUpAt: time(-7200), archived: true, updatedAt: time(10_501), userTitle: 'CTO' });
		expectFeed(USERS, { cursor: `v1:${rows.length}` }, { rows: [remembered, forgotten], serverTimestamp: T0, nextCursor: 'c9' });
		expect(changes(await trigger.poll())).toEqual([`m${count - 1}:profileUpdated`, 'm0:deactivated']);
	});
});
