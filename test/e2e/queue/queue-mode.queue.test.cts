/**
 * The package in n8n's queue mode, for real: PostgreSQL (13 or newer), Redis, an n8n 2.41.1 main
 * instance and two workers (`n8n worker --concurrency=5`), all on 127.0.0.1, sharing one user
 * folder with the packed package installed and one encryption key (tools/n8n/queue.cts); the
 * sandbox with its rate limits on, its clock and buckets 10× faster (common.cts). The stack is
 * started once for the file and stopped (every process, every folder) at the end, also when a
 * test fails. Reads and writes under load, timed: queue-load.queue.test.cts.
 *
 * 1. Triggers: the Member and Event Attendee triggers active on main while the workers run
 *    executions; a worker is killed (SIGKILL) and restarted; every change made before, during
 *    and after is delivered exactly once.
 * 2. A clean restart of main in the middle of a backlog: every row once.
 * 3. Keeping a copy in PostgreSQL: examples/community-copy-postgres.json and .sql, all four feeds
 *    from the beginning while every kind of change is made, through 5xx and 429 bursts, a cursor
 *    format change and a clean restart of main; the copy equals the sandbox row for row (the
 *    members' answers after the workflow's daily re-read).
 */
import { ACTION_NODE_TYPE, actionWorkflow, readWorkflowFile } from '../harness.cjs';
import type { NodeItem } from '../../../tools/n8n/n8n.cjs';
import type { QueueStack } from '../../../tools/n8n/queue.cjs';
import { HOLD_BACK_PLUS, report, useStack, waitFor } from './common.cjs';
import { COPY_WORKFLOW, FeedChanges, compareCopy, copySizes, createCopyDatabase, describeCopy, feedStatusesSince, feedsReadToTheEnd, lastRequestId } from './copy.cjs';

/** The two feeds the triggers read, and the statuses of an execution that has ended. */
const FEEDS = ['/incremental/users', '/incremental/event-attendees'];
const FINISHED = ['success', 'error', 'crashed', 'canceled'];
/** Polls every 10 s (pollEvery): reads of a feed less than this far apart belong to one poll. */
const SAME_POLL_MS = 5_000;

/** How many polls read `feed` in the sandbox's request log. */
function pollsOf(log: Array<Record<string, unknown>>, feed: string): number {
	const times = log.filter((r) => String(r.path).endsWith(feed)).map((r) => Date.parse(String(r.time)));
	return times.filter((time, i) => i === 0 || time - times[i - 1] >= SAME_POLL_MS).length;
}

describe('queue mode: a main instance and two workers on PostgreSQL and Redis', () => {
	const stackOf = useStack();
	let stack: QueueStack;
	beforeAll(() => {
		stack = stackOf();
	});

	it('triggers on main deliver each change once while a worker is killed and restarted', async () => {
		const sandbox = stack.sandbox;
		const e2e = stack.e2e;
		// "Start From: Now" (the default): only the changes made below may arrive.
		const memberWf = await e2e.activateWorkflow('member-trigger.json');
		const attendeeJson = readWorkflowFile('event-attendee-trigger.json');
		attendeeJson.nodes[0].parameters = {};
		const attendeeWf = await e2e.activateWorkflow(attendeeJson);
		await waitFor('both triggers polled once', 30_000, async () => {
			const log = await sandbox.requests();
			return FEEDS.every((feed) => pollsOf(log, feed) >= 1);
		});

		const expected = new Map<string, string>();
		const keyOf = (row: Record<string, unknown>) => `${String(row.id)}:${String(row.updatedAt)}`;
		/** A new member, an edit and a registration, made visible to the next poll. */
		const makeChanges = async (phase: string) => {
			const rows = [
				await sandbox.feedMemberChange({ kind: 'created', email: `queue-${phase}-${Date.now()}@example.com` }),
				await sandbox.feedMemberChange({ kind: 'edited', position: `Queue ${phase}` }),
				await sandbox.feedAttendeeChange({ kind: 'registered', source: 'selfSignUp' }),
			];
			for (const row of rows) expected.set(keyOf(row), phase);
			await sandbox.advanceClock(HOLD_BACK_PLUS);
			return rows.map(keyOf);
		};
		/** changeKey → the executions whose "Received" node got it, across both workflows. */
		const deliveries = async () => {
			const out = new Map<string, string[]>();
			for (const wf of [memberWf, attendeeWf]) {
				for (const summary of await e2e.client.listExecutions(wf.id)) {
					if (!FINISHED.includes(summary.status)) continue;
					const run = await e2e.n8n.getExecution(String(summary.id));
					for (const item of (run.output.Received ?? []) as NodeItem[]) {
						const key = String(item.json.changeKey);
						out.set(key, [...(out.get(key) ?? []), run.id]);
					}
				}
			}
			return out;
		};
		const delivered = (keys: string[]) =>
			waitFor(`delivery of ${keys.join(', ')}`, 60_000, async () => {
				const got = await deliveries();
				return keys.every((k) => got.has(k));
			});

		// Before: both workers up.
		await delivered(await makeChanges('before'));

		// Load on the workers: Return All reads, and worker 1 killed while it runs some of them.
		const reads = await e2e.importWorkflow(actionWorkflow('Queue: busy reads', { resource: 'member', operation: 'getAll', returnAll: true }));
		const busy = await Promise.all([1, 2, 3, 4].map(() => stack.client.startManualRun(reads.id, 'Start')));
		await waitFor('worker 1 running a read', 30_000, async () => busy.some((id) => stack.workerOf(id) === 1));
		const [worker1, worker2] = stack.workers;
		await worker1.kill();
		expect(worker1.running).toBe(false);

		// During: only worker 2 is there to run what the triggers emit.
		const duringKeys = await makeChanges('during');
		await delivered(duringKeys);
		const duringRuns = [...(await deliveries()).entries()].filter(([k]) => duringKeys.includes(k)).flatMap(([, ids]) => ids);
		for (const id of duringRuns) expect({ id, worker: stack.workerOf(id) }).toEqual({ id, worker: worker2.index });

		// After: worker 1 back (same settings).
		await worker1.start();
		await delivered(await makeChanges('after'));
		// Quiet polls after that: nothing may come again. A poll only reads the feed once the
		// trigger's previous poll has returned (its one-poll-at-a-time guard), so a second read of
		// each feed means the first one's items, if any, were handed to n8n; then wait for every
		// execution to finish.
		const mark = Math.max(0, ...(await sandbox.requests()).map((r) => Number(r.id)));
		await waitFor('two quiet polls of each trigger', 60_000, async () => {
			const later = (await sandbox.requests()).filter((r) => Number(r.id) > mark);
			return FEEDS.every((feed) => pollsOf(later, feed) >= 2);
		});
		await waitFor('every trigger execution finished', 60_000, async () => {
			const runs = [...(await e2e.client.listExecutions(memberWf.id)), ...(await e2e.client.listExecutions(attendeeWf.id))];
			return runs.every((run) => FINISHED.includes(run.status));
		});

		const got = await deliveries();
		const counts = Object.fromEntries([...got.entries()].map(([k, ids]) => [k, ids.length]));
		report(`triggers: ${expected.size} changes made, ${got.size} distinct delivered, ${Object.values(counts).reduce((a, b) => a + b, 0)} deliveries in all`);
		expect(counts).toEqual(Object.fromEntries([...expected.keys()].map((k) => [k, 1])));
		// Every trigger execution succeeded and ran on a worker, once.
		for (const wf of [memberWf, attendeeWf]) {
			for (const summary of await e2e.client.listExecutions(wf.id)) {
				expect({ id: summary.id, status: summary.status, starts: stack.startCount(String(summary.id)) }).toEqual({ id: summary.id, status: 'success', starts: 1 });
			}
		}
		// The reads worker 2 ran finished; those worker 1 was running died with it (n8n 2.41 does not retry them).
		for (const id of busy.filter((x) => stack.workerOf(x) === worker2.index)) {
			expect((await e2e.n8n.waitForExecution(id, 120_000)).status).toBe('success');
		}
		const killed = await Promise.all(busy.filter((x) => stack.workerOf(x) === worker1.index).map((id) => e2e.client.getExecutionRaw(id)));
		report(`reads running on worker 1 when it was killed: ${killed.map((r) => `execution ${r.id} ${r.status}`).join(', ')}`);
		for (const wf of [memberWf, attendeeWf]) await e2e.client.deactivateWorkflow(wf.id);
	});

	it('a clean restart of the main instance in the middle of a 1,503-row backlog (Max Items 300) delivers every row once', async () => {
		const sandbox = stack.sandbox;
		const e2e = stack.e2e;
		const json = readWorkflowFile('member-trigger.json');
		json.nodes[0].parameters = { options: { maxItemsPerPoll: 300 } };
		const wf = await e2e.activateWorkflow(json);
		await waitFor('the trigger polled once', 30_000, async () => pollsOf(await sandbox.requests(), FEEDS[0]) >= 1);
		const made = new Set<string>();
		const latest = new Map<string, string>();
		for (let i = 0; i < 1_503; i++) {
			const row = await sandbox.feedMemberChange(i % 3 === 0 ? { kind: 'created', email: `backlog-${i}-${Date.now()}@example.com` } : { kind: 'edited', position: `Backlog ${i}` });
			const key = `${String(row.id)}:${String(row.updatedAt)}`;
			made.add(key);
			latest.set(String(row.id), key);
		}
		await sandbox.advanceClock(HOLD_BACK_PLUS);
		const deliveries = async () => {
			const out = new Map<string, number>();
			for (const summary of await e2e.client.listExecutions(wf.id)) {
				if (!FINISHED.includes(summary.status)) continue;
				const run = await e2e.n8n.getExecution(String(summary.id));
				for (const item of (run.output.Received ?? []) as NodeItem[]) out.set(String(item.json.changeKey), (out.get(String(item.json.changeKey)) ?? 0) + 1);
			}
			return out;
		};
		await waitFor('a first batch of the backlog', 60_000, async () => (await deliveries()).size >= 300);
		const beforeRestart = (await deliveries()).size;
		await e2e.restartN8n();
		// The feed holds each member once, at its last change: the rows to deliver.
		const expected = [...latest.values()];
		await waitFor('every row of the backlog', 240_000, async () => {
			const got = await deliveries();
			return expected.every((key) => got.has(key));
		});
		const mark = Math.max(0, ...(await sandbox.requests()).map((r) => Number(r.id)));
		await waitFor('two quiet polls', 60_000, async () => pollsOf((await sandbox.requests()).filter((r) => Number(r.id) > mark), FEEDS[0]) >= 2);
		await waitFor('every execution finished', 60_000, async () => (await e2e.client.listExecutions(wf.id)).every((run) => FINISHED.includes(run.status)));
		const got = await deliveries();
		const twice = [...got.entries()].filter(([, n]) => n > 1);
		report(`restart mid-backlog: ${expected.length} rows in the feed, ${beforeRestart} delivered before the restart, ${got.size} distinct in all, ${twice.length} twice`);
		expect(twice).toEqual([]);
		expect([...got.keys()].filter((key) => made.has(key)).sort()).toEqual([...expected].sort());
		await e2e.client.deactivateWorkflow(wf.id);
	});

	it('keeps a copy in PostgreSQL (examples/community-copy-postgres.json): every change on all four feeds, through faults, a cursor change and a restart of main', async () => {
		const started = Date.now();
		const { sandbox, e2e, postgres } = stack;
		const startMark = lastRequestId(sandbox);
		const database = 'community_copy';
		await createCopyDatabase(postgres, database);
		const pgCredential = await e2e.client.createCredential('Copy database', 'postgres', {
			host: postgres.host,
			port: postgres.port,
			database,
			user: postgres.user,
			password: 'postgres',
			ssl: 'disable',
		});
		const json = readWorkflowFile(COPY_WORKFLOW);
		for (const node of json.nodes) {
			if (node.credentials?.postgres) node.credentials.postgres = { id: pgCredential.id, name: pgCredential.name };
			// The daily re-read runs when the test says so below, never on its own during the test.
			if (node.type === 'n8n-nodes-base.scheduleTrigger') node.parameters.rule = { interval: [{ field: 'days', triggerAtHour: (new Date().getUTCHours() + 12) % 24 }] };
		}
		const reRead = json.nodes.find((n) => n.type === 'n8n-nodes-base.scheduleTrigger')!.name;
		const wf = await e2e.activateWorkflow(json);
		const executions = async () => e2e.client.listExecutions(wf.id);

		// While the first copy is made (the whole of each feed, from the beginning): changes, a 5xx
		// burst, a 429 burst. n8n publishes the workflow once the first poll of each trigger has
		// returned (its activation poll, up to Max Items per Poll rows).
		const { feeds: firstCopy } = await copySizes(postgres, database, sandbox);
		const changes = new FeedChanges(sandbox);
		await changes.round('first copy');
		await sandbox.adminRequest('POST', 'faults', { status: 503, times: 6, match: { method: 'GET', pathPrefix: '/incremental/' } });
		await e2e.client.waitUntilPublished(wf.id, undefined, 120_000);
		const publishedAt = Date.now();
		await changes.round('429 burst');
		await sandbox.adminRequest('POST', 'faults', { status: 429, times: 8, retryAfterSec: 2, match: { method: 'GET', pathPrefix: '/incremental/' } });
		// A clean restart of main once the first copy is in (main waits for the executions running on
		// the workers; the suite gives it 10 s), changes made while it is down, then a new cursor
		// format: every cursor the triggers hold is refused.
		await waitFor('the first copy', 120_000, async () => {
			const { copy } = await copySizes(postgres, database, sandbox);
			return copy.every((n, i) => n >= firstCopy[i]) && (await executions()).every((e) => FINISHED.includes(e.status));
		});
		const copiedAt = Date.now();
		const stopped = e2e.n8n.process;
		await e2e.restartN8n(() => changes.round('main down'));
		const restartedAt = Date.now();
		expect(stopped.text).not.toMatch(/Shutdown timed out/);
		const bumpMark = lastRequestId(sandbox);
		await sandbox.invalidateCursors();
		await changes.round('new cursor format');

		// Every change visible, then read to the end of each feed, and every execution over.
		await sandbox.advanceClock(HOLD_BACK_PLUS);
		const mark = lastRequestId(sandbox);
		await waitFor('each feed read to its end', 180_000, () => feedsReadToTheEnd(sandbox, mark));
		await waitFor('every execution finished', 120_000, async () => (await executions()).every((e) => FINISHED.includes(e.status)));
		const drainedAt = Date.now();
		const copy = await compareCopy(postgres, database, sandbox);
		const statuses = feedStatusesSince(sandbox, startMark);
		const deadlocks = postgres.process.text.match(/deadlock detected/g)?.length ?? 0;
		const at = (t: number) => `${((t - started) / 1000).toFixed(0)} s`;
		report(
			`sync: ${changes.made} changes in 4 rounds (${changes.answerEdits.length} answer-only edits); published at ${at(publishedAt)}, first copy in at ${at(copiedAt)}, main restarted at ${at(restartedAt)}, ` +
				`drained at ${at(drainedAt)}; feed reads by status ${JSON.stringify(statuses)}; ${deadlocks} deadlocks in PostgreSQL (retried)\n        ${describeCopy(copy)}`,
		);
		// The bursts were all answered to the triggers, and each trigger met the new cursor format.
		expect(await sandbox.adminRequest('GET', 'faults')).toEqual([]);
		for (const [feed, byStatus] of Object.entries(feedStatusesSince(sandbox, bumpMark))) expect({ feed, refused: byStatus[400] > 0 }).toEqual({ feed, refused: true });
		for (const f of copy) {
			expect({ table: f.table, missing: f.missing, extra: f.extra, stale: f.stale }).toEqual({ table: f.table, missing: [], extra: [], stale: [] });
			expect(f.live).toBeGreaterThan(0);
		}
		// Only the answers the feed did not bring are behind: those of the members edited that way.
		const [members] = copy;
		expect(members.answersNotInFeed).toEqual([...changes.answerEdits].sort());
		expect(members.staleAnswers).toEqual(members.answersNotInFeed);
		expect(members.deleted).toBeGreaterThanOrEqual(4);

		// The daily re-read, once: afterwards nothing is stale.
		const run = await e2e.n8n.waitForExecution(await e2e.client.startManualRun(wf.id, reRead), 180_000);
		expect({ status: run.status, error: run.error?.message }).toEqual({ status: 'success', error: undefined });
		const after = await compareCopy(postgres, database, sandbox);
		const read = json.nodes.find((n) => n.type === ACTION_NODE_TYPE)!.name;
		report(`sync: after the re-read (${run.output[read]?.length ?? 0} members read), ${at(Date.now())} in all\n        ${describeCopy(after)}`);
		for (const f of after) {
			expect({ table: f.table, missing: f.missing, extra: f.extra, stale: f.stale, staleAnswers: f.staleAnswers }).toEqual({ table: f.table, missing: [], extra: [], stale: [], staleAnswers: [] });
		}

		// No execution failed in a Postgres node (a poll that a 5xx burst failed would show as its trigger's error).
		const failed = [];
		for (const summary of (await executions()).filter((e) => e.status !== 'success')) {
			const result = await e2e.n8n.getExecution(String(summary.id));
			failed.push({ id: summary.id, status: summary.status, nodes: Object.keys(result.nodeErrors), error: result.error?.message });
		}
		const all = await executions();
		report(`sync: ${all.length} executions, not successful: ${JSON.stringify(failed)}`);
		// All of them listed (n8n lists 100 at most).
		expect(all.length).toBeLessThan(100);
		const postgresNodes = json.nodes.filter((n) => n.type === 'n8n-nodes-base.postgres').map((n) => n.name);
		expect(failed.filter((f) => f.nodes.some((name) => postgresNodes.includes(name)))).toEqual([]);
		await e2e.client.deactivateWorkflow(wf.id);
	}, 360_000);
});
