/**
 * The local API sandbox (tools/sandbox), started in this process, plus helpers for its
 * admin routes (request log, feed changes, clock).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fetchAgain, sleep } from './processes.cjs';
import { REPO_DIR } from './runtime.cjs';

export const SANDBOX_CLIENT_ID = 'sandbox-client-id';
export const SANDBOX_ACCESS_TOKEN = 'sandbox-access-token';
const SERVER_MODULE = join(REPO_DIR, 'tools', 'sandbox', 'server.cts');

export interface SandboxStartOptions {
	/** 0 or omitted: a free port. */
	port?: number;
	timeScale?: number;
	[k: string]: unknown;
}

/** Another client of the tenant spending a tier (see Sandbox.spendTier). */
export interface TierSpender {
	/** Resolves once the tier's bucket is empty (a count of 0, or a 429). */
	drained: Promise<void>;
	/** Stops spending (after the request or pause under way); what it was answered. */
	stop(): Promise<{ served: number; refused: number }>;
}

interface SandboxServerHandle {
	url: string;
	port: number;
	close(): Promise<void> | void;
	admin?: unknown;
}

export function sandboxAvailable(): boolean {
	return existsSync(SERVER_MODULE);
}

export class Sandbox {
	private constructor(private readonly handle: SandboxServerHandle) {}

	static async start(opts: SandboxStartOptions = {}): Promise<Sandbox> {
		if (!sandboxAvailable()) throw new Error(`the sandbox is not there yet (${SERVER_MODULE})`);
		// Loaded lazily so that tests which do not need the sandbox run without it.
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const mod = require(SERVER_MODULE) as {
			startSandbox(o: SandboxStartOptions): Promise<SandboxServerHandle>;
		};
		const handle = await mod.startSandbox({ ...opts, port: opts.port ?? 0 });
		return new Sandbox(handle);
	}

	get url(): string {
		// n8n is started with 127.0.0.1 everywhere; never let "localhost" resolve to ::1.
		return this.handle.url.replace('://localhost', '://127.0.0.1').replace(/\/$/, '');
	}

	get port(): number {
		return this.handle.port;
	}

	/** The in-process admin object of the sandbox, if it exposes one. */
	get admin(): unknown {
		return this.handle.admin;
	}

	/** What the credential needs to point at this sandbox. */
	credentialData(): { baseUrl: string; clientId: string; accessToken: string } {
		return { baseUrl: this.url, clientId: SANDBOX_CLIENT_ID, accessToken: SANDBOX_ACCESS_TOKEN };
	}

	async adminRequest<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		const res = await fetchAgain(`${this.url}/__admin/${path.replace(/^\//, '')}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await res.text();
		if (!res.ok) throw new Error(`sandbox admin ${method} ${path} → ${res.status}: ${text}`);
		return (text ? JSON.parse(text) : undefined) as T;
	}

	/** The sandbox's log of API requests received (to check what n8n sent). */
	async requests(): Promise<Array<Record<string, unknown>>> {
		type Entry = Record<string, unknown>;
		const res = await this.adminRequest<Entry[] | { requests?: Entry[]; data?: Entry[] }>('GET', 'requests');
		return Array.isArray(res) ? res : (res?.requests ?? res?.data ?? []);
	}

	/** The API requests the sandbox has received and not answered yet (slow answers, hangs), oldest first. */
	async inFlight(): Promise<Array<{ time: string; sandboxTime: string; method: string; path: string; query: Record<string, unknown> }>> {
		return this.adminRequest('GET', 'requests/in-flight');
	}

	/** Makes a change appear in the members feed (e.g. `{ kind: 'created' }`). */
	async feedMemberChange(change: Record<string, unknown>): Promise<Record<string, unknown>> {
		return this.adminRequest('POST', 'feed/members', change);
	}

	/** Makes a change appear in the event attendees feed (e.g. `{ kind: 'registered' }`). */
	async feedAttendeeChange(change: Record<string, unknown>): Promise<Record<string, unknown>> {
		return this.adminRequest('POST', 'feed/attendees', change);
	}

	/** A cursor format upgrade on the server: every cursor handed out so far is refused as unsupported. */
	async invalidateCursors(): Promise<unknown> {
		return this.adminRequest('POST', 'feeds/cursor-version', {});
	}

	/**
	 * Another client of the tenant, with the credential's client id and token, sending requests
	 * straight to the sandbox: it takes every token of `path`'s tier (e.g. `/clubs`, Medium) as soon
	 * as the bucket has one, as a busy integration would. It empties the bucket at once, then asks
	 * every few milliseconds from shortly before its next token is due, so another client's request
	 * meets the sandbox's own limiter (a 429) unless it comes within those few milliseconds.
	 */
	spendTier(path: string): TierSpender {
		const url = `${this.url}/public-api/v1${path}`;
		const headers = { 'x-client-id': SANDBOX_CLIENT_ID, authorization: `Bearer ${SANDBOX_ACCESS_TOKEN}` };
		const counts = { served: 0, refused: 0 };
		let stopped = false;
		let drained!: () => void;
		const emptied = new Promise<void>((resolve) => (drained = resolve));
		const loop = (async () => {
			let wonAt = 0;
			let tokenEveryMs = 1000;
			while (!stopped) {
				const res = await fetch(url, { headers });
				await res.arrayBuffer();
				const remaining = Number(res.headers.get('x-ratelimit-remaining'));
				const perSecond = Number(res.headers.get('x-ratelimit-limit'));
				if (perSecond > 0) tokenEveryMs = 1000 / perSecond;
				if (res.status === 200) counts.served++;
				else if (res.status === 429) counts.refused++;
				else throw new Error(`spendTier(${path}): the sandbox answered ${res.status}`);
				if (res.status === 200 && remaining > 0) continue;
				drained();
				if (res.status === 200) wonAt = Date.now();
				// Its next token comes a token's time (X-RateLimit-Limit) after the one it won.
				await sleep(Math.max(2, wonAt + 0.95 * tokenEveryMs - Date.now()));
			}
		})();
		return {
			drained: Promise.race([emptied, loop]),
			stop: async () => {
				stopped = true;
				await loop;
				return { ...counts };
			},
		};
	}

	/** Moves the sandbox clock forward (feed hold-back, job progress, rate windows). */
	async advanceClock(advanceMs: number): Promise<unknown> {
		return this.adminRequest('POST', 'clock', { advanceMs });
	}

	async close(): Promise<void> {
		await this.handle.close();
	}
}
