/**
 * Child processes that cannot outlive the test run: each runs in its own process group
 * (detached) under lib/supervise.cjs, is stopped by signalling the whole group (n8n starts
 * task-runner children), is killed if this process exits without stopping it, and is
 * stopped by its supervisor if this process dies abruptly.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { closeSync, createWriteStream, openSync, readSync, statSync, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const live = new Set<ManagedProcess>();
let exitHookInstalled = false;
const SUPERVISOR = join(__dirname, 'supervise.cjs');

function installExitHook(): void {
	if (exitHookInstalled) return;
	exitHookInstalled = true;
	// Normal exits. Abrupt ends of this process (signals, SIGKILL) are covered by
	// supervise.cjs, which watches this process and stops the group when it is gone.
	process.on('exit', () => {
		for (const p of live) p.killNow();
	});
}

export interface ManagedProcessOptions {
	name: string;
	command: string;
	args: string[];
	cwd?: string;
	env: NodeJS.ProcessEnv;
	/** Everything the process prints goes here (appended). */
	logFile: string;
	/** Also echo output to this stream (e.g. process.stdout for `npm run dev`). */
	echo?: NodeJS.WritableStream;
}

export class ManagedProcess {
	readonly child: ChildProcess;
	readonly name: string;
	readonly logFile: string;
	private log: WriteStream;
	private output = '';
	private exited: Promise<number | null>;
	private exitCode: number | null | undefined;
	private listeners: Array<(chunk: string) => void> = [];

	constructor(opts: ManagedProcessOptions) {
		installExitHook();
		this.name = opts.name;
		this.logFile = opts.logFile;
		this.log = createWriteStream(opts.logFile, { flags: 'a' });
		const spawnOpts: SpawnOptions = {
			cwd: opts.cwd,
			env: opts.env,
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		};
		this.child = spawn(process.execPath, [SUPERVISOR, opts.command, ...opts.args], {
			...spawnOpts,
			env: { ...opts.env, CPN_SUPERVISE_PARENT: String(process.pid) },
		});
		const onData = (buf: Buffer) => {
			const s = buf.toString('utf8');
			this.log.write(s);
			opts.echo?.write(s);
			// Keep the tail only: enough for error messages and readiness checks.
			this.output = (this.output + s).slice(-200_000);
			for (const l of this.listeners) l(s);
		};
		this.child.stdout!.on('data', onData);
		this.child.stderr!.on('data', onData);
		this.exited = new Promise((resolve) => {
			this.child.on('exit', (code, signal) => {
				this.exitCode = code ?? (signal ? -1 : null);
				live.delete(this);
				resolve(this.exitCode);
			});
			this.child.on('error', (err) => {
				this.log.write(`\n[spawn error] ${err.message}\n`);
				this.exitCode = -1;
				live.delete(this);
				resolve(-1);
			});
		});
		live.add(this);
	}

	get pid(): number | undefined {
		return this.child.pid;
	}

	get running(): boolean {
		return this.exitCode === undefined;
	}

	/** Output so far (last ~200 kB). */
	get text(): string {
		return this.output;
	}

	tail(lines = 60): string {
		return this.output.split('\n').slice(-lines).join('\n');
	}

	/** Resolves with the first match of `re` in the output (past or future). */
	waitForOutput(re: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
		return new Promise((resolve, reject) => {
			const check = () => {
				const m = this.output.match(re);
				if (m) {
					done();
					resolve(m);
				}
			};
			const listener = () => check();
			const timer = setTimeout(() => {
				done();
				reject(new Error(`${this.name}: no output matching ${re} within ${timeoutMs} ms\n${this.tail()}`));
			}, timeoutMs);
			const onExit = () => {
				// Let the last output chunk land before judging.
				setImmediate(() => {
					const m = this.output.match(re);
					done();
					if (m) resolve(m);
					else reject(new Error(`${this.name} exited (code ${this.exitCode}) before printing ${re}\n${this.tail()}`));
				});
			};
			const done = () => {
				clearTimeout(timer);
				this.listeners = this.listeners.filter((l) => l !== listener);
				this.child.off('exit', onExit);
			};
			this.listeners.push(listener);
			this.child.once('exit', onExit);
			check();
		});
	}

	waitForExit(): Promise<number | null> {
		return this.exited;
	}

	/** Sends a signal to the whole process group (like Ctrl+C in a terminal for SIGINT). */
	signalGroup(sig: NodeJS.Signals): void {
		if (!this.pid) return;
		try {
			process.kill(-this.pid, sig);
		} catch {
			// group already gone
		}
	}

	/** Synchronous last resort (process 'exit' hook). */
	killNow(): void {
		this.signalGroup('SIGKILL');
	}

	/** SIGTERM the group, then SIGKILL it if it has not exited within `graceMs`. */
	async stop(graceMs = 15_000): Promise<void> {
		if (this.running) {
			this.signalGroup('SIGTERM');
			const timedOut = await Promise.race([
				this.exited.then(() => false),
				new Promise<boolean>((r) => setTimeout(() => r(true), graceMs).unref()),
			]);
			if (timedOut) this.signalGroup('SIGKILL');
			await this.exited;
		}
		// Grandchildren that ignored SIGTERM (e.g. a task runner) go with the group.
		this.signalGroup('SIGKILL');
		await new Promise<void>((r) => this.log.end(r));
	}
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const srv = createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const addr = srv.address();
			const port = typeof addr === 'object' && addr ? addr.port : 0;
			srv.close(() => resolve(port));
		});
	});
}

/** True when something accepts connections on 127.0.0.1:port. */
export function portInUse(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const srv = createServer();
		srv.once('error', () => resolve(true));
		srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(false)));
	});
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * A process this one did not start, seen through its log file from a point on (an n8n another
 * test file started and shares: tools/n8n/n8n.cts, N8n.attach): its output since then, and
 * whether it still runs. Stopping it is its owner's business.
 */
export class LogFollower {
	private readonly from: number;

	constructor(
		readonly logFile: string,
		/** Its process group (the supervisor's pid). */
		readonly pid: number,
	) {
		this.from = statSync(logFile).size;
	}

	signalGroup(sig: NodeJS.Signals): void {
		try {
			process.kill(-this.pid, sig);
		} catch {
			// group already gone
		}
	}

	async waitForExit(): Promise<number | null> {
		while (this.running) await sleep(200);
		return null;
	}

	/** Ends the process for its owner, as ManagedProcess.stop does: SIGTERM to its group, SIGKILL after `graceMs`. */
	async end(graceMs = 15_000): Promise<void> {
		this.signalGroup('SIGTERM');
		for (let waited = 0; this.running && waited < graceMs; waited += 200) await sleep(200);
		this.signalGroup('SIGKILL');
	}

	get running(): boolean {
		try {
			process.kill(this.pid, 0);
			return true;
		} catch {
			return false;
		}
	}

	/** Output since this follower was made (last ~200 kB). */
	get text(): string {
		const size = statSync(this.logFile).size;
		const start = Math.max(this.from, size - 200_000);
		const buf = Buffer.alloc(size - start);
		const fd = openSync(this.logFile, 'r');
		try {
			readSync(fd, buf, 0, buf.length, start);
		} finally {
			closeSync(fd);
		}
		return buf.toString('utf8');
	}

	tail(lines = 60): string {
		return this.text.split('\n').slice(-lines).join('\n');
	}

	async stop(): Promise<void> {}
}

/**
 * fetch, sent once more when the connection it went out on had just been closed by the other
 * side: a kept-alive socket that the server dropped as idle while the request went out ("other
 * side closed"), which a test process on two busy cores meets now and then (its timers late, it
 * reuses a socket the server's keep-alive timeout has just ended). A server that drops an idle
 * socket has not read what was sent on it, so the request goes again whatever its method; a GET
 * also after a reset. A request that fails again, or that fails otherwise, fails naming its method
 * and address.
 */
export async function fetchAgain(url: string | URL, init: RequestInit = {}): Promise<Response> {
	const method = (init.method ?? 'GET').toUpperCase();
	try {
		return await fetch(url, init);
	} catch (error) {
		const cause = (error as { cause?: { code?: string; message?: string } }).cause;
		const idleClosed = cause?.code === 'UND_ERR_SOCKET' && /other side closed/i.test(cause.message ?? '');
		const reset = cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'ECONNRESET';
		const named = (failure: unknown, how = '') => new Error(`${method} ${String(url)}${how}: ${(failure as Error).message}`, { cause: failure });
		if (!idleClosed && !(method === 'GET' && reset)) throw named(error);
		await sleep(100);
		try {
			return await fetch(url, init);
		} catch (again) {
			throw named(again, ', sent again after a dropped connection');
		}
	}
}
