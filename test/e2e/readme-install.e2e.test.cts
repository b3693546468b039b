/**
 * The README's install routes, run as written: the blocks marked `<!-- docs-test: install-npm -->`
 * and `<!-- docs-test: install-tarball -->`, each in a throwaway home whose ~/.n8n is a fresh n8n
 * user folder. Then n8n (2.41.1) started on that folder must load the five nodes and the
 * credential, and the package's n8n-workflow, zod and luxon must resolve to the n8n host's copies
 * (a copy next to the package would be another NodeApiError class, another zod).
 *
 * What differs from a user's machine, each needed and nothing more:
 * - HOME is a throwaway folder, so `~` is a fresh n8n user folder. n8n is started with it as
 *   N8N_USER_FOLDER, which is what n8n uses by default ($HOME/.n8n).
 * - npm route: npm_config_registry points at a local registry (tools/n8n/registry.cts) serving
 *   this package's packed tarball, since the package is not on npm yet; it answers 404 for any
 *   other name.
 * - Tarball route: `git clone <the repository's URL>` clones a local bare copy of this repository's
 *   HEAD with the same name (the committed code under test; no network). The command is otherwise
 *   unchanged, and the URL must be the one in package.json.
 * - npm_config_cache is the machine's npm cache (the throwaway HOME has none), so `npm ci` reads
 *   what the project's own `npm ci` cached rather than downloading 900 MB again.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { escapeRegExp, readmeBlock, runBlock, type ShellResult } from './readme.cjs';
import { getTarball } from './harness.cjs';
import { N8n } from '../../tools/n8n/n8n.cjs';
import { PACKAGE_JSON, PACKAGE_NAME, expectedCredentialTypes, expectedNodeTypes, installedPackageDir, nodesFolder } from '../../tools/n8n/pack.cjs';
import { LocalRegistry } from '../../tools/n8n/registry.cjs';
import { REPO_DIR, RUNS_DIR, ensureDir, ensureRuntime, pathWithNode24, type Runtime } from '../../tools/n8n/runtime.cjs';

const HOST_MODULES = ['n8n-workflow', 'zod', 'luxon'];
const REPOSITORY_URL = (PACKAGE_JSON as unknown as { repository: { url: string } }).repository.url.replace(/^git\+/, '');

/** The environment a README block runs in: this one, with HOME replaced (see the file header). */
function blockEnv(rt: Runtime, home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	return {
		...process.env,
		HOME: home,
		PATH: pathWithNode24(rt),
		npm_config_cache: process.env.npm_config_cache ?? join(homedir(), '.npm'),
		npm_config_update_notifier: 'false',
		npm_config_fund: 'false',
		npm_config_audit: 'false',
		...extra,
	};
}

/** n8n on the throwaway home's user folder, with the resolve probe (where the package's requires go). */
async function startN8n(rt: Runtime, home: string): Promise<N8n> {
	const n8n = await N8n.start({ runtime: rt, userFolder: home, resolveProbe: true, env: { HOME: home } });
	await n8n.client.setupOwner();
	return n8n;
}

async function expectPackageLoaded(n8n: N8n): Promise<void> {
	const names = (await n8n.client.nodeTypes()).map((n) => n.name);
	expect(expectedNodeTypes().filter((t) => !names.includes(t))).toEqual([]);
	const credentials = (await n8n.client.credentialTypes()).map((c) => c.name);
	expect(expectedCredentialTypes().filter((c) => !credentials.includes(c))).toEqual([]);
	expect(n8n.log).not.toMatch(new RegExp(`(Error|Failed)[^\\n]*${PACKAGE_NAME}`, 'i'));
}

/** The package's bare requires of n8n-workflow, zod and luxon went to the host's copies, and no copy lies on its way up. */
function expectHostModules(n8n: N8n, rt: Runtime, home: string): void {
	const packageDir = installedPackageDir(home);
	const hostNodeModules = join(rt.n8nDir, 'node_modules') + sep;
	const entries = n8n.resolveProbeEntries();
	for (const mod of HOST_MODULES) {
		const hits = entries.filter((e) => e.request === mod || e.request.startsWith(`${mod}/`));
		expect({ mod, required: hits.length > 0 }).toEqual({ mod, required: true });
		for (const hit of hits) {
			expect({ mod, from: hit.from.startsWith(packageDir + sep) }).toEqual({ mod, from: true });
			expect({ mod, resolved: hit.resolved }).toEqual({ mod, resolved: expect.stringMatching(new RegExp(`^${escapeRegExp(hostNodeModules + mod + sep)}`)) });
		}
		for (let dir = dirname(packageDir); dirname(dir) !== dir; dir = dirname(dir)) {
			expect({ mod, copyIn: dir, found: existsSync(join(dir, mod)) && dir.endsWith(`${sep}node_modules`) }).toEqual({ mod, copyIn: dir, found: false });
		}
	}
}

/** What npm recorded in ~/.n8n/nodes/package-lock.json for the package. */
function lockEntry(home: string): { version?: string; resolved?: string; integrity?: string } | undefined {
	const lock = JSON.parse(readFileSync(join(nodesFolder(home), 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; resolved?: string; integrity?: string }> };
	return lock.packages[`node_modules/${PACKAGE_NAME}`];
}

function keepOrRemove(dir: string): void {
	if (process.env.E2E_KEEP === '1') process.stderr.write(`[readme-install] kept ${dir}\n`);
	else rmSync(dir, { recursive: true, force: true });
}

const CLONE_DIR = REPOSITORY_URL.split('/').pop()!.replace(/\.git$/, '');

describe('README install routes', () => {
	const rt = ensureRuntime();
	const homes: string[] = [];
	const n8ns: N8n[] = [];
	const cleanups: Array<Promise<unknown>> = [];
	const freshHome = (name: string) => {
		const home = mkdtempSync(join(ensureDir(RUNS_DIR), `readme-${name}-`));
		homes.push(home);
		return home;
	};
	/** The two checks of a route's result: n8n on the home's user folder loads the package, with the host's modules. */
	const itLoadsInN8n = (home: () => string) => {
		let n8n: N8n;
		it('n8n started on that user folder loads the five nodes and the credential', async () => {
			n8n = await startN8n(rt, home());
			n8ns.push(n8n);
			await expectPackageLoaded(n8n);
		});

		it("the package's n8n-workflow, zod and luxon are the n8n host's", () => {
			expectHostModules(n8n, rt, home());
		});
	};
	/**
	 * The tarball route, started first and awaited by its tests: its `npm ci` (most of its time) runs
	 * while the npm route's n8n starts and is checked.
	 */
	let tarballRoute: Promise<ShellResult>;
	let tarballHome: string;

	beforeAll(() => {
		tarballHome = freshHome('tarball');
		tarballRoute = (async () => {
			const block = readmeBlock('install-tarball');
			if (!block.includes(`git clone ${REPOSITORY_URL}`)) throw new Error(`the install-tarball block does not clone ${REPOSITORY_URL} (package.json's repository):\n${block}`);
			// A bare copy of HEAD named as the repository on GitHub, so that `git clone` makes the folder the README cds into.
			const origin = join(freshHome('origin'), REPOSITORY_URL.split('/').pop()!);
			execFileSync('git', ['clone', '--quiet', '--bare', REPO_DIR, origin], { stdio: ['ignore', 'pipe', 'pipe'] });
			return runBlock(block.split(REPOSITORY_URL).join(origin), {
				cwd: tarballHome,
				env: blockEnv(rt, tarballHome),
				timeoutMs: 300_000,
				logFile: join(tarballHome, 'readme-block.log'),
			});
		})();
		tarballRoute.catch(() => undefined);
	});
	afterAll(async () => {
		await tarballRoute?.catch(() => undefined);
		for (const n8n of n8ns) await n8n.stop({ keepUserFolder: true });
		await Promise.all(cleanups);
		for (const home of homes) keepOrRemove(home);
	});

	describe('npm route (<!-- docs-test: install-npm -->)', () => {
		let home: string;
		let registry: LocalRegistry;

		beforeAll(async () => {
			home = freshHome('npm');
			registry = await LocalRegistry.start(getTarball(rt));
		});
		afterAll(async () => {
			await registry?.close();
		});

		it('runs as written in a fresh home, installing the package from the registry by its name', async () => {
			const result = await runBlock(readmeBlock('install-npm'), {
				cwd: home,
				env: blockEnv(rt, home, { npm_config_registry: registry.url }),
				timeoutMs: 120_000,
				logFile: join(home, 'readme-block.log'),
			});
			process.stderr.write(`[readme-install] npm route: ${(result.ms / 1000).toFixed(1)} s\n`);
			expect({ code: result.code, refused: registry.refused, output: result.code === 0 ? '' : result.output.slice(-6_000) }).toEqual({ code: 0, refused: [], output: '' });
			// npm asked the registry for the package by its name and installed the tarball it serves (the
			// bytes may come from npm's cache, which finds them by this integrity).
			expect(registry.requests.map((r) => r.path)).toContain(`/${PACKAGE_NAME}`);
			const entry = lockEntry(home);
			expect({ version: entry?.version, integrity: entry?.integrity }).toEqual({ version: registry.version, integrity: registry.integrity });
		});

		itLoadsInN8n(() => home);
	});

	describe('tarball route (<!-- docs-test: install-tarball -->)', () => {

		it('runs as written in a fresh home: clone, npm ci, build, pack, install into ~/.n8n/nodes', async () => {
			const result = await tarballRoute;
			process.stderr.write(`[readme-install] tarball route: ${(result.ms / 1000).toFixed(1)} s\n`);
			expect({ code: result.code, output: result.code === 0 ? '' : result.output.slice(-6_000) }).toEqual({ code: 0, output: '' });
			// The clone's node_modules (900 MB) has done its part; it goes while n8n starts.
			cleanups.push(rm(join(tarballHome, CLONE_DIR, 'node_modules'), { recursive: true, force: true }));

			// What n8n will load is the tarball packed in the clone.
			const entry = lockEntry(tarballHome);
			expect(entry?.version).toBe(PACKAGE_JSON.version);
			expect(entry?.resolved).toBe(`file:../../${CLONE_DIR}/${PACKAGE_NAME}-${PACKAGE_JSON.version}.tgz`);
		});

		itLoadsInN8n(() => tarballHome);
	});
});
