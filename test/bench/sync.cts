/**
 * The sync benchmark (issue 41; `npm run bench:sync`, not part of CI): examples/community-copy-postgres.json
 * in n8n's queue mode (main, two workers, PostgreSQL, Redis: tools/n8n/queue.cts) against the
 * sandbox at the API's own rates (time scale 1), with the example's own poll times (every minute).
 *
 * 1. The first copy of N members (--sizes, default 10000,100000), each on a stack of its own: the
 *    Member Trigger alone (the other three disabled), Start From = Beginning. Figures: feed
 *    requests, the wall time from the first feed request to the last of the copy, the time until
 *    PostgreSQL holds every row, and their ratio to the tier minimum. The minimum: the members
 *    feed is the one read that returns every member (deactivated ones too, with profile answers,
 *    spaces and points), 100 rows a request on the Medium tier; the burst of ten goes at once,
 *    the rest at one a second.
 * 2. Keeping the copy (--minutes, default 15, on the first size's stack): the whole example, all
 *    four feeds from the beginning, while a round of 21 changes of every kind is made every 45 s;
 *    a 5xx burst, a 429 burst, a clean restart of main (changes made while it is down) and a new
 *    cursor format on the way. Each change's lag: from its updatedAt (the sandbox clock is the
 *    real clock at time scale 1) to the first moment PostgreSQL holds that version. After the
 *    drain, the copy against the sandbox, row for row; then the daily re-read, and again.
 *
 * Writes test/bench/sync-results.json and the section "Keep a copy in sync" of RESULTS.md.
 * Options: --sizes a,b  --minutes N (0: no sync run)  --sync-only (keep the first copies of the last
 * run's JSON)  --report-only.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import type { Postgres } from '../../tools/n8n/postgres.cjs';
import { QueueStack } from '../../tools/n8n/queue.cjs';
import { REPO_DIR } from '../../tools/n8n/runtime.cjs';
import type { SandboxAdmin } from '../../tools/sandbox/admin.cjs';
import { FEED_NAMES, type FeedName } from '../../tools/sandbox/feeds.cjs';
import { TIER_LIMITS } from '../../tools/sandbox/rateLimit.cjs';
import { ACTION_NODE_TYPE, readWorkflowFile, type WorkflowJson } from '../e2e/harness.cjs';
import { COPY_TABLES, COPY_WORKFLOW, FeedChanges, compareCopy, copySizes, createCopyDatabase, describeCopy, feedStatusesSince, feedsReadToTheEnd, lastRequestId, type TableFigures } from '../e2e/queue/copy.cjs';

const BENCH_DIR = join(REPO_DIR, 'test', 'bench');
const JSON_OUT = join(BENCH_DIR, 'sync-results.json');
const MARKDOWN = join(BENCH_DIR, 'RESULTS.md');
const SECTION_START = '<!-- sync:start -->';
const SECTION_END = '<!-- sync:end -->';

const PAGE = 100;
const MEDIUM = TIER_LIMITS.medium;
const FINISHED = ['success', 'error', 'crashed', 'canceled'];
const ROUND_EVERY_MS = 45_000;
/** The feeds hold back two minutes; the example polls every minute. */
const LAG_GOAL_MS = 120_000 + 60_000 + 10_000;

const log = (line: string) => process.stderr.write(`[sync] ${new Date().toISOString().slice(11, 19)} ${line}\n`);
const seconds = (ms: number) => Math.round(ms / 100) / 10;

interface FirstCopy {
	members: number;
	feedRows: number;
	requests: number;
	refused: number;
	minimumRequests: number;
	minimumS: number;
	readS: number;
	readRatio: number;
	inPostgresS: number;
	copyRatio: number;
	executions: number;
	rowsMatch: boolean;
	/** The example's Postgres Query Batching when it ran. */
	queryBatching: string;
}

interface Lag {
	round: string;
	feed: FeedName;
	/** The change's updatedAt and the first moment PostgreSQL held that version (epoch ms). */
	updatedAt: number;
	arrivedAt: number;
	lagMs: number;
}

/** A fault, from its start until it was over (epoch ms): the sandbox's injected answers all given, main up again, or one poll interval after a cursor change. */
interface FaultWindow {
	round: string;
	what: string;
	from: number;
	to: number;
}

interface SyncRun {
	minutes: number;
	/** The first copy of all four feeds (the example as it is): rows, feed requests, the minimum, the time until PostgreSQL held them. */
	allFeeds: { rows: number; requests: number; minimumS: number; inPostgresS: number; ratio: number };
	changes: number;
	answerEdits: number;
	rounds: Array<{ label: string; at: number; fault?: string }>;
	faults: FaultWindow[];
	lags: Lag[];
	notArrived: number;
	statuses: Record<string, Record<number, number>>;
	afterDrain: TableFigures[];
	afterReRead: TableFigures[];
	executions: number;
	failedExecutions: Array<{ id: string; status: string; error?: string }>;
}

interface Results {
	date: string;
	firstCopies: FirstCopy[];
	sync?: SyncRun;
}

function argValue(name: string): string | undefined {
	const i = process.argv.indexOf(name);
	return i > 0 ? process.argv[i + 1] : undefined;
}

async function waitFor(what: string, timeoutMs: number, check: () => Promise<boolean>, everyMs = 1000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await sleep(everyMs);
	}
}

const adminOf = (stack: QueueStack) => stack.sandbox.admin as SandboxAdmin;

/** The example, its Postgres nodes on this database's credential, the daily re-read kept from running on its own. */
async function copyWorkflow(stack: QueueStack, database: string, membersOnly = false): Promise<WorkflowJson> {
	const pg = stack.postgres;
	await createCopyDatabase(pg, database);
	const credential = await stack.client.createCredential(`Copy ${database}`, 'postgres', {
		host: pg.host,
		port: pg.port,
		database,
		user: pg.user,
		password: 'postgres',
		ssl: 'disable',
	});
	const json = readWorkflowFile(COPY_WORKFLOW);
	json.name = `${json.name} (${database})`;
	for (const node of json.nodes) {
		if (node.credentials?.postgres) node.credentials.postgres = { id: credential.id, name: credential.name };
		if (node.type === 'n8n-nodes-base.scheduleTrigger') node.parameters.rule = { interval: [{ field: 'days', triggerAtHour: (new Date().getUTCHours() + 12) % 24 }] };
		if (membersOnly && /Trigger$/.test(node.type) && !node.type.endsWith('MemberTrigger')) node.disabled = true;
	}
	return json;
}

async function executionsOf(stack: QueueStack, workflowId: string) {
	return stack.client.listExecutions(workflowId);
}

async function firstCopy(members: number): Promise<FirstCopy> {
	log(`first copy: starting a stack with ${members.toLocaleString('en-US')} members`);
	const stack = await QueueStack.start({ sandboxOptions: { members, timeScale: 1 } });
	try {
		const json = await copyWorkflow(stack, 'first_copy', true);
		const feedRows = adminOf(stack).store.feeds.users.size;
		const mark = lastRequestId(stack.sandbox);
		const wf = await stack.e2e.activateWorkflow(json, { pollSeconds: false });
		const copied = async () => (await copySizes(stack.postgres, 'first_copy', stack.sandbox)).copy[0] >= feedRows;
		await waitFor('the first copy in PostgreSQL', 4 * 60 * 60_000, copied, 500);
		const inAt = Date.now();
		await waitFor('every execution finished', 120_000, async () => (await executionsOf(stack, wf.id)).every((e) => FINISHED.includes(e.status)));
		const reads = adminOf(stack)
			.getRequests()
			.filter((r) => r.id > mark && r.path.endsWith('/incremental/users') && Date.parse(r.time) <= inAt);
		const answered = reads.filter((r) => r.status === 200);
		const first = Date.parse(reads[0].time);
		const last = Date.parse(answered[answered.length - 1].time) + answered[answered.length - 1].durationMs;
		const minimumRequests = Math.ceil(feedRows / PAGE);
		const minimumMs = (Math.max(0, minimumRequests - MEDIUM.burst) / MEDIUM.perSecond) * 1000;
		const figures = await compareCopy(stack.postgres, 'first_copy', stack.sandbox);
		const m = figures[0];
		const out: FirstCopy = {
			members,
			feedRows,
			requests: reads.length,
			refused: reads.filter((r) => r.status === 429).length,
			minimumRequests,
			minimumS: seconds(minimumMs),
			readS: seconds(last - first),
			readRatio: Math.round(((last - first) / minimumMs) * 1000) / 1000,
			inPostgresS: seconds(inAt - first),
			copyRatio: Math.round(((inAt - first) / minimumMs) * 1000) / 1000,
			executions: (await executionsOf(stack, wf.id)).length,
			rowsMatch: m.missing.length + m.extra.length + m.stale.length === 0,
			queryBatching: String((json.nodes.find((n) => n.type === 'n8n-nodes-base.postgres')?.parameters.options as { queryBatching?: string } | undefined)?.queryBatching),
		};
		log(`first copy of ${members}: ${JSON.stringify(out)}\n        ${describeCopy([m])}`);
		await stack.client.deactivateWorkflow(wf.id);
		return out;
	} finally {
		await stack.stop();
	}
}

/** The latest version of every row changed at or after `since` (sandbox time), per feed. */
function changedSince(stack: QueueStack, since: number): Array<{ feed: FeedName; id: string; updatedAt: number }> {
	const store = adminOf(stack).store;
	const out: Array<{ feed: FeedName; id: string; updatedAt: number }> = [];
	for (const feed of FEED_NAMES) {
		for (const row of store.feeds[feed].read({ startTime: since }, Number.MAX_SAFE_INTEGER, Number.POSITIVE_INFINITY).rows) {
			out.push({ feed, id: String(row.id), updatedAt: Date.parse(String(row.updatedAt)) });
		}
	}
	return out;
}

/** Watches PostgreSQL for each change's version; records its lag when it is there. */
class LagWatch {
	readonly lags: Lag[] = [];
	private pending = new Map<string, { feed: FeedName; id: string; updatedAt: number; round: string }>();
	private stopped = false;
	private loop?: Promise<void>;

	constructor(
		private readonly pg: Postgres,
		private readonly database: string,
	) {}

	add(changes: Array<{ feed: FeedName; id: string; updatedAt: number }>, round: string) {
		for (const c of changes) this.pending.set(`${c.feed}/${c.id}`, { ...c, round });
	}

	get waiting() {
		return this.pending.size;
	}

	start() {
		this.loop = (async () => {
			while (!this.stopped) {
				await this.check().catch((err: Error) => log(`lag check failed: ${err.message}`));
				await sleep(1000);
			}
		})();
	}

	async stop() {
		this.stopped = true;
		await this.loop;
	}

	private async check() {
		if (this.pending.size === 0) return;
		const seenAt = Date.now();
		for (const feed of FEED_NAMES) {
			const ids = [...this.pending.values()].filter((p) => p.feed === feed).map((p) => p.id.replace(/'/g, "''"));
			if (ids.length === 0) continue;
			const text = await this.pg.psql(
				this.database,
				`SELECT coalesce(json_agg(json_build_array(id, (extract(epoch FROM updated_at) * 1000)::bigint)), '[]') FROM ${COPY_TABLES[feed]} WHERE id IN (${ids.map((id) => `'${id}'`).join(',')});`,
			);
			for (const [id, updatedAt] of JSON.parse(text) as Array<[string, number]>) {
				const key = `${feed}/${id}`;
				const p = this.pending.get(key);
				if (p && Number(updatedAt) >= p.updatedAt) {
					this.lags.push({ round: p.round, feed, updatedAt: p.updatedAt, arrivedAt: seenAt, lagMs: seenAt - p.updatedAt });
					this.pending.delete(key);
				}
			}
		}
	}
}

async function keepInSync(members: number, minutes: number): Promise<SyncRun> {
	log(`sync: starting a stack with ${members.toLocaleString('en-US')} members for ${minutes} minutes of changes`);
	const stack = await QueueStack.start({ sandboxOptions: { members, timeScale: 1 } });
	const database = 'community_copy';
	try {
		const json = await copyWorkflow(stack, database);
		const startMark = lastRequestId(stack.sandbox);
		const wf = await stack.e2e.activateWorkflow(json, { pollSeconds: false });
		const { feeds: firstCopySizes } = await copySizes(stack.postgres, database, stack.sandbox);
		await waitFor('the first copy', 30 * 60_000, async () => (await copySizes(stack.postgres, database, stack.sandbox)).copy.every((n, i) => n >= firstCopySizes[i]), 500);
		const copiedAt = Date.now();
		const firstReads = adminOf(stack)
			.getRequests()
			.filter((r) => r.id > startMark && r.path.includes('/incremental/') && Date.parse(r.time) <= copiedAt);
		const allRows = firstCopySizes.reduce((a, b) => a + b, 0);
		const allMinimumMs = (Math.max(0, firstCopySizes.reduce((a, b) => a + Math.ceil(b / PAGE), 0) - MEDIUM.burst) / MEDIUM.perSecond) * 1000;
		const allSpent = copiedAt - Date.parse(firstReads[0].time);
		const allFeeds = { rows: allRows, requests: firstReads.length, minimumS: seconds(allMinimumMs), inPostgresS: seconds(allSpent), ratio: Math.round((allSpent / allMinimumMs) * 1000) / 1000 };
		log(`sync: first copy in (${JSON.stringify(allFeeds)}); changes begin`);

		const changes = new FeedChanges(stack.sandbox);
		const watch = new LagWatch(stack.postgres, database);
		watch.start();
		const rounds: SyncRun['rounds'] = [];
		const faults: FaultWindow[] = [];
		const pending: Array<Promise<void>> = [];
		/** Until the sandbox has given every injected answer. */
		const untilAnswered = (w: FaultWindow) =>
			(async () => {
				await waitFor('the injected answers', 10 * 60_000, async () => ((await stack.sandbox.adminRequest<unknown[]>('GET', 'faults')) ?? []).length === 0, 500);
				w.to = Date.now();
			})();
		const total = Math.max(1, Math.floor((minutes * 60_000) / ROUND_EVERY_MS));
		const faultAt = (k: number) => Math.round((total * k) / 5);
		const began = Date.now();
		for (let n = 1; n <= total; n++) {
			const due = began + (n - 1) * ROUND_EVERY_MS;
			if (Date.now() < due) await sleep(due - Date.now());
			const since = adminOf(stack).store.clock.now();
			const label = `round ${n}`;
			let fault: string | undefined;
			const window = (what: string): FaultWindow => {
				fault = what;
				const w = { round: label, what, from: Date.now(), to: Date.now() };
				faults.push(w);
				return w;
			};
			if (n === faultAt(1)) {
				const w = window('5xx burst (6 answers 503)');
				await stack.sandbox.adminRequest('POST', 'faults', { status: 503, times: 6, match: { method: 'GET', pathPrefix: '/incremental/' } });
				pending.push(untilAnswered(w));
			} else if (n === faultAt(2)) {
				const w = window('429 burst (8 answers, Retry-After 2)');
				await stack.sandbox.adminRequest('POST', 'faults', { status: 429, times: 8, retryAfterSec: 2, match: { method: 'GET', pathPrefix: '/incremental/' } });
				pending.push(untilAnswered(w));
			} else if (n === faultAt(3)) {
				const w = window('clean restart of main, this round made while it is down');
				await stack.e2e.restartN8n(() => changes.round(label));
				w.to = Date.now();
			} else if (n === faultAt(4)) {
				const w = window('new cursor format');
				await stack.sandbox.invalidateCursors();
				// Each trigger meets it at its next poll: within one poll interval.
				w.to = w.from + 60_000;
			}
			if (!fault?.startsWith('clean restart')) await changes.round(label);
			rounds.push({ label, at: Date.now() - began, fault });
			watch.add(changedSince(stack, since), label);
			log(`${label}${fault ? ` (${fault})` : ''}: ${changes.made} changes so far, ${watch.waiting} not in PostgreSQL yet`);
		}

		// Every change shown, read to the end of each feed, every execution over.
		await sleep(2 * 60_000 + 5_000);
		const mark = lastRequestId(stack.sandbox);
		await waitFor('each feed read to its end', 10 * 60_000, async () => feedsReadToTheEnd(stack.sandbox, mark));
		await waitFor('every execution finished', 5 * 60_000, async () => (await executionsOf(stack, wf.id)).every((e) => FINISHED.includes(e.status)));
		await waitFor('every change in PostgreSQL', 60_000, async () => watch.waiting === 0).catch(() => undefined);
		await watch.stop();
		await Promise.all(pending);
		const afterDrain = await compareCopy(stack.postgres, database, stack.sandbox);
		log(`sync: after the drain\n        ${describeCopy(afterDrain)}`);
		const reRead = json.nodes.find((n) => n.type === 'n8n-nodes-base.scheduleTrigger')!.name;
		const run = await stack.e2e.n8n.waitForExecution(await stack.client.startManualRun(wf.id, reRead), 10 * 60_000);
		if (run.status !== 'success') throw new Error(`the re-read ended ${run.status}`);
		const afterReRead = await compareCopy(stack.postgres, database, stack.sandbox);
		log(`sync: after the re-read (${run.output[json.nodes.find((n) => n.type === ACTION_NODE_TYPE)!.name]?.length ?? 0} members read)\n        ${describeCopy(afterReRead)}`);
		const all = await executionsOf(stack, wf.id);
		const failedExecutions = [];
		for (const e of all.filter((x) => x.status !== 'success')) {
			const result = await stack.e2e.n8n.getExecution(String(e.id));
			failedExecutions.push({ id: String(e.id), status: String(e.status), error: result.error?.message });
		}
		await stack.client.deactivateWorkflow(wf.id);
		return {
			minutes,
			allFeeds,
			changes: changes.made,
			answerEdits: changes.answerEdits.length,
			rounds,
			faults,
			lags: watch.lags,
			notArrived: watch.waiting,
			statuses: feedStatusesSince(stack.sandbox, startMark),
			afterDrain,
			afterReRead,
			executions: all.length,
			failedExecutions,
		};
	} finally {
		await stack.stop();
	}
}

function percentile(values: number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function markdown(r: Results): string {
	const n = (x: number) => x.toLocaleString('en-US');
	const lines = [
		SECTION_START,
		'## Keep a copy in sync',
		'',
		`Written by \`npm run bench:sync\` (test/bench/sync.cts) on ${r.date}; the same figures are in sync-results.json. examples/community-copy-postgres.json in queue mode (main, two workers, PostgreSQL, Redis), the sandbox at the API's own rates (time scale 1), the example's poll times (every minute), n8n's legacy scheduler.`,
		'',
		'### The first copy',
		'',
		"The Member Trigger alone, Start From = Beginning, Max Items per Poll 10,000. The members feed is the one read that returns every member (deactivated ones included, with profile answers, spaces and points): 100 rows a request, Medium tier. Minimum: one request per 100 rows, the burst of 10 at once and the rest at 1 a second. Read: from the first feed request to the end of the last one of the copy. In PostgreSQL: from the first feed request until the table holds every row. Query Batching: the example's Postgres setting in that run (`single`: a poll's statements sent as one query; `transaction`: one round trip per item). The first poll on schedule comes at a second of the minute n8n picks at random, after the poll it runs on publishing: a copy can lose up to 50 s there, once.",
		'',
		'| Members | Feed rows | Requests (minimum) | 429s | Minimum | Read | Ratio | In PostgreSQL | Ratio | Executions | Copy equals the feed | Query Batching |',
		'|---|---|---|---|---|---|---|---|---|---|---|---|',
	];
	for (const f of r.firstCopies) {
		lines.push(
			`| ${n(f.members)} | ${n(f.feedRows)} | ${n(f.requests)} (${n(f.minimumRequests)}) | ${f.refused} | ${f.minimumS} s | ${f.readS} s | ${f.readRatio.toFixed(3)} | ${f.inPostgresS} s | ${f.copyRatio.toFixed(3)} | ${f.executions} | ${f.rowsMatch ? 'yes' : '**no**'} | ${f.queryBatching} |`,
		);
	}
	const s = r.sync;
	if (s) {
		const faultOnTheWay = (l: Lag) => s.faults.some((f) => f.from <= l.arrivedAt && f.to >= l.updatedAt);
		const steady = s.lags.filter((l) => !faultOnTheWay(l)).map((l) => l.lagMs);
		const faulted = s.lags.filter(faultOnTheWay).map((l) => l.lagMs);
		const lagRow = (label: string, v: number[]) =>
			v.length === 0 ? `| ${label} | 0 | - | - | - |` : `| ${label} | ${v.length} | ${seconds(percentile(v, 50))} s | ${seconds(percentile(v, 95))} s | ${seconds(Math.max(...v))} s |`;
		lines.push(
			'',
			`### Keeping it: ${s.minutes} minutes of changes`,
			'',
			`The first copy of all four feeds (the example as it is, ${n(s.allFeeds.rows)} rows): ${n(s.allFeeds.requests)} feed requests, in PostgreSQL ${s.allFeeds.inPostgresS} s after the first request, against a minimum of ${s.allFeeds.minimumS} s (ratio ${s.allFeeds.ratio.toFixed(3)}; the four triggers share the Medium tier).`,
			'',
			`Then a round of changes every ${ROUND_EVERY_MS / 1000} s: ${n(s.changes)} changes (${s.answerEdits} answer-only edits) in ${s.rounds.length} rounds. Faults: ${s.faults
				.map((f) => `${f.round}, ${f.what} (over in ${seconds(f.to - f.from)} s)`)
				.join('; ')}.`,
			'',
			`Lag: from a change's updatedAt to the first moment PostgreSQL holds that version (checked every second). Goal: hold-back (120 s) + one poll interval (60 s) + 10 s = ${LAG_GOAL_MS / 1000} s. Steady: changes with no fault between their updatedAt and their arrival; with a fault: the others (a fault lasts until the sandbox has given its injected answers, main is up again, or one poll interval after the cursor change).`,
			'',
			'| Changes | Rows | Median | 95th percentile | Longest |',
			'|---|---|---|---|---|',
			lagRow('steady', steady),
			lagRow('with a fault', faulted),
			'',
			`Goal met in steady state: ${steady.length > 0 && Math.max(...steady) <= LAG_GOAL_MS ? 'yes' : '**no**'}. Rows never seen in PostgreSQL: ${s.notArrived}.`,
			'',
			'After the drain (answers are stale only where an answer alone changed):',
			'',
			'| Table | Live | Deleted | Rows in copy | Missing | Extra | Stale | Stale answers |',
			'|---|---|---|---|---|---|---|---|',
			...s.afterDrain.map((f) => `| ${f.table} | ${n(f.live)} | ${n(f.deleted)} | ${n(f.rows)} | ${f.missing.length} | ${f.extra.length} | ${f.stale.length} | ${f.staleAnswers.length} |`),
			'',
			'After the daily re-read:',
			'',
			'| Table | Missing | Extra | Stale | Stale answers |',
			'|---|---|---|---|---|',
			...s.afterReRead.map((f) => `| ${f.table} | ${f.missing.length} | ${f.extra.length} | ${f.stale.length} | ${f.staleAnswers.length} |`),
			'',
			`Feed reads by status: ${JSON.stringify(s.statuses)}. Executions: ${s.executions}, not successful: ${s.failedExecutions.length ? s.failedExecutions.map((e) => `execution #${e.id}, ${e.status}: ${e.error ?? 'no message'}`).join('; ') : 'none'}.`,
		);
	}
	lines.push(SECTION_END);
	return lines.join('\n');
}

function writeMarkdown(r: Results) {
	const existing = readFileSync(MARKDOWN, 'utf8');
	const section = markdown(r);
	const start = existing.indexOf(SECTION_START);
	const end = existing.indexOf(SECTION_END);
	const next = start >= 0 && end > start ? existing.slice(0, start) + section + existing.slice(end + SECTION_END.length) : `${existing.replace(/\s*$/, '')}\n\n${section}\n`;
	writeFileSync(MARKDOWN, next);
}

async function main() {
	if (process.argv.includes('--report-only')) {
		writeMarkdown(JSON.parse(readFileSync(JSON_OUT, 'utf8')) as Results);
		return;
	}
	const sizes = (argValue('--sizes') ?? '10000,100000').split(',').map(Number).filter((x) => x > 0);
	const minutes = Number(argValue('--minutes') ?? 15);
	const syncOnly = process.argv.includes('--sync-only');
	const results: Results = { date: new Date().toISOString(), firstCopies: syncOnly ? (JSON.parse(readFileSync(JSON_OUT, 'utf8')) as Results).firstCopies : [] };
	const save = () => {
		writeFileSync(JSON_OUT, `${JSON.stringify(results, null, '\t')}\n`);
		writeMarkdown(results);
	};
	if (minutes > 0) {
		results.sync = await keepInSync(sizes[0] ?? 10_000, minutes);
		save();
	}
	for (const size of syncOnly ? [] : sizes) {
		results.firstCopies.push(await firstCopy(size));
		save();
	}
	log(`written: ${JSON_OUT} and the section of ${MARKDOWN}`);
}

main().then(
	() => process.exit(0),
	(err: unknown) => {
		log(`failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
		process.exit(1);
	},
);
