/**
 * A throwaway Redis (redis-server on PATH) for the queue-mode suite: 127.0.0.1 and a free
 * port, nothing persisted (`--save '' --appendonly no`), its working folder a temporary one
 * (under the e2e runs folder).
 * It runs in the foreground under lib/processes.ts, so it cannot outlive the test run, and
 * stop() removes the folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ManagedProcess, freePort } from './processes.cjs';
import { RUNS_DIR, ensureDir, findSystemDependency } from './runtime.cjs';

export class Redis {
	readonly host = '127.0.0.1';

	private constructor(
		readonly dir: string,
		readonly port: number,
		readonly process: ManagedProcess,
	) {}

	static async start(): Promise<Redis> {
		const exe = findSystemDependency('redis');
		const dir = mkdtempSync(join(ensureDir(RUNS_DIR), 'redis-'));
		let proc: ManagedProcess | undefined;
		try {
			const port = await freePort();
			proc = new ManagedProcess({
				name: 'redis',
				command: exe,
				args: [
					'--port', String(port),
					'--bind', '127.0.0.1',
					'--save', '',
					'--appendonly', 'no',
					'--daemonize', 'no',
					'--dir', dir,
					'--pidfile', join(dir, 'redis.pid'),
					'--logfile', '',
				],
				cwd: dir,
				env: { ...process.env },
				logFile: join(dir, 'redis.log'),
			});
			await proc.waitForOutput(/Ready to accept connections/, 30_000);
			return new Redis(dir, port, proc);
		} catch (err) {
			await proc?.stop();
			rmSync(dir, { recursive: true, force: true });
			throw err;
		}
	}

	/** n8n's settings for this Redis (its Bull queue). */
	n8nEnv(): NodeJS.ProcessEnv {
		return { QUEUE_BULL_REDIS_HOST: this.host, QUEUE_BULL_REDIS_PORT: String(this.port) };
	}

	async stop(): Promise<void> {
		try {
			await this.process.stop(5_000);
		} finally {
			if (process.env.E2E_KEEP !== '1') rmSync(this.dir, { recursive: true, force: true });
		}
	}
}
