/**
 * `npm run scan`: n8n's community-package scanner (@n8n/scan-community-package, which n8n runs on
 * every published community package) on what this package would publish. Its command line
 * downloads a published version, so this runs its analyser on the two things it checks:
 * - the tarball `npm pack` makes (build first), unpacked: the compiled nodes and package.json;
 * - the source files it reads from the repository a provenance attestation points to
 *   (package.json, nodes/ and credentials/).
 * Prints every finding and exits 1 when there is one. `npm run scan -- <folder>` analyses an
 * unpacked package folder instead (its test gives it one with a known finding).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Analysis {
	passed: boolean;
	message?: string;
	details?: string;
}

interface Scanner {
	analyzePackage(dir: string, patterns?: string[]): Promise<Analysis>;
	SOURCE_FILE_PATTERNS: string[];
}

async function report(legs: Array<[string, Analysis]>) {
	let failed = false;
	for (const [name, result] of legs) {
		console.log(`scan: ${name}: ${result.passed ? 'no findings' : result.message}`);
		if (!result.passed) {
			failed = true;
			if (result.details) console.log(result.details);
		}
	}
	process.exitCode = failed ? 1 : 0;
}

async function main() {
	const scanner = (await import('@n8n/scan-community-package/scanner/scanner.mjs')) as Scanner;
	const folder = process.argv[2];
	if (folder) return await report([[folder, await scanner.analyzePackage(folder)]]);
	const root = join(__dirname, '..');
	const work = mkdtempSync(join(tmpdir(), 'cpn-scan-'));
	try {
		const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' })) as Array<{ filename: string; files: unknown[] }>;
		execFileSync('tar', ['xzf', join(work, packed[0].filename), '-C', work]);
		await report([
			[`tarball ${packed[0].filename} (${packed[0].files.length} files)`, await scanner.analyzePackage(join(work, 'package'))],
			['source (package.json, nodes/, credentials/)', await scanner.analyzePackage(root, scanner.SOURCE_FILE_PATTERNS)],
		]);
	} finally {
		rmSync(work, { recursive: true, force: true });
	}
}

void main();
