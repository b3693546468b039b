/**
 * `npm run scan`: n8n's community-package checks on what this package publishes.
 *
 * n8n runs its scanner (@n8n/scan-community-package) on every published community package. The
 * scanner's interface is one command, `scan-community-package <name>@<version>`, on a version
 * already on npm: it checks the version's npm provenance, then lints the source the provenance
 * points to with the rules of `n8n-node lint` (which `npm run lint` runs here, strict, on the
 * sources and package.json), and the tarball's compiled JavaScript and package.json with the
 * recommended rules of @n8n/eslint-plugin-community-nodes and no console output.
 *
 * - `npm run scan` (CI, before any release): that tarball check on the tarball `npm pack` makes
 *   (build first), unpacked. `npm run scan -- <folder>` checks an unpacked package folder instead
 *   (its test gives it one with known findings).
 * - `npm run scan -- --published [x.y.z]` (the Publish workflow, once published): the scanner's
 *   own command on that version (default: package.json's), provenance included. It asks again
 *   for a few minutes while the registry does not show the new version yet.
 * Prints every finding and exits 1 when there is one.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';

const ROOT = join(__dirname, '..');

/** The tarball's rules: the plugin's own published config, and no console output. */
const TARBALL_CONFIG: Linter.Config[] = [
	n8nCommunityNodesPlugin.configs.recommended as Linter.Config,
	{ rules: { 'no-console': 'error' } },
	{ files: ['**/*.json'], languageOptions: { parser: tseslint.parser } },
];

/** Lints a package folder's compiled JavaScript and package.json; true when nothing is found. */
async function lintPackage(dir: string, label: string): Promise<boolean> {
	const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, allowInlineConfig: false, overrideConfig: TARBALL_CONFIG });
	const results = await eslint.lintFiles(['**/*.js', 'package.json']);
	const errors = results.reduce((sum, r) => sum + r.errorCount, 0);
	console.log(`scan: ${label} (${results.length} files): ${errors === 0 ? 'no findings' : `${errors} findings`}`);
	if (errors > 0) console.log(await (await eslint.loadFormatter('stylish')).format(results));
	return errors === 0;
}

const PUBLISHED = ['LICENSE', 'README.md', 'dist', 'package.json'];

async function scanTarball(): Promise<boolean> {
	const work = mkdtempSync(join(tmpdir(), 'cpn-scan-'));
	try {
		const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8' })) as Array<{ filename: string }>;
		execFileSync('tar', ['xzf', join(work, packed.filename), '-C', work]);
		// What is published: the build, the README, the licence and package.json, nothing else.
		const top = readdirSync(join(work, 'package')).sort();
		const extra = top.filter((entry) => !PUBLISHED.includes(entry));
		console.log(`scan: tarball ${packed.filename} holds ${top.join(', ')}${extra.length ? ` (not to be published: ${extra.join(', ')})` : ''}`);
		const linted = await lintPackage(join(work, 'package'), `tarball ${packed.filename}`);
		return linted && extra.length === 0 && PUBLISHED.every((entry) => top.includes(entry));
	} finally {
		rmSync(work, { recursive: true, force: true });
	}
}

/** The scanner's own command on a published version; retried while npm does not show it yet. */
async function scanPublished(version: string): Promise<boolean> {
	const { name } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string };
	const bin = join(ROOT, 'node_modules', '.bin', 'scan-community-package');
	for (let attempt = 1; ; attempt++) {
		const run = spawnSync(bin, [`${name}@${version}`], { encoding: 'utf8', shell: process.platform === 'win32' });
		const output = `${run.stdout}${run.stderr}`;
		process.stdout.write(output);
		if (run.status === 0 && output.includes('has passed all security checks')) return true;
		if (!/No package metadata found|No version found|404/.test(output) || attempt === 10) return false;
		console.log(`scan: ${name}@${version} is not on npm yet; asking again in 30 s (${attempt}/10)`);
		await new Promise((resolve) => setTimeout(resolve, 30_000));
	}
}

async function main() {
	const [first, second] = process.argv.slice(2);
	let passed: boolean;
	if (first === '--published') {
		const version = second ?? (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
		passed = await scanPublished(version);
	} else if (first) passed = await lintPackage(first, first);
	else passed = await scanTarball();
	process.exitCode = passed ? 0 : 1;
}

void main();
