/**
 * n8n in queue mode, for real, on loopback: PostgreSQL (postgres.cts), Redis
 * (redis.cts), the sandbox, an n8n main (`n8n start`, EXECUTIONS_MODE=queue, through the
 * e2e harness: owner, credential, workflow helpers) and workers (`n8n worker`), all sharing
 * one user folder with the packed package installed, one database and one encryption key.
 * Manual runs started over REST are put on the queue too (OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS),
 * so every execution runs on a worker; the main instance keeps the editor and the triggers.
 *
 *   const stack = await QueueStack.start({ sandboxOptions: { timeScale: 10 } });
 *   … stack.e2e.importWorkflow(…), stack.client.startManualRun(…), stack.workerOf(id) …
 *   await stack.stop();   // workers, main, sandbox, Redis, Postgres; every folder removed
 */
import { join } from 'node:path';
import { E2E } from '../../test/e2e/harness.cjs';
import { n8nEnv } from './n8n.cjs';
import { Postgres } from './postgres.cjs';
import { ManagedProcess, freePort } from './processes.cjs';
import { Redis } from './redis.cjs';
import type { Runtime } from './runtime.cjs';
import type { SandboxStartOptions } from './sandbox.cjs';

export interface QueueStackOptions {
	sandboxOptions?: SandboxStartOptions;
	/** default 2 */
	workers?: number;
	/** `n8n worker --concurrency` (default 5) */
	concurrency?: number;
}

/** What queue mode needs beyond the database and Redis settings, for main and workers alike. */
export const QUEUE_MODE_ENV: NodeJS.ProcessEnv = {
	EXECUTIONS_MODE: 'queue',
	// Manual runs (the REST /run the tests use) go to the workers as well.
	OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
	// Short enough that stopping the stack does not wait long for executions a test left running.
	N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
};

const STARTED = /Worker started execution (\d+) \(job/g;

/** One `n8n worker`, restartable (same ports, same log file) after it was killed. */
export class QueueWorker {
	private proc!: ManagedProcess;
	/** Output of the earlier runs of this worker (before a kill and restart). */
	private earlier = '';
	readonly logFile: string;

	constructor(
		readonly index: number,
		private readonly runtime: Runtime,
		private readonly env: NodeJS.ProcessEnv,
		userFolder: string,
		private readonly concurrency: number,
	) {
		this.logFile = join(userFolder, `worker-${index}.log`);
	}

	get name(): string {
		return `worker ${this.index}`;
	}

	get running(): boolean {
		return this.proc?.running ?? false;
	}

	get pid(): number | undefined {
		return this.proc?.pid;
	}

	/** Everything this worker printed, across restarts. */
	get log(): string {
		return this.earlier + (this.proc?.text ?? '');
	}

	/** Ids of the executions this worker started (from its log, across restarts). */
	startedExecutions(): string[] {
		return [...this.log.matchAll(STARTED)].map((m) => m[1]);
	}

	async start(readyTimeoutMs = 120_000): Promise<void> {
		if (this.proc) this.earlier += this.proc.text;
		this.proc = new ManagedProcess({
			name: this.name,
			command: this.runtime.nodeExe,
			args: [this.runtime.n8nCli, 'worker', `--concurrency=${this.concurrency}`],
			cwd: this.env.N8N_USER_FOLDER,
			env: this.env,
			logFile: this.logFile,
		});
		try {
			await this.proc.waitForOutput(/n8n worker is now ready/, readyTimeoutMs);
		} catch (err) {
			await this.proc.stop();
			throw err;
		}
	}

	/** SIGKILL to the worker and its task runner: no shutdown, its running executions die with it. */
	async kill(): Promise<void> {
		this.proc.killNow();
		await this.proc.waitForExit();
	}

	async stop(): Promise<void> {
		await this.proc?.stop();
	}
}

export class QueueStack {
	private constructor(
		readonly postgres: Postgres,
		readonly redis: Redis,
		readonly e2e: E2E,
		readonly workers: QueueWorker[],
	) {}

	static async start(opts: QueueStackOptions = {}): Promise<QueueStack> {
		const started: Array<{ stop(): Promise<void> }> = [];
		try {
			// Both settle before going on, so that one failing never leaves the other running unseen.
			const [pg, rd] = await Promise.allSettled([Postgres.start(), Redis.start()]);
			for (const s of [pg, rd]) if (s.status === 'fulfilled') started.push(s.value);
			if (pg.status === 'rejected') throw pg.reason;
			if (rd.status === 'rejected') throw rd.reason;
			const postgres = pg.value;
			const redis = rd.value;
			const env = { ...QUEUE_MODE_ENV, ...postgres.n8nEnv(), ...redis.n8nEnv() };
			const e2e = await E2E.start({ sandboxOptions: opts.sandboxOptions, n8nEnv: env });
			started.push(e2e);
			const workers: QueueWorker[] = [];
			for (let i = 1; i <= (opts.workers ?? 2); i++) {
				const workerEnv = {
					...n8nEnv(e2e.runtime, { userFolder: e2e.userFolder, port: e2e.n8n.port, brokerPort: await freePort() }, env),
					QUEUE_HEALTH_CHECK_ACTIVE: 'true',
					QUEUE_HEALTH_CHECK_PORT: String(await freePort()),
				};
				workers.push(new QueueWorker(i, e2e.runtime, workerEnv, e2e.userFolder, opts.concurrency ?? 5));
			}
			// Workers are stopped before the main instance (it owns the user folder).
			started.push({ stop: () => Promise.all(workers.map((w) => w.stop())).then(() => undefined) });
			await Promise.all(workers.map((w) => w.start()));
			return new QueueStack(postgres, redis, e2e, workers);
		} catch (err) {
			await stopAll(started.reverse());
			throw err;
		}
	}

	get client() {
		return this.e2e.client;
	}

	get sandbox() {
		return this.e2e.sandbox!;
	}

	/** The index of the worker that started this execution (from the workers' logs). */
	workerOf(executionId: string): number | undefined {
		return this.workers.find((w) => w.startedExecutions().includes(String(executionId)))?.index;
	}

	/** How many workers' logs show this execution started (1 when it ran once, on a worker). */
	startCount(executionId: string): number {
		return this.workers.reduce((n, w) => n + w.startedExecutions().filter((id) => id === String(executionId)).length, 0);
	}

	/** Workers, then main (and the sandbox, and the user folder), Redis and Postgres; every one is tried. */
	async stop(): Promise<void> {
		await stopAll([
			{ stop: () => Promise.all(this.workers.map((w) => w.stop())).then(() => undefined) },
			this.e2e,
			this.redis,
			this.postgres,
		]);
	}
}

async function stopAll(parts: Array<{ stop(): Promise<void> }>): Promise<void> {
	const errors: unknown[] = [];
	for (const part of parts) {
		try {
			await part.stop();
		} catch (err) {
			errors.push(err);
		}
	}
	if (errors.length) throw errors[0];
}
