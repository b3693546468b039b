/**
 * A throwaway PostgreSQL server for the queue-mode suite: a fresh cluster in a temporary folder
 * (under the e2e runs folder, whose stale entries the e2e global setup sweeps), listening on
 * 127.0.0.1 and a free port (its socket in that folder too), trust authentication, one database.
 * It runs in the foreground under lib/processes.ts, so it cannot outlive the test run, and stop()
 * removes the folder. Any PostgreSQL from 13 on, found by scripts/check-system.sh (CPN_PG_BIN_DIR,
 * initdb on PATH, pg_config, or the newest in /usr/lib/postgresql).
 *
 * PostgreSQL refuses to run as root: as root (this project's CI), every command runs as the
 * `postgres` system user (runuser), and the folder is handed to that user. As any other user
 * (a contributor, GitHub's runner) they run as that user, who owns the folder; the cluster's
 * superuser is named `postgres` either way (initdb -U).
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ManagedProcess, freePort } from './processes.cjs';
import { RUNS_DIR, ensureDir, findSystemDependency } from './runtime.cjs';

const SYSTEM_USER = 'postgres';
const DATABASE = 'n8n';

const asRoot = () => process.getuid?.() === 0;

/** [command, args] running `bin` as the postgres system user when this process is root. */
function asPostgres(bin: string, args: string[]): [string, string[]] {
	const exe = join(findSystemDependency('postgres'), bin);
	return asRoot() ? ['runuser', ['-u', SYSTEM_USER, '--', exe, ...args]] : [exe, args];
}

function run(bin: string, args: string[]): void {
	const [command, argv] = asPostgres(bin, args);
	try {
		execFileSync(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
	} catch (err) {
		const e = err as { stdout?: string; stderr?: string; message: string };
		throw new Error(`${bin} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`);
	}
}

export class Postgres {
	readonly host = '127.0.0.1';
	readonly database = DATABASE;
	readonly user = SYSTEM_USER;

	private constructor(
		readonly dir: string,
		readonly port: number,
		readonly process: ManagedProcess,
	) {}

	static async start(): Promise<Postgres> {
		findSystemDependency('postgres'); // before anything is made: throws what is missing and how to get it
		const dir = mkdtempSync(join(ensureDir(RUNS_DIR), 'postgres-'));
		let proc: ManagedProcess | undefined;
		try {
			if (asRoot()) {
				const uid = Number(execFileSync('id', ['-u', SYSTEM_USER], { encoding: 'utf8' }).trim());
				const gid = Number(execFileSync('id', ['-g', SYSTEM_USER], { encoding: 'utf8' }).trim());
				chownSync(dir, uid, gid);
			}
			const data = join(dir, 'data');
			run('initdb', ['-D', data, '-U', SYSTEM_USER, '--auth=trust', '--encoding=UTF8', '--no-sync']);
			const port = await freePort();
			// A test database: durability off, it is thrown away at the end.
			const [command, args] = asPostgres('postgres', [
				'-D', data,
				'-p', String(port),
				'-k', dir,
				'-c', 'listen_addresses=127.0.0.1',
				'-c', 'fsync=off',
				'-c', 'synchronous_commit=off',
				'-c', 'full_page_writes=off',
				'-c', 'max_connections=100',
			]);
			proc = new ManagedProcess({ name: 'postgres', command, args, cwd: dir, env: { ...process.env, LANG: 'C.UTF-8' }, logFile: join(dir, 'postgres.log') });
			await proc.waitForOutput(/database system is ready to accept connections/, 60_000);
			run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', SYSTEM_USER, DATABASE]);
			return new Postgres(dir, port, proc);
		} catch (err) {
			await proc?.stop();
			rmSync(dir, { recursive: true, force: true });
			throw err;
		}
	}

	/** Creates another database on this server (for a test's own tables). */
	createDatabase(name: string): void {
		run('createdb', ['-h', this.host, '-p', String(this.port), '-U', this.user, name]);
	}

	/**
	 * Runs SQL on a database of this server with psql (stops at the first error) and returns what
	 * it prints: unaligned, tuples only, one row a line. Asynchronous: the test process may be
	 * serving the sandbox meanwhile.
	 */
	async psql(database: string, sql: string): Promise<string> {
		const [command, argv] = asPostgres('psql', ['-h', this.host, '-p', String(this.port), '-U', this.user, '-d', database, '-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1']);
		return await new Promise((resolve, reject) => {
			const child = execFile(command, argv, { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 }, (error, stdout, stderr) => {
				if (error) reject(new Error(`psql failed: ${error.message}\n${stderr}`));
				else resolve(stdout);
			});
			child.stdin?.end(sql);
		});
	}

	/** n8n's settings for this database. */
	n8nEnv(): NodeJS.ProcessEnv {
		return {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: this.host,
			DB_POSTGRESDB_PORT: String(this.port),
			DB_POSTGRESDB_DATABASE: this.database,
			DB_POSTGRESDB_USER: this.user,
			// Trust authentication: any password is accepted.
			DB_POSTGRESDB_PASSWORD: 'postgres',
		};
	}

	/** Fast shutdown (SIGINT: open sessions are ended), then the folder goes (unless E2E_KEEP=1). */
	async stop(): Promise<void> {
		try {
			if (this.process.running) {
				this.process.signalGroup('SIGINT');
				await Promise.race([this.process.waitForExit(), new Promise((r) => setTimeout(r, 10_000).unref())]);
			}
			await this.process.stop(5_000);
		} finally {
			if (process.env.E2E_KEEP !== '1') rmSync(this.dir, { recursive: true, force: true });
		}
	}
}
