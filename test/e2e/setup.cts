/**
 * Once per e2e run: make sure Node 24 + n8n are installed (cached), build the package and
 * pack it. Test files install that one tarball into their own fresh n8n user folders.
 * CPN_E2E_TARBALL, when it names a tarball, is used as it is (npm run test:all packs once for its lanes).
 * E2E_SKIP_BUILD=1 packs the current dist/ without building.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { TARBALL_ENV, buildPackage, packPackage } from '../../tools/n8n/pack.cjs';
import { RUNS_DIR, ensureRuntime } from '../../tools/n8n/runtime.cjs';
import { RUN_ENV } from './harness.cjs';

/** User folders left by runs that were killed outright (older than this) are removed. */
const STALE_MS = 6 * 60 * 60 * 1000;

function removeStaleRunFolders(): void {
	if (!existsSync(RUNS_DIR)) return;
	for (const name of readdirSync(RUNS_DIR)) {
		const path = join(RUNS_DIR, name);
		try {
			if (Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
		} catch {
			// in use or gone
		}
	}
}

export default async function globalSetup(): Promise<void> {
	const started = Date.now();
	removeStaleRunFolders();
	// This run's name, for the n8n its files share (harness.cts, sharedN8n; stopped by teardown.cts).
	process.env[RUN_ENV] = `${process.pid}-${started}`;
	const rt = ensureRuntime();
	// The lanes of `npm run test:all` share one tarball, built and packed before they start.
	const given = process.env[TARBALL_ENV];
	if (given && existsSync(given)) {
		process.stderr.write(`\n[e2e] n8n ${rt.n8nVersion} ready, using the package packed at ${given}\n`);
		return;
	}
	if (process.env.E2E_SKIP_BUILD !== '1') buildPackage(rt);
	process.env[TARBALL_ENV] = packPackage(rt);
	process.stderr.write(`\n[e2e] n8n ${rt.n8nVersion} ready, package built and packed in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
