/**
 * Where things are: the repo, the cached Node 24 + n8n runtime (installed by
 * scripts/ensure-runtime.sh), and the scratch folders of the e2e runs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_DIR = resolve(__dirname, '..', '..');
/** The workflows the e2e tests run. */
export const WORKFLOWS_DIR = join(REPO_DIR, 'test', 'e2e', 'workflows');
/** The example workflows: linked from the README for users to import; `npm run dev` imports them too. */
export const EXAMPLES_DIR = join(REPO_DIR, 'examples');
export const ENSURE_RUNTIME_SCRIPT = join(REPO_DIR, 'scripts', 'ensure-runtime.sh');
/** Checks the machine for what the full suite needs, and finds it (the lookup rules live there). */
export const CHECK_SYSTEM_SCRIPT = join(REPO_DIR, 'scripts', 'check-system.sh');
/** Repo-local scratch (gitignored): packed tarballs and kept logs. */
export const SCRATCH_DIR = join(REPO_DIR, '.e2e');

/**
 * n8n user folders must live OUTSIDE the repo: a community package resolves `zod`/`luxon`
 * by walking up node_modules folders before it falls back to n8n's own copies, and the
 * repo's node_modules has both (devDependencies). Under the OS temp dir there are none.
 */
export const RUNS_DIR = join(tmpdir(), 'n8n-nodes-community-platform-e2e');

export interface Runtime {
	/** Folder holding the Node 24 `node` binary (and npm/npx shims). */
	nodeBin: string;
	/** The n8n install folder (has node_modules/n8n). */
	n8nDir: string;
	/** Absolute path of n8n's CLI entry (run it with `${nodeBin}/node`). */
	n8nCli: string;
	nodeExe: string;
	/** The installed n8n's version and major line (CPN_N8N_VERSION picks it; 2.41.1 by default). */
	n8nVersion: string;
	n8nMajor: number;
}

let cached: Runtime | undefined;

/** Installs (first time, minutes) or finds (cached, instant) Node 24 and n8n. */
export function ensureRuntime(): Runtime {
	if (cached) return cached;
	const out = execFileSync('bash', [ENSURE_RUNTIME_SCRIPT, 'env'], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const vars: Record<string, string> = {};
	for (const line of out.split('\n')) {
		const m = /^(\w+)=(.*)$/.exec(line.trim());
		// %q quoting of plain paths only ever adds backslashes before special characters.
		if (m) vars[m[1]] = m[2].replace(/\\(.)/g, '$1');
	}
	const nodeBin = vars.CPN_NODE_BIN;
	const n8nDir = vars.CPN_N8N_DIR;
	if (!nodeBin || !n8nDir) throw new Error(`ensure-runtime.sh printed no paths:\n${out}`);
	const { version } = JSON.parse(readFileSync(join(n8nDir, 'node_modules', 'n8n', 'package.json'), 'utf8')) as { version: string };
	cached = {
		nodeBin,
		n8nDir,
		n8nCli: vars.CPN_N8N_BIN,
		nodeExe: join(nodeBin, 'node'),
		n8nVersion: version,
		n8nMajor: Number(version.split('.')[0]),
	};
	for (const p of [cached.nodeExe, cached.n8nCli]) {
		if (!existsSync(p)) throw new Error(`runtime incomplete: ${p} is missing`);
	}
	return cached;
}

/** PATH with Node 24 first, for child processes (npm, n8n's task runners). */
export function pathWithNode24(rt: Runtime, base = process.env.PATH ?? ''): string {
	return [rt.nodeBin, base].filter(Boolean).join(':');
}

const found = new Map<string, string>();

/**
 * What the suites use, found by `scripts/check-system.sh --find` with the same rules as the
 * check: PostgreSQL's bin folder, redis-server, or the browser (CHROMIUM_PATH first). Throws the
 * script's message, which says what is missing, when there is none.
 */
export function findSystemDependency(name: 'postgres' | 'redis' | 'chromium'): string {
	let path = found.get(name);
	if (path) return path;
	try {
		path = execFileSync('bash', [CHECK_SYSTEM_SCRIPT, '--find', name], { encoding: 'utf8', env: process.env /* jest gives tests a process.env of their own */, stdio: ['ignore', 'pipe', 'pipe'] }).trim();
	} catch (err) {
		throw new Error((err as { stderr?: string }).stderr?.trim() || (err as Error).message);
	}
	found.set(name, path);
	return path;
}

export function ensureDir(dir: string): string {
	mkdirSync(dir, { recursive: true });
	return dir;
}
