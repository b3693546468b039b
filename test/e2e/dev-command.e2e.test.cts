/**
 * `npm run dev` brings up n8n at the printed URL with the package, the sandbox credential
 * and the example workflows; Ctrl+C stops everything. Runs on free ports (N8N_PORT,
 * SANDBOX_PORT) so it never collides with a developer's own `npm run dev`.
 */
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { asTheEditorImports } from './editorImport.cjs';
import { CREDENTIAL_NAME, CREDENTIAL_TYPE } from './harness.cjs';
import { linkedExamples, readReadme, readmeSection } from './readme.cjs';
import { N8nClient, waitForExecution, type WorkflowJson } from '../../tools/n8n/n8n.cjs';
import { PACKAGE_NAME, expectedNodeTypes } from '../../tools/n8n/pack.cjs';
import { ManagedProcess, freePort, portInUse } from '../../tools/n8n/processes.cjs';
import { EXAMPLES_DIR, REPO_DIR, RUNS_DIR, ensureDir, ensureRuntime } from '../../tools/n8n/runtime.cjs';

const pkg = JSON.parse(readFileSync(join(REPO_DIR, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
/** `npm run dev` once package.json has the script; until then the same program directly. */
const command: [string, string[]] = pkg.scripts?.dev
	? ['npm', ['run', 'dev']]
	: [join(REPO_DIR, 'node_modules', '.bin', 'tsx'), ['scripts/dev.cts']];

/**
 * The Quick start's promise: three members out of the first node it names in bold, and the same
 * three, each found by email with every field (Simplify off), out of the second.
 */
function expectWhatTheQuickStartSays(wf: WorkflowJson, output: Record<string, Array<{ json: Record<string, unknown> }>>): void {
	const section = readmeSection('Quick start');
	const named = [...new Set([...section.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1]))].filter((name) => wf.nodes.some((n) => n.name === name));
	expect(named).toHaveLength(2);
	const [list, lookup] = named.map((name) => output[name] ?? []);
	expect(list).toHaveLength(3);
	expect(section).toMatch(/three members/);
	expect(lookup.map((i) => i.json.userEmail)).toEqual(list.map((i) => i.json.userEmail));
	for (const [i, item] of lookup.entries()) expect(Object.keys(item.json).length).toBeGreaterThan(Object.keys(list[i].json).length);
}

describe('npm run dev', () => {
	let dev: ManagedProcess;
	let n8nPort: number;
	let sandboxPort: number;
	let client: N8nClient;

	beforeAll(async () => {
		n8nPort = await freePort();
		sandboxPort = await freePort();
		dev = new ManagedProcess({
			name: 'npm run dev',
			command: command[0],
			args: command[1],
			cwd: REPO_DIR,
			env: {
				...process.env,
				N8N_PORT: String(n8nPort),
				SANDBOX_PORT: String(sandboxPort),
				// The global setup built the package a moment ago.
				DEV_SKIP_BUILD: '1',
			},
			logFile: join(ensureDir(RUNS_DIR), `dev-command-${process.pid}.log`),
		});
	});

	afterAll(async () => {
		await dev?.stop();
		if (dev && process.env.E2E_KEEP !== '1') rmSync(dev.logFile, { force: true });
	});

	it('prints the URL and how to sign in', async () => {
		const [, url] = await dev.waitForOutput(/n8n is ready at (http:\/\/\S+)/, 240_000);
		expect(url).toBe(`http://127.0.0.1:${n8nPort}`);
		// The sign-in line follows the URL line, possibly in a later chunk of output.
		const [, email, password] = await dev.waitForOutput(/Sign in with\s+(\S+)\s+\/\s+(\S+)/, 30_000);
		client = new N8nClient(url);
		await client.login(email, password);
	});

	it('has the package nodes and the credential type loaded', async () => {
		const names = (await client.nodeTypes()).map((n) => n.name);
		for (const t of expectedNodeTypes()) expect(names).toContain(t);
		expect((await client.credentialTypes()).map((c) => c.name)).toContain(CREDENTIAL_TYPE);
	});

	it('has a credential pointing at the sandbox', async () => {
		const creds = await client.listCredentials();
		const cred = creds.find((c) => c.name === CREDENTIAL_NAME);
		expect(cred?.type).toBe(CREDENTIAL_TYPE);
		const full = await client.request<{ data: Record<string, unknown> }>('GET', `/rest/credentials/${cred!.id}`, undefined, { includeData: 'true' });
		expect(full.data.baseUrl).toBe(`http://127.0.0.1:${sandboxPort}`);
	});

	it('imported the example workflows, and they run against the sandbox', async () => {
		const workflows = await client.listWorkflows();
		const names = workflows.map((w) => w.name);
		const all = readdirSync(EXAMPLES_DIR).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join(EXAMPLES_DIR, f), 'utf8')) as WorkflowJson);
		// Those that write to PostgreSQL are left out (no database behind them), and the output says how to try them.
		const database = all.filter((wf) => wf.nodes.some((n) => n.credentials?.postgres)).map((wf) => wf.name);
		const examples = all.map((wf) => wf.name).filter((name) => !database.includes(name));
		expect(examples.length).toBeGreaterThan(0);
		expect(database.length).toBeGreaterThan(0);
		expect(names).toEqual(expect.arrayContaining(examples));
		expect(names.filter((name) => database.includes(name))).toEqual([]);
		for (const name of database) await dev.waitForOutput(new RegExp(`Not imported\\s+${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(.*needs a PostgreSQL database`), 5_000);

		const rt = ensureRuntime();
		for (const name of ['Example: look up a member', 'Example: create members and read them back']) {
			const wf = await client.getWorkflow(workflows.find((w) => w.name === name)!.id);
			const trigger = wf.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger');
			const id = await client.startManualRun(wf.id, trigger!.name);
			const result = await waitForExecution(client, rt, id);
			expect({ name, status: result.status, error: result.error?.message }).toEqual({ name, status: 'success', error: undefined });
			const ours = wf.nodes.filter((n) => n.type.startsWith(`${PACKAGE_NAME}.`));
			for (const node of ours) expect(result.output[node.name]?.length).toBe(3);
		}
	});

	describe('the example workflows the README links, imported as a user imports them', () => {
		const readme = readReadme();
		const examples = linkedExamples(readme);
		const quickStart = linkedExamples(readmeSection('Quick start', readme));
		// Those that write to a PostgreSQL database need one: their own suites run them, each on its own
		// PostgreSQL (examples/community-copy-postgres.json: test/e2e/queue/queue-mode.queue.test.cts;
		// examples/email-opt-outs-postgres.json: test/e2e/sync-opt-outs.e2e.test.cts).
		const needsPostgres = (example: string) =>
			existsSync(join(REPO_DIR, example)) && (JSON.parse(readFileSync(join(REPO_DIR, example), 'utf8')) as WorkflowJson).nodes.some((n) => n.credentials?.postgres);
		const runHere = examples.filter((example) => !needsPostgres(example));
		let sandboxLog: () => Promise<Array<{ path: string }>>;

		beforeAll(() => {
			sandboxLog = async () => (await (await fetch(`http://127.0.0.1:${sandboxPort}/__admin/requests`)).json()) as Array<{ path: string }>;
		});

		it('the README links examples, the Quick start one of them', () => {
			expect(examples.length).toBeGreaterThan(0);
			expect(quickStart).toHaveLength(1);
			expect(examples).toContain(quickStart[0]);
			expect(examples.filter((e) => !existsSync(join(REPO_DIR, e)))).toEqual([]);
		});

		it.each(runHere)('%s runs against the sandbox', async (example) => {
			const rt = ensureRuntime();
			const json = JSON.parse(readFileSync(join(REPO_DIR, example), 'utf8')) as WorkflowJson;
			// Nothing else is set up: an example that keeps a Data Table makes it itself.
			const wf = await asTheEditorImports(client, json);
			const created = await client.createWorkflow(wf);
			const ours = wf.nodes.filter((n) => n.type.startsWith(`${PACKAGE_NAME}.`));
			expect(ours.length).toBeGreaterThan(0);
			// Each of them got this n8n's credential (the file names an id no n8n has), as the editor fills it in.
			const credential = (await client.listCredentials()).find((c) => c.name === CREDENTIAL_NAME)!;
			for (const node of ours) expect({ node: node.name, credential: node.credentials?.[CREDENTIAL_TYPE] }).toEqual({ node: node.name, credential: { id: credential.id, name: CREDENTIAL_NAME } });

			const manual = wf.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger');
			if (manual) {
				const result = await waitForExecution(client, rt, await client.startManualRun(created.id, manual.name), 90_000);
				expect({ example, status: result.status, error: result.error?.message }).toEqual({ example, status: 'success', error: undefined });
				for (const node of ours) expect({ node: node.name, items: (result.output[node.name]?.length ?? 0) > 0 }).toEqual({ node: node.name, items: true });
				if (example === quickStart[0]) expectWhatTheQuickStartSays(wf, result.output);
				return;
			}
			// A trigger: published, n8n polls once at activation and refuses to publish when that poll fails.
			const triggers = ours.filter((n) => /Trigger$/.test(n.type));
			expect(triggers.length).toBeGreaterThan(0);
			const before = (await sandboxLog()).filter((r) => r.path.includes('/incremental/')).length;
			await client.activateWorkflow(created.id);
			try {
				await client.waitUntilPublished(created.id);
				expect((await sandboxLog()).filter((r) => r.path.includes('/incremental/')).length).toBeGreaterThan(before);
				expect((await client.listExecutions(created.id)).filter((e) => e.status === 'error' || e.status === 'crashed')).toEqual([]);
			} finally {
				await client.deactivateWorkflow(created.id);
			}
		});
	});

	it('stops n8n and the sandbox on Ctrl+C', async () => {
		dev.signalGroup('SIGINT');
		const code = await Promise.race([
			dev.waitForExit(),
			new Promise<string>((r) => setTimeout(() => r('timeout'), 30_000).unref()),
		]);
		// npm reports an interrupted script with 130 (128 + SIGINT); dev itself exits 0.
		expect([0, 130]).toContain(code);
		expect(dev.text).toContain('[dev] stopped');
		expect(await portInUse(n8nPort)).toBe(false);
		expect(await portInUse(sandboxPort)).toBe(false);
	});
});
