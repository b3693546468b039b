/**
 * The member trigger, published (active) in a real n8n, polling the sandbox's members feed
 * every 10 s (six crons `0 * * * * *`, `10 * * * * *`, …, see pollEvery in harness.cts)
 * across several ticks, and across a clean n8n restart with changes made while n8n was down:
 * every change once, New Member once per member (the same test runs on the legacy and the
 * durable scheduler and on n8n 1.x).
 *
 * The sandbox feed holds back the last two minutes, so after each change the test moves the
 * sandbox clock forward (POST /__admin/clock) to make the change visible to the next poll.
 */
import { E2E } from './harness.cjs';

const HOLD_BACK_PLUS = 2 * 60_000 + 5_000;
/** A poll every 10 s: a change shows up within one tick plus the execution. */
const TICK_TIMEOUT = 40_000;

/** Resolves once n8n's poll at activation has read the members feed (it seeds "Start From: Now"). */
async function firstPoll(e2e: E2E, timeoutMs = 30_000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const log = await e2e.sandbox!.requests();
		if (log.some((r) => String(r.path).endsWith('/incremental/users'))) return;
		if (Date.now() > deadline) throw new Error('the trigger never polled the members feed');
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

const emitted = (items: Array<{ json: Record<string, unknown> }>) => items.map((i) => JSON.stringify(i.json)).join('\n');

describe('member trigger polling in an active workflow', () => {
	let e2e: E2E;

	beforeAll(async () => {
		e2e = await E2E.start();
	});
	afterAll(async () => {
		await e2e?.stop();
	});

	it('emits each change once, tick after tick, and keeps its place across a restart', async () => {
		const wf = await e2e.activateWorkflow('member-trigger.json');
		// The first poll runs at activation: "Start From: Now" seeds the cursor, emits nothing.
		// Changes made before it would rightly count as history, so wait for it.
		await firstPoll(e2e);
		let seen = await e2e.executionIds(wf.id);

		// Tick 1: two new members.
		const a = `trigger-a-${Date.now()}@example.com`;
		await e2e.sandbox!.feedMemberChange({ kind: 'created', email: a });
		const b = `trigger-b-${Date.now()}@example.com`;
		await e2e.sandbox!.feedMemberChange({ kind: 'created', email: b });
		await e2e.sandbox!.advanceClock(HOLD_BACK_PLUS);
		const [first] = await e2e.waitForExecutions(wf.id, 1, { since: seen, timeoutMs: TICK_TIMEOUT });
		expect(first.status).toBe('success');
		const firstItems = first.output['Member Trigger'];
		expect(emitted(firstItems)).toContain(a);
		expect(emitted(firstItems)).toContain(b);
		seen = await e2e.executionIds(wf.id);

		// Tick 2: one more; the earlier two are not emitted again.
		const c = `trigger-c-${Date.now()}@example.com`;
		await e2e.sandbox!.feedMemberChange({ kind: 'created', email: c });
		await e2e.sandbox!.advanceClock(HOLD_BACK_PLUS);
		const [second] = await e2e.waitForExecutions(wf.id, 1, { since: seen, timeoutMs: TICK_TIMEOUT });
		const secondText = emitted(second.output['Member Trigger']);
		expect(secondText).toContain(c);
		expect(secondText).not.toContain(a);
		seen = await e2e.executionIds(wf.id);

		// The state is saved with the workflow (static data keyed by node name).
		const saved = await e2e.client.getWorkflow(wf.id);
		expect(JSON.stringify(saved.staticData ?? {})).toContain('Member Trigger');

		// A clean restart; while n8n is down, a's company is edited and five other changes are made.
		const whileDown: Array<{ email: string; kind: string }> = [];
		await e2e.restartN8n(async () => {
			const rowOf = async (change: Record<string, unknown>) => {
				const row = await e2e.sandbox!.feedMemberChange(change);
				whileDown.push({ email: String(row.userEmail), kind: String(change.kind) });
				return row;
			};
			const aRow = firstItems.find((i) => JSON.stringify(i.json).includes(a))!.json;
			const bRow = firstItems.find((i) => JSON.stringify(i.json).includes(b))!.json;
			const cRow = second.output['Member Trigger'].find((i) => JSON.stringify(i.json).includes(c))!.json;
			await rowOf({ kind: 'edited', userId: aRow.id, company: 'Restarted Co' });
			await rowOf({ kind: 'created', email: `trigger-d-${Date.now()}@example.com` });
			await rowOf({ kind: 'created', email: `trigger-e-${Date.now()}@example.com` });
			await rowOf({ kind: 'edited', userId: cRow.id, position: 'Edited While Down' });
			await rowOf({ kind: 'deactivated', userId: bRow.id });
			await rowOf({ kind: 'created', email: `trigger-f-${Date.now()}@example.com` });
			await e2e.sandbox!.advanceClock(HOLD_BACK_PLUS);
		});
		const expected = whileDown.map(({ email, kind }) => `${email} ${kind === 'created' ? 'newMember' : kind === 'deactivated' ? 'deactivated' : 'profileUpdated'}`);
		// Every execution since the restart, until each change made while n8n was down has arrived.
		const delivered = (runs: Array<{ output: Record<string, Array<{ json: Record<string, unknown> }>> }>) =>
			runs.flatMap((x) => x.output['Member Trigger'] ?? []).map((i) => `${String(i.json.userEmail)} ${String(i.json.changeType)}`);
		const after = await e2e.until(
			'every change made while n8n was down',
			async () => {
				const fresh = [...(await e2e.executionIds(wf.id))].filter((id) => !seen.has(id)).length;
				if (fresh === 0) return undefined;
				const runs = await e2e.waitForExecutions(wf.id, fresh, { since: seen, timeoutMs: TICK_TIMEOUT });
				const got = delivered(runs);
				return expected.every((change) => got.includes(change)) ? runs : undefined;
			},
			TICK_TIMEOUT * 2,
		);
		// Two more poll times: anything delivered twice would show now.
		const FEED = '/public-api/v1/incremental/users';
		const ticks = await e2e.requestsTo(FEED);
		await e2e.polledAgain(FEED, ticks.length, 2, wf.id);
		const fresh = [...(await e2e.executionIds(wf.id))].filter((id) => !seen.has(id)).length;
		const all = delivered(await e2e.waitForExecutions(wf.id, fresh, { since: seen, timeoutMs: TICK_TIMEOUT }));
		expect(after.length).toBeGreaterThan(0);
		// Each change once, and nothing from before the restart: a arrives as Profile Updated, never as New Member again.
		expect(all.filter((change) => !expected.includes(change))).toEqual([]);
		expect([...all].sort()).toEqual([...expected].sort());
		expect(all).not.toContain(`${a} newMember`);
	});
});
