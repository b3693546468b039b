/**
 * `npm run release` (scripts/release.cts) in a throwaway git repository: it bumps the version in
 * package.json and package-lock.json, turns CHANGELOG.md's Unreleased section into the
 * version's entry, commits and tags; and it refuses what would make a bad release.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCRIPT = join(__dirname, '..', '..', 'scripts', 'release.cts');
const TSX = join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx');
const REPO = 'https://github.com/example/n8n-nodes-example';

let dir: string;

const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
const read = (file: string) => readFileSync(join(dir, file), 'utf8');
const release = (...args: string[]) => spawnSync(TSX, [SCRIPT, ...args], { cwd: dir, encoding: 'utf8' });

function repository(version: string, unreleased: string, history = '') {
	writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'n8n-nodes-example', version, repository: { type: 'git', url: `git+${REPO}.git` } }, null, 2)}\n`);
	writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify({ name: 'n8n-nodes-example', version, lockfileVersion: 3, packages: { '': { name: 'n8n-nodes-example', version } } }, null, 2)}\n`);
	writeFileSync(join(dir, 'CHANGELOG.md'), `# Changelog\n\n## [Unreleased]\n\n${unreleased}${history}\n[Unreleased]: ${REPO}/commits/main\n`);
	git('init', '-q', '-b', 'main');
	git('-c', 'user.name=T', '-c', 'user.email=t@example.com', 'add', '.');
	git('-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'start');
}

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'release-'));
	process.env.GIT_AUTHOR_NAME = process.env.GIT_COMMITTER_NAME = 'Release Test';
	process.env.GIT_AUTHOR_EMAIL = process.env.GIT_COMMITTER_EMAIL = 'release@example.com';
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run release', () => {
	it('a first release of the current version: the Unreleased notes become its entry, committed and tagged', () => {
		repository('0.1.0', '### Added\n\n- Everything.\n');
		const run = release('0.1.0');
		expect(run.stderr).toBe('');
		expect(run.status).toBe(0);
		const date = new Date().toISOString().slice(0, 10);
		expect(read('CHANGELOG.md')).toBe(
			`# Changelog\n\n## [Unreleased]\n\n## [0.1.0] - ${date}\n\n### Added\n\n- Everything.\n\n[Unreleased]: ${REPO}/compare/v0.1.0...HEAD\n[0.1.0]: ${REPO}/releases/tag/v0.1.0\n`,
		);
		expect(git('tag', '--list')).toBe('v0.1.0');
		expect(git('log', '-1', '--format=%s')).toBe('Release 0.1.0');
		expect(git('status', '--porcelain')).toBe('');
	});

	it('a minor bump after a release: version in package.json and the lock, compare links to the previous tag', () => {
		repository('0.1.0', '### Added\n\n- A trigger.\n', `\n## [0.1.0] - 2026-11-01\n\n- First.\n\n[0.1.0]: ${REPO}/releases/tag/v0.1.0\n`);
		git('tag', '-a', 'v0.1.0', '-m', 'Release 0.1.0');
		const run = release('minor');
		expect(run.status).toBe(0);
		expect(JSON.parse(read('package.json')).version).toBe('0.2.0');
		const lock = JSON.parse(read('package-lock.json'));
		expect([lock.version, lock.packages[''].version]).toEqual(['0.2.0', '0.2.0']);
		const changelog = read('CHANGELOG.md');
		expect(changelog).toContain('## [Unreleased]\n\n## [0.2.0] - ');
		expect(changelog).toContain('- A trigger.\n\n## [0.1.0] - 2026-11-01\n\n- First.');
		expect(changelog.trimEnd().split('\n').slice(-3)).toEqual([
			`[Unreleased]: ${REPO}/compare/v0.2.0...HEAD`,
			`[0.2.0]: ${REPO}/compare/v0.1.0...v0.2.0`,
			`[0.1.0]: ${REPO}/releases/tag/v0.1.0`,
		]);
		expect(git('tag', '--list').split('\n')).toEqual(['v0.1.0', 'v0.2.0']);
	});

	it.each([
		['an empty Unreleased section', () => repository('0.1.0', ''), ['patch'], 'the Unreleased section of CHANGELOG.md is empty'],
		['uncommitted changes', () => { repository('0.1.0', '- x\n'); writeFileSync(join(dir, 'new.txt'), 'x'); }, ['patch'], 'uncommitted changes'],
		['a version not above the current one', () => repository('0.3.0', '- x\n'), ['0.2.9'], '0.2.9 is not above the current version 0.3.0'],
		['a released version again', () => { repository('0.1.0', '- x\n'); git('tag', 'v0.1.0'); }, ['0.1.0'], 'not above the current version'],
		['no kind of release', () => repository('0.1.0', '- x\n'), [], 'say which release'],
		['an unknown kind', () => repository('0.1.0', '- x\n'), ['huge'], '"huge" is neither'],
	])('refuses %s, changing nothing', (_name, setup, args, message) => {
		setup();
		const before = [read('package.json'), read('CHANGELOG.md'), git('tag', '--list')];
		const run = release(...args);
		expect(run.status).toBe(1);
		expect(run.stderr).toContain(message);
		expect([read('package.json'), read('CHANGELOG.md'), git('tag', '--list')]).toEqual(before);
	});
});
