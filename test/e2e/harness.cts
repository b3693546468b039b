/**
 * The e2e harness: the sandbox, a real n8n with the packed package installed the way n8n
 * installs community packages, an owner, a credential pointing at the sandbox, and helpers
 * to import and run workflows from test/e2e/workflows/*.json.
 *
 *   const e2e = await E2E.start();
 *   const out = await e2e.runWorkflow('member-get-many.json');
 *   expect(out['Community Platform']).toHaveLength(5);
 *   await e2e.stop();
 *
 * Triggers: `activateWorkflow()` publishes a workflow (its poll times are rewritten to every
 * 10 s, see pollEvery), then `waitForExecutions()` collects the executions of later ticks.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, isAbsolute, join } from 'node:path';
import { N8n, type ExecutionResult, type NodeItem, type WorkflowJson } from '../../tools/n8n/n8n.cjs';
import {
	PACKAGE_NAME,
	TARBALL_ENV,
	buildPackage,
	installTarball,
	installedPackageDir,
	packPackage,
} from '../../tools/n8n/pack.cjs';
import { sleep } from '../../tools/n8n/processes.cjs';
import { RUNS_DIR, WORKFLOWS_DIR, ensureDir, ensureRuntime, type Runtime } from '../../tools/n8n/runtime.cjs';
import { Sandbox, type SandboxStartOptions } from '../../tools/n8n/sandbox.cjs';
import { CREDENTIAL_NAME, CREDENTIAL_TYPE, missingNodeTypes } from '../../tools/n8n/workflows.cjs';

export { CREDENTIAL_NAME, CREDENTIAL_TYPE, N8n, Sandbox, missingNodeTypes };
export type { ExecutionResult, NodeItem, WorkflowJson };

export const ACTION_NODE_TYPE = `${PACKAGE_NAME}.communityPlatform`;

/**
 * Poll times for a polling trigger: one cron per tick, since n8n refuses sub-minute crons
 * but accepts several crons that each have a single number in the seconds field.
 * pollEvery(10) → `0 * * * * *`, `10 * * * * *`, … `50 * * * * *` (a poll every 10 s).
 */
export function pollEvery(seconds = 10): { item: Array<{ mode: 'custom'; cronExpression: string }> } {
	if (seconds <= 0 || 60 % seconds !== 0) throw new Error(`pollEvery(${seconds}): must divide 60`);
	const item = [];
	for (let s = 0; s < 60; s += seconds) item.push({ mode: 'custom' as const, cronExpression: `${s} * * * * *` });
	return { item };
}

/**
 * n8n's durable scheduler (off by default in n8n 2.41, n8n's direction): with
 * CPN_N8N_SCHEDULER=durable every n8n the harness starts runs its poll triggers as scheduler
 * tasks with a time budget, and keeps their state as durable cursors (`npm run test:e2e:durable`).
 */
export function schedulerEnv(): NodeJS.ProcessEnv {
	if (process.env.CPN_N8N_SCHEDULER !== 'durable') return {};
	return {
		N8N_SCHEDULER_ENABLED: 'true',
		N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
		N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	};
}

export interface E2EStartOptions {
	/** Start the sandbox and create the credential (default true). */
	sandbox?: boolean;
	sandboxOptions?: SandboxStartOptions;
	/** Log where the package's bare requires resolve (lib/resolve-probe.cjs). */
	resolveProbe?: boolean;
	/** Tarball to install; default: the one packed by the global setup, else build + pack now. */
	tarball?: string;
	/** Echo n8n's output to this stream. */
	echo?: NodeJS.WritableStream;
	n8nPort?: number;
	n8nEnv?: NodeJS.ProcessEnv;
	/**
	 * Use the one n8n this jest run shares among the files that ask for it (see sharedN8n) rather
	 * than start one: the file keeps its own sandbox, credential and workflows, and stop()
	 * deactivates what it left active and deletes the credentials (n8n's MCP builder gives a
	 * workflow the first credential of the type it finds: a later file's must be the only one).
	 * Not with n8nEnv, resolveProbe, tarball, n8nPort or echo,
	 * nor in a file that restarts n8n.
	 */
	shared?: boolean;
}

/**
 * What the shared n8n runs with beyond the defaults, for the files that share it: its debug log
 * (secrets.e2e looks for the token in it) and n8n's MCP workflow-builder tools (mcp-builder.e2e;
 * its rate limit raised for one client's many calls).
 */
const SHARED_N8N_ENV: NodeJS.ProcessEnv = {
	N8N_LOG_LEVEL: 'debug',
	N8N_MCP_BUILDER_ENABLED: 'true',
	N8N_MCP_COMMUNITY_NODE_DISCOVERY_ENABLED: 'false',
	N8N_MCP_SERVER_RATE_LIMIT: '1000',
};

/** Set by the e2e global setup: the jest run whose shared n8n a file attaches to. */
export const RUN_ENV = 'CPN_E2E_RUN';

/** Where the shared n8n of a jest run is recorded (its port, user folder, log file and process group). */
export function sharedN8nRecord(run: string): string {
	return join(RUNS_DIR, `shared-n8n-${run}.json`);
}

/**
 * The n8n shared by the files of this jest run that ask for it, in the owner's session: the first
 * such file starts it (the packed package installed, the scheduler of CPN_N8N_SCHEDULER) and
 * records it with the session (n8n answers sign-ins past a few a minute with 429); each file, the
 * first included, attaches to it and reads its log from then on. The run's global
 * teardown (teardown.cts) stops it. A file saves an n8n start this way: 20 to 30 s on 2 cores.
 */
async function sharedN8n(rt: Runtime, tarball: string): Promise<N8n> {
	const run = process.env[RUN_ENV];
	if (!run) throw new Error(`E2E.start({ shared: true }) needs ${RUN_ENV}, set by the e2e global setup (jest -c jest.e2e.config.js)`);
	const record = sharedN8nRecord(run);
	if (!existsSync(record)) {
		const userFolder = mkdtempSync(join(ensureDir(RUNS_DIR), 'n8n-shared-'));
		installTarball(rt, tarball, userFolder);
		const n8n = await N8n.start({ runtime: rt, userFolder, env: { ...schedulerEnv(), ...SHARED_N8N_ENV } });
		await n8n.client.setupOwner();
		const { logFile, pid } = n8n.process;
		writeFileSync(record, JSON.stringify({ port: n8n.port, userFolder, logFile, pid, session: n8n.client.session }));
	}
	return await N8n.attach(rt, JSON.parse(readFileSync(record, 'utf8')) as Parameters<typeof N8n.attach>[1]);
}

export interface ImportOptions {
	/** Values for `__E2E_<NAME>__` placeholders anywhere in the workflow JSON. */
	vars?: Record<string, string | number | boolean>;
	/** Rewrite the poll times of the package's trigger nodes to every N seconds (default 10). */
	pollSeconds?: number | false;
	/** Override the workflow name (default: the file's, suffixed with the file name). */
	name?: string;
	/** The credential the package's nodes use (default: the one pointing at the harness's sandbox). */
	credential?: { id: string; name: string };
}

export interface ImportedWorkflow {
	id: string;
	name: string;
	file?: string;
	json: WorkflowJson;
	/** Name of the node a manual run starts from (manual / execute-workflow trigger). */
	manualTrigger?: string;
}

/** nodeName → items of its last run (first output); `$execution` holds the whole result. */
export type RunOutput = Record<string, NodeItem[]> & { readonly $execution?: ExecutionResult };

let packedTarball: string | undefined;

/** The tarball for this test run: packed once per process (or by the jest global setup). */
export function getTarball(rt: Runtime): string {
	const fromEnv = process.env[TARBALL_ENV];
	if (fromEnv && existsSync(fromEnv)) return fromEnv;
	if (!packedTarball || !existsSync(packedTarball)) {
		if (process.env.E2E_SKIP_BUILD !== '1') buildPackage(rt);
		packedTarball = packPackage(rt);
	}
	return packedTarball;
}

export function readWorkflowFile(file: string): WorkflowJson {
	const path = isAbsolute(file) ? file : join(WORKFLOWS_DIR, file);
	return JSON.parse(readFileSync(path, 'utf8')) as WorkflowJson;
}

export function workflowFiles(dir = WORKFLOWS_DIR): string[] {
	return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
}

/**
 * Start → (optional Code node making one item per row) → one Community Platform node named
 * "Community Platform", with the sandbox credential and, if given, its On Error setting.
 */
export function actionWorkflow(
	name: string,
	parameters: Record<string, unknown>,
	options: { rows?: object[]; onError?: 'stopWorkflow' | 'continueRegularOutput' | 'continueErrorOutput' } = {},
): WorkflowJson {
	const { rows, onError } = options;
	const start = { id: '00000000-0000-4000-8000-000000000001', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };
	const code = rows && {
		id: '00000000-0000-4000-8000-000000000002',
		name: 'Rows',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		position: [200, 0] as [number, number],
		parameters: { jsCode: `return ${JSON.stringify(rows)}.map((json) => ({ json }));` },
	};
	const action = {
		id: '00000000-0000-4000-8000-000000000003',
		name: 'Community Platform',
		type: ACTION_NODE_TYPE,
		typeVersion: 1,
		position: [400, 0] as [number, number],
		parameters,
		...(onError ? { onError } : {}),
		credentials: { [CREDENTIAL_TYPE]: { id: 'sandbox', name: CREDENTIAL_NAME } },
	};
	return {
		name,
		nodes: code ? [start, code, action] : [start, action],
		connections: code
			? {
					Start: { main: [[{ node: 'Rows', type: 'main', index: 0 }]] },
					Rows: { main: [[{ node: 'Community Platform', type: 'main', index: 0 }]] },
				}
			: { Start: { main: [[{ node: 'Community Platform', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	} as WorkflowJson;
}

/**
 * Renames a node as the editor does with the node and its connections (those from it and those
 * to it). Expressions that name it are not rewritten (the e2e workflows have none). Changes `wf`
 * in place and returns it.
 */
export function renameNode<W extends Pick<WorkflowJson, 'nodes' | 'connections'>>(wf: W, from: string, to: string): W {
	const node = wf.nodes.find((n) => n.name === from);
	if (!node) throw new Error(`renameNode: no node named "${from}"`);
	if (wf.nodes.some((n) => n.name === to)) throw new Error(`renameNode: a node named "${to}" exists already`);
	node.name = to;
	type Target = { node: string };
	const connections: Record<string, Record<string, Array<Target[] | null>>> = {};
	for (const [source, byType] of Object.entries(wf.connections as Record<string, Record<string, Array<Target[] | null>>>)) {
		connections[source === from ? to : source] = Object.fromEntries(
			Object.entries(byType).map(([type, outputs]) => [
				type,
				outputs.map((targets) => targets?.map((t) => (t.node === from ? { ...t, node: to } : t)) ?? null),
			]),
		);
	}
	wf.connections = connections;
	return wf;
}

/**
 * One workflow holding a Member Trigger and an Event Attendee Trigger, both Start From = Now
 * (from member-trigger.json and event-attendee-trigger.json; the attendees go to "Received attendees").
 */
export function memberAndAttendeeTriggers(): WorkflowJson {
	const members = readWorkflowFile('member-trigger.json');
	const attendees = readWorkflowFile('event-attendee-trigger.json');
	const [attendeeTrigger, received] = attendees.nodes;
	return {
		...members,
		name: 'Two triggers in one workflow',
		nodes: [
			...members.nodes,
			{ ...attendeeTrigger, parameters: {}, position: [0, 300] },
			{ ...received, name: 'Received attendees', position: [250, 300] },
		],
		connections: {
			...members.connections,
			[attendeeTrigger.name]: { main: [[{ node: 'Received attendees', type: 'main', index: 0 }]] },
		},
	};
}

function substituteVars(wf: WorkflowJson, vars: Record<string, string | number | boolean>): WorkflowJson {
	const text = JSON.stringify(wf).replace(/__E2E_([A-Z0-9_]+)__/g, (whole, name: string) => {
		if (!(name in vars)) throw new Error(`workflow "${wf.name}" needs a value for ${whole}`);
		// Inside a JSON string: escape like JSON would, without the quotes.
		return JSON.stringify(String(vars[name])).slice(1, -1);
	});
	return JSON.parse(text) as WorkflowJson;
}

export class E2E {
	private loadedNodeTypes?: Set<string>;

	private constructor(
		readonly runtime: Runtime,
		private current: N8n,
		readonly sandbox: Sandbox | undefined,
		readonly credential: { id: string; name: string } | undefined,
		readonly packageDir: string,
		private readonly startOpts: E2EStartOptions,
	) {}

	/** The running n8n (a new object after restartN8n()). */
	get n8n(): N8n {
		return this.current;
	}

	get userFolder(): string {
		return this.current.userFolder;
	}

	static async start(opts: E2EStartOptions = {}): Promise<E2E> {
		const rt = ensureRuntime();
		if (opts.shared && (opts.n8nEnv || opts.resolveProbe || opts.tarball || opts.n8nPort || opts.echo)) {
			throw new Error('E2E.start: a shared n8n takes no n8nEnv, resolveProbe, tarball, n8nPort or echo');
		}
		const tarball = opts.tarball ?? getTarball(rt);
		const userFolder = opts.shared ? undefined : mkdtempSync(join(ensureDir(RUNS_DIR), 'n8n-'));
		const packageDir = userFolder ? installTarball(rt, tarball, userFolder) : undefined;

		let sandbox: Sandbox | undefined;
		let n8n: N8n | undefined;
		try {
			if (opts.sandbox !== false) sandbox = await Sandbox.start(opts.sandboxOptions);
			if (userFolder) {
				n8n = await N8n.start({
					runtime: rt,
					userFolder,
					port: opts.n8nPort,
					env: { ...schedulerEnv(), ...opts.n8nEnv },
					resolveProbe: opts.resolveProbe,
					echo: opts.echo,
				});
				await n8n.client.setupOwner();
			} else {
				n8n = await sharedN8n(rt, tarball);
			}
			const credential = sandbox
				? await n8n.client.createCredential(CREDENTIAL_NAME, CREDENTIAL_TYPE, sandbox.credentialData())
				: undefined;
			return new E2E(rt, n8n, sandbox, credential && { id: credential.id, name: credential.name }, packageDir ?? installedPackageDir(n8n.userFolder), opts);
		} catch (err) {
			await n8n?.stop();
			await sandbox?.close();
			if (userFolder && process.env.E2E_KEEP !== '1') rmSync(userFolder, { recursive: true, force: true });
			else if (userFolder) process.stderr.write(`[e2e] kept ${userFolder}\n`);
			throw err;
		}
	}

	/**
	 * Stops n8n and starts it again on the same user folder and port (same database, so
	 * published workflows are activated again with their saved static data), and signs in.
	 */
	/** Stops n8n cleanly and starts it again on the same folder; `whileDown` runs in between. */
	async restartN8n(whileDown?: () => Promise<void>): Promise<N8n> {
		if (this.startOpts.shared) throw new Error('restartN8n: a file that restarts n8n starts its own (E2E.start() without shared)');
		const { userFolder, port } = this.current;
		await this.current.stop();
		await whileDown?.();
		this.current = await N8n.start({
			runtime: this.runtime,
			userFolder,
			port,
			env: { ...schedulerEnv(), ...this.startOpts.n8nEnv },
			resolveProbe: this.startOpts.resolveProbe,
			echo: this.startOpts.echo,
		});
		await this.current.client.login();
		return this.current;
	}

	get client() {
		return this.n8n.client;
	}

	/** Node type names n8n has loaded. */
	async nodeTypeNames(): Promise<Set<string>> {
		if (!this.loadedNodeTypes) {
			this.loadedNodeTypes = new Set((await this.client.nodeTypes()).map((n) => n.name));
		}
		return this.loadedNodeTypes;
	}

	/** Prepares a workflow (placeholders, credential, poll times) and creates it in n8n. */
	async importWorkflow(fileOrJson: string | WorkflowJson, opts: ImportOptions = {}): Promise<ImportedWorkflow> {
		const { wf, file } = await this.prepareWorkflow(fileOrJson, opts);
		const created = await this.client.createWorkflow(wf);
		return this.imported(created, wf, file);
	}

	/**
	 * Prepares a workflow as importWorkflow does and imports it the way `n8n import:workflow` does
	 * (the CLI, on this n8n's database): with its node ids and its static data, which the editor's
	 * REST API of n8n 2.x drops on create. Inactive, under a new workflow id.
	 */
	async importWorkflowWithCli(fileOrJson: string | WorkflowJson, opts: ImportOptions = {}): Promise<ImportedWorkflow> {
		const { wf, file } = await this.prepareWorkflow(fileOrJson, opts);
		const id = randomBytes(12).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x').slice(0, 16);
		const input = join(this.userFolder, `import-${id}.json`);
		writeFileSync(input, JSON.stringify({ ...wf, id, active: false }));
		await this.n8n.cli(['import:workflow', `--input=${input}`]);
		const stored = await this.client.getWorkflow(id);
		return this.imported(stored, wf, file);
	}

	private imported(created: { id: string; name: string }, wf: WorkflowJson, file: string | undefined): ImportedWorkflow {
		const manual = wf.nodes.find((n) =>
			['n8n-nodes-base.manualTrigger', 'n8n-nodes-base.executeWorkflowTrigger'].includes(n.type),
		);
		return { id: created.id, name: created.name, file, json: wf, manualTrigger: manual?.name };
	}

	private async prepareWorkflow(fileOrJson: string | WorkflowJson, opts: ImportOptions): Promise<{ wf: WorkflowJson; file?: string }> {
		const file = typeof fileOrJson === 'string' ? fileOrJson : undefined;
		let wf = typeof fileOrJson === 'string' ? readWorkflowFile(fileOrJson) : structuredClone(fileOrJson);
		wf = substituteVars(wf, {
			SANDBOX_URL: this.sandbox?.url ?? '',
			...(opts.vars ?? {}),
		});
		for (const node of wf.nodes) {
			if (node.credentials?.[CREDENTIAL_TYPE]) {
				const credential = opts.credential ?? this.credential;
				if (!credential) throw new Error(`workflow "${wf.name}" needs the sandbox credential`);
				node.credentials[CREDENTIAL_TYPE] = { ...credential };
			}
			const ours = node.type.startsWith(`${PACKAGE_NAME}.`);
			if (ours && /Trigger$/.test(node.type) && opts.pollSeconds !== false) {
				node.parameters.pollTimes = pollEvery(opts.pollSeconds ?? 10);
			}
		}
		wf.name = opts.name ?? (file ? `${wf.name} [${basename(file)}]` : wf.name);
		const missing = missingNodeTypes(wf, await this.nodeTypeNames());
		if (missing.length) throw new Error(`workflow "${wf.name}" uses node types n8n has not loaded: ${missing.join(', ')}`);
		return { wf, file };
	}

	/**
	 * Imports the workflow, runs it once from its manual trigger, waits for it to finish and
	 * returns each node's output items. Throws when the execution failed (with the error).
	 */
	async runWorkflow(fileOrJson: string | WorkflowJson, opts: ImportOptions & { timeoutMs?: number } = {}): Promise<RunOutput> {
		const result = await this.runWorkflowFull(fileOrJson, opts);
		if (result.status !== 'success') {
			throw new Error(`workflow ${label(fileOrJson)} ended with status "${result.status}": ${errorText(result)}`);
		}
		return withExecution(result);
	}

	/** Like runWorkflow, but returns the execution whatever its status (to test errors). */
	async runWorkflowFull(
		fileOrJson: string | WorkflowJson,
		opts: ImportOptions & { timeoutMs?: number } = {},
	): Promise<ExecutionResult> {
		const wf = await this.importWorkflow(fileOrJson, opts);
		return this.runImported(wf, opts.timeoutMs);
	}

	async runImported(wf: ImportedWorkflow, timeoutMs = 60_000): Promise<ExecutionResult> {
		if (!wf.manualTrigger) throw new Error(`workflow "${wf.name}" has no Manual Trigger to start from`);
		const executionId = await this.client.startManualRun(wf.id, wf.manualTrigger);
		return this.n8n.waitForExecution(executionId, timeoutMs);
	}

	/** Imports and publishes a workflow: its triggers start polling (first poll at once). */
	async activateWorkflow(fileOrJson: string | WorkflowJson, opts: ImportOptions = {}): Promise<ImportedWorkflow> {
		const wf = await this.importWorkflow(fileOrJson, opts);
		await this.client.activateWorkflow(wf.id);
		return wf;
	}

	/**
	 * Waits until the workflow has at least `count` finished executions (oldest first) and
	 * returns them decoded. A poll that finds nothing new makes no execution, so `count`
	 * counts polls that emitted items.
	 */
	async waitForExecutions(
		workflowId: string,
		count: number,
		opts: { timeoutMs?: number; since?: Set<string> } = {},
	): Promise<ExecutionResult[]> {
		const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
		for (;;) {
			const list = (await this.client.listExecutions(workflowId))
				.filter((e) => e.finished || ['success', 'error', 'crashed'].includes(e.status))
				.filter((e) => !opts.since?.has(String(e.id)))
				.sort((a, b) => Number(a.id) - Number(b.id));
			if (list.length >= count) {
				return Promise.all(list.map((e) => this.n8n.getExecution(String(e.id))));
			}
			if (Date.now() > deadline) {
				throw new Error(
					`workflow ${workflowId}: ${list.length} of ${count} executions within ${opts.timeoutMs ?? 60_000} ms\n` +
						this.n8n.process.tail(40),
				);
			}
			await sleep(500);
		}
	}

	/** Waits until `probe` gives a value (asked every 250 ms) and returns it; fails after `timeoutMs`, naming `what`. */
	async until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const found = await probe();
			if (found !== undefined && found !== false) return found;
			if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}\n${this.n8n.process.tail(30)}`);
			await sleep(250);
		}
	}

	/** The requests the sandbox has answered on this path (with the API prefix, e.g. /public-api/v1/incremental/users). */
	async requestsTo(path: string): Promise<Array<Record<string, unknown>>> {
		return (await this.sandbox!.requests()).filter((r) => r.path === path);
	}

	/**
	 * Waits until the sandbox has answered `more` requests on the path beyond the first `before`
	 * (a trigger's next polls), and then until none of the workflow's executions is still running.
	 */
	async polledAgain(path: string, before: number, more = 1, workflowId?: string, timeoutMs = 45_000): Promise<void> {
		await this.until(`${more} more request(s) to ${path}`, async () => (await this.requestsTo(path)).length >= before + more, timeoutMs);
		if (workflowId) {
			await this.until('the executions to finish', async () =>
				(await this.client.listExecutions(workflowId)).every((e) => e.finished || ['success', 'error', 'crashed', 'canceled'].includes(e.status)),
			);
		}
	}

	/** Ids of the workflow's executions so far (to pass as `since`). */
	async executionIds(workflowId: string): Promise<Set<string>> {
		return new Set((await this.client.listExecutions(workflowId)).map((e) => String(e.id)));
	}

	/**
	 * Stops n8n and the sandbox. Keeps the user folder (n8n.log, database) if E2E_KEEP=1. A shared
	 * n8n goes on running, with every workflow this file left active deactivated and every
	 * credential deleted (the files of a jest run use it one after the other, each with its own).
	 */
	async stop(): Promise<void> {
		if (this.startOpts.shared) {
			try {
				for (const wf of await this.client.listWorkflows()) if (wf.active) await this.client.deactivateWorkflow(wf.id);
				for (const credential of await this.client.listCredentials()) await this.client.deleteCredential(credential.id);
			} finally {
				await this.sandbox?.close();
			}
			return;
		}
		try {
			await this.current.stop();
		} finally {
			await this.sandbox?.close();
			if (process.env.E2E_KEEP !== '1') rmSync(this.userFolder, { recursive: true, force: true });
			else process.stderr.write(`[e2e] kept ${this.userFolder} (n8n.log, .n8n/database.sqlite)\n`);
		}
	}
}

function label(fileOrJson: string | WorkflowJson): string {
	return typeof fileOrJson === 'string' ? fileOrJson : `"${fileOrJson.name}"`;
}

export function errorText(result: ExecutionResult): string {
	const parts: string[] = [];
	if (result.error) {
		parts.push(
			[result.error.node?.name, result.error.message, result.error.description].filter(Boolean).join(': '),
		);
	}
	for (const [node, err] of Object.entries(result.nodeErrors)) {
		if (!result.error || result.error.node?.name !== node) parts.push(`${node}: ${err.message ?? JSON.stringify(err)}`);
	}
	return parts.join('\n') || '(no error recorded)';
}

function withExecution(result: ExecutionResult): RunOutput {
	const out = { ...result.output } as RunOutput;
	Object.defineProperty(out, '$execution', { value: result, enumerable: false });
	return out;
}
