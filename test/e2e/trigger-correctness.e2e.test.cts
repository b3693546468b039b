/**
 * Trigger correctness in a real n8n: the Member Trigger published and polling the sandbox
 * every 10 s (one n8n and one sandbox of 1,500 members for the whole file).
 *
 * - Start From = Now: a change made just before activation does not fire, one made after does;
 *   a member deactivated before activation and edited after fires Member Deactivated once.
 * - Start From = Beginning on the 1,500-row backlog with Max Items per Poll 300, the server's
 *   cursor format upgraded after the first poll, and the sandbox answering `serverTimestamp` with
 *   the hold-back cutoff on every page (as another implementation of the spec does): every row
 *   arrives exactly once.
 *
 * Answers slower than the poll interval are trigger-lifecycle.e2e's third case (with saves of the
 * workflow while they run): each change once, and no two feed requests of a trigger overlap.
 *
 * The first case needs the sandbox clock still equal to the real clock (n8n's clock decides
 * when the trigger was activated), so it runs first; later cases move the sandbox clock on.
 */
import { E2E, readWorkflowFile, type ExecutionResult, type WorkflowJson } from './harness.cjs';
import { sleep } from '../../tools/n8n/processes.cjs';
import type { SandboxAdmin } from '../../tools/sandbox/admin.cjs';

const NODE = 'Member Trigger';
const HOLD_BACK_PLUS = 2 * 60_000 + 5_000;
const MEMBERS = 1500;
const FEED_PATH = '/public-api/v1/incremental/users';

type Item = { json: Record<string, unknown> };

function memberTrigger(name: string, parameters: Record<string, unknown>): WorkflowJson {
	const wf = readWorkflowFile('member-trigger.json');
	wf.name = name;
	wf.nodes[0].parameters = parameters;
	return wf;
}

describe('trigger correctness in a real n8n', () => {
	let e2e: E2E;
	let admin: SandboxAdmin;

	beforeAll(async () => {
		e2e = await E2E.start({ shared: true, sandboxOptions: { members: MEMBERS } });
		admin = e2e.sandbox!.admin as SandboxAdmin;
	});
	afterAll(async () => {
		await e2e?.stop();
	});

	/** Feed requests the sandbox received so far. */
	async function feedRequests() {
		return (await e2e.sandbox!.requests()).filter((r) => r.path === FEED_PATH);
	}

	/** Resolves once the sandbox has answered more than `before` feed requests. */
	async function polled(before: number, timeoutMs = 30_000) {
		const deadline = Date.now() + timeoutMs;
		while ((await feedRequests()).filter((r) => r.status === 200).length <= before) {
			if (Date.now() > deadline) throw new Error('the trigger never polled the members feed');
			await sleep(250);
		}
	}

	/** Every finished execution of the workflow so far (each is one poll that emitted items). */
	async function executions(workflowId: string): Promise<ExecutionResult[]> {
		const ids = await e2e.executionIds(workflowId);
		return ids.size === 0 ? [] : await e2e.waitForExecutions(workflowId, ids.size, { timeoutMs: 10_000 });
	}

	async function emitted(workflowId: string): Promise<Item[]> {
		const runs = await executions(workflowId);
		for (const run of runs) expect([run.id, run.status]).toEqual([run.id, 'success']);
		return runs.flatMap((run) => (run.output[NODE] ?? []) as Item[]);
	}

	const summary = (items: Item[]) => items.map((i) => `${String(i.json.id)} ${String(i.json.changeType)}`).sort();

	it('Start From = Now: only changes made after activation fire; a member deactivated before it fires Member Deactivated once, at their first change after it', async () => {
		const sandbox = e2e.sandbox!;
		const before = await sandbox.feedMemberChange({ kind: 'created', email: `before-${Date.now()}@example.com` });
		const deactivatedBefore = await sandbox.feedMemberChange({ kind: 'deactivated' });
		// Activation comes after both changes, a clear second after (n8n's clock is the sandbox's here).
		await e2e.until('the changes to be a second old', async () => Date.now() > Date.parse(String(deactivatedBefore.updatedAt)) + 1_000);

		const requests = (await feedRequests()).length;
		const wf = await e2e.activateWorkflow(memberTrigger('Now trigger', {}));
		await polled(requests);
		// The changes below come after the start point the poll at activation saved.
		const origin = await e2e.until('the start point in the static data', async () => {
			const saved = JSON.stringify((await e2e.client.getWorkflow(wf.id)).staticData ?? {});
			return /"origin":"([^"]+)"/.exec(saved)?.[1];
		});
		await e2e.until('the clock to pass the start point', async () => Date.now() > Date.parse(origin) + 100);

		const after = await sandbox.feedMemberChange({ kind: 'created', email: `after-${Date.now()}@example.com` });
		const edited = await sandbox.feedMemberChange({ kind: 'edited', userId: deactivatedBefore.id, company: 'Edited After Start' });
		expect(edited).toMatchObject({ archived: true, userCompany: 'Edited After Start' });
		await sandbox.advanceClock(HOLD_BACK_PLUS);
		await e2e.waitForExecutions(wf.id, 1, { timeoutMs: 40_000 });
		// One more poll: nothing else may arrive.
		await e2e.polledAgain(FEED_PATH, (await feedRequests()).length, 1, wf.id);
		await e2e.client.deactivateWorkflow(wf.id);

		const items = await emitted(wf.id);
		// The feed does not date a deactivation: the first change after the start dates it (the lesser error).
		expect(summary(items)).toEqual([`${String(after.id)} newMember`, `${String(deactivatedBefore.id)} deactivated`].sort());
		expect(JSON.stringify(items)).not.toContain(String(before.id));
	});

	it('Start From = Beginning, 1,500 rows, Max Items per Poll 300, cursor format upgraded after the first poll: every row exactly once', async () => {
		const sandbox = e2e.sandbox!;
		await sandbox.adminRequest('POST', 'feeds/server-timestamp', { mode: 'cutoff' });
		try {
			const wf = await e2e.activateWorkflow(
				memberTrigger('Backlog trigger', { startFrom: 'beginning', options: { maxItemsPerPoll: 300 } }),
			);
			const [first] = await e2e.waitForExecutions(wf.id, 1, { timeoutMs: 40_000 });
			expect(first.output[NODE]).toHaveLength(300);
			// The server moves to a new cursor format while most of the backlog is still unread.
			await sandbox.invalidateCursors();

			const feed = admin.store.feeds.users.read({}, 1_000_000, admin.store.now()).rows;
			expect(feed.length).toBeGreaterThanOrEqual(MEMBERS);
			const expected = feed.map((row) => `${String(row.id)}:${String(row.updatedAt)}`).sort();

			await e2e.until('every row of the backlog', async () => (await emitted(wf.id)).length >= expected.length, 120_000);
			// One more poll: nothing may arrive twice.
			await e2e.polledAgain(FEED_PATH, (await feedRequests()).length, 1, wf.id);
			await e2e.client.deactivateWorkflow(wf.id);
			const items = await emitted(wf.id);

			const keys = items.map((i) => String(i.json.changeKey)).sort();
			expect(keys.length).toBe(expected.length);
			expect(keys).toEqual(expected);
			// The upgrade really happened: a stored cursor was refused as unsupported.
			const refused = (await feedRequests()).filter((r) => r.status === 400);
			expect(refused.length).toBeGreaterThanOrEqual(1);
		} finally {
			await sandbox.adminRequest('POST', 'feeds/server-timestamp', { mode: 'last-row' });
		}
	});
});
