/**
 * Injected faults for tests: answer a status instead of the real answer (5xx, 429
 * with Retry-After, a 400 with a message), slow down, drop the connection, or damage the body (HTML,
 * truncated JSON, an envelope without `results`). Each fault fires `times` times on
 * the API requests it matches, first added first. A hang (`hangForMs`) instead holds
 * every request it matches open, unanswered, for a stretch of time.
 */
import { API_PREFIX } from './constants.cjs';
import { ApiError, type Json } from './validate.cjs';

export const FAULT_STATUSES = [500, 502, 503, 429, 400] as const;
export type FaultStatus = (typeof FAULT_STATUSES)[number];
export const FAULT_BODIES = ['html', 'truncated', 'no-results'] as const;
export type FaultBody = (typeof FAULT_BODIES)[number];

export interface FaultSpec {
	/** answer this status instead of running the request */
	status?: FaultStatus;
	/** how many matching requests it affects (default 1) */
	times?: number;
	/** method (any case) and path prefix, with or without the /public-api/v1 prefix */
	match?: { method?: string; pathPrefix?: string };
	/** wait this many real milliseconds before answering */
	delayMs?: number;
	/**
	 * Retry-After of an injected 429, in seconds (default 1). An injected 429 is a refusal as the
	 * real limiter gives one, of a bucket someone else spent: it takes no token, and the bucket
	 * keeps at most what the limiter's own 429 with this Retry-After would find (RateLimiter.refuse),
	 * so the answer says X-RateLimit-Remaining 0 and the limiter refuses a request sent before
	 * the Retry-After ends.
	 */
	retryAfterSec?: number;
	/**
	 * X-RateLimit-Remaining of the injected status's answer instead of the tenant bucket's count
	 * (which the fault does not change, but for a 429: see retryAfterSec)
	 */
	rateLimitRemaining?: number;
	/** the `message` of the injected status's body (default: the status's name) */
	message?: string;
	/** damage the answer's body */
	body?: FaultBody;
	/** destroy the socket without answering */
	drop?: boolean;
	/**
	 * A hanging API: for this many real milliseconds from when the fault is added, every
	 * matching request is held open without an answer until that time is over, then answered as
	 * usual if its client still waits (the fault is not counted: `times` does not apply).
	 */
	hangForMs?: number;
}

export interface Fault extends FaultSpec {
	id: number;
	remaining: number;
	/** A hang: when it ends (epoch ms, real time). */
	hangUntil?: number;
}

/** The longest hang a fault may ask for. */
export const MAX_HANG_MS = 30 * 60 * 1000;

export function parseFaultSpec(input: unknown): FaultSpec {
	const bad: (message: string) => never = (message) => {
		throw new ApiError(400, `invalid fault: ${message}`);
	};
	if (!input || typeof input !== 'object' || Array.isArray(input)) bad('expected a JSON object');
	const f = input as Json;
	const known = ['status', 'times', 'match', 'delayMs', 'retryAfterSec', 'rateLimitRemaining', 'message', 'body', 'drop', 'hangForMs'];
	const extra = Object.keys(f).filter((k) => !known.includes(k));
	if (extra.length) bad(`unknown keys ${extra.join(', ')}`);
	const spec: FaultSpec = {};
	if (f.status !== undefined) {
		if (!FAULT_STATUSES.includes(f.status as FaultStatus)) bad(`status must be one of ${FAULT_STATUSES.join(', ')}`);
		spec.status = f.status as FaultStatus;
	}
	if (f.times !== undefined) {
		if (!Number.isInteger(f.times) || (f.times as number) < 1) bad('times must be an integer >= 1');
		spec.times = f.times as number;
	}
	if (f.delayMs !== undefined) {
		if (typeof f.delayMs !== 'number' || f.delayMs < 0 || f.delayMs > 120_000) bad('delayMs must be between 0 and 120000');
		spec.delayMs = f.delayMs;
	}
	if (f.retryAfterSec !== undefined) {
		if (typeof f.retryAfterSec !== 'number' || f.retryAfterSec < 0) bad('retryAfterSec must be a number >= 0');
		spec.retryAfterSec = f.retryAfterSec;
	}
	if (f.rateLimitRemaining !== undefined) {
		if (!Number.isInteger(f.rateLimitRemaining) || (f.rateLimitRemaining as number) < 0) bad('rateLimitRemaining must be an integer >= 0');
		if (f.status === undefined) bad('rateLimitRemaining needs a status');
		spec.rateLimitRemaining = f.rateLimitRemaining as number;
	}
	if (f.message !== undefined) {
		if (typeof f.message !== 'string' || f.message.length < 1 || f.message.length > 1000) bad('message must be a string of 1 to 1000 characters');
		if (f.status === undefined) bad('message needs a status');
		spec.message = f.message;
	}
	if (f.body !== undefined) {
		if (!FAULT_BODIES.includes(f.body as FaultBody)) bad(`body must be one of ${FAULT_BODIES.join(', ')}`);
		spec.body = f.body as FaultBody;
	}
	if (f.drop !== undefined) {
		if (typeof f.drop !== 'boolean') bad('drop must be a boolean');
		spec.drop = f.drop;
	}
	if (f.hangForMs !== undefined) {
		if (typeof f.hangForMs !== 'number' || !(f.hangForMs > 0) || f.hangForMs > MAX_HANG_MS) bad(`hangForMs must be between 1 and ${MAX_HANG_MS}`);
		const others = ['status', 'times', 'delayMs', 'retryAfterSec', 'rateLimitRemaining', 'message', 'body', 'drop'].filter((k) => f[k] !== undefined);
		if (others.length) bad(`hangForMs takes only match, not ${others.join(', ')}`);
		spec.hangForMs = f.hangForMs;
	}
	if (f.match !== undefined) {
		const m = f.match as Json;
		if (!m || typeof m !== 'object' || Array.isArray(m)) bad('match must be an object');
		if (m.method !== undefined && typeof m.method !== 'string') bad('match.method must be a string');
		if (m.pathPrefix !== undefined && typeof m.pathPrefix !== 'string') bad('match.pathPrefix must be a string');
		spec.match = { method: m.method as string | undefined, pathPrefix: m.pathPrefix as string | undefined };
	}
	if (spec.status === undefined && spec.delayMs === undefined && spec.body === undefined && !spec.drop && spec.hangForMs === undefined) {
		bad('give at least one of status, delayMs, body, drop or hangForMs');
	}
	return spec;
}

export class FaultInjector {
	private faults: Fault[] = [];
	private nextId = 1;

	constructor(private readonly realNow: () => number = Date.now) {}

	add(spec: FaultSpec): Fault {
		const fault: Fault = { ...spec, id: this.nextId++, remaining: spec.times ?? 1 };
		if (spec.hangForMs !== undefined) fault.hangUntil = this.realNow() + spec.hangForMs;
		this.faults.push(fault);
		return fault;
	}

	/** Whether a hang still holds the requests it took (not over, not cleared). */
	holds(fault: Fault): boolean {
		return fault.hangUntil !== undefined && this.realNow() < fault.hangUntil && this.faults.some((f) => f.id === fault.id);
	}

	clear(): void {
		this.faults = [];
	}

	list(): Fault[] {
		return this.faults.map((f) => ({ ...f }));
	}

	/** The first fault matching the request, counted down (removed when spent). */
	take(method: string, fullPath: string): Fault | undefined {
		const apiPath = fullPath.startsWith(API_PREFIX) ? fullPath.slice(API_PREFIX.length) : fullPath;
		const now = this.realNow();
		this.faults = this.faults.filter((f) => f.hangUntil === undefined || now < f.hangUntil);
		const fault = this.faults.find((f) => {
			const m = f.match;
			if (m?.method && m.method.toUpperCase() !== method.toUpperCase()) return false;
			if (m?.pathPrefix && !fullPath.startsWith(m.pathPrefix) && !apiPath.startsWith(m.pathPrefix)) return false;
			return true;
		});
		if (!fault) return undefined;
		if (fault.hangUntil !== undefined) return { ...fault };
		if (--fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
		return { ...fault };
	}
}
