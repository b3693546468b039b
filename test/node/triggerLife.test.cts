/**
 * A trigger through a deployment's life (issue 30), on n8n's legacy scheduler as n8n 1.x and
 * 2.x run it (test/helpers/pollHarness.cts `Deployment`): renamed, copied into another
 * workflow, sharing its id with a pasted node, saved while a poll runs, next to a trigger that
 * waits on an API that hangs. Each case checks exactly which changes arrive.
 */
import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import { CommunityPlatformMemberTrigger } from '../../nodes/CommunityPlatformMemberTrigger/CommunityPlatformMemberTrigger.node';
import { FEED_LIMITS } from '../../nodes/shared/feeds/state';
import { restartProcess } from '../../nodes/shared/feeds/store';
import { Deployment, expectFeed, feedPage, heldFeed } from '../helpers/pollHarness.cjs';
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
		expectFeed(USERS, { startTime: at(2), pageSize: '1' }, { rows: [], serverTimestamp: at(1.5) });
		expect(await deployment.poll('Pasted Trigger')).toBeNull();
		expectFeed(USERS, { cursor: 'c1' }, { rows: [member('b', 1.7)], serverTimestamp: at(2.5), nextCursor: 'c2' });
		expect(ids(await deployment.poll(TRIGGER.name))).toEqual(['b']);
		// The pasted one reads from where the feed was complete at its activation (12:01:30): b was
		// changed before its start (12:02), so only c fires.
		expectFeed(USERS, { startTime: at(1.5) }, { rows: [member('b', 1.7), member('c', 2.2)], serverTimestamp: at(2.5), nextCursor: 'p2' });
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
		expectFeed(USERS, { startTime: at(2), pageSize: '1' }, { rows: [], serverTimestamp: at(1.8) });
		expect(await copy.poll(TRIGGER.name)).toBeNull();
		expectFeed(USERS, { startTime: at(1.8) }, { rows: [member('d', 2.5)], serverTimestamp: at(3), nextCursor: 'k2' });
		expect(ids(await copy.poll(TRIGGER.name))).toEqual(['d']);
		expectFeed(USERS, { cursor: 'c1' }, { rows: [member('d', 2.5)], serverTimestamp: at(3), nextCursor: 'c2' });
		expect(ids(await original.poll(TRIGGER.name))).toEqual(['d']);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('records of deleted triggers are dropped after FEED_LIMITS.recordTtlMs; the old start key on sight', async () => {
		const deployment = await delivering();
		const global = deployment.workflow.getStaticData('global');
		global['communityPlatformTrigger:gone'] = { node: 'Deleted', savedAt: new Date(clock.now).toISOString(), state: {} };
		global['communityPlatformTriggerStart:node-1'] = { version: 1 };
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
	 * running and reads nothing; then its answer comes, and it ends having emitted nothing
	 * (n8n 1.x would emit it through the old object and save its state into the old copy).
	 */
	async function savedDuringPoll(): Promise<Deployment> {
		const deployment = await delivering();
		const old = deployment.workflow;
		const answer = heldFeed(USERS, { cursor: 'c1' }, feedPage({ rows: [member('b', 1.5)], serverTimestamp: at(2), nextCursor: 'c2' }));
		const inFlight = deployment.poll(TRIGGER.name, old);
		deployment.activate([TRIGGER]);
		expect(await deployment.poll(TRIGGER.name)).toBeNull();
		answer();
		expect(await inFlight).toBeNull();
		return deployment;
	}

	it('the poll on the old Workflow object emits nothing; the next poll on the new one delivers what it read, once', async () => {
		const deployment = await savedDuringPoll();
		expectFeed(USERS, { cursor: 'c2' }, { rows: [member('c', 2.5)], serverTimestamp: at(3), nextCursor: 'c3' });
		expect(ids(await deployment.poll(TRIGGER.name))).toEqual(['b', 'c']);
		expect((deployment.saved[`node:${TRIGGER.name}`] as IDataObject).cursor).toBe('c3');
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('a hand-over is taken only by a poll that starts from the same state', async () => {
		const deployment = await savedDuringPoll();
		// Meanwhile the state moved on (saved by another main instance, say): the hand-over is stale.
		const node = deployment.workflow.staticData[`node:${TRIGGER.name}`] as IDataObject;
		node.generation = Number(node.generation) + 1;
		expectFeed(USERS, { cursor: 'c1' }, { rows: [member('b', 1.5)], serverTimestamp: at(2), nextCursor: 'c2' });
		expect(ids(await deployment.poll(TRIGGER.name))).toEqual(['b']);
		expect(nock.pendingMocks()).toEqual([]);
	});
});

describe('n8n killed while a poll emits (its state saved, its execution not recorded)', () => {
	/** A deployment that delivered a, then b; n8n saved the state past b, then died before recording b's execution. */
	async function killedAfterSavingB(): Promise<Deployment> {
		const deployment = await delivering();
		clock.advance(60_000);
		expectFeed(USERS, { cursor: 'c1' }, { rows: [member('b', 1.5)], serverTimestamp: at(2), nextCursor: 'c2' });
		expect(ids(await deployment.poll(TRIGGER.name))).toEqual(['b']);
		restartProcess();
		return deployment;
	}

	it('started again within FEED_LIMITS.rereadAfterRestartMs, it reads the batch again: b arrives at least once, nothing is lost', async () => {
		const deployment = await killedAfterSavingB();
		clock.advance(90_000);
		deployment.activate([TRIGGER]);
		expectFeed(USERS, { cursor: 'c1' }, { rows: [member('b', 1.5), member('c', 3)], serverTimestamp: at(4), nextCursor: 'c3' });
		expect(ids(await deployment.poll(TRIGGER.name))).toEqual(['b', 'c']);
		// The new process's next poll confirms c's batch: it reads on from after it.
		expectFeed(USERS, { cursor: 'c3' }, { rows: [member('d', 4)], serverTimestamp: at(5), nextCursor: 'c4' });
		expect(ids(await deployment.poll(TRIGGER.name))).toEqual(['d']);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('the same process polling again reads on: a batch is read twice only across a restart', async () => {
		const deployment = await delivering();
		clock.advance(60_000);
		expectFeed(USERS, { cursor: 'c1' }, { rows: [member('b', 1.5)], serverTimestamp: at(2), nextCursor: 'c2' });
		expect(ids(await deployment.poll(TRIGGER.name))).toEqual(['b']);
		expectFeed(USERS, { cursor: 'c2' }, { rows: [member('c', 2.5)], serverTimestamp: at(3), nextCursor: 'c3' });
		expect(ids(await deployment.poll(TRIGGER.name))).toEqual(['c']);
		// Saved with c's batch: the state after b, and c marked as this process's.
		const saved = deployment.saved[`node:${TRIGGER.name}`] as IDataObject;
		expect((saved.unconfirmed as IDataObject).before).toMatchObject({ cursor: 'c2' });
		// The record (rename, durable cursors) never carries the mark.
		expect((deployment.saved.global as IDataObject)[`communityPlatformTrigger:${TRIGGER.id}`]).toMatchObject({ state: { cursor: 'c3', unconfirmed: null } });
		expect(nock.pendingMocks()).toEqual([]);
	});

	it(`started again more than FEED_LIMITS.rereadAfterRestartMs after the batch, it reads on: an old batch is never sent again`, async () => {
		const deployment = await killedAfterSavingB();
		clock.advance(FEED_LIMITS.rereadAfterRestartMs + 60_000);
		deployment.activate([TRIGGER]);
		expectFeed(USERS, { cursor: 'c2' }, { rows: [member('c', 20)], serverTimestamp: at(21), nextCursor: 'c3' });
		expect(ids(await deployment.poll(TRIGGER.name))).toEqual(['c']);
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
