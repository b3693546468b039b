/** What the sandbox answered: a bounded request log and counters. Credentials are never stored. */
import type { Tier } from './types.cjs';

export interface RequestLogEntry {
	id: number;
	/** real time of arrival */
	time: string;
	/** the sandbox clock at arrival */
	sandboxTime: string;
	method: string;
	path: string;
	query: Record<string, string | string[]>;
	/** parsed JSON body (no headers are kept, so no token) */
	body?: unknown;
	status: number;
	tier: Tier;
	durationMs: number;
	authenticated: boolean;
	/** set when an injected fault shaped the answer */
	fault?: string;
	/** `burst` or `daily` for a 429 from the rate limiter */
	rateLimited?: 'burst' | 'daily';
	/** a 429's Retry-After, in seconds (from the limiter or an injected fault) */
	retryAfter?: number;
}

export interface SandboxStats {
	total: number;
	byTier: Record<Tier, number>;
	byStatus: Record<string, number>;
	/** 429s answered: by the limiter (per tier and daily) and injected */
	rateLimited: { total: number; light: number; medium: number; heavy: number; daily: number; injected: number };
	faults: number;
	dropped: number;
}

const MAX_ENTRIES = 20_000;

function emptyStats(): SandboxStats {
	return {
		total: 0,
		byTier: { light: 0, medium: 0, heavy: 0 },
		byStatus: {},
		rateLimited: { total: 0, light: 0, medium: 0, heavy: 0, daily: 0, injected: 0 },
		faults: 0,
		dropped: 0,
	};
}

/** A request the sandbox has received and not answered yet (a slow answer, a hang). */
export interface InFlightRequest {
	/** real time of arrival */
	time: string;
	sandboxTime: string;
	method: string;
	path: string;
	query: Record<string, string | string[]>;
}

export class RequestLog {
	private entries: RequestLogEntry[] = [];
	private nextId = 1;
	private counters = emptyStats();
	private readonly open = new Map<number, InFlightRequest>();
	private nextOpen = 1;

	/** Notes a request as received; `done()` when it is answered (or dropped, or gone). */
	begin(request: InFlightRequest): () => void {
		const id = this.nextOpen++;
		this.open.set(id, request);
		return () => this.open.delete(id);
	}

	/** The requests received and not answered yet, oldest first (not cleared by clear()). */
	inFlight(): InFlightRequest[] {
		return [...this.open.values()];
	}

	add(entry: Omit<RequestLogEntry, 'id'>): void {
		const full = { id: this.nextId++, ...entry };
		this.entries.push(full);
		if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
		const c = this.counters;
		c.total++;
		c.byTier[entry.tier]++;
		c.byStatus[entry.status] = (c.byStatus[entry.status] ?? 0) + 1;
		if (entry.fault) c.faults++;
		if (entry.status === 0) c.dropped++;
		if (entry.status === 429) {
			c.rateLimited.total++;
			if (entry.rateLimited === 'daily') c.rateLimited.daily++;
			else if (entry.rateLimited) c.rateLimited[entry.tier]++;
			else c.rateLimited.injected++;
		}
	}

	list(): RequestLogEntry[] {
		return this.entries.slice();
	}

	stats(): SandboxStats {
		return structuredClone(this.counters);
	}

	/** Clears entries and counters. */
	clear(): void {
		this.entries = [];
		this.counters = emptyStats();
	}
}
