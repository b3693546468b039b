/**
 * A real n8n 2.x (from the cached runtime) started headless on 127.0.0.1, and a small
 * client for the internal REST API the editor uses (cookie auth).
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { outputProblems } from './outputSchemas.cjs';
import { LogFollower, ManagedProcess, fetchAgain, freePort, sleep } from './processes.cjs';
import { RUNS_DIR, ensureDir, pathWithNode24, type Runtime } from './runtime.cjs';

export const OWNER = {
	email: 'owner@example.com',
	firstName: 'Sandbox',
	lastName: 'Admin',
	password: 'Sandbox-Passw0rd',
};

/** Fixed key so credentials written by one start can be read by the next (same user folder). */
export const TEST_ENCRYPTION_KEY = 'cpn-e2e-encryption-key-not-a-secret';

export interface N8nStartOptions {
	runtime: Runtime;
	/** Defaults to a fresh folder under the OS temp dir (never inside the repo, see runtime.cts). */
	userFolder?: string;
	port?: number;
	/** Extra environment (wins over the defaults). */
	env?: NodeJS.ProcessEnv;
	/** Preload lib/resolve-probe.cjs and log where the package's requires resolve. */
	resolveProbe?: boolean;
	/** Echo n8n's output (for `npm run dev`). */
	echo?: NodeJS.WritableStream;
	readyTimeoutMs?: number;
}

export interface ExecutionSummary {
	id: string;
	status: string;
	mode: string;
	finished: boolean;
	startedAt?: string;
	stoppedAt?: string;
	workflowId: string;
}

export interface NodeItem {
	json: Record<string, unknown>;
	binary?: Record<string, unknown>;
	pairedItem?: unknown;
	error?: unknown;
}

/** What an execution produced: items of each node's last run (output 0), plus the raw data. */
export interface ExecutionResult {
	id: string;
	status: string;
	/** nodeName → items of its last run, first output. */
	output: Record<string, NodeItem[]>;
	/** nodeName → runs → outputs → items. */
	runs: Record<string, NodeItem[][][]>;
	/** The error of the execution (if it failed), as n8n stored it. */
	error?: NodeError;
	/** Per node: the error of its last run, if any. */
	nodeErrors: Record<string, NodeError>;
	raw: RawExecution & { data: DecodedExecutionData };
}

export interface NodeTypeDescription {
	name: string;
	version: number | number[];
	displayName: string;
	iconUrl?: string | Record<string, string>;
	credentials?: Array<{ name: string }>;
	[k: string]: unknown;
}

export interface NodeError {
	message?: string;
	description?: string;
	node?: { name?: string };
	[k: string]: unknown;
}

/** An execution as GET /rest/executions/:id returns it (`data` still flatted-encoded). */
export interface RawExecution {
	id: string;
	status: string;
	mode: string;
	finished: boolean;
	stoppedAt?: string | null;
	workflowId: string;
	data: unknown;
	[k: string]: unknown;
}

/** The part of n8n's IRunExecutionData the harness reads. */
export interface DecodedExecutionData {
	resultData?: {
		runData?: Record<string, Array<{ data?: { main?: Array<NodeItem[] | null> }; error?: NodeError }>>;
		error?: NodeError;
		lastNodeExecuted?: string;
	};
	[k: string]: unknown;
}

export interface StoredWorkflow extends WorkflowJson {
	id: string;
	versionId: string;
	active: boolean;
	activeVersionId?: string | null;
	staticData?: Record<string, unknown> | null;
}

export class RestError extends Error {
	constructor(
		readonly method: string,
		readonly path: string,
		readonly status: number,
		readonly body: string,
	) {
		super(`${method} ${path} → ${status}: ${body.slice(0, 2000)}`);
	}
}

/** Internal REST API client (what the editor UI uses), authenticated with the n8n-auth cookie. */
export class N8nClient {
	private cookie = '';
	private browserId: string = randomUUID();

	/** `n8nMajor`: the REST API differs between n8n 1.x and 2.x in how workflows are run and activated. */
	constructor(
		readonly baseUrl: string,
		readonly n8nMajor = 2,
	) {}

	async request<T = unknown>(method: string, path: string, body?: unknown, query?: Record<string, string>): Promise<T> {
		const url = new URL(path, this.baseUrl);
		for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
		const res = await fetchAgain(url, {
			method,
			headers: {
				'content-type': 'application/json',
				// The auth cookie is bound to this header's value.
				'browser-id': this.browserId,
				...(this.cookie ? { cookie: this.cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const setCookie = res.headers.getSetCookie?.() ?? [];
		for (const c of setCookie) {
			const m = /^n8n-auth=([^;]*)/.exec(c);
			if (m) this.cookie = `n8n-auth=${m[1]}`;
		}
		const text = await res.text();
		if (!res.ok) throw new RestError(method, path, res.status, text);
		if (!text) return undefined as T;
		const parsed = JSON.parse(text) as { data?: T };
		return (parsed && typeof parsed === 'object' && 'data' in parsed ? parsed.data : parsed) as T;
	}

	get authenticated(): boolean {
		return this.cookie !== '';
	}

	/** The signed-in session (n8n limits sign-ins per minute: clients of one n8n share one session). */
	get session(): { cookie: string; browserId: string } {
		return { cookie: this.cookie, browserId: this.browserId };
	}

	useSession(session: { cookie: string; browserId: string }): void {
		this.cookie = session.cookie;
		this.browserId = session.browserId;
	}

	/** First start only: creates the owner account and signs in as it. */
	async setupOwner(owner = OWNER): Promise<void> {
		await this.request('POST', '/rest/owner/setup', owner);
	}

	async login(email = OWNER.email, password = OWNER.password): Promise<void> {
		await this.request('POST', '/rest/login', { emailOrLdapLoginId: email, password });
	}

	/** All node type descriptions n8n has loaded (name, version, displayName, …). */
	async nodeTypes(): Promise<NodeTypeDescription[]> {
		return this.request('GET', '/types/nodes.json');
	}

	async credentialTypes(): Promise<Array<{ name: string; displayName: string; [k: string]: unknown }>> {
		return this.request('GET', '/types/credentials.json');
	}

	async createCredential(name: string, type: string, data: Record<string, unknown>): Promise<{ id: string; name: string }> {
		return this.request('POST', '/rest/credentials', { name, type, data });
	}

	async listCredentials(): Promise<Array<{ id: string; name: string; type: string }>> {
		return this.request('GET', '/rest/credentials');
	}

	async deleteCredential(id: string): Promise<void> {
		await this.request('DELETE', `/rest/credentials/${id}`);
	}

	async createWorkflow(workflow: WorkflowJson): Promise<{ id: string; versionId: string; name: string }> {
		const body: Record<string, unknown> = { ...workflow };
		delete body.id;
		// 2.x activates by publishing (activateWorkflow); 1.x needs the flag, inactive at first.
		if (this.n8nMajor < 2) body.active = false;
		else delete body.active;
		return this.request('POST', '/rest/workflows', body);
	}

	async listWorkflows(): Promise<Array<{ id: string; name: string; active: boolean }>> {
		return this.request('GET', '/rest/workflows');
	}

	async getWorkflow(id: string): Promise<StoredWorkflow> {
		return this.request('GET', `/rest/workflows/${id}`);
	}

	/** Publishes (activates) the workflow's current version: triggers start polling. n8n 1.x: sets it active. */
	async activateWorkflow(id: string): Promise<void> {
		const wf = await this.getWorkflow(id);
		if (this.n8nMajor < 2) await this.request('PATCH', `/rest/workflows/${id}`, { active: true, versionId: wf.versionId });
		else await this.request('POST', `/rest/workflows/${id}/activate`, { versionId: wf.versionId });
	}

	async deactivateWorkflow(id: string): Promise<void> {
		if (this.n8nMajor < 2) {
			const wf = await this.getWorkflow(id);
			await this.request('PATCH', `/rest/workflows/${id}`, { active: false, versionId: wf.versionId });
		} else await this.request('POST', `/rest/workflows/${id}/deactivate`, {});
	}

	/**
	 * Saves a change to the workflow the way the editor does: the stored workflow, changed by
	 * `edit`, sent back with the versionId it was read at (n8n refuses a save made on an older
	 * version). Static data is not part of what the editor sends, so n8n keeps what it has.
	 * A change to nodes or connections makes a new version. n8n 1.x: saving an active workflow
	 * also activates the saved version (n8n deactivates and activates it again); 2.x keeps the
	 * published version running until the new one is published (saveAndPublish).
	 */
	async updateWorkflow(id: string, edit: (wf: EditableWorkflow) => EditableWorkflow | void): Promise<StoredWorkflow> {
		const stored = await this.getWorkflow(id);
		const draft: EditableWorkflow = structuredClone({
			name: stored.name,
			nodes: stored.nodes,
			connections: stored.connections,
			settings: stored.settings,
			pinData: (stored.pinData as Record<string, unknown> | undefined) ?? {},
			meta: stored.meta as Record<string, unknown> | undefined,
		});
		const changed = edit(draft) ?? draft;
		return this.request('PATCH', `/rest/workflows/${id}`, { ...changed, versionId: stored.versionId });
	}

	/**
	 * Save, then publish, as a user does in the editor: 2.x publishes the saved version and waits
	 * until n8n has it running (waitUntilPublished); 1.x activates it with the save itself.
	 */
	async saveAndPublish(id: string, edit: (wf: EditableWorkflow) => EditableWorkflow | void): Promise<StoredWorkflow> {
		const saved = await this.updateWorkflow(id, edit);
		if (this.n8nMajor < 2) return saved;
		await this.request('POST', `/rest/workflows/${id}/activate`, { versionId: saved.versionId });
		await this.waitUntilPublished(id, saved.versionId);
		return saved;
	}

	/** n8n 2.x: where the publication of a workflow is (the editor's publish indicator). */
	async publicationStatus(id: string): Promise<{ status: string; liveVersionId: string | null; pendingVersionId: string | null }> {
		return this.request('GET', `/rest/workflows/${id}/publication-status`);
	}

	/**
	 * n8n 2.x publishes asynchronously (its publication service): waits until the workflow's
	 * triggers run the given version (default: the current one), its poll at activation done.
	 * n8n 1.x activates within the request: nothing to wait for.
	 */
	async waitUntilPublished(id: string, versionId?: string, timeoutMs = 60_000): Promise<void> {
		if (this.n8nMajor < 2) return;
		const version = versionId ?? (await this.getWorkflow(id)).versionId;
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const status = await this.publicationStatus(id);
			if (status.status === 'published' && status.liveVersionId === version) return;
			if (status.status === 'failed' || status.status === 'partial') throw new Error(`workflow ${id}: publication ${status.status}: ${JSON.stringify(status)}`);
			if (Date.now() > deadline) throw new Error(`workflow ${id}: version ${version} not published within ${timeoutMs} ms: ${JSON.stringify(status)}`);
			await sleep(200);
		}
	}

	/** The workflow as n8n exports it (`n8n export:workflow`): its nodes with their ids, and its static data. */
	async exportWorkflow(id: string): Promise<WorkflowJson & { staticData?: Record<string, unknown> | null }> {
		const stored = await this.getWorkflow(id);
		return structuredClone({
			id: stored.id,
			name: stored.name,
			nodes: stored.nodes,
			connections: stored.connections,
			settings: stored.settings,
			staticData: stored.staticData ?? null,
			pinData: stored.pinData ?? {},
			meta: stored.meta,
		});
	}

	/** Starts a manual run from the given trigger node; returns the execution id. */
	async startManualRun(workflowId: string, triggerNodeName: string): Promise<string> {
		// n8n 1.x runs the workflow it is sent (the editor's copy), 2.x the saved one.
		const body = this.n8nMajor < 2 ? { workflowData: await this.getWorkflow(workflowId), triggerToStartFrom: { name: triggerNodeName } } : { triggerToStartFrom: { name: triggerNodeName } };
		const res = await this.request<{ executionId?: string; waitingForWebhook?: boolean }>('POST', `/rest/workflows/${workflowId}/run`, body);
		if (!res?.executionId) throw new Error(`n8n did not start an execution: ${JSON.stringify(res)}`);
		return res.executionId;
	}

	async listExecutions(workflowId?: string, limit = 100): Promise<ExecutionSummary[]> {
		const query: Record<string, string> = { limit: String(limit) };
		if (workflowId) query.filter = JSON.stringify({ workflowId });
		const res = await this.request<{ results: ExecutionSummary[] }>('GET', '/rest/executions', undefined, query);
		return res.results;
	}

	async getExecutionRaw(id: string): Promise<RawExecution> {
		return this.request('GET', `/rest/executions/${id}`);
	}
}

/** What a save sends: the parts of a workflow the editor edits. */
export type EditableWorkflow = Pick<WorkflowJson, 'name' | 'nodes' | 'connections' | 'settings'> & {
	pinData?: Record<string, unknown>;
	meta?: Record<string, unknown>;
};

export interface WorkflowJson {
	id?: string;
	name: string;
	nodes: Array<{
		id?: string;
		name: string;
		type: string;
		typeVersion: number;
		position: [number, number];
		parameters: Record<string, unknown>;
		credentials?: Record<string, { id: string; name: string }>;
		[k: string]: unknown;
	}>;
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
	active?: boolean;
	[k: string]: unknown;
}

/**
 * The environment n8n is started with (main, and the workers of queue mode: lib/queue.cts): a
 * minimal, predictable one, quiet and local on 127.0.0.1. `extra` wins over the defaults.
 */
export function n8nEnv(
	rt: Runtime,
	o: { userFolder: string; port: number; brokerPort: number; probeLog?: string },
	extra?: NodeJS.ProcessEnv,
): NodeJS.ProcessEnv {
	return {
		// A minimal, predictable environment: nothing of the caller's n8n/npm settings leaks in.
		PATH: pathWithNode24(rt),
		HOME: process.env.HOME,
		TMPDIR: process.env.TMPDIR,
		LANG: process.env.LANG ?? 'C.UTF-8',
		N8N_USER_FOLDER: o.userFolder,
		N8N_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
		DB_TYPE: 'sqlite',
		N8N_HOST: '127.0.0.1',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_PORT: String(o.port),
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${o.port}`,
		WEBHOOK_URL: `http://127.0.0.1:${o.port}/`,
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_RUNNERS_BROKER_PORT: String(o.brokerPort),
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		// 2.x: a module that calls out at start-up (n8n 1.x has no such module and refuses the name).
		...(rt.n8nMajor >= 2 ? { N8N_DISABLED_MODULES: 'mcp-registry' } : {}),
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_SECURE_COOKIE: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_HIDE_USAGE_PAGE: 'true',
		N8N_PUBLIC_API_SWAGGERUI_DISABLED: 'true',
		EXTERNAL_FRONTEND_HOOKS_URLS: '',
		N8N_DEV_RELOAD: 'false',
		GENERIC_TIMEZONE: 'UTC',
		TZ: 'UTC',
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
		N8N_LOG_LEVEL: 'info',
		N8N_LOG_OUTPUT: 'console',
		NODE_ENV: 'production',
		...(o.probeLog
			? {
					NODE_OPTIONS: `--require ${join(__dirname, 'resolve-probe.cjs')}`,
					CPN_RESOLVE_PROBE_LOG: o.probeLog,
				}
			: {}),
		...extra,
	};
}

const FINISHED = new Set(['success', 'error', 'crashed', 'canceled']);

export class N8n {
	readonly url: string;
	readonly client: N8nClient;
	private constructor(
		readonly runtime: Runtime,
		/** The n8n process: this one's child, or (attach) one another test file started. */
		readonly process: ManagedProcess | LogFollower,
		readonly port: number,
		readonly userFolder: string,
		readonly probeLog: string | undefined,
		private readonly ownsUserFolder: boolean,
	) {
		this.url = `http://127.0.0.1:${port}`;
		this.client = new N8nClient(this.url, runtime.n8nMajor);
	}

	/** The extra environment it was started with (N8nStartOptions.env), for its CLI commands. */
	private startEnv: NodeJS.ProcessEnv | undefined;

	/**
	 * Runs an n8n CLI command (`import:workflow --input=…`, `export:workflow --id=…`) on this
	 * instance's user folder and database while it runs, as an admin on the same host does;
	 * returns its output. Every CLI command boots n8n first (a few seconds).
	 */
	async cli(args: string[], timeoutMs = 120_000): Promise<string> {
		const env = n8nEnv(this.runtime, { userFolder: this.userFolder, port: this.port, brokerPort: await freePort() }, this.startEnv);
		return await new Promise((resolve, reject) => {
			execFile(this.runtime.nodeExe, [this.runtime.n8nCli, ...args], { cwd: this.userFolder, env, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
				if (error) reject(new Error(`n8n ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`));
				else resolve(`${stdout}${stderr}`);
			});
		});
	}

	static async start(opts: N8nStartOptions): Promise<N8n> {
		const rt = opts.runtime;
		const ownsUserFolder = !opts.userFolder;
		const userFolder = opts.userFolder ?? mkdtempSync(join(ensureDir(RUNS_DIR), 'n8n-'));
		ensureDir(join(userFolder, '.n8n'));
		const port = opts.port ?? (await freePort());
		const brokerPort = await freePort();
		const probeLog = opts.resolveProbe ? join(userFolder, 'resolve-probe.log') : undefined;

		const env = n8nEnv(rt, { userFolder, port, brokerPort, probeLog }, opts.env);

		const proc = new ManagedProcess({
			name: 'n8n',
			command: rt.nodeExe,
			args: [rt.n8nCli, 'start'],
			cwd: userFolder,
			env,
			logFile: join(userFolder, 'n8n.log'),
			echo: opts.echo,
		});
		const n8n = new N8n(rt, proc, port, userFolder, probeLog, ownsUserFolder);
		n8n.startEnv = opts.env;
		try {
			await n8n.waitUntilReady(opts.readyTimeoutMs ?? 120_000);
		} catch (err) {
			await proc.stop();
			throw err;
		}
		return n8n;
	}

	/**
	 * An n8n already running on `port` with `userFolder` (started by N8n.start in another test
	 * file of this run; `pid`, its process group, `logFile` its output), in the owner's `session`.
	 * Its log is read from now on; stop() leaves it running.
	 */
	static async attach(
		rt: Runtime,
		shared: { port: number; userFolder: string; logFile: string; pid: number; session: N8nClient['session'] },
	): Promise<N8n> {
		const n8n = new N8n(rt, new LogFollower(shared.logFile, shared.pid), shared.port, shared.userFolder, undefined, false);
		await n8n.waitUntilReady(30_000);
		n8n.client.useSession(shared.session);
		return n8n;
	}

	private async waitUntilReady(timeoutMs: number): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			if (!this.process.running) {
				throw new Error(`n8n exited during start-up (log: ${this.process.logFile})\n${this.process.tail(80)}`);
			}
			try {
				const res = await fetch(`${this.url}/healthz/readiness`);
				if (res.ok) {
					const settings = await fetch(`${this.url}/rest/settings`);
					if (settings.ok) return;
				}
			} catch {
				// not listening yet
			}
			await sleep(250);
		}
		throw new Error(`n8n not ready within ${timeoutMs} ms (log: ${this.process.logFile})\n${this.process.tail(80)}`);
	}

	/** n8n's output so far. */
	get log(): string {
		return this.process.text;
	}

	/** Lines of the resolve probe (see lib/resolve-probe.cjs). */
	resolveProbeEntries(): Array<{ pid: number; request: string; from: string; resolved: string }> {
		if (!this.probeLog || !existsSync(this.probeLog)) return [];
		return readFileSync(this.probeLog, 'utf8')
			.split('\n')
			.filter(Boolean)
			.map((l) => JSON.parse(l));
	}

	async waitForExecution(id: string, timeoutMs = 60_000): Promise<ExecutionResult> {
		return waitForExecution(this.client, this.runtime, id, timeoutMs);
	}

	/** A finished execution, decoded, once its run data is saved too (see dataSaved). */
	async getExecution(id: string): Promise<ExecutionResult> {
		return waitForExecution(this.client, this.runtime, id, 15_000);
	}

	/** Stops n8n (SIGTERM, then SIGKILL) and removes a user folder it created, unless kept. */
	async stop(opts: { keepUserFolder?: boolean } = {}): Promise<void> {
		await this.process.stop();
		const keep = opts.keepUserFolder ?? process.env.E2E_KEEP === '1';
		if (this.ownsUserFolder && !keep) rmSync(this.userFolder, { recursive: true, force: true });
	}
}

let flatted: { parse(s: string): unknown } | undefined;

/** Decodes execution data the way n8n stores it (the `flatted` format, n8n's own copy). */
function parseFlatted(rt: Runtime, s: string): unknown {
	if (!flatted) {
		const req = createRequire(join(rt.n8nDir, 'node_modules', 'n8n', 'package.json'));
		flatted = req('flatted') as { parse(s: string): unknown };
	}
	return flatted.parse(s);
}

/** An execution as GET /rest/executions/:id returns it, decoded into node outputs. */
export function decodeExecution(rt: Runtime, raw: RawExecution): ExecutionResult {
	const data = (typeof raw.data === 'string' ? parseFlatted(rt, raw.data) : raw.data) as DecodedExecutionData;
	const runData = data?.resultData?.runData ?? {};
	const output: Record<string, NodeItem[]> = {};
	const runs: Record<string, NodeItem[][][]> = {};
	const nodeErrors: ExecutionResult['nodeErrors'] = {};
	for (const [node, nodeRuns] of Object.entries(runData)) {
		runs[node] = nodeRuns.map((r) => (r?.data?.main ?? []).map((o) => o ?? []));
		const last = nodeRuns[nodeRuns.length - 1];
		output[node] = last?.data?.main?.[0] ?? [];
		if (last?.error) nodeErrors[node] = last.error;
	}
	// Every item a Community Platform node output must match the schema its operation or trigger declares.
	const problems = outputProblems((raw.workflowData as { nodes?: Parameters<typeof outputProblems>[0] } | undefined)?.nodes, runs);
	if (problems.length) throw new Error(`execution ${raw.id}: output that does not match its schema:\n${problems.join('\n')}`);
	return {
		id: String(raw.id),
		status: raw.status,
		output,
		runs,
		error: data?.resultData?.error,
		nodeErrors,
		raw: { ...raw, data },
	};
}

/**
 * Whether a finished execution's run data is saved as well. n8n 1.x on SQLite (pool size 0, its
 * default) saves the end of an execution in two writes without a transaction: the status first,
 * then the data (ExecutionRepository.updateExistingExecution). A read between the two sees
 * "success" with the data saved at the start, where no node has run. Every execution that ran
 * ends with lastNodeExecuted or an error in its data; canceled and crashed ones may have neither.
 */
function dataSaved(result: ExecutionResult): boolean {
	if (result.status !== 'success' && result.status !== 'error') return true;
	const resultData = result.raw.data?.resultData;
	return Boolean(resultData?.lastNodeExecuted || resultData?.error);
}

/** Polls an execution until it has finished and its run data is saved, then decodes it. */
export async function waitForExecution(
	client: N8nClient,
	rt: Runtime,
	id: string,
	timeoutMs = 60_000,
): Promise<ExecutionResult> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const raw = await client.getExecutionRaw(id);
		const finished = raw && (FINISHED.has(raw.status) || (raw.finished && raw.stoppedAt));
		const decoded = finished ? decodeExecution(rt, raw) : undefined;
		if (decoded && dataSaved(decoded)) return decoded;
		if (Date.now() > deadline) {
			throw new Error(
				decoded
					? `execution ${id} ended (status ${raw.status}) but its run data was not saved within ${timeoutMs} ms`
					: `execution ${id} not finished within ${timeoutMs} ms (status ${raw?.status})`,
			);
		}
		await sleep(200);
	}
}
