/**
 * `npm run dev`: try every node with no account on the real platform.
 *
 * Builds the package, starts the sandbox API and a real n8n with the package installed the
 * way n8n installs community packages, signs up the owner, creates a credential pointing at
 * the sandbox, imports the example workflows (examples/), and prints the URL and
 * how to sign in. Ctrl+C stops everything.
 *
 * Environment:
 *   N8N_PORT          n8n's port (default 5678)
 *   SANDBOX_PORT      the sandbox API's port (default 4010)
 *   DEV_USER_FOLDER   keep n8n's data in this folder across runs (default: a throwaway folder)
 *   DEV_SKIP_BUILD=1  use the current dist/ as is
 *   DEV_VERBOSE=1     echo n8n's log to the terminal
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { N8n, OWNER, type WorkflowJson } from '../tools/n8n/n8n.cjs';
import { buildPackage, installTarball, packPackage } from '../tools/n8n/pack.cjs';
import { portInUse } from '../tools/n8n/processes.cjs';
import { EXAMPLES_DIR, RUNS_DIR, ensureDir, ensureRuntime } from '../tools/n8n/runtime.cjs';
import { Sandbox } from '../tools/n8n/sandbox.cjs';
import { CREDENTIAL_NAME, CREDENTIAL_TYPE, missingNodeTypes } from '../tools/n8n/workflows.cjs';

const n8nPort = Number(process.env.N8N_PORT ?? 5678);
const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010);
const keptFolder = process.env.DEV_USER_FOLDER;

let sandbox: Sandbox | undefined;
let n8n: N8n | undefined;
let userFolder: string | undefined;
let stopping: Promise<void> | undefined;

const say = (msg: string) => process.stdout.write(`${msg}\n`);
const step = (msg: string) => process.stdout.write(`[dev] ${msg}\n`);

function shutdown(code: number): Promise<void> {
	stopping ??= (async () => {
		step('stopping n8n and the sandbox…');
		try {
			await n8n?.stop({ keepUserFolder: true });
		} catch (err) {
			process.stderr.write(`[dev] stopping n8n: ${String(err)}\n`);
		}
		try {
			await sandbox?.close();
		} catch (err) {
			process.stderr.write(`[dev] stopping the sandbox: ${String(err)}\n`);
		}
		if (userFolder && !keptFolder) rmSync(userFolder, { recursive: true, force: true });
		step('stopped');
		process.exit(code);
	})();
	return stopping;
}

// Installed before any child starts, so children never outlive this process.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => void shutdown(0));

function readExamples(): Array<{ file: string; wf: WorkflowJson }> {
	if (!existsSync(EXAMPLES_DIR)) return [];
	return readdirSync(EXAMPLES_DIR)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((file) => ({ file, wf: JSON.parse(readFileSync(join(EXAMPLES_DIR, file), 'utf8')) as WorkflowJson }));
}

/** Whether an example writes to a PostgreSQL database (its Postgres nodes name a credential). */
const needsDatabase = (wf: WorkflowJson) => wf.nodes.some((node) => node.credentials?.postgres);

async function main(): Promise<void> {
	for (const [what, port] of [
		['n8n (N8N_PORT)', n8nPort],
		['the sandbox (SANDBOX_PORT)', sandboxPort],
	] as const) {
		if (await portInUse(port)) throw new Error(`port ${port} for ${what} is in use; set ${what.match(/\((\w+)\)/)![1]} to another port`);
	}

	step('making sure Node 24 and n8n 2.41.1 are installed (cached in ~/.cache/n8n-nodes-community-platform)…');
	const rt = ensureRuntime();
	if (process.env.DEV_SKIP_BUILD !== '1') {
		step('building the package…');
		buildPackage(rt);
	}
	const tarball = packPackage(rt);

	if (keptFolder) {
		userFolder = isAbsolute(keptFolder) ? keptFolder : resolve(keptFolder);
		mkdirSync(userFolder, { recursive: true });
	} else {
		userFolder = mkdtempSync(join(ensureDir(RUNS_DIR), 'dev-'));
	}
	const firstRun = !existsSync(join(userFolder, '.n8n', 'database.sqlite'));
	step(`installing ${tarball.split('/').pop()} into ${userFolder}/.n8n/nodes (as n8n installs community packages)…`);
	installTarball(rt, tarball, userFolder);

	sandbox = await Sandbox.start({ port: sandboxPort });
	step(`sandbox API listening on ${sandbox.url}`);

	step('starting n8n…');
	n8n = await N8n.start({
		runtime: rt,
		userFolder,
		port: n8nPort,
		echo: process.env.DEV_VERBOSE === '1' ? process.stdout : undefined,
	});
	const client = n8n.client;
	if (firstRun) await client.setupOwner();
	else await client.login();

	const credentials = await client.listCredentials();
	let credential: { id: string; name: string } | undefined = credentials.find(
		(c) => c.name === CREDENTIAL_NAME && c.type === CREDENTIAL_TYPE,
	);
	if (!credential) {
		credential = await client.createCredential(CREDENTIAL_NAME, CREDENTIAL_TYPE, sandbox.credentialData());
	} else {
		// Same name, maybe another sandbox port than last time.
		await client.request('PATCH', `/rest/credentials/${credential.id}`, {
			name: CREDENTIAL_NAME,
			type: CREDENTIAL_TYPE,
			data: sandbox.credentialData(),
		});
	}

	const loaded = new Set((await client.nodeTypes()).map((n) => n.name));
	const existing = new Set((await client.listWorkflows()).map((w) => w.name));
	const imported: string[] = [];
	const skipped: string[] = [];
	for (const { file, wf } of readExamples()) {
		// A workflow that writes to PostgreSQL would fail here: there is no database behind it.
		if (needsDatabase(wf)) {
			skipped.push(`${wf.name} (${file}: needs a PostgreSQL database; create its tables with examples/${file.replace(/\.json$/, '.sql')}, then import it: docs/sync.md)`);
			continue;
		}
		const missing = missingNodeTypes(wf, loaded);
		if (missing.length) {
			skipped.push(`${wf.name} (${file}: needs ${missing.join(', ')})`);
			continue;
		}
		if (existing.has(wf.name)) continue;
		const ref = { id: credential.id, name: credential.name };
		for (const node of wf.nodes) {
			if (node.credentials?.[CREDENTIAL_TYPE]) node.credentials[CREDENTIAL_TYPE] = { ...ref };
		}
		await client.createWorkflow(wf);
		imported.push(wf.name);
	}

	const line = '─'.repeat(64);
	say('');
	say(line);
	say(`  n8n is ready at ${n8n.url}`);
	say(`  Sign in with   ${OWNER.email}   /   ${OWNER.password}`);
	say('');
	say(`  Credential     "${CREDENTIAL_NAME}" → sandbox API ${sandbox.url}`);
	say(`  Nodes          search "Community Platform" in the nodes panel`);
	if (imported.length) say(`  Imported       ${imported.join(', ')}`);
	for (const s of skipped) say(`  Not imported   ${s}`);
	say(`  n8n log        ${n8n.process.logFile}`);
	say(
		keptFolder
			? `  Data           kept in ${userFolder}`
			: '  Data           throwaway (set DEV_USER_FOLDER=<dir> to keep workflows across runs)',
	);
	say('  Press Ctrl+C to stop.');
	say(line);

	// Stay up until a signal; if n8n dies on its own, stop too.
	const code = await n8n.process.waitForExit();
	if (!stopping) {
		process.stderr.write(`[dev] n8n exited unexpectedly (code ${code}); see ${n8n.process.logFile}\n${n8n.process.tail(40)}\n`);
		await shutdown(1);
	}
}

main().catch(async (err: unknown) => {
	process.stderr.write(`[dev] ${err instanceof Error ? err.message : String(err)}\n`);
	await shutdown(1);
});
