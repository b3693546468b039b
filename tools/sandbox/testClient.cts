/** Test helpers: an HTTP client for a running sandbox (Node's fetch) with the default credentials. */
import type { Sandbox } from './server.cjs';

/** JSON answers are loosely typed in tests. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Body = any;

export const AUTH_HEADERS = { 'x-client-id': 'sandbox-client-id', authorization: 'Bearer sandbox-access-token' };

export interface ApiAnswer<T = Body> {
	status: number;
	headers: Headers;
	body: T;
	text: string;
}

type QueryValue = string | number | boolean | undefined | Array<string | number>;

export interface CallOptions {
	query?: Record<string, QueryValue>;
	body?: unknown;
	headers?: Record<string, string>;
	/** send no credentials */
	anonymous?: boolean;
}

export function toQuery(query: Record<string, QueryValue> = {}): string {
	const params = new URLSearchParams();
	for (const [key, value] of Object.entries(query)) {
		if (value === undefined) continue;
		for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
	}
	const s = params.toString();
	return s ? `?${s}` : '';
}

export function apiClient(sandbox: Pick<Sandbox, 'apiUrl'>) {
	async function call<T = Body>(method: string, path: string, opts: CallOptions = {}): Promise<ApiAnswer<T>> {
		// `path` may carry a raw query string (to test unencoded characters); opts.query is encoded
		const url = `${sandbox.apiUrl}${path}${toQuery(opts.query).replace(/^\?/, path.includes('?') ? '&' : '?')}`;
		const headers: Record<string, string> = { ...(opts.anonymous ? {} : AUTH_HEADERS), ...opts.headers };
		if (opts.body !== undefined) headers['content-type'] = 'application/json';
		const res = await fetch(url, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
		const text = await res.text();
		let body: Body = text;
		try {
			body = JSON.parse(text);
		} catch {
			// leave the text
		}
		return { status: res.status, headers: res.headers, body, text };
	}
	return {
		call,
		get: <T = Body,>(path: string, query?: Record<string, QueryValue>, opts: CallOptions = {}) => call<T>('GET', path, { ...opts, query }),
		post: <T = Body,>(path: string, body?: unknown, opts: CallOptions = {}) => call<T>('POST', path, { ...opts, body }),
		patch: <T = Body,>(path: string, body?: unknown, opts: CallOptions = {}) => call<T>('PATCH', path, { ...opts, body }),
		del: <T = Body,>(path: string, body?: unknown, opts: CallOptions = {}) => call<T>('DELETE', path, { ...opts, body }),
	};
}

export type ApiClient = ReturnType<typeof apiClient>;

/** Admin over HTTP (the in-process `sandbox.admin` methods mirror these). */
export async function adminCall<T = Body>(sandbox: Sandbox, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
	const res = await fetch(`${sandbox.url}/__admin${path}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: res.status, body: (await res.json()) as T };
}

export const HOLD_BACK_PLUS = 2 * 60 * 1000 + 1000;
