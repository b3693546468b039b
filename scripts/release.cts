/**
 * `npm run release`: the release, n8n's way, in two places.
 *
 * On a laptop, `npm run release -- <patch|minor|major|x.y.z>` prepares it: a release commit and a
 * version tag, nothing pushed or published.
 * 1. Checks: a clean git tree, a CHANGELOG.md whose `## [Unreleased]` section says something,
 *    a new version above the current one (or the current one itself, for a first release that
 *    has no tag yet), and no tag of that name.
 * 2. Sets the version in package.json and package-lock.json.
 * 3. Turns the Unreleased section into `## [x.y.z] - YYYY-MM-DD` under a new, empty Unreleased,
 *    and updates the compare links at the bottom.
 * 4. Commits "Release x.y.z" and makes the annotated tag vx.y.z.
 * `git push --follow-tags` then starts the Publish workflow.
 *
 * In GitHub Actions (the Publish workflow), it is `n8n-node release`: lint, build, and
 * `npm publish` with provenance, the only way past the `prepublishOnly` guard
 * (`n8n-node prerelease`). On a laptop, `n8n-node release` would run release-it with a changelog
 * generated from commit messages in place of CHANGELOG.md's notes, and push; steps 1 to 4 stand
 * in for that part.
 * Runs in the current folder, so its test can run it in a throwaway repository.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const BUMPS = ['patch', 'minor', 'major'] as const;

type Version = [number, number, number];

function parseVersion(text: string): Version | undefined {
	const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text);
	return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

function compare(a: Version, b: Version): number {
	return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

function bump(current: Version, how: (typeof BUMPS)[number]): Version {
	if (how === 'major') return [current[0] + 1, 0, 0];
	if (how === 'minor') return [current[0], current[1] + 1, 0];
	return [current[0], current[1], current[2] + 1];
}

function git(cwd: string, ...args: string[]): string {
	return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

function fail(message: string): never {
	console.error(`release: ${message}`);
	process.exit(1);
}

/** The CHANGELOG with its Unreleased section released as `version` on `date`. */
export function releaseChangelog(text: string, version: string, date: string, repoUrl: string): string {
	const heading = /^## \[Unreleased\][^\n]*\n/m.exec(text);
	if (!heading) fail('CHANGELOG.md has no "## [Unreleased]" section');
	const start = heading.index + heading[0].length;
	const next = text.slice(start).search(/^## \[/m);
	const linksAt = text.slice(start).search(/^\[[^\]]+\]: /m);
	const ends = [next, linksAt].filter((i) => i >= 0);
	const end = ends.length > 0 ? start + Math.min(...ends) : text.length;
	const notes = text.slice(start, end).trim();
	if (notes === '') fail('the Unreleased section of CHANGELOG.md is empty: say what changed first');
	const previous = /^## \[(\d+\.\d+\.\d+)\]/m.exec(text.slice(end))?.[1];
	const body = `${text.slice(0, start)}\n## [${version}] - ${date}\n\n${notes}\n\n${text.slice(end).replace(/^\[Unreleased\]: .*\n?/m, '')}`;
	const links = [
		`[Unreleased]: ${repoUrl}/compare/v${version}...HEAD`,
		previous ? `[${version}]: ${repoUrl}/compare/v${previous}...v${version}` : `[${version}]: ${repoUrl}/releases/tag/v${version}`,
	];
	const [content, oldLinks] = splitLinks(body);
	return `${content.trimEnd()}\n\n${[...links, ...oldLinks].join('\n')}\n`;
}

/** The CHANGELOG's text and its link definitions at the end. */
function splitLinks(text: string): [string, string[]] {
	const lines = text.trimEnd().split('\n');
	const links: string[] = [];
	while (lines.length > 0 && /^\[[^\]]+\]: /.test(lines[lines.length - 1])) links.unshift(lines.pop()!);
	return [lines.join('\n'), links];
}

function main() {
	const cwd = process.cwd();
	const how = process.argv[2];
	if (!how) fail(`say which release: ${BUMPS.join(', ')} or an exact version (x.y.z)`);
	const pkgPath = join(cwd, 'package.json');
	const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { version: string; repository?: { url?: string } };
	const current = parseVersion(pkg.version) ?? fail(`package.json's version "${pkg.version}" is not x.y.z`);
	const tags = git(cwd, 'tag', '--list', 'v*').split('\n').filter(Boolean);
	const target = (BUMPS as readonly string[]).includes(how) ? bump(current, how as (typeof BUMPS)[number]) : parseVersion(how);
	if (!target) fail(`"${how}" is neither ${BUMPS.join(', ')} nor a version x.y.z`);
	const version = target.join('.');
	const firstRelease = compare(target, current) === 0 && !tags.includes(`v${version}`);
	if (compare(target, current) <= 0 && !firstRelease) fail(`${version} is not above the current version ${pkg.version}`);
	if (tags.includes(`v${version}`)) fail(`the tag v${version} exists already`);
	if (git(cwd, 'status', '--porcelain') !== '') fail('the working tree has uncommitted changes: commit or stash them first');

	const repoUrl = (pkg.repository?.url ?? '').replace(/^git\+/, '').replace(/\.git$/, '');
	const date = new Date().toISOString().slice(0, 10);
	const changelogPath = join(cwd, 'CHANGELOG.md');
	writeFileSync(changelogPath, releaseChangelog(readFileSync(changelogPath, 'utf8'), version, date, repoUrl));
	writeFileSync(pkgPath, `${JSON.stringify({ ...pkg, version }, null, 2)}\n`);
	const lockPath = join(cwd, 'package-lock.json');
	const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { version: string; packages?: Record<string, { version?: string }> };
	lock.version = version;
	if (lock.packages?.['']) lock.packages[''].version = version;
	writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);

	git(cwd, 'add', 'package.json', 'package-lock.json', 'CHANGELOG.md');
	git(cwd, 'commit', '-q', '-m', `Release ${version}`);
	git(cwd, 'tag', '-a', `v${version}`, '-m', `Release ${version}`);
	console.log(`release: ${version} committed and tagged v${version}. Push with: git push --follow-tags`);
	console.log('release: the Publish workflow publishes it to npm with provenance once CI passes.');
}

/** In GitHub Actions: n8n-node's own release (lint, build, npm publish with provenance). */
function publishFromWorkflow(): never {
	const run = spawnSync('n8n-node', ['release'], { stdio: 'inherit', shell: process.platform === 'win32' });
	if (run.error) fail(`could not start n8n-node release: ${run.error.message}`);
	process.exit(run.status ?? 1);
}

if (require.main === module) {
	if (process.env.GITHUB_ACTIONS === 'true') publishFromWorkflow();
	main();
}
