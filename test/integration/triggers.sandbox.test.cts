/**
 * The Member and Event Attendee triggers against the sandbox API (tools/sandbox): its feeds
 * hold back two minutes, move a changed row to the end, emit tombstones and check cursors,
 * independently of the trigger code. Each change made in the sandbox must arrive exactly once,
 * with the right kind, over several polls and one cursor invalidation.
 */
import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import { CommunityPlatformEventAttendeeTrigger } from '../../nodes/CommunityPlatformEventAttendeeTrigger/CommunityPlatformEventAttendeeTrigger.node';
import { CommunityPlatformMemberTrigger } from '../../nodes/CommunityPlatformMemberTrigger/CommunityPlatformMemberTrigger.node';
import { type Sandbox, startSandbox } from '../../tools/sandbox/server.cjs';
import { TriggerUnderTest } from '../helpers/pollHarness.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

const START = '2026-11-20T12:00:00.000Z';
const HOLD_BACK_PLUS = 2 * 60_000 + 5_000;

let sandbox: Sandbox;

beforeAll(async () => {
	nock.enableNetConnect('127.0.0.1');
	sandbox = await startSandbox({ rateLimits: false, members: 60, events: 6, startTime: START });
});
afterAll(async () => {
	await sandbox?.close();
});
const clock = useVirtualClock(Date.parse(START));

const credentials = () => ({ baseUrl: sandbox.url, clientId: 'sandbox-client-id', accessToken: 'sandbox-access-token' });
const kinds = (items: IDataObject[] | null) => (items ?? []).map((i) => `${String(i.id)}:${String(i.changeType)}`).sort();
/** A cursor of a format version the API no longer supports. */
const oldFormatCursor = Buffer.from(JSON.stringify({ v: 0, f: 'users', s: 1 })).toString('base64url');

describe('against the sandbox API', () => {
	it('Member Trigger: a new member, an edit, a deactivation and a deletion each arrive once, across a cursor invalidation', async () => {
		const active = sandbox.store.activeMembers();
		const [edited, deactivated, deleted, oldArchived] = active.slice(0, 4).map((m) => m.id);
		// Deactivated before the trigger is activated, a second later.
		sandbox.admin.feedMembers({ kind: 'deactivated', userId: oldArchived });
		clock.advance(sandbox.store.now() + 1_000 - clock.now);
		const trigger = new TriggerUnderTest(new CommunityPlatformMemberTrigger(), { credentials: credentials() });
		expect(await trigger.poll()).toBeNull();
		sandbox.admin.advanceClock(2_000);
		const joiner = sandbox.admin.feedMembers({ kind: 'created', email: 'joiner@example.com' });
		// The new member edits the profile at once: the row moves to the end, still one New Member.
		sandbox.admin.feedMembers({ kind: 'edited', userId: String(joiner.id), position: 'Founder' });
		sandbox.admin.feedMembers({ kind: 'edited', userId: edited, company: 'Elsewhere Inc' });
		sandbox.admin.feedMembers({ kind: 'edited', userId: deactivated, company: 'Soon Gone Ltd' });
		sandbox.admin.feedMembers({ kind: 'deleted', userId: deleted });

		// Held back for two minutes: nothing yet.
		expect(await trigger.poll()).toBeNull();
		sandbox.admin.advanceClock(HOLD_BACK_PLUS);
		const first = await trigger.poll();
		expect(kinds(first)).toEqual(
			[`${String(joiner.id)}:newMember`, `${edited}:profileUpdated`, `${deactivated}:profileUpdated`, `${deleted}:removed`].sort(),
		);
		expect(first?.find((i) => i.id === joiner.id)).toMatchObject({ userTitle: 'Founder', userEmail: 'joiner@example.com' });
		expect(first?.find((i) => i.id === deleted)).toMatchObject({ removed: true });
		expect(await trigger.poll()).toBeNull();

		// The API stops accepting the stored cursor; the next changes still arrive once. A member
		// the trigger saw active is deactivated: Member Deactivated. A member deactivated before
		// the trigger started is edited: an update, not a deactivation.
		trigger.live.cursor = oldFormatCursor;
		trigger.saved.cursor = oldFormatCursor;
		const second = sandbox.admin.feedMembers({ kind: 'created', email: 'second@example.com' });
		sandbox.admin.feedMembers({ kind: 'edited', userId: String(joiner.id), company: 'Joiner Labs' });
		sandbox.admin.feedMembers({ kind: 'deactivated', userId: deactivated });
		sandbox.admin.feedMembers({ kind: 'edited', userId: oldArchived, company: 'Archive Edit Co' });
		sandbox.admin.advanceClock(HOLD_BACK_PLUS);
		expect(kinds(await trigger.poll())).toEqual(
			[
				`${String(joiner.id)}:profileUpdated`,
				`${String(second.id)}:newMember`,
				`${deactivated}:deactivated`,
				`${oldArchived}:profileUpdated`,
			].sort(),
		);
		expect(trigger.saved.cursor).not.toBe(oldFormatCursor);
		const refused = sandbox.admin.getRequests().filter((r) => r.status === 400);
		expect(refused.map((r) => `${r.path} ${String(r.query.cursor)}`)).toEqual([`/public-api/v1/incremental/users ${oldFormatCursor}`]);

		sandbox.admin.advanceClock(60_000);
		expect(await trigger.poll()).toBeNull();
	});

	it('Event Attendee Trigger: registrations, a cancellation, a join and a check-in each arrive once; API registrations are left out', async () => {
		const trigger = new TriggerUnderTest(new CommunityPlatformEventAttendeeTrigger(), { credentials: credentials() });
		expect(await trigger.poll()).toBeNull();

		const event = sandbox.store.events.find((e) => e.status === 'Published')!;
		const registered = new Set(event.attendees.filter((a) => !a.cancelledAt).map((a) => a.userId));
		const [p, q] = sandbox.store.activeMembers().filter((m) => m.email && !registered.has(m.id));
		const self = sandbox.admin.feedAttendees({ kind: 'registered', eventId: event.id, email: p.email, source: 'selfSignUp' });
		const viaApi = sandbox.admin.feedAttendees({ kind: 'registered', eventId: event.id, email: q.email, source: 'adminPublicAPI' });
		sandbox.admin.advanceClock(HOLD_BACK_PLUS);
		expect(kinds(await trigger.poll())).toEqual([`${String(self.id)}:registered`]);

		sandbox.admin.feedAttendees({ kind: 'joined', attendeeId: String(self.id) });
		sandbox.admin.advanceClock(HOLD_BACK_PLUS);
		expect(kinds(await trigger.poll())).toEqual([`${String(self.id)}:joined`]);

		sandbox.admin.feedAttendees({ kind: 'checkedIn', attendeeId: String(viaApi.id) });
		sandbox.admin.feedAttendees({ kind: 'cancelled', attendeeId: String(self.id) });
		sandbox.admin.advanceClock(HOLD_BACK_PLUS);
		expect(kinds(await trigger.poll())).toEqual([`${String(self.id)}:cancelled`, `${String(viaApi.id)}:checkedIn`].sort());

		sandbox.admin.advanceClock(60_000);
		expect(await trigger.poll()).toBeNull();
	});
});
