/**
 * A Member Trigger and an Event Attendee Trigger, both active in a real n8n, polling the
 * sandbox every 10 s. Over several polls the sandbox makes every kind of change: a new member,
 * an edit, a deactivation, a deletion, a registration and a cancellation, with a cursor
 * invalidation (a server-side cursor format upgrade) in between. Every change must arrive
 * exactly once, with the right change type, and nothing else may arrive.
 */
import { E2E, readWorkflowFile } from './harness.cjs';

const HOLD_BACK_PLUS = 2 * 60_000 + 5_000;
const MEMBERS_FEED = '/public-api/v1/incremental/users';
const ATTENDEES_FEED = '/public-api/v1/incremental/event-attendees';
const TICK_TIMEOUT = 45_000;

type Item = { json: Record<string, unknown> };

describe('member and attendee triggers across polls, with a cursor invalidation', () => {
	let e2e: E2E;

	beforeAll(async () => {
		e2e = await E2E.start();
	});
	afterAll(async () => {
		await e2e?.stop();
	});

	async function polledBoth() {
		const deadline = Date.now() + 30_000;
		for (;;) {
			const paths = (await e2e.sandbox!.requests()).map((r) => String(r.path));
			if (paths.some((p) => p.endsWith('/incremental/users')) && paths.some((p) => p.endsWith('/incremental/event-attendees'))) return;
			if (Date.now() > deadline) throw new Error('the triggers never polled');
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
	}

	/** Every item the workflow's executions emitted so far, from its trigger node. */
	async function emitted(workflowId: string, node: string): Promise<Item[]> {
		const ids = await e2e.executionIds(workflowId);
		if (ids.size === 0) return [];
		const runs = await e2e.waitForExecutions(workflowId, ids.size, { timeoutMs: 5_000 });
		return runs.flatMap((run) => (run.output[node] ?? []) as Item[]);
	}

	it('delivers each change once, with its type, across polls and a cursor invalidation', async () => {
		const members = await e2e.activateWorkflow('member-trigger.json');
		const attendeeWf = readWorkflowFile('event-attendee-trigger.json');
		attendeeWf.nodes[0].parameters = {};
		const attendees = await e2e.activateWorkflow(attendeeWf);
		// "Start From: Now": the poll at activation marks the place and emits nothing.
		await polledBoth();
		const sandbox = e2e.sandbox!;

		// Round 1: a new member, an edit to an existing member, a registration.
		const created = await sandbox.feedMemberChange({ kind: 'created', email: `new-${Date.now()}@example.com` });
		const edited = await sandbox.feedMemberChange({ kind: 'edited', position: 'Chief Example Officer' });
		const registered = await sandbox.feedAttendeeChange({ kind: 'registered', source: 'selfSignUp' });
		await sandbox.advanceClock(HOLD_BACK_PLUS);
		let seenMembers = new Set<string>();
		let seenAttendees = new Set<string>();
		await e2e.waitForExecutions(members.id, 1, { since: seenMembers, timeoutMs: TICK_TIMEOUT });
		await e2e.waitForExecutions(attendees.id, 1, { since: seenAttendees, timeoutMs: TICK_TIMEOUT });
		seenMembers = await e2e.executionIds(members.id);
		seenAttendees = await e2e.executionIds(attendees.id);

		// The server moves to a new cursor format: the triggers' saved cursors are now refused.
		await sandbox.invalidateCursors();

		// Round 2: a deactivation (of the member the trigger saw active in round 1), a deletion, a cancellation.
		const deactivated = await sandbox.feedMemberChange({ kind: 'deactivated', userId: edited.id });
		const deleted = await sandbox.feedMemberChange({ kind: 'deleted' });
		const cancelled = await sandbox.feedAttendeeChange({ kind: 'cancelled', attendeeId: registered.id });
		await sandbox.advanceClock(HOLD_BACK_PLUS);
		await e2e.waitForExecutions(members.id, 1, { since: seenMembers, timeoutMs: TICK_TIMEOUT });
		await e2e.waitForExecutions(attendees.id, 1, { since: seenAttendees, timeoutMs: TICK_TIMEOUT });
		// One more poll of each: nothing may be re-delivered after the recovery.
		for (const [path, wf] of [[MEMBERS_FEED, members.id], [ATTENDEES_FEED, attendees.id]] as const) {
			await e2e.polledAgain(path, (await e2e.requestsTo(path)).length, 1, wf);
		}

		const memberItems = await emitted(members.id, 'Member Trigger');
		const attendeeItems = await emitted(attendees.id, 'Event Attendee Trigger');
		const summary = (items: Item[]) => items.map((i) => `${String(i.json.id)} ${String(i.json.changeType)}`).sort();
		expect(summary(memberItems)).toEqual(
			[
				`${String(created.id)} newMember`,
				`${String(edited.id)} profileUpdated`,
				`${String(deactivated.id)} deactivated`,
				`${String(deleted.id)} removed`,
			].sort(),
		);
		expect(summary(attendeeItems)).toEqual(
			[`${String(registered.id)} registered`, `${String(cancelled.id)} cancelled`].sort(),
		);
		// Each delivered change has its own stable key.
		const keys = [...memberItems, ...attendeeItems].map((i) => String(i.json.changeKey));
		expect(new Set(keys).size).toBe(keys.length);
		// The cursor invalidation really happened: the sandbox refused a cursor with the unsupported-version 400.
		const refused = (await sandbox.requests()).filter((r) => r.status === 400 && String(r.path).startsWith('/public-api/v1/incremental/'));
		expect(refused.length).toBeGreaterThanOrEqual(2);
	});
});
