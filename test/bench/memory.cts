/**
 * Memory against n8n's own floor (issue 47, point 3; `npm run bench:memory`, not part of CI).
 *
 * n8n 2.41.1 with the packed package (test/e2e/harness.cts), against the sandbox with its rate
 * limits off and its headers announcing a tier nobody paces for (advertisedLimits: 'unlimited'),
 * so that what is measured is memory, not pacing. Three cases, each against its floor:
 *
 * - get-many-raw: Member → Get Many, Return All, Simplify off, on every member the API lists
 *   (--members seeded, 99,952 listed for the default 102,000).
 * - get-many-simplify: the same with Simplify on.
 * - trigger: the Member Trigger's first poll, Emit = Every Change, Start From = Beginning, Max Items
 *   per Poll 10,000, on a members feed of --members rows: the workflow is published and n8n runs
 *   the poll at activation (its poll times are once a year, so no second poll comes).
 *
 * The floor of each (the issue's): the same items returned by a Code node (Run Once for All
 * Items) after a Manual Trigger, in the same n8n with the same settings. The same items, not only
 * the same shape: the bench writes the package's output of the run just before to a file, a page
 * a line, and the Code node reads it (n8n stores an execution's data with `flatted`, which writes
 * a string that occurs many times once, so items repeated from a template would cost n8n less
 * than real ones). The trigger has a second floor: the same items emitted by a polling trigger (a
 * node of 20 lines written by this file, loaded through N8N_CUSTOM_EXTENSIONS in every
 * measurement) published the same way, which runs where the package's trigger runs (in main, not
 * in the task runner) and shows n8n's own cost of a poll's items.
 *
 * Each measurement starts a fresh n8n (its own user folder and database); the execution runs
 * once, and the peak is the VmHWM (peak resident memory) in /proc/<pid>/status of the n8n main
 * process (`n8n start`, which runs the executions in regular mode), read every 200 ms and once
 * the execution has finished, before anything reads its data back. n8n's task runner (a child
 * process of main, where Code nodes run) is reported apart: its memory is not main's. Every case
 * is measured --runs times (default 2), the package and its floors in turn.
 *
 * Writes test/bench/memory-results.json and the section "Memory against n8n's own floor" of
 * RESULTS.md (in place of the previous one; the rest is kept). Options: --runs N, --only
 * get-many-raw,get-many-simplify,trigger, --members N, --trace (main's memory every 200 ms),
 * --out <json>, --markdown <md>, --report-only. The run is bounded (--max-minutes, default 60);
 * it stops everything it starts. CPN_E2E_TARBALL=<tgz> measures that tarball instead of building
 * and packing the working tree (--label <text> then says what it is, for the report).
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

import { ACTION_NODE_TYPE, CREDENTIAL_NAME, CREDENTIAL_TYPE, E2E, Sandbox, errorText, type ExecutionResult, type NodeItem, type WorkflowJson } from '../e2e/harness.cjs';
import { PACKAGE_NAME, TARBALL_ENV } from '../../tools/n8n/pack.cjs';
import { REPO_DIR, ensureRuntime } from '../../tools/n8n/runtime.cjs';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
	const i = args.indexOf(`--${name}`);
	return i >= 0 ? args[i + 1] : fallback;
};

const CASES = ['get-many-raw', 'get-many-simplify', 'trigger'] as const;
type CaseName = (typeof CASES)[number];
const RUNS = Number(arg('runs', '2'));
const ONLY = arg('only', CASES.join(',')).split(',') as CaseName[];
const MEMBERS = Number(arg('members', '102000'));
const TRIGGER_ITEMS = 10_000;
const MAX_MINUTES = Number(arg('max-minutes', '60'));
const REPORT_ONLY = args.includes('--report-only');
const TRACE = args.includes('--trace');
/** The goal: the package's peak at most this many times the floor's. */
const GOAL = 1.2;

const JSON_OUT = resolve(arg('out', join(__dirname, 'memory-results.json')));
const MARKDOWN = resolve(arg('markdown', join(__dirname, 'RESULTS.md')));
const SECTION_START = '<!-- memory:start (written by npm run bench:memory) -->';
const SECTION_END = '<!-- memory:end -->';

const log = (line: string) => process.stderr.write(`[memory] ${new Date().toISOString().slice(11, 19)} ${line}\n`);
const mb = (kb: number) => Math.round(kb / 1024);

/** Who made the items: the package's node, the Code node after a Manual Trigger, or a polling trigger of n8n's own kind. */
type Maker = 'package' | 'code floor' | 'trigger floor';

interface Measurement {
	case: CaseName;
	run: number;
	by: Maker;
	items: number;
	/** Peak resident memory (VmHWM) of n8n's main process, MB: at the end, and just before the execution. */
	peakMb: number;
	beforeMb: number;
	/** VmRSS of main just before the execution, MB. */
	rssBeforeMb: number;
	/** Peak of main's child processes (the task runner, where Code nodes run), MB. */
	runnerPeakMb: number;
	/** The execution's own time (n8n's startedAt to stoppedAt), ms. */
	executionMs: number;
	/** From the start (the manual run, or publishing) until the execution had finished, ms. */
	untilDoneMs: number;
	/** The whole measurement, n8n's start to its stop, ms. */
	wallMs: number;
}

interface MemoryResults {
	date: string;
	machine: string;
	n8n: string;
	/** What was measured: the tarball given, or the working tree built at a commit. */
	packageMeasured: string;
	members: number;
	listed: number;
	triggerItems: number;
	runs: number;
	durationS: number;
	measurements: Measurement[];
}

// ---------------------------------------------------------------------------------------------
// The n8n processes and their memory
// ---------------------------------------------------------------------------------------------

interface Proc {
	pid: number;
	ppid: number;
	cmd: string;
}

function processes(): Proc[] {
	const out: Proc[] = [];
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
			out.push({ pid: Number(entry), ppid, cmd });
		} catch {
			// The process ended meanwhile.
		}
	}
	return out;
}

function descendants(root: number, all = processes()): Proc[] {
	const found: Proc[] = [];
	const queue = [root];
	while (queue.length) {
		const parent = queue.shift()!;
		for (const p of all) {
			if (p.ppid === parent) {
				found.push(p);
				queue.push(p.pid);
			}
		}
	}
	return found;
}

function statusKb(pid: number, field: 'VmHWM' | 'VmRSS'): number | undefined {
	try {
		const m = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
		return m ? Number(m[1]) : undefined;
	} catch {
		return undefined;
	}
}

/**
 * n8n's main process under its supervisor (tools/n8n/supervise.cjs runs `node … n8n start`),
 * and the peaks of main and of its child processes, read every 200 ms (a task runner may end
 * before the end is read: its last reading counts).
 */
class Peaks {
	readonly mainPid: number;
	private childKb = 0;
	private mainKb = 0;
	private readonly timer: NodeJS.Timeout;

	constructor(supervisorPid: number) {
		const main = descendants(supervisorPid).find((p) => / start$/.test(p.cmd) && p.cmd.includes('n8n'));
		if (!main) throw new Error(`no n8n main process under ${supervisorPid}: ${JSON.stringify(descendants(supervisorPid))}`);
		this.mainPid = main.pid;
		this.timer = setInterval(() => this.read(), 200);
	}

	private read() {
		this.mainKb = Math.max(this.mainKb, statusKb(this.mainPid, 'VmHWM') ?? 0);
		for (const p of descendants(this.mainPid)) this.childKb = Math.max(this.childKb, statusKb(p.pid, 'VmHWM') ?? 0);
		if (TRACE) log(`trace: main RSS ${mb(statusKb(this.mainPid, 'VmRSS') ?? 0)} MB, peak ${mb(this.mainKb)} MB`);
	}

	/** Main's VmHWM and VmRSS now, KB. */
	now(): { hwm: number; rss: number } {
		return { hwm: statusKb(this.mainPid, 'VmHWM') ?? 0, rss: statusKb(this.mainPid, 'VmRSS') ?? 0 };
	}

	stop(): { mainKb: number; childKb: number } {
		this.read();
		clearInterval(this.timer);
		return { mainKb: this.mainKb, childKb: this.childKb };
	}
}

// ---------------------------------------------------------------------------------------------
// Workflows
// ---------------------------------------------------------------------------------------------

const START = { id: '00000000-0000-4000-8000-000000004701', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };
const credentials = { [CREDENTIAL_TYPE]: { id: 'sandbox', name: CREDENTIAL_NAME } };
/** Once a year: the poll n8n runs when a trigger is published is the only one. */
const ONCE_A_YEAR = { item: [{ mode: 'custom', cronExpression: '0 0 0 1 1 *' }] };

function getManyWorkflow(simplify: boolean): WorkflowJson {
	return {
		name: `Memory: Get Many, Return All, Simplify ${simplify ? 'on' : 'off'}`,
		nodes: [
			START,
			{
				id: '00000000-0000-4000-8000-000000004702',
				name: 'Get Many Members',
				type: ACTION_NODE_TYPE,
				typeVersion: 1,
				position: [250, 0],
				parameters: { resource: 'member', operation: 'getAll', returnAll: true, filters: {}, options: {}, simplify },
				credentials,
			},
		],
		connections: { Start: { main: [[{ node: 'Get Many Members', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

function triggerWorkflow(): WorkflowJson {
	return {
		name: 'Memory: Member Trigger, first poll, Every Change from the Beginning, Max Items 10,000',
		nodes: [
			{
				id: '00000000-0000-4000-8000-000000004703',
				name: 'Member Trigger',
				type: `${PACKAGE_NAME}.communityPlatformMemberTrigger`,
				typeVersion: 1,
				position: [0, 0],
				parameters: { emit: 'everyChange', startFrom: 'beginning', options: { maxItemsPerPoll: TRIGGER_ITEMS }, pollTimes: ONCE_A_YEAR },
				credentials,
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/**
 * The floors return the package's own items: the bench writes them (their JSON, a page a line:
 * 200 members or 100 feed rows) to a file, and the floors read it, parsing a page at a time as
 * the package parses each page it reads. The same values matter, not only the same shape: n8n
 * stores an execution's data with `flatted`, which writes a string that occurs many times once,
 * so items repeated from a template would be stored smaller than real ones. The Code node reads
 * the file with `fs`, allowed by NODE_FUNCTION_ALLOW_BUILTIN=fs in every measurement.
 */
const READ_ITEMS = `function readItems(file) {
	const out = [];
	for (const line of require('fs').readFileSync(file, 'utf8').split('\\n')) {
		if (line) for (const json of JSON.parse(line)) out.push({ json });
	}
	return out;
}`;

function codeFloorWorkflow(label: string, itemsFile: string): WorkflowJson {
	const jsCode = `${READ_ITEMS}\n\nreturn readItems(${JSON.stringify(itemsFile)});\n`;
	return {
		name: `Memory floor (Code node): ${label}`,
		nodes: [
			START,
			{
				id: '00000000-0000-4000-8000-000000004704',
				name: 'Floor',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [250, 0],
				parameters: { mode: 'runOnceForAllItems', language: 'javaScript', jsCode },
			},
		],
		connections: { Start: { main: [[{ node: 'Floor', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/** The floor trigger: a polling node that emits the items of a file (loaded as CUSTOM.memoryFloorTrigger). */
const FLOOR_TRIGGER_NODE = `'use strict';
${READ_ITEMS}

class MemoryFloorTrigger {
	constructor() {
		this.description = {
			displayName: 'Memory Floor Trigger',
			name: 'memoryFloorTrigger',
			group: ['trigger'],
			version: 1,
			description: 'Emits the items of a file at each poll (npm run bench:memory)',
			defaults: { name: 'Memory Floor Trigger' },
			polling: true,
			inputs: [],
			outputs: ['main'],
			properties: [{ displayName: 'File', name: 'file', type: 'string', default: '' }],
		};
	}

	async poll() {
		return [readItems(String(this.getNodeParameter('file')))];
	}
}

module.exports = { MemoryFloorTrigger };
`;

function triggerFloorWorkflow(label: string, itemsFile: string): WorkflowJson {
	return {
		name: `Memory floor (polling trigger): ${label}`,
		nodes: [
			{
				id: '00000000-0000-4000-8000-000000004705',
				name: 'Floor Trigger',
				type: 'CUSTOM.memoryFloorTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: { file: itemsFile, pollTimes: ONCE_A_YEAR },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

// ---------------------------------------------------------------------------------------------
// One measurement: a fresh n8n, one execution, its peak
// ---------------------------------------------------------------------------------------------

interface Run {
	workflow: WorkflowJson;
	/** The node whose items count. */
	node: string;
	/** How the execution starts: a manual run from Start, or publishing the workflow (its poll at activation). */
	startBy: 'manual' | 'publish';
}

/**
 * A read of n8n's REST API, tried again when the connection was reset: while n8n's main process
 * is busy for seconds (parsing a Code node's 100,000 items, storing an execution), its server may
 * close a kept-alive connection just as the next request goes out on it.
 */
async function read<T>(what: () => Promise<T>): Promise<T> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await what();
		} catch (error) {
			if (attempt >= 5 || !/fetch failed|ECONNRESET|socket hang up/i.test(`${String(error)} ${String((error as { cause?: unknown }).cause)}`)) throw error;
			await sleep(1000);
		}
	}
}

/**
 * How often the bench asks n8n whether the execution has ended. Every such request is work for n8n
 * while it runs the execution, and their number grows with the execution's length: asked every
 * 250 ms, the package's 50-s Return All met 200 of them and the Code floor's 3-s run about 12, and
 * the package's peak with Simplify on was 1.23 to 1.33 × the floor; asked every 5 s, 1.02 to 1.07 ×.
 */
const DONE_POLL_MS = 5000;

async function finishedExecution(e2e: E2E, workflowId: string, timeoutMs: number): Promise<string> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const list = await read(() => e2e.client.listExecutions(workflowId));
		const done = list.find((e) => ['success', 'error', 'crashed', 'canceled'].includes(e.status));
		if (done) return String(done.id);
		if (Date.now() > deadline) throw new Error(`no finished execution of workflow ${workflowId} within ${timeoutMs} ms\n${e2e.n8n.process.tail(30)}`);
		await sleep(DONE_POLL_MS);
	}
}

/** Starts a fresh n8n, runs the workflow once, and reads the peak; returns the execution too (read after the peak). */
async function measure(sandbox: Sandbox, n8nEnv: NodeJS.ProcessEnv, what: { case: CaseName; run: number; by: Maker } & Run): Promise<{ measurement: Measurement; result: ExecutionResult }> {
	const began = Date.now();
	const e2e = await E2E.start({ sandbox: false, n8nEnv });
	let measured: { measurement: Measurement; result: ExecutionResult } | undefined;
	try {
		const credential = await e2e.client.createCredential(CREDENTIAL_NAME, CREDENTIAL_TYPE, sandbox.credentialData());
		const imported = await e2e.importWorkflow(what.workflow, { credential: { id: credential.id, name: credential.name }, pollSeconds: false });
		const peaks = new Peaks(e2e.n8n.process.pid!);
		// Let n8n's start-up work settle before the execution.
		await sleep(3000);
		const before = peaks.now();
		const startedAt = Date.now();
		if (what.startBy === 'manual') await e2e.client.startManualRun(imported.id, START.name);
		else await e2e.client.activateWorkflow(imported.id);
		const executionId = await finishedExecution(e2e, imported.id, 15 * 60_000);
		const untilDoneMs = Date.now() - startedAt;
		// The peak now: before the execution's data is read back through n8n's REST API.
		const { mainKb, childKb } = peaks.stop();
		const result = await read(() => e2e.n8n.getExecution(executionId));
		if (result.status !== 'success') throw new Error(`${what.case} (${what.by}): the execution ended ${result.status}: ${errorText(result)}`);
		const raw = result.raw as { startedAt?: string; stoppedAt?: string };
		measured = {
			measurement: {
				case: what.case,
				run: what.run,
				by: what.by,
				items: (result.output[what.node] ?? []).length,
				peakMb: mb(mainKb),
				beforeMb: mb(before.hwm),
				rssBeforeMb: mb(before.rss),
				runnerPeakMb: mb(childKb),
				executionMs: Date.parse(String(raw.stoppedAt)) - Date.parse(String(raw.startedAt)),
				untilDoneMs,
				wallMs: 0,
			},
			result,
		};
	} finally {
		await e2e.stop();
	}
	measured.measurement.wallMs = Date.now() - began;
	return measured;
}

const distinct = (items: NodeItem[], key: string) => new Set(items.map((item) => String(item.json[key]))).size;

/** The package's run of a case, then its floors', which return the package's items. */
async function measureCase(sandbox: Sandbox, work: Work, name: CaseName, run: number, listed: number): Promise<Measurement[]> {
	const trigger = name === 'trigger';
	const expected = trigger ? TRIGGER_ITEMS : listed;
	const idKey = trigger ? 'changeKey' : 'userId';
	const check = (by: Maker, items: NodeItem[], like?: NodeItem[]) => {
		if (items.length !== expected || distinct(items, idKey) !== expected) {
			throw new Error(`${name} (${by}): ${items.length} items (${distinct(items, idKey)} distinct ${idKey}), expected ${expected}`);
		}
		if (like && JSON.stringify(items[expected - 1].json) !== JSON.stringify(like[expected - 1].json)) throw new Error(`${name} (${by}): not the package's items`);
	};

	log(`${name}, run ${run}: the package`);
	const pkg: Run = trigger
		? { workflow: triggerWorkflow(), node: 'Member Trigger', startBy: 'publish' }
		: { workflow: getManyWorkflow(name === 'get-many-simplify'), node: 'Get Many Members', startBy: 'manual' };
	const mine = await measure(sandbox, work.env, { case: name, run, by: 'package', ...pkg });
	const items = mine.result.output[pkg.node] ?? [];
	check('package', items);
	log(`  ${describe(mine.measurement)}`);
	const pageSize = trigger ? 100 : 200;
	const pages: string[] = [];
	for (let i = 0; i < items.length; i += pageSize) pages.push(JSON.stringify(items.slice(i, i + pageSize).map((item) => item.json)));
	writeFileSync(work.itemsFile, pages.join('\n') + '\n');
	const measurements = [mine.measurement];

	const floors: Array<[Maker, Run]> = [['code floor', { workflow: codeFloorWorkflow(name, work.itemsFile), node: 'Floor', startBy: 'manual' }]];
	if (trigger) floors.push(['trigger floor', { workflow: triggerFloorWorkflow(name, work.itemsFile), node: 'Floor Trigger', startBy: 'publish' }]);
	for (const [by, floorRun] of floors) {
		log(`${name}, run ${run}: the ${by}`);
		const floor = await measure(sandbox, work.env, { case: name, run, by, ...floorRun });
		check(by, floor.result.output[floorRun.node] ?? [], items);
		log(`  ${describe(floor.measurement)}`);
		measurements.push(floor.measurement);
	}
	rmSync(work.itemsFile, { force: true });
	return measurements;
}

/** Where the floors' items and the floor trigger are written, and the n8n environment of every measurement. */
interface Work {
	dir: string;
	itemsFile: string;
	env: NodeJS.ProcessEnv;
}

function describe(m: Measurement): string {
	return `${m.by}: ${m.items} items, main peak ${m.peakMb} MB (${m.beforeMb} MB before; RSS then ${m.rssBeforeMb} MB), task runner peak ${m.runnerPeakMb} MB, execution ${(m.executionMs / 1000).toFixed(1)} s, done ${(m.untilDoneMs / 1000).toFixed(1)} s after the start, measurement ${(m.wallMs / 1000).toFixed(0)} s`;
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const CASE_LABELS: Record<CaseName, (r: MemoryResults) => string> = {
	'get-many-raw': (r) => `Member → Get Many, Return All, Simplify off (${r.listed.toLocaleString('en-US')} members)`,
	'get-many-simplify': (r) => `Member → Get Many, Return All, Simplify on (${r.listed.toLocaleString('en-US')} members)`,
	trigger: (r) => `Member Trigger, first poll, Every Change from the Beginning, Max Items ${r.triggerItems.toLocaleString('en-US')}`,
};

interface Row {
	case: CaseName;
	run: number;
	mine: Measurement;
	code?: Measurement;
	trigger?: Measurement;
}

function rowsOf(r: MemoryResults): Row[] {
	const of = (m: Measurement, by: Maker) => r.measurements.find((x) => x.by === by && x.case === m.case && x.run === m.run);
	return r.measurements.filter((m) => m.by === 'package').map((mine) => ({ case: mine.case, run: mine.run, mine, code: of(mine, 'code floor'), trigger: of(mine, 'trigger floor') }));
}

const ratio = (a: Measurement, b: Measurement | undefined) => (b ? a.peakMb / b.peakMb : NaN);
const peak = (m: Measurement | undefined) => (m ? `${m.peakMb} MB (${m.beforeMb})` : '-');

export function memorySection(r: MemoryResults): string {
	const rows = rowsOf(r);
	const cases = CASES.filter((c) => rows.some((row) => row.case === c));
	const lines = [
		SECTION_START,
		"## Memory against n8n's own floor",
		'',
		`Written by \`npm run bench:memory\` (test/bench/memory.cts) on ${r.date}; the same figures are in ${basename(JSON_OUT)}. ${r.machine}; n8n ${r.n8n}, regular mode, SQLite, the legacy scheduler; the package: ${r.packageMeasured}. The sandbox with its rate limits off and its headers announcing no limit (nothing is paced); ${r.members.toLocaleString('en-US')} members seeded, ${r.listed.toLocaleString('en-US')} listed (the seed archives a few), every member in the members feed. ${r.runs} runs of each case, a fresh n8n for every measurement; the whole run took ${Math.round(r.durationS / 60)} minutes.`,
		'',
		"Peak: the peak resident memory (VmHWM) of n8n's main process, which runs the executions in regular mode, read once the execution has finished and before anything reads its data back (the bench asks n8n whether it has finished every " + `${DONE_POLL_MS / 1000}` + " s: each request to n8n's REST API is work for n8n during the execution, and the package's executions are longer than the floor's); in brackets, main's peak just before the execution (n8n's start-up). Code floor (the issue's floor): the package's own items (its output in the run just before, written to a file a page a line) returned by a Code node (Run Once for All Items) after a Manual Trigger, in the same n8n: the same values, since n8n stores an execution with \`flatted\`, which writes a repeated string once. The Code node runs in n8n's task runner, a child process of main, and hands its items to main as JSON; the runner's own peak is not main's (runner column). Trigger floor: the same items emitted by a polling trigger written for the benchmark (loaded as a custom extension in every measurement) and published the same way: it runs in main, as the package's trigger does. Goal: the package's peak at most " + `${GOAL} × the floor's.`,
		'',
		'| Case | Run | Items | Package: peak (before) | Code floor: peak (before) | Runner peak (Code floor) | Ratio to the Code floor | Goal ≤ 1.2 | Trigger floor: peak (before) | Ratio to the trigger floor |',
		'|---|---|---|---|---|---|---|---|---|---|',
	];
	for (const row of rows) {
		const toCode = ratio(row.mine, row.code);
		const toTrigger = ratio(row.mine, row.trigger);
		lines.push(
			`| ${CASE_LABELS[row.case](r)} | ${row.run} | ${row.mine.items.toLocaleString('en-US')} | ${peak(row.mine)} | ${peak(row.code)} | ${row.code ? `${row.code.runnerPeakMb} MB` : '-'} | ${Number.isNaN(toCode) ? '-' : toCode.toFixed(2)} | ${Number.isNaN(toCode) ? '-' : toCode <= GOAL ? 'met' : 'MISSED'} | ${peak(row.trigger)} | ${Number.isNaN(toTrigger) ? '-' : toTrigger.toFixed(2)} |`,
		);
	}
	lines.push('', "Above the start-up peak (peak − before), and the time from the run's start (or the publishing) until the execution had finished:", '');
	for (const c of cases) {
		const of = rows.filter((row) => row.case === c);
		const above = (m: Measurement | undefined) => (m ? `${m.peakMb - m.beforeMb} MB in ${(m.untilDoneMs / 1000).toFixed(1)} s` : '');
		const parts = of.map((row) => [`package ${above(row.mine)}`, row.code && `Code floor ${above(row.code)}`, row.trigger && `trigger floor ${above(row.trigger)}`].filter(Boolean).join(', '));
		const worst = Math.max(...of.map((row) => ratio(row.mine, row.code)));
		const range = (ms: Array<Measurement | undefined>) => {
			const peaks = ms.filter((m): m is Measurement => m !== undefined).map((m) => m.peakMb);
			return `${Math.min(...peaks)} to ${Math.max(...peaks)} MB`;
		};
		lines.push(
			`- ${CASE_LABELS[c](r)}: ${parts.map((p, i) => `run ${of[i].run}: ${p}`).join('; ')}. Peaks over the runs: package ${range(of.map((row) => row.mine))}, Code floor ${range(of.map((row) => row.code))}. Worst ratio to the Code floor ${worst.toFixed(2)}: goal ${worst <= GOAL ? 'met' : 'MISSED'}.`,
		);
	}
	lines.push(
		'',
		"A peak depends on when n8n's garbage collector runs while the items are parsed and stored, so it varies from run to run, and the ratios with it: every run is shown. What the package holds beyond the floor, and what to change: [docs/performance.md](../../docs/performance.md#memory).",
		SECTION_END,
	);
	return lines.join('\n');
}

function withSection(existing: string, section: string): string {
	const start = existing.indexOf(SECTION_START);
	const end = existing.indexOf(SECTION_END);
	if (start >= 0 && end > start) return existing.slice(0, start) + section + existing.slice(end + SECTION_END.length);
	return `${existing.replace(/\s*$/, '')}\n\n${section}\n`;
}

/** Writes the RESULTS.md section; true when every case met the goal against its Code floor. */
function writeReport(r: MemoryResults): boolean {
	writeFileSync(MARKDOWN, withSection(existsSync(MARKDOWN) ? readFileSync(MARKDOWN, 'utf8') : '', memorySection(r)));
	const rows = rowsOf(r);
	for (const row of rows) {
		log(`${row.case} run ${row.run}: package ${row.mine.peakMb} MB, Code floor ${row.code?.peakMb ?? '-'} MB (ratio ${ratio(row.mine, row.code).toFixed(2)})${row.trigger ? `, trigger floor ${row.trigger.peakMb} MB (ratio ${ratio(row.mine, row.trigger).toFixed(2)})` : ''}`);
	}
	log(`written to ${JSON_OUT} and ${MARKDOWN}`);
	return rows.every((row) => ratio(row.mine, row.code) <= GOAL);
}

function packageMeasured(): string {
	const label = arg('label', '');
	if (label) return label;
	const tarball = process.env[TARBALL_ENV];
	if (tarball && existsSync(tarball)) return `the tarball ${basename(tarball)} (${TARBALL_ENV})`;
	const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_DIR, encoding: 'utf8' }).trim();
	const dirty = execFileSync('git', ['status', '--porcelain', '--', 'nodes', 'credentials'], { cwd: REPO_DIR, encoding: 'utf8' }).trim() !== '';
	return `built and packed from the working tree at ${commit}${dirty ? ' (with uncommitted changes under nodes/ or credentials/)' : ''}`;
}

// ---------------------------------------------------------------------------------------------

async function main() {
	if (REPORT_ONLY) {
		process.exitCode = writeReport(JSON.parse(readFileSync(JSON_OUT, 'utf8')) as MemoryResults) ? 0 : 1;
		return;
	}
	const unknown = ONLY.filter((c) => !CASES.includes(c));
	if (unknown.length) throw new Error(`unknown case(s) ${unknown.join(', ')}: the cases are ${CASES.join(', ')}`);
	const guard = setTimeout(() => {
		// What was started is stopped by the harness's exit hook (tools/n8n/processes.cts).
		log(`over ${MAX_MINUTES} minutes: stopping`);
		process.exit(2);
	}, MAX_MINUTES * 60_000);
	guard.unref();
	const began = Date.now();
	const measured = packageMeasured();
	const dir = mkdtempSync(join(tmpdir(), 'cpn-memory-floor-'));
	writeFileSync(join(dir, 'MemoryFloorTrigger.node.js'), FLOOR_TRIGGER_NODE);
	// The same settings in every measurement: the floor trigger loaded, and the Code node allowed to read a file.
	const work: Work = { dir, itemsFile: join(dir, 'items.jsonl'), env: { N8N_CUSTOM_EXTENSIONS: dir, NODE_FUNCTION_ALLOW_BUILTIN: 'fs' } };
	log(`starting the sandbox: ${MEMBERS} members, rate limits off`);
	const sandbox = await Sandbox.start({ members: MEMBERS, rateLimits: false, advertisedLimits: 'unlimited' });
	const measurements: Measurement[] = [];
	let listed = 0;
	try {
		listed = (sandbox.admin as { store: { activeMembers(): unknown[] } }).store.activeMembers().length;
		for (let run = 1; run <= RUNS; run++) {
			for (const name of CASES) {
				if (ONLY.includes(name)) measurements.push(...(await measureCase(sandbox, work, name, run, listed)));
			}
		}
	} finally {
		await sandbox.close();
		rmSync(dir, { recursive: true, force: true });
	}
	const results: MemoryResults = {
		date: new Date().toISOString(),
		machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`,
		n8n: ensureRuntime().n8nVersion,
		packageMeasured: measured,
		members: MEMBERS,
		listed,
		triggerItems: TRIGGER_ITEMS,
		runs: RUNS,
		durationS: Math.round((Date.now() - began) / 1000),
		measurements,
	};
	writeFileSync(JSON_OUT, JSON.stringify(results, null, 2) + '\n');
	const met = writeReport(results);
	log(`${met ? 'every case met' : 'a case MISSED'} the goal (≤ ${GOAL} × the Code floor); ${Math.round(results.durationS / 60)} minutes`);
	process.exitCode = met ? 0 : 1;
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
