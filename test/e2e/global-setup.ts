/**
 * Once per e2e run: make sure Node 24 + n8n are installed (cached), build the package and
 * pack it. Test files install that one tarball into their own fresh n8n user folders.
 * E2E_SKIP_BUILD=1 packs the current dist/ without building.
 */
import { TARBALL_ENV, buildPackage, packPackage } from './lib/pack';
import { ensureRuntime } from './lib/runtime';

export default async function globalSetup(): Promise<void> {
	const started = Date.now();
	const rt = ensureRuntime();
	if (process.env.E2E_SKIP_BUILD !== '1') buildPackage(rt);
	process.env[TARBALL_ENV] = packPackage(rt);
	process.stderr.write(`\n[e2e] runtime ready, package built and packed in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
