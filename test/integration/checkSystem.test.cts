/**
 * scripts/check-system.sh, the check `.ci/run` makes first, on a machine made up for each case:
 * PATH is a folder holding only bash, a few core utilities, this Node 24 and whatever fakes a
 * case adds (a redis-server, a browser, PostgreSQL's initdb, postgres and createdb, each a small
 * script); Debian's /usr/lib/postgresql is replaced by a folder of the case's own
 * (CPN_PG_VERSIONS_DIR). A machine without PostgreSQL, Redis and a browser is refused in seconds,
 * with each one named and how to get it; CHROMIUM_PATH names the browser, for the check and for
 * the suites (tools/n8n's findSystemDependency asks the same script).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findSystemDependency } from '../../tools/n8n/runtime.cjs';

const SCRIPT = join(__dirname, '..', '..', 'scripts', 'check-system.sh');
const TOOLS = ['bash', 'uname', 'realpath', 'dirname', 'ls', 'sort', 'sed', 'head', 'cat', 'env', 'mktemp', 'rm'];

let dir: string;
let bin: string;
let versions: string;

/** An executable script at `path` that prints `says` (and fails with `status` when given). */
function fake(path: string, says: string, status = 0): string {
	mkdirSync(join(path, '..'), { recursive: true });
	writeFileSync(path, `#!/bin/sh\necho '${says}'\nexit ${status}\n`);
	chmodSync(path, 0o755);
	return path;
}

function postgres(folder: string, version: string): string {
	for (const tool of ['initdb', 'createdb']) fake(join(folder, tool), tool);
	fake(join(folder, 'postgres'), `postgres (PostgreSQL) ${version} (Debian ${version}-1)`);
	return folder;
}

function check(args: string[], env: Record<string, string> = {}) {
	const started = Date.now();
	const run = spawnSync(join(bin, 'bash'), [SCRIPT, ...args], {
		encoding: 'utf8',
		env: { HOME: dir, PATH: bin, CPN_PG_VERSIONS_DIR: versions, ...env },
		timeout: 30_000,
	});
	return { status: run.status, out: run.stdout + run.stderr, seconds: (Date.now() - started) / 1000 };
}

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'check-system-'));
	bin = join(dir, 'bin');
	versions = join(dir, 'postgresql');
	mkdirSync(bin);
	mkdirSync(versions);
	for (const tool of TOOLS) symlinkSync(execFileSync('bash', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim(), join(bin, tool));
	symlinkSync(process.execPath, join(bin, 'node'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('scripts/check-system.sh', () => {
	it('refuses a machine without PostgreSQL, Redis and a browser in seconds, naming each with how to get it on Debian/Ubuntu and macOS', () => {
		const { status, out, seconds } = check([]);
		expect(status).toBe(1);
		expect(seconds).toBeLessThan(5);
		expect(out).toMatch(/ok +Node 24 +v24\./);
		expect(out).toMatch(/MISSING +PostgreSQL +CPN_PG_BIN_DIR is not set, and none by initdb on PATH, pg_config or .*postgresql\/<version>\/bin/);
		expect(out).toMatch(/MISSING +Redis +no redis-server on PATH/);
		expect(out).toMatch(/MISSING +Chromium +no CHROMIUM_PATH, and no chromium, chromium-browser, google-chrome or google-chrome-stable on PATH/);
		expect(out).toContain('Missing: PostgreSQL, Redis, Chromium.');
		for (const hint of [
			'sudo apt-get install postgresql',
			'brew install postgresql@17, then export CPN_PG_BIN_DIR="$(brew --prefix postgresql@17)/bin"',
			'sudo apt-get install redis-server',
			'brew install redis',
			'sudo apt-get install chromium',
			'brew install --cask chromium, then export CHROMIUM_PATH=',
		]) {
			expect(out).toContain(hint);
		}
	});

	it('passes with all four, taking the newest PostgreSQL in the versions folder and the browser on PATH', () => {
		postgres(join(versions, '9.6', 'bin'), '9.6.24');
		const newest = postgres(join(versions, '16', 'bin'), '16.4');
		postgres(join(versions, '14', 'bin'), '14.13');
		fake(join(bin, 'redis-server'), 'Redis server v=7.2.4 sha=0');
		fake(join(bin, 'google-chrome'), 'Google Chrome 150.0.1');
		const { status, out } = check([]);
		expect(out).toMatch(/ok +PostgreSQL +16\.4 at .*\/16\/bin \(from the newest in /);
		expect(out).toMatch(/ok +Redis +7\.2\.4 at /);
		expect(out).toMatch(/ok +Chromium +Google Chrome 150\.0\.1 at .*\/google-chrome/);
		expect(out).not.toContain('MISSING');
		expect(status).toBe(0);
		expect(check(['--find', 'postgres']).out.trim()).toBe(newest);
	});

	it('finds PostgreSQL by CPN_PG_BIN_DIR first, then initdb on PATH (through its symlink), and refuses one older than 13', () => {
		postgres(join(versions, '16', 'bin'), '16.4');
		const mine = postgres(join(dir, 'pg17'), '17.2');
		expect(check(['--find', 'postgres'], { CPN_PG_BIN_DIR: mine }).out.trim()).toBe(mine);
		symlinkSync(join(mine, 'initdb'), join(bin, 'initdb'));
		expect(check(['postgres']).out).toMatch(/ok +PostgreSQL +17\.2 at .*\/pg17 \(from initdb on PATH\)/);

		const old = check(['postgres'], { CPN_PG_BIN_DIR: postgres(join(dir, 'pg12'), '12.22') });
		expect(old.status).toBe(1);
		expect(old.out).toMatch(/MISSING +PostgreSQL +PostgreSQL 12\.22 at .*\/pg12 \(from CPN_PG_BIN_DIR\) is older than 13/);
		const wrong = check(['postgres'], { CPN_PG_BIN_DIR: join(dir, 'nothing') });
		expect(wrong.out).toMatch(/CPN_PG_BIN_DIR=.*\/nothing has no initdb, postgres and createdb/);
	});

	it('uses CHROMIUM_PATH over any browser on PATH, and refuses one that is not an executable or does not run', () => {
		fake(join(bin, 'chromium'), 'Chromium 150');
		const wrapper = fake(join(dir, 'browsers', 'my-chrome'), 'Chromium 151.0 (wrapper)');
		const used = check(['chromium'], { CHROMIUM_PATH: wrapper });
		expect(used.status).toBe(0);
		expect(used.out).toContain(`Chromium 151.0 (wrapper) at ${wrapper} (CHROMIUM_PATH)`);
		expect(check(['--find', 'chromium'], { CHROMIUM_PATH: wrapper }).out.trim()).toBe(wrapper);

		const absent = check(['chromium'], { CHROMIUM_PATH: join(dir, 'no-such-browser') });
		expect(absent.status).toBe(1);
		expect(absent.out).toMatch(/MISSING +Chromium +CHROMIUM_PATH=.*no-such-browser is not an executable/);
		// What Ubuntu's chromium-browser package installs: a stub that asks for the snap.
		const stub = fake(join(bin, 'chromium-browser'), 'requires the chromium snap to be installed', 1);
		expect(check(['chromium'], { CHROMIUM_PATH: stub }).out).toMatch(/MISSING +Chromium +.*chromium-browser does not run/);
	});

	it('--install installs a missing Redis with apt-get (after --install-later let it pass), and installs nothing while something it cannot install is missing', () => {
		postgres(join(versions, '16', 'bin'), '16.4');
		const browser = fake(join(dir, 'browsers', 'chrome'), 'Google Chrome 150');
		// apt-get and a passwordless sudo, for this test: apt-get logs its arguments and "installs"
		// by writing a redis-server into PATH.
		const log = join(dir, 'apt.log');
		writeFileSync(join(bin, 'apt-get'), `#!${join(bin, 'bash')}\necho "$*" >> ${log}\n[ "$1" = install ] && { echo '#!/bin/sh' ; echo 'echo Redis server v=7.2.4'; } > ${join(bin, 'redis-server')} && chmod 755 ${join(bin, 'redis-server')}\nexit 0\n`);
		writeFileSync(join(bin, 'sudo'), `#!${join(bin, 'bash')}\n[ "$1" = -n ] && shift\n"$@"\n`);
		symlinkSync(execFileSync('bash', ['-c', 'command -v chmod'], { encoding: 'utf8' }).trim(), join(bin, 'chmod'));
		chmodSync(join(bin, 'apt-get'), 0o755);
		chmodSync(join(bin, 'sudo'), 0o755);
		const apt = () => (spawnSync('cat', [log], { encoding: 'utf8' }).stdout ?? '').trim();

		const broken = check(['--install'], { CHROMIUM_PATH: join(dir, 'no-such-browser') });
		expect(broken.status).toBe(1);
		expect(broken.out).toMatch(/install +Redis +no redis-server on PATH; --install installs redis-server \(apt-get\)/);
		expect(broken.out).toMatch(/MISSING +Chromium +CHROMIUM_PATH=/);
		expect(apt()).toBe('');

		const later = check(['--install-later'], { CHROMIUM_PATH: browser });
		expect(later.status).toBe(0);
		expect(apt()).toBe('');

		const installed = check(['--install'], { CHROMIUM_PATH: browser });
		expect(installed.out).toMatch(/ok +Redis +7\.2\.4 at /);
		expect(installed.status).toBe(0);
		expect(apt().split('\n')).toEqual(['update', 'install -y --no-install-recommends redis-server']);
	});

	it('is what the suites use: findSystemDependency returns CHROMIUM_PATH, and throws the check\'s words for a PostgreSQL it cannot find', () => {
		const wrapper = fake(join(dir, 'browsers', 'my-chrome'), 'Chromium 151.0 (wrapper)');
		const saved = { ...process.env };
		try {
			process.env.CHROMIUM_PATH = wrapper;
			process.env.CPN_PG_BIN_DIR = join(dir, 'nothing');
			expect(findSystemDependency('chromium')).toBe(wrapper);
			expect(() => findSystemDependency('postgres')).toThrow(/^PostgreSQL not found: CPN_PG_BIN_DIR=.*nothing has no initdb, postgres and createdb\. Run scripts\/check-system\.sh/);
		} finally {
			process.env = saved;
		}
	});
});
