/**
 * `npm run dev` brings up n8n at the printed URL with the package, the sandbox credential
 * and the example workflows; Ctrl+C stops everything. Runs on free ports (N8N_PORT,
 * SANDBOX_PORT) so it never collides with a developer's own `npm run dev`.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CREDENTIAL_NAME, CREDENTIAL_TYPE } from './harness.cjs';
import { N8nClient, waitForExecution } from '../../tools/n8n/n8n.cjs';
import { PACKAGE_NAME, expectedNodeTypes } from '../../tools/n8n/pack.cjs';
import { ManagedProcess, freePort, portInUse } from '../../tools/n8n/processes.cjs';
import { REPO_DIR, RUNS_DIR, ensureDir, ensureRuntime } from '../../tools/n8n/runtime.cjs';

const pkg = JSON.parse(readFileSync(join(REPO_DIR, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
/** `npm run dev` once package.json has the script; until then the same program directly. */
const command: [string, string[]] = pkg.scripts?.dev
	? ['npm', ['run', 'dev']]
	: [join(REPO_DIR, 'node_modules', '.bin', 'tsx'), ['scripts/dev.cts']];

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
		expect(names).toEqual(expect.arrayContaining(['Example: look up a member', 'Example: create members and read them back']));

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
