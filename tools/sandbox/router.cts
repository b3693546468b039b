/** Route table types and a small path matcher (`:name` or `{name}` placeholders). */
import type { Store } from './store.cjs';
import type { Tier } from './types.cjs';
import type { Query } from './validate.cjs';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface RouteContext {
	store: Store;
	params: Record<string, string>;
	query: Query;
	body: unknown;
}

export interface RouteResult {
	status: number;
	body: unknown;
}

export interface RouteDef {
	method: HttpMethod;
	/** path below /public-api/v1 */
	path: string;
	tier: Tier;
	handler: (ctx: RouteContext) => RouteResult;
}

export function ok(body: unknown, status = 200): RouteResult {
	return { status, body };
}

interface Compiled {
	route: RouteDef;
	segments: Array<{ literal?: string; param?: string }>;
	statics: number;
}

export class Router {
	private readonly compiled: Compiled[];

	constructor(routes: RouteDef[]) {
		this.compiled = routes
			.map((route) => {
				const segments = split(route.path).map((s) => {
					const m = /^(?::(\w+)|\{(\w+)\})$/.exec(s);
					return m ? { param: m[1] ?? m[2] } : { literal: s };
				});
				return { route, segments, statics: segments.filter((s) => s.literal !== undefined).length };
			})
			// a literal segment beats a placeholder: /users/batch/:jobId before /users/:userId/clubs
			.sort((a, b) => b.statics - a.statics);
	}

	match(method: string, path: string): { route: RouteDef; params: Record<string, string> } | undefined {
		const parts = split(path);
		for (const c of this.compiled) {
			if (c.route.method !== method || c.segments.length !== parts.length) continue;
			const params: Record<string, string> = {};
			const matched = c.segments.every((seg, i) => {
				if (seg.literal !== undefined) return seg.literal === parts[i];
				try {
					params[seg.param as string] = decodeURIComponent(parts[i]);
				} catch {
					params[seg.param as string] = parts[i];
				}
				return true;
			});
			if (matched) return { route: c.route, params };
		}
		return undefined;
	}

	/** Whether any route has this path under another method. */
	pathExists(path: string): boolean {
		const parts = split(path);
		return this.compiled.some(
			(c) => c.segments.length === parts.length && c.segments.every((seg, i) => seg.literal === undefined || seg.literal === parts[i]),
		);
	}
}

function split(path: string): string[] {
	return path.split('/').filter(Boolean);
}
