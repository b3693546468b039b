/**
 * Injected faults for tests: answer a status instead of the real answer (5xx, 429
 * with Retry-After), slow down, drop the connection, or damage the body (HTML,
 * truncated JSON, an envelope without `results`). Each fault fires `times` times on
 * the API requests it matches, first added first.
 */
import { API_PREFIX } from './constants.cjs';
import { ApiError, type Json } from './validate.cjs';

export const FAULT_STATUSES = [500, 502, 503, 429] as const;
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
	/** Retry-After of an injected 429, in seconds (default 1) */
	retryAfterSec?: number;
	/** damage the answer's body */
	body?: FaultBody;
	/** destroy the socket without answering */
	drop?: boolean;
}

export interface Fault extends FaultSpec {
	id: number;
	remaining: number;
}

export function parseFaultSpec(input: unknown): FaultSpec {
	const bad: (message: string) => never = (message) => {
		throw new ApiError(400, `invalid fault: ${message}`);
	};
	if (!input || typeof input !== 'object' || Array.isArray(input)) bad('expected a JSON object');
	const f = input as Json;
	const known = ['status', 'times', 'match', 'delayMs', 'retryAfterSec', 'body', 'drop'];
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
	if (f.body !== undefined) {
		if (!FAULT_BODIES.includes(f.body as FaultBody)) bad(`body must be one of ${FAULT_BODIES.join(', ')}`);
		spec.body = f.body as FaultBody;
	}
	if (f.drop !== undefined) {
		if (typeof f.drop !== 'boolean') bad('drop must be a boolean');
		spec.drop = f.drop;
	}
	if (f.match !== undefined) {
		const m = f.match as Json;
		if (!m || typeof m !== 'object' || Array.isArray(m)) bad('match must be an object');
		if (m.method !== undefined && typeof m.method !== 'string') bad('match.method must be a string');
		if (m.pathPrefix !== undefined && typeof m.pathPrefix !== 'string') bad('match.pathPrefix must be a string');
		spec.match = { method: m.method as string | undefined, pathPrefix: m.pathPrefix as string | undefined };
	}
	if (spec.status === undefined && spec.delayMs === undefined && spec.body === undefined && !spec.drop) {
		bad('give at least one of status, delayMs, body or drop');
	}
	return spec;
}

export class FaultInjector {
	private faults: Fault[] = [];
	private nextId = 1;

	add(spec: FaultSpec): Fault {
		const fault: Fault = { ...spec, id: this.nextId++, remaining: spec.times ?? 1 };
		this.faults.push(fault);
		return fault;
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
		const fault = this.faults.find((f) => {
			const m = f.match;
			if (m?.method && m.method.toUpperCase() !== method.toUpperCase()) return false;
			if (m?.pathPrefix && !fullPath.startsWith(m.pathPrefix) && !apiPath.startsWith(m.pathPrefix)) return false;
			return true;
		});
		if (!fault) return undefined;
		if (--fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
		return { ...fault };
	}
}
