/**
 * A trigger through a deployment's life (issue 30), on n8n's legacy scheduler as n8n 1.x and
 * 2.x run it (test/helpers/pollHarness.cts `Deployment`): renamed, copied into another
 * workflow, sharing its id with a pasted node, saved while a poll runs, next to a trigger that
 * waits on an API that hangs. Each case checks exactly which changes arrive.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import { CommunityPlatformMemberTrigger } from '../../nodes/CommunityPlatformMemberTrigger/CommunityPlatformMemberTrigger.node';
import { FEED_LIMITS, WorkingState } from '../../nodes/shared/feeds/state';
import { clock as sharedClock } from '../../nodes/shared/transport/clock';
import { Deployment, expectFeed, feedPage, heldFeed, TriggerUnderTest } from '../helpers/pollHarness.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

const USERS = '/incremental/users';
const NOW = '2026-11-20T12:00:00.000Z';
const T0 = '2026-11-20T11:58:00.000Z';
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

const clock = useVirtualClock(Date.parse(NOW));
afterEach(() => nock.cleanAll());

const member = (id: string, minutes: number) => ({
	id,
	userId: id,
	userEmail: `${id}@example.com`,
	signUpAt: at(minutes),
	updatedAt: at(minutes),
	archived: false,
	removed: false,
});
const ids = (items: IDataObject[] | null) => (items ?? []).map((item) => String(item.id));
const memberType = new CommunityPlatformMemberTrigger();
const TRIGGER = { id: 'node-1', name: 'Member Trigger' };

/** A deployment whose Member Trigger (Start From = Now) was activated at 12:00 and delivered member a. */
async function delivering(): Promise<Deployment> {
	const deployment = new Deployment(memberType);
	deployment.activate([TRIGGER]);
	expectFeed(USERS, { startTime: NOW, pageSize: '1' }, { rows: [], serverTimestamp: T0 });
	expect(await deployment.poll(TRIGGER.name)).toBeNull();
	clock.advance(60_000);
	expectFeed(USERS, { startTime: T0 }, { rows: [member('a', 0.5)], serverTimestamp: at(1), nextCursor: 'c1' });
	expect(ids(await deployment.poll(TRIGGER.name))).toEqual(['a']);
	return deployment;
}

describe('a trigger through the edits of a deployment', () => {
	it('renamed while active: it goes on from where it was (nothing replayed, nothing lost)', async () => {
		const deployment = await delivering();
		// Renamed and saved: n8n's node static data is keyed by the name, so the new name has none.
		deployment.activate([{ ...TRIGGER, name: 'New Members' }]);
		expectFeed(USERS, { cursor: 'c1' }, { rows: [member('b', 1.5)], serverTimestamp: at(2), nextCursor: 'c2' });
		expect(ids(await deployment.poll('New Members'))).toEqual(['b']);
		expectFeed(USERS, { cursor: 'c2' }, { rows: [member('c', 2.5)], serverTimestamp: at(3), nextCursor: 'c3' });
		expect(ids(await deployment.poll('New Members'))).toEqual(['c']);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('a node pasted with the same id as an active trigger starts afresh: the two never share a start point', async () => {
		const deployment = await delivering();
		clock.advance(60_000);
		deployment.activate([TRIGGER, { ...TRIGGER, name: 'Pasted Trigger' }]);
		// The pasted one polls first: the record under the shared id is the other node's.
		expectFeed(USERS, { startTime: at(2), pageSize: '1' }, { rows: [], serverTimestamp: at(0) });
		expect(await deployment.poll('Pasted Trigger')).toBeNull();
		expectFeed(USERS, { cursor: 'c1' }, { rows: [member('b', 1.7)], serverTimestamp: at(2.5), nextCursor: 'c2' });
		expect(ids(await deployment.poll(TRIGGER.name))).toEqual(['b']);
		// The pasted one reads from where the feed was complete at its activation (12:00): b was
		// changed before its start (12:02, the API's time then), so only c fires.
		expectFeed(USERS, { startTime: at(0) }, { rows: [member('b', 1.7), member('c', 2.2)], serverTimestamp: at(2.5), nextCursor: 'p2' });
		expect(ids(await deployment.poll('Pasted Trigger'))).toEqual(['c']);
		const records = Object.keys(deployment.saved.global as IDataObject).filter((key) => key.startsWith('communityPlatformTrigger'));
		expect(records).toEqual([`communityPlatformTrigger:${TRIGGER.id}`]);
		expect(((deployment.saved.global as IDataObject)[records[0]] as IDataObject).node).toBe(TRIGGER.name);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('a copy of the workflow imported with its static data starts afresh: no history, and the original goes on', async () => {
		const original = await delivering();
		clock.advance(60_000);
		const copy = new Deployment(memberType, 'wf-copy');
		copy.activate([TRIGGER], original.saved);
		expectFeed(USERS, { startTime: at(2), pageSize: '1' }, { rows: [], serverTimestamp: at(0) });
		expect(await copy.poll(TRIGGER.name)).toBeNull();
		expectFeed(USERS, { startTime: at(0) }, { rows: [member('d', 2.5)], serverTimestamp: at(3), nextCursor: 'k2' });
		expect(ids(await copy.poll(TRIGGER.name))).toEqual(['d']);
		expectFeed(USERS, { cursor: 'c1' }, { rows: [member('d', 2.5)], serverTimestamp: at(3), nextCursor: 'c2' });
		expect(ids(await original.poll(TRIGGER.name))).toEqual(['d']);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('records of deleted triggers are dropped after FEED_LIMITS.recordTtlMs', async () => {
		const deployment = await delivering();
		const global = deployment.workflow.getStaticData('global');
		global['communityPlatformTrigger:gone'] = { node: 'Deleted', savedAt: new Date(clock.now).toISOString(), state: {} };
		clock.advance(FEED_LIMITS.recordTtlMs);
		expectFeed(USERS, { cursor: 'c1' }, { rows: [member('b', 2)], serverTimestamp: at(3), nextCursor: 'c2' });
		await deployment.poll(TRIGGER.name);
		expect(Object.keys(global).sort()).toEqual(['communityPlatformTrigger:gone', `communityPlatformTrigger:${TRIGGER.id}`]);
		clock.advance(1_000);
		expectFeed(USERS, { cursor: 'c2' }, { rows: [member('c', 3)], serverTimestamp: at(4), nextCursor: 'c3' });
		await deployment.poll(TRIGGER.name);
		expect(Object.keys(global)).toEqual([`communityPlatformTrigger:${TRIGGER.id}`]);
	});
});

describe('saving while a poll runs', () => {
	/**
	 * A delivering trigger whose poll (reading member b) is still waiting on the API when the
	 * workflow is saved and re-published: the new Workflow object's poll at activation finds it
	 * running and reads nothing; then its answer comes, and n8n 2.x discards its result (the poll
	 * is no longer current), so the state saved is still the one before it.
	 */
	async function savedDuringPoll(): Promise<Deployment> {
		const deployment = await delivering();
		const old = deployment.workflow;
		const answer = heldFeed(USERS, { cursor: 'c1' }, feedPage({ rows: [member('b', 1.5)], serverTimestamp: at(2), nextCursor: 'c2' }));
		const inFlight = deployment.poll(TRIGGER.name, old, { discard: true });
		deployment.activate([TRIGGER]);
		expect(await deployment.poll(TRIGGER.name)).toBeNull();
		answer();
		expect(await inFlight).toBeNull();
		return deployment;
	}

	it('n8n 2.x drops the overtaken poll\'s batch; after one poll\'s wait the new version reads it again: delivered once', async () => {
		const deployment = await savedDuringPoll();
		// The state is the one the dropped batch was read from: this poll waits (its save may still be on the way).
		expect(await deployment.poll(TRIGGER.name)).toBeNull();
		expectFeed(USERS, { cursor: 'c1' }, { rows: [member('b', 1.5), member('c', 2.5)], serverTimestamp: at(3), nextCursor: 'c3' });
		expect(ids(await deployment.poll(TRIGGER.name))).toEqual(['b', 'c']);
		expect((deployment.saved[`node:${TRIGGER.name}`] as IDataObject).cursor).toBe('c3');
		expect(nock.pendingMocks()).toEqual([]);
	});
});

describe('n8n restarted', () => {
	it('a clean restart after a batch reads on from the saved state: nothing twice, New Member once', async () => {
		const deployment = await delivering();
		clock.advance(60_000);
		expectFeed(USERS, { cursor: 'c1' }, { rows: [member('b', 1.5)], serverTimestamp: at(2), nextCursor: 'c2' });
		expect(ids(await deployment.poll(TRIGGER.name))).toEqual(['b']);
		// Stopped, and started again from what n8n saved, a minute later and ten minutes later.
		for (const [minutes, next] of [[1, 'c'], [10, 'd']] as const) {
			clock.advance(minutes * 60_000);
			deployment.activate([TRIGGER]);
			const cursor = next === 'c' ? 'c2' : 'c3';
			expectFeed(USERS, { cursor }, { rows: [member(next, 3 + minutes)], serverTimestamp: at(4 + minutes), nextCursor: next === 'c' ? 'c3' : 'c4' });
			const items = await deployment.poll(TRIGGER.name);
			expect(ids(items)).toEqual([next]);
			expect(items?.[0].changeType).toBe('newMember');
		}
		expect(nock.pendingMocks()).toEqual([]);
	});
});

describe('renamed, then renamed back', () => {
	it('goes on from the newest position: nothing twice', async () => {
		const deployment = await delivering();
		deployment.activate([{ ...TRIGGER, name: 'New Members' }]);
		expectFeed(USERS, { cursor: 'c1' }, { rows: [member('b', 1.5)], serverTimestamp: at(2), nextCursor: 'c2' });
		expect(ids(await deployment.poll('New Members'))).toEqual(['b']);
		// Back to its old name, whose static data still holds the position before b.
		deployment.activate([TRIGGER]);
		expect((deployment.workflow.staticData[`node:${TRIGGER.name}`] as IDataObject).cursor).toBe('c1');
		expectFeed(USERS, { cursor: 'c2' }, { rows: [member('b', 1.5), member('c', 2.5)], serverTimestamp: at(3), nextCursor: 'c3' });
		expect(ids(await deployment.poll(TRIGGER.name))).toEqual(['c']);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('a new trigger given a deleted trigger\'s name starts afresh: it does not take the old state', async () => {
		const deployment = await delivering();
		clock.advance(60_000);
		deployment.activate([{ id: 'node-new', name: TRIGGER.name }]);
		expectFeed(USERS, { startTime: at(2), pageSize: '1' }, { rows: [], serverTimestamp: at(0) });
		expect(await deployment.poll(TRIGGER.name)).toBeNull();
		expect(deployment.saved[`node:${TRIGGER.name}`] as IDataObject).toMatchObject({ nodeId: 'node-new', cursor: null, origin: at(2) });
		expect(nock.pendingMocks()).toEqual([]);
	});
});

describe('a trigger whose API hangs', () => {
	it('holds up only itself: the workflow\'s other trigger delivers while its request waits', async () => {
		const deployment = new Deployment(memberType);
		const other = { id: 'node-2', name: 'Other Trigger' };
		deployment.activate([TRIGGER, other]);
		for (let i = 0; i < 2; i++) expectFeed(USERS, { startTime: NOW, pageSize: '1' }, { rows: [], serverTimestamp: T0 });
		await deployment.poll(TRIGGER.name);
		await deployment.poll(other.name);
		// The first trigger's request gets no answer until the end of the test.
		const answer = heldFeed(USERS, { startTime: T0 }, feedPage({ rows: [member('h', 0.2)], serverTimestamp: at(1), nextCursor: 'h1' }));
		const hanging = deployment.poll(TRIGGER.name);
		expectFeed(USERS, { startTime: T0 }, { rows: [member('a', 0.5)], serverTimestamp: at(1), nextCursor: 'o1' });
		const order: string[] = [];
		const started = clock.now;
		const delivered = deployment.poll(other.name).then((items) => (order.push('other'), items));
		void hanging.then(() => order.push('hanging'));
		expect(ids(await delivered)).toEqual(['a']);
		expect(order).toEqual(['other']);
		// Returned at once, not when a wait for the hanging poll gave up (FEED_LIMITS.stuckPollMs).
		expect(clock.now - started).toBeLessThan(10_000);
		answer();
		expect(ids(await hanging)).toEqual(['h']);
		expect(order).toEqual(['other', 'hanging']);
	});
});

describe("n8n's durable scheduler runs a poll twice (at least once)", () => {
	/** An activated trigger with a poll budget, and the state before its first batch. */
	async function durable() {
		const trigger = new TriggerUnderTest(memberType, { budgetMs: 36_000 });
		expectFeed(USERS, { startTime: NOW, pageSize: '1' }, { rows: [], serverTimestamp: T0 });
		expect(await trigger.poll()).toBeNull();
		const before = structuredClone(trigger.live);
		expectFeed(USERS, { startTime: T0 }, { rows: [member('a', 0.5)], serverTimestamp: at(1), nextCursor: 'c1' });
		expect(ids(await trigger.poll())).toEqual(['a']);
		return { trigger, before, after: structuredClone(trigger.live) };
	}

	it('run again before n8n committed the batch\'s state: the second run reads nothing, and the next poll reads on', async () => {
		const { trigger, before, after } = await durable();
		trigger.live = structuredClone(before);
		// No interceptor: a request would fail.
		expect(await trigger.poll()).toBeNull();
		trigger.live = after;
		expectFeed(USERS, { cursor: 'c1' }, { rows: [member('b', 1.5)], serverTimestamp: at(2), nextCursor: 'c2' });
		expect(ids(await trigger.poll())).toEqual(['b']);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('a batch n8n dropped is read again at the poll after next: nothing lost', async () => {
		const { trigger, before } = await durable();
		trigger.live = structuredClone(before);
		expect(await trigger.poll()).toBeNull();
		trigger.live = structuredClone(before);
		expectFeed(USERS, { startTime: T0 }, { rows: [member('a', 0.5)], serverTimestamp: at(1), nextCursor: 'c1' });
		expect(ids(await trigger.poll())).toEqual(['a']);
		expect(nock.pendingMocks()).toEqual([]);
	});
});

describe('the package loaded again in place (n8n reloads an updated community package)', () => {
	it("the new copy keeps no bookkeeping of the old copy's polls: its poll reads from the saved state while the old one still runs", async () => {
		const running = new TriggerUnderTest(memberType);
		expectFeed(USERS, { startTime: NOW, pageSize: '1' }, { rows: [], serverTimestamp: T0 });
		expect(await running.poll()).toBeNull();
		const answer = heldFeed(USERS, { startTime: T0 }, feedPage({ rows: [member('a', 0.5)], serverTimestamp: at(1), nextCursor: 'c1' }));
		const slow = running.poll();
		let Fresh: typeof CommunityPlatformMemberTrigger | undefined;
		await jest.isolateModulesAsync(async () => {
			// The new copy tells time as the old one does (both read the host's clock in n8n).
			(await import('../../nodes/shared/transport/clock')).useClock(sharedClock);
			Fresh = (await import('../../nodes/CommunityPlatformMemberTrigger/CommunityPlatformMemberTrigger.node')).CommunityPlatformMemberTrigger;
		});
		expect(Fresh).toBeDefined();
		expect(Fresh).not.toBe(CommunityPlatformMemberTrigger);
		const reloaded = new TriggerUnderTest(new Fresh!());
		reloaded.live = running.live;
		// Both copies read the same rows from the same saved state (docs/triggers.md: a batch can
		// then arrive twice, with the same changeKey).
		expectFeed(USERS, { startTime: T0 }, { rows: [member('a', 0.5)], serverTimestamp: at(1), nextCursor: 'c1' });
		expect(ids(await reloaded.poll())).toEqual(['a']);
		answer();
		expect(ids(await slow)).toEqual(['a']);
		expect(nock.pendingMocks()).toEqual([]);
	});
});

describe('the state at its bounds', () => {
	const docs = () => fs.readFileSync(path.join(__dirname, '../../docs/triggers.md'), 'utf8');
	it.each([
		["the API's 24-character ids", (i: number) => `6744a1f0c2b3d4e5f6a7${String(i).padStart(4, '0')}`],
		['36-character ids (UUIDs)', (i: number) => `0f9a3c2e-6b1d-4e8f-9a7c-${String(i).padStart(12, '0')}`],
	])('with %s, every memory full, the longest change kinds and a long cursor: the size docs/triggers.md gives', (what, id) => {
		const state = WorkingState.start('now', Date.parse(NOW));
		// Twice as many of each as the memory holds, all changed in the last minute: a bulk change.
		const time = (i: number) => Date.parse(NOW) + i;
		for (let i = 0; i < FEED_LIMITS.recentRows * 2; i++) state.rememberRow(id(i), time(i));
		for (let i = 0; i < FEED_LIMITS.announcedMoments * 2; i++) state.announceMoment(`cancelledOrReset:${id(i)}`, time(i));
		for (let i = 0; i < FEED_LIMITS.heldStates * 2; i++) state.announceState(`deactivated:${id(i)}`, true, time(i), true);
		state.advanceReadTo(time(FEED_LIMITS.announcedMoments * 2));
		state.cursor = 'x'.repeat(200);
		state.settled = [time(0), time(FEED_LIMITS.announcedMoments * 2)];
		state.workflowId = 'AbCdEfGhIjKlMnOp';
		state.nodeId = '0f9a3c2e-6b1d-4e8f-9a7c-5d3b2e1f0a9c';
		const saved: IDataObject = {};
		state.saveTo(saved);
		expect(Object.keys(saved.recent as IDataObject)).toHaveLength(FEED_LIMITS.recentRows);
		expect(Object.keys(saved.announced as IDataObject)).toHaveLength(FEED_LIMITS.announcedMoments);
		expect(Object.keys(saved.holding as IDataObject)).toHaveLength(FEED_LIMITS.heldStates);
		const record = { node: 'Community Platform Member Trigger', savedAt: NOW, state: state.position() };
		const kb = Math.round((JSON.stringify(saved).length + JSON.stringify(record).length) / 1024);
		process.stderr.write(`[state size] ${what}: ${kb} KB\n`);
		expect(docs()).toContain(`${kb} KB with ${what}`);
	});
});
