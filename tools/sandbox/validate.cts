/**
 * Shared request helpers: the API error type, query access, paging, and the small
 * validators every route uses. Routes never parse a parameter by hand.
 */

export type Json = Record<string, unknown>;

export class ApiError extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message);
	}
}

export function badRequest(message: string): never {
	throw new ApiError(400, message);
}

export function notFound(message: string): never {
	throw new ApiError(404, message);
}

export function conflict(message: string): never {
	throw new ApiError(409, message);
}

// ---------------------------------------------------------------- query

export class Query {
	private readonly values = new Map<string, string[]>();

	constructor(params: URLSearchParams) {
		for (const [key, value] of params) {
			const list = this.values.get(key);
			if (list) list.push(value);
			else this.values.set(key, [value]);
		}
	}

	get(name: string): string | undefined {
		return this.values.get(name)?.[0];
	}

	has(name: string): boolean {
		return this.values.has(name);
	}

	/** 400 when any parameter is given more than once. */
	assertNoRepeats(): void {
		const repeated = [...this.values].filter(([, v]) => v.length > 1).map(([k]) => k);
		if (repeated.length) badRequest(`query parameter supplied more than once: ${repeated.join(', ')}`);
	}

	toJSON(): Record<string, string | string[]> {
		const out: Record<string, string | string[]> = {};
		for (const [k, v] of this.values) out[k] = v.length === 1 ? v[0] : v;
		return out;
	}
}

// ---------------------------------------------------------------- paging

export interface Paging {
	pageNum: number;
	pageSize: number;
}

export function parseIntParam(raw: string, name: string, min: number, max: number): number {
	const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
	if (!Number.isSafeInteger(n) || n < min || n > max) {
		badRequest(`invalid ${name}: must be an integer between ${min} and ${max}`);
	}
	return n;
}

export function parsePaging(query: Query, maxPageSize = 200, defaultPageSize = 50): Paging {
	const rawNum = query.get('pageNum');
	const rawSize = query.get('pageSize');
	return {
		pageNum: rawNum === undefined ? 1 : parseIntParam(rawNum, 'pageNum', 1, Number.MAX_SAFE_INTEGER),
		pageSize: rawSize === undefined ? defaultPageSize : parseIntParam(rawSize, 'pageSize', 1, maxPageSize),
	};
}

export interface PageEnvelope {
	size: number;
	pageNumber: number;
	pageSize: number;
	results: unknown[];
}

/** The `{size, pageNumber, pageSize, results}` envelope; only the page's slice is rendered. */
export function pageEnvelope<T>(items: readonly T[], paging: Paging, render: (item: T) => unknown): PageEnvelope {
	const start = (paging.pageNum - 1) * paging.pageSize;
	const results = start >= items.length ? [] : items.slice(start, start + paging.pageSize).map(render);
	return { size: results.length, pageNumber: paging.pageNum, pageSize: paging.pageSize, results };
}

// ---------------------------------------------------------------- formats

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HEX_ID_RE = /^[0-9a-f]{24}$/i;
const ISO_RE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isEmail(value: unknown): value is string {
	return typeof value === 'string' && value.length <= 254 && EMAIL_RE.test(value);
}

export function isHexId(value: unknown): value is string {
	return typeof value === 'string' && HEX_ID_RE.test(value);
}

export function isUrl(value: unknown): value is string {
	if (typeof value !== 'string') return false;
	try {
		const url = new URL(value);
		return url.protocol === 'http:' || url.protocol === 'https:';
	} catch {
		return false;
	}
}

/** ISO 8601 timestamp or date → epoch ms; undefined when not valid. */
export function parseIso(value: string): number | undefined {
	if (!ISO_RE.test(value)) return undefined;
	const ms = Date.parse(value);
	return Number.isNaN(ms) ? undefined : ms;
}

/** `YYYY-MM-DD` → epoch ms at the start (00:00:00.000Z) or end (23:59:59.999Z) of that UTC day. */
export function parseDay(value: string, edge: 'start' | 'end'): number | undefined {
	const m = DATE_RE.exec(value);
	if (!m) return undefined;
	const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
	if (new Date(ms).toISOString().slice(0, 10) !== value) return undefined;
	return edge === 'start' ? ms : ms + 86_399_999;
}

export function iso(ms: number): string {
	return new Date(ms).toISOString();
}

export function optIso(ms: number | undefined | null): string | undefined {
	return ms === undefined || ms === null ? undefined : iso(ms);
}

/** Timestamps that the spec renders as empty strings (never null) when absent. */
export function isoOrEmpty(ms: number | undefined | null): string {
	return ms === undefined || ms === null ? '' : iso(ms);
}

// ---------------------------------------------------------------- query validators

/** An email query parameter: a raw `+` arrives as a space and is rejected. */
export function queryEmail(query: Query, name: string): string | undefined {
	const value = query.get(name);
	if (value === undefined) return undefined;
	if (!isEmail(value)) badRequest('invalid email');
	return value;
}

export function queryDay(query: Query, name: string, edge: 'start' | 'end'): number | undefined {
	const value = query.get(name);
	if (value === undefined) return undefined;
	return parseDay(value, edge) ?? badRequest(`invalid ${name}: expected YYYY-MM-DD`);
}

export function queryIso(query: Query, name: string): number | undefined {
	const value = query.get(name);
	if (value === undefined) return undefined;
	return parseIso(value) ?? badRequest(`invalid ${name}: expected an ISO 8601 timestamp`);
}

export function queryEnum<T extends string>(query: Query, name: string, allowed: readonly T[]): T | undefined {
	const value = query.get(name);
	if (value === undefined) return undefined;
	if (!(allowed as readonly string[]).includes(value)) {
		badRequest(`invalid ${name}: expected one of ${allowed.join(', ')}`);
	}
	return value as T;
}

export function queryBool(query: Query, name: string): boolean | undefined {
	const value = queryEnum(query, name, ['true', 'false'] as const);
	return value === undefined ? undefined : value === 'true';
}

export function queryText(query: Query, name: string): string | undefined {
	const value = query.get(name)?.trim();
	return value ? value.toLowerCase() : undefined;
}

// ---------------------------------------------------------------- body validators

export function objectBody(body: unknown): Json {
	if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
		badRequest('request body must be a JSON object');
	}
	return body as Json;
}

export function unknownKeys(body: Json, allowed: readonly string[] | ReadonlySet<string>): string[] {
	const set = allowed instanceof Set ? allowed : new Set(allowed as readonly string[]);
	return Object.keys(body).filter((k) => !set.has(k));
}

export function assertKnownKeys(body: Json, allowed: readonly string[] | ReadonlySet<string>): void {
	const extra = unknownKeys(body, allowed);
	if (extra.length) badRequest(`unrecognized keys: ${extra.join(', ')}`);
}

interface StringRule {
	min?: number;
	max?: number;
	trim?: boolean;
}

/** A string field that may be absent; 400 when present with the wrong type or length. */
export function optString(body: Json, key: string, rule: StringRule = {}): string | undefined {
	const raw = body[key];
	if (raw === undefined) return undefined;
	if (typeof raw !== 'string') badRequest(`${key} must be a string`);
	const value = rule.trim ? raw.trim() : raw;
	if (rule.min !== undefined && value.length < rule.min) {
		badRequest(rule.min === 1 ? `${key} must not be empty` : `${key} must be at least ${rule.min} characters`);
	}
	if (rule.max !== undefined && value.length > rule.max) badRequest(`${key} must be at most ${rule.max} characters`);
	return value;
}

export function reqString(body: Json, key: string, rule: StringRule = {}): string {
	const value = optString(body, key, { min: 1, ...rule, trim: rule.trim ?? true });
	if (value === undefined) badRequest(`${key} is required`);
	return value;
}

export function optEmail(body: Json, key: string): string | undefined {
	const value = body[key];
	if (value === undefined) return undefined;
	if (!isEmail(value)) badRequest(`invalid email`);
	return value;
}

export function reqEmail(body: Json, key: string): string {
	if (body[key] === undefined || body[key] === '') badRequest(`${key} is required`);
	return optEmail(body, key) as string;
}

export function optUrl(body: Json, key: string): string | undefined {
	const value = body[key];
	if (value === undefined) return undefined;
	if (!isUrl(value)) badRequest(`${key} must be a valid URL`);
	return value;
}

export function optBoolean(body: Json, key: string): boolean | undefined {
	const value = body[key];
	if (value === undefined) return undefined;
	if (typeof value !== 'boolean') badRequest(`${key} must be a boolean`);
	return value;
}

export function optStringArray(body: Json, key: string, maxItems?: number): string[] | undefined {
	const value = body[key];
	if (value === undefined) return undefined;
	if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) badRequest(`${key} must be an array of strings`);
	const list = value as string[];
	if (maxItems !== undefined && list.length > maxItems) badRequest(`${key} accepts at most ${maxItems} items`);
	const seen = new Set<string>();
	const dupes = new Set<string>();
	for (const v of list) (seen.has(v) ? dupes : seen).add(v);
	if (dupes.size) badRequest(`duplicate values in ${key}: ${[...dupes].join(', ')}`);
	return list;
}

export function reqEnum<T extends string>(body: Json, key: string, allowed: readonly T[]): T {
	const value = body[key];
	if (value === undefined) badRequest(`${key} is required`);
	if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
		badRequest(`invalid ${key}: expected one of ${allowed.join(', ')}`);
	}
	return value as T;
}

/** Case-insensitive enum: answers the canonical spelling. */
export function caseInsensitiveEnum<T extends string>(value: unknown, key: string, allowed: readonly T[]): T {
	const found = typeof value === 'string' ? allowed.find((a) => a.toLowerCase() === value.toLowerCase()) : undefined;
	if (found === undefined) badRequest(`invalid ${key}: expected one of ${allowed.join(', ')}`);
	return found;
}

export function slugify(text: string): string {
	return (
		text
			.toLowerCase()
			.normalize('NFKD')
			.replace(/[^a-z0-9]+/g, '-')
			.replace(/^-+|-+$/g, '')
			.slice(0, 60) || 'item'
	);
}
