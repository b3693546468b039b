/**
 * The soak benchmark (issue 30; `npm run bench:soak`, not part of CI): the four triggers in one
 * workflow of one real n8n (test/e2e/harness.cts), polling the sandbox every 10 s for N minutes
 * (--minutes, default 30) while a generator makes a change every 2.5 s, the four feeds in turn,
 * and the sandbox goes through fault phases: a baseline, 5xx bursts, answers slower than the poll
 * interval, 429 bursts, a cursor format change, and `kill -9` of n8n and a restart on the same
 * database. Then it waits for the stream to drain and reconciles every change with the
 * executions n8n recorded (soakReport.cts): lost, duplicates, failed executions and recovery
 * per phase, and n8n's memory over time. Writes test/bench/soak-results.json and the section
 * "Soak: …" of test/bench/RESULTS.md (in place of the previous one; the rest is kept).
 *
 * Options: --minutes N, --scheduler legacy|durable, --report-only (rewrite the section from the JSON),
 * --out <json> and --markdown <md> (default test/bench/soak-results.json and RESULTS.md).
 * Everything it talks to is on 127.0.0.1 (the sandbox runs in this process). It stops by itself:
 * every loop is bounded in count and time, and a hard limit ends the process.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';

import { E2E, errorText, readWorkflowFile, type ExecutionResult, type WorkflowJson } from '../e2e/harness.cjs';
import { decodeExecution } from '../../tools/n8n/n8n.cjs';
import { sleep } from '../../tools/n8n/processes.cjs';
import { REPO_DIR } from '../../tools/n8n/runtime.cjs';
import type { SandboxAdmin } from '../../tools/sandbox/admin.cjs';
import { FEED_NAMES, HOLD_BACK_MS } from '../../tools/sandbox/feeds.cjs';
import type { Json } from '../../tools/sandbox/validate.cjs';
import {
	FEEDS,
	FEED_INFO,
	analyse,
	errorGroup,
	soakMarkdown,
	targetsMet,
	withSoakSection,
	type Change,
	type CrashRecord,
	type ExecutionRecord,
	type FeedKey,
	type FeedRequest,
	type Phase,
	type PhaseKind,
	type RssSample,
	type SoakRaw,
} from './soakReport.cjs';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
	const i = args.indexOf(`--${name}`);
	return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const MINUTES = Number(arg('minutes', '30'));
const SCHEDULER = arg('scheduler', 'legacy');
const REPORT_ONLY = args.includes('--report-only');

const POLL_SECONDS = 10;
const CHANGE_EVERY_MS = 2500;
const RSS_EVERY_MS = 15_000;
const HARVEST_EVERY_MS = 15_000;
/** The kill comes this long after the sandbox answered a poll (n8n starts the execution of what it found ~50 ms after, which takes ~100 ms, then saves the static data). */
const KILL_AFTER_ANSWER_MS = 100;
/** Members in the sandbox: enough untouched rows for every update the stream makes. */
const MEMBERS = 1000;

/** Where the raw figures and the section go (--out, --markdown: a smoke run can write elsewhere). */
const RESULTS_JSON = resolve(arg('out', join(__dirname, 'soak-results.json')));
const RESULTS_MD = resolve(arg('markdown', join(__dirname, 'RESULTS.md')));

const log = (text: string) => process.stderr.write(`[soak ${new Date().toISOString().slice(11, 19)}] ${text}\n`);

/** Waits until the moment (bounded by the moment itself). */
async function sleepUntil(at: number): Promise<void> {
	const ms = at - Date.now();
	if (ms > 0) await sleep(ms);
}

// ---------------------------------------------------------------- the workflow

/** One workflow: the four triggers of the e2e workflows (Start From = Now), each followed by its No Op. */
function soakWorkflow(): WorkflowJson {
	const files: Record<FeedKey, string> = {
		members: 'member-trigger.json',
		attendees: 'event-attendee-trigger.json',
		enrollments: 'course-enrollment-trigger.json',
		certificates: 'course-certificate-trigger.json',
	};
	const nodes: WorkflowJson['nodes'] = [];
	const connections: Record<string, unknown> = {};
	FEEDS.forEach((feed, row) => {
		const wf = readWorkflowFile(files[feed]);
		const [trigger, received] = wf.nodes;
		if (trigger.name !== FEED_INFO[feed].node) throw new Error(`${files[feed]}: the trigger is named ${trigger.name}`);
		const receivedName = `Received ${feed}`;
		nodes.push({ ...trigger, parameters: {}, position: [0, row * 200] }, { ...received, name: receivedName, position: [250, row * 200] });
		connections[trigger.name] = { main: [[{ node: receivedName, type: 'main', index: 0 }]] };
	});
	return { name: 'Soak: the four triggers', nodes, connections, settings: { executionOrder: 'v1' } };
}

// ---------------------------------------------------------------- the change stream

/** Per feed, the admin changes the stream makes in turn, and the changeType each must fire. */
const CYCLES: Record<FeedKey, string[]> = {
	members: ['created', 'edited', 'created', 'deactivated', 'created', 'edited', 'deleted'],
	attendees: ['registered', 'checkedIn', 'registered', 'cancelled', 'registered', 'joined'],
	enrollments: ['enrolled', 'completed', 'enrolled', 'cancelled', 'enrolled', 'reset'],
	certificates: ['issued', 'revoked', 'issued', 'expired'],
};
const EXPECTED_TYPE: Record<FeedKey, Record<string, string>> = {
	members: { created: 'newMember', edited: 'profileUpdated', deactivated: 'deactivated', deleted: 'removed' },
	attendees: { registered: 'registered', checkedIn: 'checkedIn', cancelled: 'cancelled', joined: 'joined' },
	enrollments: { enrolled: 'enrolled', completed: 'completed', cancelled: 'cancelledOrReset', reset: 'cancelledOrReset' },
	certificates: { issued: 'issued', revoked: 'revoked', expired: 'expired' },
};

/**
 * Makes the changes, in this process, through the sandbox's admin surface. Every change is on a
 * row no other change of the run touches (a new row, or a seeded one changed once), so each one
 * stays in its feed and must fire exactly one item of a known type.
 */
class ChangeStream {
	readonly changes: Change[] = [];
	readonly errors: string[] = [];
	private readonly touched: Record<FeedKey, Set<string>> = { members: new Set(), attendees: new Set(), enrollments: new Set(), certificates: new Set() };
	private readonly turn: Record<FeedKey, number> = { members: 0, attendees: 0, enrollments: 0, certificates: 0 };
	private eventTurn = 0;

	constructor(private readonly admin: SandboxAdmin) {}

	make(feed: FeedKey): Change | undefined {
		const cycle = CYCLES[feed];
		const kind = cycle[this.turn[feed]++ % cycle.length];
		let row: Json | undefined;
		let made = kind;
		try {
			row = this.apply(feed, kind);
		} catch (error) {
			// No untouched row for an update (or the sandbox refused): make the feed's new-row change instead.
			this.errors.push(`${feed} ${kind}: ${error instanceof Error ? error.message : String(error)}`);
			made = cycle[0];
			try {
				row = this.apply(feed, made);
			} catch (again) {
				this.errors.push(`${feed} ${made}: ${again instanceof Error ? again.message : String(again)}`);
				return undefined;
			}
		}
		const id = String(row.id);
		const updatedAt = String(row.updatedAt);
		this.touched[feed].add(id);
		const madeAt = Date.parse(updatedAt);
		const change: Change = {
			seq: this.changes.length + 1,
			feed,
			kind: made,
			expectedType: EXPECTED_TYPE[feed][made],
			id,
			key: `${id}:${updatedAt}`,
			madeAt,
			visibleAt: madeAt + HOLD_BACK_MS,
		};
		this.changes.push(change);
		return change;
	}

	private apply(feed: FeedKey, kind: string): Json {
		const admin = this.admin;
		const store = admin.store;
		const untouched = <T extends { id: string }>(rows: T[], ok: (row: T) => boolean, what: string): T => {
			const found = rows.find((row) => !this.touched[feed].has(row.id) && ok(row));
			if (!found) throw new Error(`no untouched ${what} left`);
			return found;
		};
		switch (feed) {
			case 'members': {
				if (kind === 'created') return admin.feedMembers({ kind: 'created', email: `soak-${this.changes.length + 1}-${Date.now()}@example.com` });
				const member = untouched(store.activeMembers(), (m) => Boolean(m.email), 'active member');
				return admin.feedMembers({ kind: kind as 'edited' | 'deactivated' | 'deleted', userId: member.id });
			}
			case 'attendees': {
				if (kind === 'registered') {
					const events = store.events.filter((e) => e.status === 'Published');
					for (let tries = 0; tries < events.length; tries++) {
						const event = events[this.eventTurn++ % events.length];
						const registered = new Set(event.attendees.map((a) => a.userId));
						const member = store.activeMembers().find((m) => m.email && !registered.has(m.id));
						if (member) return admin.feedAttendees({ kind: 'registered', eventId: event.id, email: member.email!, source: 'adminDashboard' });
					}
					throw new Error('no member left to register');
				}
				const all = store.events.flatMap((e) => e.attendees);
				const attendee = untouched(
					all,
					(a) => !a.cancelledAt && (kind !== 'checkedIn' || !a.checkedInAt) && (kind !== 'joined' || !a.joinedAt),
					`attendee to mark ${kind}`,
				);
				return admin.feedAttendees({ kind: kind as 'checkedIn' | 'cancelled' | 'joined', attendeeId: attendee.id });
			}
			case 'enrollments': {
				if (kind === 'enrolled') return admin.feedEnrollments({ kind: 'enrolled' });
				const enrollment = untouched(
					store.enrollments,
					(e) => e.activeStatus === 'ACTIVE' && store.members.has(e.userId) && (kind !== 'completed' || e.progressStatus !== 'Completed'),
					`active enrollment to mark ${kind}`,
				);
				return admin.feedEnrollments({ kind: kind as 'completed' | 'cancelled' | 'reset', enrollmentId: enrollment.id });
			}
			case 'certificates': {
				if (kind === 'issued') return admin.feedCertificates({ kind: 'issued' });
				const certificate = untouched(store.certificates, (c) => c.status === 'Issued', `issued certificate to mark ${kind}`);
				return admin.feedCertificates({ kind: kind as 'revoked' | 'expired', certificateId: certificate.id });
			}
		}
	}
}

// ---------------------------------------------------------------- executions

/** Reads the workflow's finished executions from n8n's REST API, newest first, until it meets those it has. */
class Harvester {
	readonly records = new Map<string, ExecutionRecord>();
	private running = new Set<string>();
	private busy: Promise<void> = Promise.resolve();
	private readonly readFailures = new Map<string, number>();
	errors = 0;

	constructor(
		private readonly e2e: E2E,
		private readonly workflowId: string,
	) {}

	/** One pass (passes never overlap); an n8n that does not answer (the crash) is tried again at the next pass. */
	harvest(): Promise<void> {
		this.busy = this.busy.then(async () => {
			try {
				await this.pass();
			} catch (error) {
				this.errors++;
				if (this.errors <= 5 || this.errors % 20 === 0) log(`reading executions failed (${this.errors}×): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
			}
		});
		return this.busy;
	}

	/**
	 * An execution decoded once its run data is saved; one whose data stays unsaved through two
	 * passes is taken as it is (it would otherwise hold up every later pass).
	 */
	private async read(id: string): Promise<ExecutionResult> {
		try {
			return await this.e2e.n8n.getExecution(id);
		} catch (error) {
			const failures = (this.readFailures.get(id) ?? 0) + 1;
			this.readFailures.set(id, failures);
			if (failures < 2) throw error;
			return decodeExecution(this.e2e.runtime, await this.e2e.client.getExecutionRaw(id));
		}
	}

	get unfinished(): string[] {
		return [...this.running];
	}

	private async pass(): Promise<void> {
		const known = [...this.records.keys()].map(Number);
		const floor = Math.min(known.length ? Math.max(...known) : 0, ...[...this.running].map(Number));
		const stillRunning = new Set<string>();
		let cursor: string | undefined;
		for (let page = 0; page < 200; page++) {
			const query: Record<string, string> = { limit: '100', filter: JSON.stringify({ workflowId: this.workflowId }) };
			if (cursor) query.cursor = cursor;
			const res = await this.e2e.client.request<{ results: Array<{ id: string; status: string; finished?: boolean; stoppedAt?: string | null }>; nextCursor?: string | null }>(
				'GET',
				'/rest/executions',
				undefined,
				query,
			);
			const results = res?.results ?? [];
			for (const summary of results) {
				const id = String(summary.id);
				if (this.records.has(id)) continue;
				if (!['success', 'error', 'crashed', 'canceled'].includes(summary.status)) {
					stillRunning.add(id);
					continue;
				}
				this.records.set(id, toRecord(await this.read(id)));
			}
			const lowest = Math.min(...results.map((r) => Number(r.id)));
			if (!res?.nextCursor || results.length === 0 || lowest <= floor) break;
			cursor = res.nextCursor;
		}
		this.running = stillRunning;
	}
}

type StackEntry = { node?: { name?: string }; data?: { main?: Array<Array<{ json?: Record<string, unknown> }> | null> } };

function toRecord(result: ExecutionResult): ExecutionRecord {
	const raw = result.raw as ExecutionResult['raw'] & { startedAt?: string | null; stoppedAt?: string | null; createdAt?: string };
	const lastNode = raw.data?.resultData?.lastNodeExecuted;
	// An execution that never ran its trigger node (one n8n died in) holds the poll's items only
	// on its execution stack, as the trigger node's input: n8n saved them when it created it.
	const stack = ((raw.data?.executionData as { nodeExecutionStack?: StackEntry[] } | undefined)?.nodeExecutionStack ?? []).filter((entry) =>
		FEEDS.some((f) => entry.node?.name === FEED_INFO[f].node),
	);
	const feed =
		FEEDS.find((f) => (result.runs[FEED_INFO[f].node] ?? []).length > 0) ??
		FEEDS.find((f) => stack.some((entry) => entry.node?.name === FEED_INFO[f].node)) ??
		FEEDS.find((f) => result.error?.node?.name === FEED_INFO[f].node || lastNode === FEED_INFO[f].node || lastNode === `Received ${f}`);
	const ran = feed ? result.output[FEED_INFO[feed].node] : undefined;
	const emitted = ran ?? stack.flatMap((entry) => entry.data?.main?.[0] ?? []);
	const items = emitted.map((item) => ({ key: String(item.json?.changeKey), type: String(item.json?.changeType) }));
	return {
		id: result.id,
		status: result.status,
		mode: raw.mode,
		startedAt: Date.parse(String(raw.startedAt ?? raw.createdAt)),
		stoppedAt: raw.stoppedAt ? Date.parse(raw.stoppedAt) : undefined,
		feed,
		items,
		error: result.status === 'success' ? undefined : errorText(result).split('\n').slice(0, 3).join(' / ').slice(0, 600),
	};
}

// ---------------------------------------------------------------- memory

/** VmRSS (kB) of n8n (the supervisor's child) and of every process under the supervisor, from /proc. */
function sampleRss(rootPid: number | undefined): RssSample | undefined {
	if (!rootPid) return undefined;
	const parentOf = new Map<number, number>();
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
		} catch {
			// ended meanwhile
		}
	}
	const under = (p: number): boolean => p === rootPid || (p > 1 && parentOf.has(p) && under(parentOf.get(p)!));
	const rss = (p: number) => {
		try {
			return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
		} catch {
			return 0;
		}
	};
	let treeKb = 0;
	let processes = 0;
	let main = { pid: 0, kb: 0 };
	for (const p of parentOf.keys()) {
		if (p === rootPid || !under(p)) continue;
		const kb = rss(p);
		treeKb += kb;
		processes++;
		if (parentOf.get(p) === rootPid && kb > main.kb) main = { pid: p, kb };
	}
	if (processes === 0) return undefined;
	return { at: Date.now(), pid: main.pid, mainKb: main.kb, treeKb, processes };
}

// ---------------------------------------------------------------- phases

interface PlannedPhase {
	kind: PhaseKind;
	title: string;
	start: number;
	faultLen: number;
	end: number;
}

/** The phases, scaled to the run's length: a unit is 1/30 of it (1 minute for 30 minutes). */
function planPhases(t0: number, minutes: number): { phases: PlannedPhase[]; streamEnd: number; unit: number } {
	const unit = (minutes * 60_000) / 30;
	const faultLen = Math.max(3 * unit, 20_000);
	const quiet = Math.max(2 * unit, 20_000);
	const phases: PlannedPhase[] = [{ kind: 'baseline', title: 'Baseline', start: t0, faultLen: 0, end: t0 + 4 * unit }];
	const faults: Array<[PhaseKind, string]> = [
		['5xx', '5xx bursts'],
		['slow', 'Answers slower than the poll interval'],
		['429', '429 bursts'],
		['cursor', 'Cursor format change'],
		['crash', 'kill -9 and restart'],
	];
	let at = phases[0].end;
	for (const [kind, title] of faults) {
		phases.push({ kind, title, start: at, faultLen, end: at + faultLen + quiet });
		at += faultLen + quiet;
	}
	const streamEnd = at + Math.max(unit, 10_000);
	phases[phases.length - 1].end = streamEnd;
	return { phases, streamEnd, unit };
}

// ---------------------------------------------------------------- the run

async function run(): Promise<SoakRaw> {
	if (!(MINUTES > 0)) throw new Error('--minutes must be a positive number');
	if (SCHEDULER !== 'legacy' && SCHEDULER !== 'durable') throw new Error('--scheduler must be legacy or durable');
	if (SCHEDULER === 'durable') process.env.CPN_N8N_SCHEDULER = 'durable';
	else delete process.env.CPN_N8N_SCHEDULER;

	const hardLimitMs = (MINUTES + 25) * 60_000;
	const hardStop = setTimeout(() => {
		log(`hard limit of ${hardLimitMs / 60_000} minutes reached: stopping`);
		process.exit(3);
	}, hardLimitMs);
	hardStop.unref();

	const packageCommit = describeTree();
	log(`starting n8n and the sandbox (scheduler ${SCHEDULER}, ${MINUTES} minutes; package from ${packageCommit})`);
	const e2e = await E2E.start({ sandboxOptions: { members: MEMBERS } });
	const startedAt = Date.now();
	const admin = e2e.sandbox!.admin as SandboxAdmin;
	const stream = new ChangeStream(admin);
	const phases: Phase[] = [];
	const rss: RssSample[] = [];
	let crash: CrashRecord | undefined;
	let stopping = false;
	try {
		const wf = await e2e.activateWorkflow(soakWorkflow(), { pollSeconds: POLL_SECONDS });
		// The poll at activation sets each trigger's start point (Start From = Now): changes come after it.
		await e2e.until(
			'the first poll of each trigger',
			async () => FEEDS.every((feed) => admin.getRequests().some((r) => r.path === FEED_INFO[feed].path && r.status === 200)),
			90_000,
		);
		await sleep(2000);
		const harvester = new Harvester(e2e, wf.id);

		const t0 = Date.now();
		const plan = planPhases(t0, MINUTES);
		log(`stream starts; phases: ${plan.phases.map((p) => `${p.title} ${Math.round((p.start - t0) / 1000)}–${Math.round((p.end - t0) / 1000)} s`).join(', ')}`);

		const rssLoop = (async () => {
			const max = Math.ceil(hardLimitMs / RSS_EVERY_MS) + 10;
			for (let i = 0; i < max && !stopping; i++) {
				try {
					const sample = sampleRss(e2e.n8n.process.running ? e2e.n8n.process.pid : undefined);
					if (sample) rss.push(sample);
				} catch (error) {
					log(`memory sample failed: ${String(error)}`);
				}
				await sleep(RSS_EVERY_MS);
			}
		})();
		const harvestLoop = (async () => {
			const max = Math.ceil(hardLimitMs / HARVEST_EVERY_MS) + 10;
			for (let i = 0; i < max && !stopping; i++) {
				await sleep(HARVEST_EVERY_MS);
				if (!stopping && e2e.n8n.process.running) await harvester.harvest();
			}
		})();
		const generator = (async () => {
			const max = Math.ceil((plan.streamEnd - t0) / CHANGE_EVERY_MS) + 1;
			for (let i = 0; i < max; i++) {
				const due = t0 + i * CHANGE_EVERY_MS;
				if (due >= plan.streamEnd) break;
				await sleepUntil(due);
				try {
					stream.make(FEEDS[i % FEEDS.length]);
				} catch (error) {
					stream.errors.push(`change ${i}: ${String(error)}`);
				}
			}
		})();

		for (const planned of plan.phases) {
			await sleepUntil(planned.start);
			const phase: Phase = { kind: planned.kind, title: planned.title, start: planned.start, end: planned.end, faultStart: planned.start, faultEnd: planned.start, actions: [] };
			phases.push(phase);
			log(`phase ${phase.title}; ${stream.changes.length} changes so far, ${harvester.records.size} executions read`);
			const faultEnd = planned.start + planned.faultLen;
			const match = { method: 'GET', pathPrefix: '/incremental/' };
			switch (planned.kind) {
				case 'baseline':
					break;
				case '5xx':
				case '429': {
					const every = Math.max(plan.unit / 3, 10_000);
					const statuses = [500, 502, 503] as const;
					const retryAfters = [2, 5, 12];
					let bursts = 0;
					for (let at = planned.start; at < faultEnd && bursts < 100; at += every, bursts++) {
						await sleepUntil(at);
						if (planned.kind === '5xx') admin.addFault({ status: statuses[bursts % 3], times: 6, match });
						else admin.addFault({ status: 429, retryAfterSec: retryAfters[bursts % 3], times: 6, match });
					}
					await sleepUntil(faultEnd);
					admin.clearFaults();
					phase.actions.push(
						planned.kind === '5xx'
							? `${bursts} bursts, one every ${Math.round(every / 1000)} s, each the next 6 feed requests answered 500, 502 or 503 in turn`
							: `${bursts} bursts, one every ${Math.round(every / 1000)} s, each the next 6 feed requests answered 429 with Retry-After 2, 5 or 12 s in turn`,
						'faults cleared at the window\'s end',
					);
					break;
				}
				case 'slow': {
					const delayMs = 1.5 * POLL_SECONDS * 1000;
					admin.addFault({ delayMs, times: 100_000, match });
					await sleepUntil(faultEnd);
					admin.clearFaults();
					phase.actions.push(`every feed request answered after ${delayMs / 1000} s (the poll interval is ${POLL_SECONDS} s) for the window; requests under way at its end still wait out their delay`);
					break;
				}
				case 'cursor': {
					const first = admin.bumpCursorVersion();
					await sleepUntil(planned.start + planned.faultLen / 2);
					const second = admin.bumpCursorVersion();
					await sleepUntil(faultEnd);
					phase.actions.push(`cursor format version raised to ${first.cursorVersion} at the window's start and to ${second.cursorVersion} at its middle: every cursor handed out before each is refused (400, unsupported version, restart from startTime)`);
					break;
				}
				case 'crash': {
					// The kill lands just after the sandbox has answered the first feed request of a
					// tick: while that poll's execution (or its save) and the other triggers' polls are
					// under way. Bounded: at most 30 s of watching, then at once.
					const down = Math.max(plan.unit, 10_000);
					const answered = await firstFeedAnswerAfter(admin, Date.now(), 30_000);
					await sleep(KILL_AFTER_ANSWER_MS);
					const killedPids = treePids(e2e.n8n.process.pid);
					const killAt = Date.now();
					e2e.n8n.process.signalGroup('SIGKILL');
					await e2e.n8n.process.waitForExit();
					log(`kill -9 of n8n (pids ${killedPids.join(', ')}); down for ${Math.round(down / 1000)} s`);
					await sleepUntil(killAt + down);
					const restartAt = Date.now();
					await e2e.restartN8n();
					const readyAt = Date.now();
					crash = { killAt, restartAt, readyAt, killedPids, ...(answered ? { afterAnswer: answered } : {}) };
					phase.faultEnd = readyAt;
					const when = answered ? `${killAt - answered.answeredAt} ms after the sandbox answered a poll of the ${answered.feed} feed` : 'with no poll seen in 30 s';
					phase.actions.push(`SIGKILL to n8n's process group ${when}, n8n down for ${Math.round((restartAt - killAt) / 1000)} s, then started again on the same user folder, database and port (ready ${((readyAt - restartAt) / 1000).toFixed(1)} s after the start)`);
					log(`n8n ready again after ${((readyAt - restartAt) / 1000).toFixed(1)} s`);
					break;
				}
				default:
					break;
			}
			if (planned.kind !== 'crash') phase.faultEnd = planned.kind === 'baseline' ? planned.start : Math.max(faultEnd, Date.now());
		}
		await generator;
		const streamEnd = Date.now();
		const drain: Phase = { kind: 'drain', title: 'Drain', start: plan.streamEnd, end: plan.streamEnd, faultStart: plan.streamEnd, faultEnd: plan.streamEnd, actions: [] };
		phases.push(drain);

		// Drain: the last change shows 2 minutes after it was made; wait for it and for every change,
		// then two more poll intervals for anything arriving twice. Bounded: 4 minutes past the last showing.
		const lastVisible = Math.max(...stream.changes.map((c) => c.visibleAt), streamEnd);
		const drainDeadline = lastVisible + 4 * 60_000;
		log(`stream ended with ${stream.changes.length} changes; draining until every change arrived (at most until ${new Date(drainDeadline).toISOString().slice(11, 19)})`);
		for (let i = 0; i < 200 && Date.now() < drainDeadline; i++) {
			await sleep(10_000);
			await harvester.harvest();
			const delivered = new Set([...harvester.records.values()].filter((r) => r.status === 'success').flatMap((r) => r.items.map((item) => item.key)));
			const missing = stream.changes.filter((c) => !delivered.has(c.key)).length;
			if (Date.now() > lastVisible + 2 * POLL_SECONDS * 1000 + 5000 && missing === 0 && harvester.unfinished.length === 0) break;
			if (i % 3 === 0) log(`draining: ${missing} changes not arrived yet, ${harvester.unfinished.length} executions running`);
		}
		await sleep(2 * POLL_SECONDS * 1000);
		await harvester.harvest();
		await harvester.harvest();
		stopping = true;
		drain.end = Date.now();
		drain.actions.push('no new change; waiting for the last ones to show and arrive, then two more poll intervals');

		const requests: FeedRequest[] = admin
			.getRequests()
			.flatMap((r) => {
				const feed = FEEDS.find((f) => FEED_INFO[f].path === r.path);
				return feed ? [{ at: Date.parse(r.time), feed, status: r.status, durationMs: r.durationMs, ...(r.fault ? { fault: r.fault } : {}) }] : [];
			});
		const made = new Set(stream.changes.map((c) => c.key));
		const foreignRows = FEED_NAMES.flatMap((name) =>
			admin.store.feeds[name]
				.read({ startTime: t0 }, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)
				.rows.map((row) => `${name}:${String(row.id)}:${String(row.updatedAt)}`)
				.filter((key) => !made.has(key.slice(key.indexOf(':') + 1))),
		);
		const n8nLog = groupLogLines(readFileSync(join(e2e.userFolder, 'n8n.log'), 'utf8'));
		await Promise.race([Promise.all([rssLoop, harvestLoop]), sleep(RSS_EVERY_MS + 5000)]);

		return {
			date: new Date(startedAt).toISOString(),
			machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
			n8nVersion: e2e.runtime.n8nVersion,
			scheduler: SCHEDULER as SoakRaw['scheduler'],
			packageCommit,
			minutes: MINUTES,
			pollSeconds: POLL_SECONDS,
			changeEveryMs: CHANGE_EVERY_MS,
			startedAt,
			t0,
			streamEnd,
			endedAt: Date.now(),
			phases,
			changes: stream.changes,
			generatorErrors: stream.errors,
			executions: [...harvester.records.values()].sort((a, b) => Number(a.id) - Number(b.id)),
			unfinished: harvester.unfinished,
			rss,
			requests,
			crash,
			foreignRows,
			n8nLog,
		};
	} finally {
		stopping = true;
		await e2e.stop();
	}
}

/** Watches the sandbox's log (in this process) for the first feed request answered 200 that arrived after `since`. */
async function firstFeedAnswerAfter(admin: SandboxAdmin, since: number, timeoutMs: number): Promise<{ feed: FeedKey; answeredAt: number } | undefined> {
	const deadline = Date.now() + timeoutMs;
	let seen = admin.getStats().total;
	for (let i = 0; i < timeoutMs / 5 + 10 && Date.now() < deadline; i++) {
		const total = admin.getStats().total;
		if (total > seen) {
			const fresh = admin.getRequests().slice(-(total - seen));
			seen = total;
			for (const r of fresh) {
				const feed = FEEDS.find((f) => FEED_INFO[f].path === r.path);
				if (feed && r.status === 200 && Date.parse(r.time) >= since) return { feed, answeredAt: Date.now() };
			}
		}
		await sleep(5);
	}
	return undefined;
}

/** The pids under a process (n8n's supervisor): what the kill ends. */
function treePids(rootPid: number | undefined): number[] {
	if (!rootPid) return [];
	const parentOf = new Map<number, number>();
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
		} catch {
			// ended meanwhile
		}
	}
	const under = (p: number): boolean => p === rootPid || (p > 1 && parentOf.has(p) && under(parentOf.get(p)!));
	return [...parentOf.keys()].filter(under).sort((a, b) => a - b);
}

/** n8n's log lines at warning or error level, grouped. */
function groupLogLines(text: string): Record<string, number> {
	const groups: Record<string, number> = {};
	for (const line of text.split('\n')) {
		if (!/\b(error|warn(ing)?)\b/i.test(line)) continue;
		const group = errorGroup(line.trim());
		if (!(group in groups) && Object.keys(groups).length >= 200) continue;
		groups[group] = (groups[group] ?? 0) + 1;
	}
	return groups;
}

/** The commit the package is built from, and whether the shipped code differs from it. */
function describeTree(): string {
	try {
		const head = execFileSync('git', ['-C', REPO_DIR, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
		const dirty = execFileSync('git', ['-C', REPO_DIR, 'status', '--porcelain', '--', 'nodes', 'credentials'], { encoding: 'utf8' }).trim();
		return dirty ? `${head} with uncommitted changes in nodes/ or credentials/ (${dirty.split('\n').length} files)` : head;
	} catch {
		return 'unknown commit';
	}
}

/** soak-results.json: one record per line in the long lists, so that it reads and diffs. */
function serialise(raw: SoakRaw): string {
	const parts = Object.entries(raw).map(([key, value]) => {
		if (Array.isArray(value) && value.length > 0 && typeof value[0] === 'object') {
			return `  ${JSON.stringify(key)}: [\n${value.map((v) => `    ${JSON.stringify(v)}`).join(',\n')}\n  ]`;
		}
		return `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`;
	});
	return `{\n${parts.join(',\n')}\n}\n`;
}

function writeReport(raw: SoakRaw): boolean {
	const analysis = analyse(raw);
	const section = soakMarkdown(raw, analysis);
	writeFileSync(RESULTS_MD, withSoakSection(existsSync(RESULTS_MD) ? readFileSync(RESULTS_MD, 'utf8') : '', section));
	const met = targetsMet(analysis);
	const inWindow = analysis.duplicates.filter((d) => d.inCrashWindow).length;
	console.log(
		[
			`soak, ${raw.minutes} minutes, ${raw.scheduler} scheduler: ${raw.changes.length} changes, ${raw.executions.length} executions`,
			`lost ${analysis.lost.length}; duplicates outside the crash window ${analysis.duplicates.length - inWindow}, inside ${inWindow}; wrong type ${analysis.wrongType.length}; unexpected items ${analysis.unexpected.length}`,
			`failed executions ${analysis.failedTotal}, crashed ${analysis.crashedTotal}; delay past showing p50 ${analysis.delays.p50} ms, p95 ${analysis.delays.p95} ms, max ${analysis.delays.max} ms`,
			`n8n RSS min ${analysis.rss.minMb} MB, max ${analysis.rss.maxMb} MB, last ${analysis.rss.lastMb} MB`,
			...analysis.phases.map((p) => `  ${p.phase.title}: ${p.changes} changes, lost ${p.lost}, duplicates ${p.duplicatesOutside}/${p.duplicatesInCrashWindow}, late ${p.late}, failed ${p.failed}${p.crashed ? ` (+${p.crashed} crashed)` : ''}, recovery ${p.phase.kind === 'baseline' || p.phase.kind === 'drain' ? '-' : FEEDS.map((f) => { const ms = p.recoveryMs[f]; return ms === null ? 'n/a' : ms === undefined ? 'never' : `${(ms / 1000).toFixed(1)} s`; }).join(' / ')}`),
			`targets: lost 0 ${met.lost ? 'met' : 'MISSED'}, duplicates outside the crash window 0 ${met.duplicates ? 'met' : 'MISSED'}; written to ${RESULTS_JSON} and ${RESULTS_MD}`,
		].join('\n'),
	);
	return met.lost && met.duplicates;
}

async function main() {
	if (REPORT_ONLY) {
		const ok = writeReport(JSON.parse(readFileSync(RESULTS_JSON, 'utf8')) as SoakRaw);
		process.exit(ok ? 0 : 1);
	}
	const raw = await run();
	writeFileSync(RESULTS_JSON, serialise(raw));
	const ok = writeReport(raw);
	process.exit(ok ? 0 : 1);
}

main().catch((error) => {
	console.error(error);
	process.exit(2);
});
