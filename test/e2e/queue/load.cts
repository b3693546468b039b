/**
 * The measured runs of queue mode (lib/queue.cts), shared by the queue suite
 * (test/e2e/queue/) and bench scenario 7: they run, measure and return figures; the suite
 * asserts on them, the bench prints them.
 *
 * - Reads: N executions of Member Get Many, Return All, started together (so every worker runs
 *   several at once), against the stack's sandbox. The minimum time is the Medium tier's: its
 *   burst at once, then its sustained rate (times the sandbox's time scale) for every page.
 * - Writes: N executions of Create Many (Batch) of R rows each, against a sandbox of their own
 *   at time scale 1 (the job status polls are spaced in real time, see bench scenario 3), with
 *   a second credential. The minimum is the Heavy tier's for the submissions, plus the last
 *   job's processing.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { SandboxAdmin } from '../../../tools/sandbox/admin.cjs';
import { JOB_BASE_PROCESSING_MS, JOB_PENDING_MS, JOB_PER_ROW_MS } from '../../../tools/sandbox/jobs.cjs';
import { TIER_LIMITS } from '../../../tools/sandbox/rateLimit.cjs';
import type { RequestLogEntry } from '../../../tools/sandbox/requestLog.cjs';
import type { Tier } from '../../../tools/sandbox/types.cjs';
import { CREDENTIAL_TYPE, actionWorkflow, errorText } from '../harness.cjs';
import type { ExecutionResult } from '../../../tools/n8n/n8n.cjs';
import type { QueueStack } from '../../../tools/n8n/queue.cjs';
import { Sandbox } from '../../../tools/n8n/sandbox.cjs';

/** The Medium-tier page size of member lists. */
const PAGE_SIZE = 200;
const BATCH_SIZE = 100;

/** The least time N requests on a tier take from a full bucket: the burst at once, then the sustained rate (as bench's minTimeMs). */
export function tierMinimumMs(tier: Tier, requests: number, timeScale: number): number {
	const { burst, perSecond } = TIER_LIMITS[tier];
	return (Math.max(0, requests - burst) / (perSecond * timeScale)) * 1000;
}

export interface RunFigures {
	/** Executions started, and those that did not end in success. */
	executions: number;
	failed: number;
	/** API requests the sandbox answered during the run, and its 429s among them. */
	requests: number;
	minRequests: number;
	rateLimited: number;
	/** From the first start request to the last execution's stoppedAt. */
	wallMs: number;
	minMs: number;
	ratio: number;
	/** Executions per worker index (from the workers' logs). */
	perWorker: Record<number, number>;
	/** Per worker index: the most of its executions running at one moment (n8n's startedAt to stoppedAt). */
	peakPerWorker: Record<number, number>;
	/** Execution ids no worker's log shows started, or shows started more than once. */
	notOnAWorker: string[];
	errors: string[];
}

export interface ReadFigures extends RunFigures {
	/** Members the API lists (what each execution must return). */
	members: number;
	/** Per execution: items returned and distinct member ids among them. */
	returned: Array<{ id: string; items: number; distinct: number }>;
	/** The X-RateLimit-Limit the sandbox advertises on the Medium tier (the scaled rate). */
	advertisedRate: number;
	timeScale: number;
}

export interface WriteFigures extends RunFigures {
	rowsPerExecution: number;
	/** Per execution: its output items with status "created". */
	created: Array<{ id: string; created: number }>;
	/** Submissions the sandbox received (accepted or not), accepted, and refused with a 429. */
	submissions: number;
	acceptedSubmissions: number;
	rejectedSubmissions: number;
	/** The first 1 s after the first submission: how many attempts (the tier allows its burst). */
	firstSecondSubmissions: number;
	/** Every expected email: how many accepted submissions carried it, and whether the store has it. */
	rowsSubmittedOnce: number;
	rowsSubmittedTwice: number;
	rowsNeverSubmitted: number;
	rowsInStore: number;
	/** Members with the run's emails in the store beyond one each (should be none). */
	extraInStore: number;
}

const adminOf = (s: Sandbox) => s.admin as SandboxAdmin;

/** Starts every execution of `workflowIds` at once and waits for them all. */
async function runTogether(stack: QueueStack, workflowIds: string[], timeoutMs: number) {
	const t0 = Date.now();
	const ids = await Promise.all(workflowIds.map((id) => stack.client.startManualRun(id, 'Start')));
	const results: ExecutionResult[] = [];
	for (const id of ids) results.push(await stack.e2e.n8n.waitForExecution(id, Math.max(1_000, timeoutMs - (Date.now() - t0))));
	const stoppedAt = Math.max(...results.map((r) => Date.parse(String(r.raw.stoppedAt))));
	return { t0, ids, results, wallMs: stoppedAt - t0 };
}

/** The figures every run reports: executions, failures, requests and 429s, time against the tier minimum, workers. */
function runFigures(
	stack: QueueStack,
	run: Awaited<ReturnType<typeof runTogether>>,
	stats: { total: number; rateLimited: { total: number } },
	minRequests: number,
	minMs: number,
) {
	return {
		executions: run.results.length,
		failed: run.results.filter((r) => r.status !== 'success').length,
		requests: stats.total,
		minRequests,
		rateLimited: stats.rateLimited.total,
		wallMs: run.wallMs,
		minMs,
		ratio: run.wallMs / minMs,
		...workerFigures(stack, run.results),
	};
}

function workerFigures(stack: QueueStack, results: ExecutionResult[]) {
	const perWorker: Record<number, number> = {};
	const spans: Record<number, Array<[number, number]>> = {};
	for (const w of stack.workers) {
		perWorker[w.index] = 0;
		spans[w.index] = [];
	}
	const notOnAWorker: string[] = [];
	for (const r of results) {
		const worker = stack.workerOf(r.id);
		if (worker === undefined || stack.startCount(r.id) !== 1) notOnAWorker.push(r.id);
		if (worker === undefined) continue;
		perWorker[worker]++;
		spans[worker].push([Date.parse(String(r.raw.startedAt)), Date.parse(String(r.raw.stoppedAt))]);
	}
	const peakPerWorker: Record<number, number> = {};
	for (const [worker, list] of Object.entries(spans)) {
		peakPerWorker[Number(worker)] = Math.max(0, ...list.map(([start]) => list.filter(([s, e]) => s <= start && start < e).length));
	}
	return { perWorker, peakPerWorker, notOnAWorker };
}

/** Waits until the tier's bucket of the sandbox is full again: its X-RateLimit-Remaining is the burst. */
async function refill(admin: SandboxAdmin, tier: Tier, timeoutMs = 60_000): Promise<void> {
	const { burst } = TIER_LIMITS[tier];
	const deadline = Date.now() + timeoutMs;
	while (Number(admin.rateLimitHeaders(tier)['X-RateLimit-Remaining']) < burst) {
		if (Date.now() > deadline) throw new Error(`the sandbox's ${tier} bucket did not refill within ${timeoutMs} ms`);
		await sleep(50);
	}
}

export async function runQueueReads(stack: QueueStack, opts: { executions?: number; timeoutMs?: number } = {}): Promise<ReadFigures> {
	const executions = opts.executions ?? 10;
	const sandbox = stack.sandbox;
	const admin = adminOf(sandbox);
	const timeScale = admin.store.clock.timeScale;
	const members = admin.store.activeMembers().length;

	// What the API advertises: the Medium tier's rate, scaled.
	const probe = await fetch(`${sandbox.url}/public-api/v1/users?pageSize=1`, {
		headers: { 'x-client-id': sandbox.credentialData().clientId, authorization: `Bearer ${sandbox.credentialData().accessToken}` },
	});
	await probe.arrayBuffer();
	const advertisedRate = Number(probe.headers.get('x-ratelimit-limit'));

	const wf = await stack.e2e.importWorkflow(
		actionWorkflow('Queue: Get Many, Return All', { resource: 'member', operation: 'getAll', returnAll: true }),
	);
	await refill(admin, 'medium');
	admin.clearRequests();
	const run = await runTogether(stack, Array(executions).fill(wf.id), opts.timeoutMs ?? 10 * 60_000);
	const stats = admin.getStats();

	const returned: ReadFigures['returned'] = [];
	const errors: string[] = [];
	for (const r of run.results) {
		const items = r.output['Community Platform'] ?? [];
		returned.push({ id: r.id, items: items.length, distinct: new Set(items.map((i) => String(i.json.userId))).size });
		if (r.status !== 'success') errors.push(`execution ${r.id}: ${r.status}: ${errorText(r)}`);
	}
	const minRequests = executions * (Math.floor(members / PAGE_SIZE) + 1);
	const minMs = tierMinimumMs('medium', minRequests, timeScale);
	return {
		...runFigures(stack, run, stats, minRequests, minMs),
		errors,
		members,
		returned,
		advertisedRate,
		timeScale,
	};
}

export async function runQueueWrites(
	stack: QueueStack,
	opts: { executions?: number; rows?: number; timeoutMs?: number } = {},
): Promise<WriteFigures> {
	const executions = opts.executions ?? 3;
	const rows = opts.rows ?? 300;
	const timeScale = 1;
	// Its own sandbox at time scale 1, and a credential for it.
	const sandbox = await Sandbox.start({ timeScale });
	try {
		const admin = adminOf(sandbox);
		const credential = await stack.client.createCredential('Community Platform (writes)', CREDENTIAL_TYPE, sandbox.credentialData());
		const tag = Date.now().toString(36);
		const emailsOf = (n: number) => Array.from({ length: rows }, (_, i) => `queue-${tag}-w${n}-${i}@example.com`);
		const workflowIds: string[] = [];
		for (let n = 1; n <= executions; n++) {
			const wf = actionWorkflow(
				`Queue: Create Many (Batch) ${n}`,
				{
					resource: 'member',
					operation: 'createMany',
					email: '={{ $json.email }}',
					firstName: '={{ $json.first }}',
					position: 'Engineer',
					company: 'Queue Co',
				},
				{ rows: emailsOf(n).map((email, i) => ({ email, first: `Queue${i}` })) },
			);
			for (const node of wf.nodes) if (node.credentials) node.credentials[CREDENTIAL_TYPE] = { id: credential.id, name: credential.name };
			workflowIds.push((await stack.client.createWorkflow(wf)).id);
		}
		admin.clearRequests();
		const run = await runTogether(stack, workflowIds, opts.timeoutMs ?? 10 * 60_000);
		const log = admin.getRequests();
		const stats = admin.getStats();

		const errors: string[] = [];
		const created: WriteFigures['created'] = [];
		for (const r of run.results) {
			created.push({ id: r.id, created: (r.output['Community Platform'] ?? []).filter((i) => i.json.status === 'created').length });
			if (r.status !== 'success') errors.push(`execution ${r.id}: ${r.status}: ${errorText(r)}`);
		}

		const posts = log.filter((e: RequestLogEntry) => e.method === 'POST' && e.path.endsWith('/users/batch'));
		const accepted = posts.filter((e) => e.status === 202);
		const times = posts.map((e) => Date.parse(e.time));
		const first = Math.min(...times);
		const submitted = new Map<string, number>();
		for (const e of accepted) {
			for (const row of (e.body as { users?: Array<{ email?: string }> })?.users ?? []) {
				const email = String(row.email).toLowerCase();
				submitted.set(email, (submitted.get(email) ?? 0) + 1);
			}
		}
		const expected = Array.from({ length: executions }, (_, n) => emailsOf(n + 1)).flat();
		const inStore = new Map<string, number>();
		for (const m of admin.store.members.values()) {
			const email = String(m.email ?? '').toLowerCase();
			if (email.startsWith(`queue-${tag}-`)) inStore.set(email, (inStore.get(email) ?? 0) + 1);
		}
		const jobs = Math.ceil(rows / BATCH_SIZE) * executions;
		const lastJobRows = rows % BATCH_SIZE || BATCH_SIZE;
		const processingMs = (JOB_PENDING_MS + JOB_BASE_PROCESSING_MS + JOB_PER_ROW_MS * lastJobRows) / timeScale;
		const minMs = tierMinimumMs('heavy', jobs, timeScale) + processingMs;
		return {
			// A submission and at least one status read per job.
			...runFigures(stack, run, stats, 2 * jobs, minMs),
			errors,
			rowsPerExecution: rows,
			created,
			submissions: posts.length,
			acceptedSubmissions: accepted.length,
			rejectedSubmissions: posts.filter((e) => e.status === 429).length,
			firstSecondSubmissions: times.filter((t) => t - first < 1000).length,
			rowsSubmittedOnce: expected.filter((e) => submitted.get(e) === 1).length,
			rowsSubmittedTwice: expected.filter((e) => (submitted.get(e) ?? 0) > 1).length,
			rowsNeverSubmitted: expected.filter((e) => !submitted.has(e)).length,
			rowsInStore: expected.filter((e) => inStore.get(e) === 1).length,
			extraInStore: [...inStore.values()].reduce((n, c) => n + c - 1, 0) + [...inStore.keys()].filter((e) => !expected.includes(e)).length,
		};
	} finally {
		await sandbox.close();
	}
}

/** One line of figures, for logs and the bench. */
export function describeRun(label: string, f: RunFigures): string {
	const workers = Object.entries(f.perWorker).map(([w, n]) => `worker ${w}: ${n}, up to ${f.peakPerWorker[Number(w)]} at once`).join('; ');
	return (
		`${label}: ${f.executions} executions (${workers}), ${f.failed} failed; ${f.requests} requests (minimum ${f.minRequests}), ` +
		`${f.rateLimited} answered 429 (${((100 * f.rateLimited) / Math.max(1, f.requests)).toFixed(1)} %); ` +
		`${(f.wallMs / 1000).toFixed(2)} s for a minimum of ${(f.minMs / 1000).toFixed(2)} s (ratio ${f.ratio.toFixed(3)})`
	);
}
