/**
 * `npm run scan`: n8n's community-package checks on what this package publishes.
 *
 * n8n runs its scanner (@n8n/scan-community-package) on every published community package. The
 * scanner's interface is one command, `scan-community-package <name>@<version>`, on a version
 * already on npm: it checks the version's npm provenance, then lints the source the provenance
 * points to (package.json and nodes/ and credentials/) and the tarball's compiled JavaScript and
 * package.json, both with its own ESLint configuration: the recommended rules of its copy of
 * @n8n/eslint-plugin-community-nodes, no console output, and the community, nodes and
 * credentials rules of eslint-plugin-n8n-nodes-base, with no `eslint-disable` comment obeyed.
 *
 * Before a release there is no published version, so this runs the scanner's own analysis (its
 * exported `analyzePackage`, configuration and file patterns) on what would be published:
 *
 * - `npm run scan` (CI, before any release): the sources in this folder, as the scanner lints the
 *   attested source, and the tarball `npm pack` makes (build first), unpacked, which must hold
 *   dist, README.md, LICENSE and package.json and nothing else. `npm run scan -- <folder>` runs the
 *   tarball leg on an unpacked package folder instead (its test gives it one with findings).
 * - `npm run scan -- --published [x.y.z]` (the Publish workflow, once published): the scanner's
 *   own command on that version (default: package.json's), provenance included. It asks again
 *   for a few minutes while the registry does not show the new version yet.
 * Prints every finding and exits 1 when there is one.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

interface Analysis {
	passed: boolean;
	message?: string;
	details?: string;
}
interface Scanner {
	analyzePackage(dir: string, patterns?: string[]): Promise<Analysis>;
	SOURCE_FILE_PATTERNS: string[];
}

/** The scanner's own module, the code n8n's scan runs (it ships no types, hence the string held apart). */
const SCANNER_MODULE = '@n8n/scan-community-package/scanner/scanner.mjs';
const scanner = (): Promise<Scanner> => import(SCANNER_MODULE) as Promise<Scanner>;

/** What the scanner lints in the tarball: the compiled JavaScript and the published package.json. */
const TARBALL_FILE_PATTERNS = ['**/*.js', 'package.json'];

/** Runs the scanner's analysis on a folder; true when it finds nothing. */
async function analyze(dir: string, patterns: string[], label: string): Promise<boolean> {
	const result = await (await scanner()).analyzePackage(dir, patterns);
	console.log(`scan: ${label}: ${result.passed ? 'no findings' : `findings (${result.message ?? 'failed'})`}`);
	if (result.details) console.log(result.details);
	return result.passed;
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
		const linted = await analyze(join(work, 'package'), TARBALL_FILE_PATTERNS, `tarball ${packed.filename}`);
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
	} else if (first) passed = await analyze(first, TARBALL_FILE_PATTERNS, first);
	else {
		const sources = await analyze(ROOT, (await scanner()).SOURCE_FILE_PATTERNS, 'sources (package.json, nodes/, credentials/)');
		passed = (await scanTarball()) && sources;
	}
	process.exitCode = passed ? 0 : 1;
}

void main();
