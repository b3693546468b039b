/**
 * The sandbox HTTP server: routing under /public-api/v1, auth headers, rate tiers,
 * injected faults, the request log, and the /__admin/ surface. Start it in-process
 * with `startSandbox()` or from the command line with cli.ts.
 */
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { SandboxAdmin, type SandboxRuntime } from './admin.cjs';
import { SandboxClock } from './clock.cjs';
import { ADMIN_PREFIX, API_PREFIX } from './constants.cjs';
import { type Fault, FaultInjector } from './faults.cjs';
import { type AdvertisedLimits, type RemainingRounding, RateLimiter } from './rateLimit.cjs';
import { JOB_100_ROWS_MS } from './jobs.cjs';
import { RequestLog } from './requestLog.cjs';
import { Router } from './router.cjs';
import { allRoutes } from './routes/index.cjs';
import { DEFAULT_SIZES, type SeedSizes, seedStore } from './seed.cjs';
import type { Store } from './store.cjs';
import type { Tier } from './types.cjs';
import { ApiError, Query, parseIso } from './validate.cjs';

export interface SandboxOptions extends Partial<SeedSizes> {
	/** default 0 (a free port); the CLI defaults to 4010 */
	port?: number;
	/** default 127.0.0.1 */
	host?: string;
	/** sandbox clock speed and rate-limit refill factor; Retry-After is divided by it (default 1) */
	timeScale?: number;
	/** expected `x-client-id` (default `sandbox-client-id`) */
	clientId?: string;
	/** expected bearer token (default `sandbox-access-token`) */
	accessToken?: string;
	/** seed of the generated data (default 1) */
	seed?: number;
	/** enforce the rate tiers (default true); headers are sent either way */
	rateLimits?: boolean;
	/**
	 * how X-RateLimit-Remaining rounds the bucket's tokens (default `down`); the spec does not
	 * say, and `nearest` is what some implementations do
	 */
	remainingRounding?: RemainingRounding;
	/**
	 * what X-RateLimit-Limit, -Burst and -Remaining announce (default `tiers`); `unlimited` (only
	 * with rateLimits: false) announces a tier no client needs to pace for, for runs that measure
	 * something other than speed (`npm run bench:memory`)
	 */
	advertisedLimits?: AdvertisedLimits;
	/** what a 100-row batch job takes, submission to completion, in sandbox-clock ms (default 1450); other sizes in proportion */
	jobMs?: number;
	/** where the sandbox clock starts (ISO 8601 or epoch ms; default: now) */
	startTime?: string | number;
	/** print one line per API request to stdout (default false) */
	verbose?: boolean;
}

export interface ResolvedSandboxOptions extends SeedSizes {
	port: number;
	host: string;
	timeScale: number;
	clientId: string;
	accessToken: string;
	seed: number;
	rateLimits: boolean;
	remainingRounding: RemainingRounding;
	advertisedLimits: AdvertisedLimits;
	jobMs: number;
	startTime?: number;
	verbose: boolean;
}

export interface Sandbox {
	/** e.g. http://127.0.0.1:4010 (without the /public-api/v1 prefix) */
	url: string;
	/** url + /public-api/v1 */
	apiUrl: string;
	port: number;
	options: ResolvedSandboxOptions;
	admin: SandboxAdmin;
	/** the live data (replaced by admin.reset()) */
	readonly store: Store;
	close(): Promise<void>;
}

export function resolveOptions(options: SandboxOptions = {}): ResolvedSandboxOptions {
	const startTime = typeof options.startTime === 'string' ? parseIso(options.startTime) : options.startTime;
	if (options.startTime !== undefined && (startTime === undefined || !Number.isFinite(startTime))) {
		throw new Error(`invalid startTime: ${String(options.startTime)}`);
	}
	const optOuts = options.optOuts ?? DEFAULT_SIZES.optOuts;
	const timeScale = options.timeScale ?? 1;
	if (!(timeScale > 0)) throw new Error('timeScale must be a positive number');
	if (options.jobMs !== undefined && !(options.jobMs > 0)) throw new Error('jobMs must be a positive number');
	if (options.advertisedLimits === 'unlimited' && options.rateLimits !== false) throw new Error('advertisedLimits "unlimited" needs rateLimits: false');
	return {
		port: options.port ?? 0,
		host: options.host ?? '127.0.0.1',
		timeScale,
		clientId: options.clientId ?? 'sandbox-client-id',
		accessToken: options.accessToken ?? 'sandbox-access-token',
		seed: options.seed ?? 1,
		rateLimits: options.rateLimits ?? true,
		remainingRounding: options.remainingRounding ?? 'down',
		advertisedLimits: options.advertisedLimits ?? 'tiers',
		jobMs: options.jobMs ?? JOB_100_ROWS_MS,
		startTime,
		verbose: options.verbose ?? false,
		// every opt-out row belongs to a member (at most 9 each: 8 types + `all`); keep it to about 4 per member
		members: Math.max(options.members ?? DEFAULT_SIZES.members, Math.ceil(optOuts / 4)),
		events: options.events ?? DEFAULT_SIZES.events,
		contentPerType: options.contentPerType ?? DEFAULT_SIZES.contentPerType,
		optOuts,
		feedBacklog: options.feedBacklog,
	};
}

class Runtime implements SandboxRuntime {
	store!: Store;
	clock!: SandboxClock;
	limiter!: RateLimiter;
	readonly faults = new FaultInjector();
	readonly log = new RequestLog();

	constructor(readonly options: ResolvedSandboxOptions) {
		this.reseed();
	}

	get clientId(): string {
		return this.options.clientId;
	}

	reseed(): void {
		const o = this.options;
		this.clock = new SandboxClock(o.timeScale, o.startTime);
		this.store = seedStore(this.clock, o.seed, o);
		this.store.jobs.durationFactor = o.jobMs / JOB_100_ROWS_MS;
		this.limiter = new RateLimiter(o.timeScale, o.rateLimits, undefined, o.remainingRounding, o.advertisedLimits);
		this.faults.clear();
		this.log.clear();
	}
}

const router = new Router(allRoutes);
const MAX_BODY = 5 * 1024 * 1024;

interface Answer {
	status: number;
	body: unknown;
	headers: Record<string, string>;
	contentType?: string;
}

function readBody(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY) {
				reject(new ApiError(413, 'request body too large'));
				req.destroy();
				return;
			}
			chunks.push(chunk);
		});
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

function send(res: ServerResponse, answer: Answer, damage?: Fault['body']): void {
	let payload: string;
	let contentType = answer.contentType ?? 'application/json; charset=utf-8';
	let body = answer.body;
	if (damage === 'no-results' && body && typeof body === 'object' && !Array.isArray(body) && 'results' in body) {
		const rest: Record<string, unknown> = { ...(body as Record<string, unknown>) };
		delete rest.results;
		body = rest;
	}
	payload = typeof body === 'string' ? body : JSON.stringify(body);
	if (damage === 'html') {
		contentType = 'text/html; charset=utf-8';
		payload = `<!DOCTYPE html><html><head><title>${answer.status} Error</title></head><body><h1>${answer.status}</h1><p>The upstream gateway returned an error.</p></body></html>`;
	}
	if (damage === 'truncated') payload = payload.slice(0, Math.max(1, Math.floor(payload.length / 2)));
	res.writeHead(answer.status, { ...answer.headers, 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(payload) });
	res.end(payload);
}

const FAULT_MESSAGES: Record<number, string> = {
	500: 'Internal Server Error',
	502: 'Bad Gateway',
	503: 'Service Unavailable',
	429: 'Too Many Requests',
	400: 'Bad Request',
};

/** An API request, noted as in flight (the request log's `inFlight()`) until it is answered. */
async function handleApi(rt: Runtime, req: IncomingMessage, res: ServerResponse, url: URL, rawBody: string): Promise<void> {
	const done = rt.log.begin({
		time: new Date().toISOString(),
		sandboxTime: rt.clock.iso(),
		method: (req.method ?? 'GET').toUpperCase(),
		path: url.pathname,
		query: new Query(url.searchParams).toJSON(),
	});
	try {
		await answerApi(rt, req, res, url, rawBody);
	} finally {
		done();
	}
}

async function answerApi(rt: Runtime, req: IncomingMessage, res: ServerResponse, url: URL, rawBody: string): Promise<void> {
	const started = performance.now();
	const method = (req.method ?? 'GET').toUpperCase();
	const apiPath = url.pathname.slice(API_PREFIX.length) || '/';
	const store = rt.store;
	const arrival = { time: new Date().toISOString(), sandboxTime: rt.clock.iso() };
	store.tick();
	const match = router.match(method, apiPath);
	const tier: Tier = match?.route.tier ?? 'medium';
	const query = new Query(url.searchParams);
	let body: unknown;
	let bodyInvalid = false;
	if (rawBody.trim()) {
		try {
			body = JSON.parse(rawBody);
		} catch {
			bodyInvalid = true;
		}
	}
	const clientIdHeader = req.headers['x-client-id'];
	const clientId = typeof clientIdHeader === 'string' ? clientIdHeader : '';
	const authHeader = req.headers.authorization ?? '';
	const bearer = /^Bearer\s+(.+)$/i.exec(authHeader)?.[1]?.trim();
	const authenticated = clientId === rt.options.clientId && bearer === rt.options.accessToken;

	const log = (status: number, extra: { fault?: string; rateLimited?: 'burst' | 'daily'; retryAfter?: number } = {}) => {
		const entry = { ...arrival, method, path: url.pathname, query: query.toJSON(), body, status, tier, durationMs: Math.round(performance.now() - started), authenticated, ...extra };
		rt.log.add(entry);
		if (rt.options.verbose) console.log(`${method} ${url.pathname}${url.search} → ${status || 'dropped'} (${tier})`);
	};

	const fault = rt.faults.take(method, url.pathname);
	const faultLabel = fault && [fault.status, fault.delayMs !== undefined && `delay ${fault.delayMs}ms`, fault.body, fault.drop && 'drop', fault.hangUntil !== undefined && 'hang'].filter(Boolean).join(', ');
	if (fault?.hangUntil !== undefined) {
		// Held open, unanswered, while the hang lasts; a client that gives up first is logged as
		// not answered (status 0) when it goes.
		while (rt.faults.holds(fault) && !req.socket.destroyed) await sleep(100);
		if (req.socket.destroyed) {
			log(0, { fault: faultLabel });
			return;
		}
	}
	if (fault?.delayMs) await sleep(fault.delayMs);
	if (fault?.drop) {
		req.socket.destroy();
		log(0, { fault: faultLabel });
		return;
	}
	if (fault?.status) {
		const retryAfterSec = fault.status === 429 ? (fault.retryAfterSec ?? 1) : undefined;
		// An injected 429 finds the bucket as a real refusal does: spent by someone else.
		if (retryAfterSec !== undefined) rt.limiter.refuse(clientId || 'anonymous', tier, retryAfterSec);
		const headers = rt.limiter.peek(clientId || 'anonymous', tier);
		if (retryAfterSec !== undefined) headers['Retry-After'] = String(retryAfterSec);
		if (fault.rateLimitRemaining !== undefined) headers['X-RateLimit-Remaining'] = String(fault.rateLimitRemaining);
		send(res, { status: fault.status, body: { message: fault.message ?? FAULT_MESSAGES[fault.status] }, headers }, fault.body);
		log(fault.status, { fault: faultLabel, retryAfter: retryAfterSec });
		return;
	}

	let answer: Answer;
	let rateLimited: 'burst' | 'daily' | undefined;
	if (!authenticated) {
		answer = {
			status: 401,
			body: { message: 'Unauthorized: missing or invalid x-client-id or bearer token' },
			headers: rt.limiter.peek(clientId || 'anonymous', tier),
		};
	} else {
		const decision = rt.limiter.take(clientId, tier);
		if (!decision.allowed) {
			rateLimited = decision.reason;
			answer = {
				status: 429,
				body: { message: decision.reason === 'daily' ? `Daily quota exceeded for the ${tier} tier` : `Rate limit exceeded for the ${tier} tier` },
				headers: { ...decision.headers, 'Retry-After': decision.retryAfter ?? '1' },
			};
		} else if (!match) {
			answer = { status: 404, body: { message: `No route for ${method} ${API_PREFIX}${apiPath}` }, headers: decision.headers };
		} else if (bodyInvalid) {
			answer = { status: 400, body: { message: 'request body is not valid JSON' }, headers: decision.headers };
		} else {
			try {
				const result = match.route.handler({ store, params: match.params, query, body });
				answer = { status: result.status, body: result.body, headers: decision.headers };
			} catch (error) {
				if (error instanceof ApiError) {
					answer = { status: error.status, body: { message: error.message }, headers: decision.headers };
				} else {
					console.error('sandbox handler error', error);
					answer = { status: 500, body: { message: `sandbox error: ${error instanceof Error ? error.message : String(error)}` }, headers: decision.headers };
				}
			}
		}
	}
	send(res, answer, fault?.body);
	const retryAfter = answer.status === 429 ? Number(answer.headers['Retry-After']) : undefined;
	log(answer.status, { fault: faultLabel || undefined, rateLimited, retryAfter });
}

function handleAdmin(admin: SandboxAdmin, req: IncomingMessage, res: ServerResponse, url: URL, rawBody: string): void {
	let answer: Answer;
	try {
		let body: unknown;
		if (rawBody.trim()) {
			try {
				body = JSON.parse(rawBody);
			} catch {
				throw new ApiError(400, 'request body is not valid JSON');
			}
		}
		const result = admin.handle((req.method ?? 'GET').toUpperCase(), url.pathname, body);
		answer = { status: result.status, body: result.body ?? {}, headers: {} };
	} catch (error) {
		const status = error instanceof ApiError ? error.status : 500;
		answer = { status, body: { message: error instanceof Error ? error.message : String(error) }, headers: {} };
	}
	send(res, answer);
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const resolved = resolveOptions(options);
	const rt = new Runtime(resolved);
	const admin = new SandboxAdmin(rt);

	const server = createServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://sandbox.local');
		readBody(req)
			.then((rawBody) => {
				if (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`)) return handleApi(rt, req, res, url, rawBody);
				if (url.pathname === ADMIN_PREFIX || url.pathname.startsWith(`${ADMIN_PREFIX}/`)) return handleAdmin(admin, req, res, url, rawBody);
				return send(res, { status: 404, body: { message: `Not found: use ${API_PREFIX}/… or ${ADMIN_PREFIX}/…` }, headers: {} });
			})
			.catch((error: unknown) => {
				if (res.headersSent || res.destroyed) return;
				const status = error instanceof ApiError ? error.status : 500;
				send(res, { status, body: { message: error instanceof Error ? error.message : String(error) }, headers: {} });
			});
	});
	// Longer than any client keeps an idle connection (undici: 4 s), so a client never sends on one
	// the sandbox has just closed.
	server.keepAliveTimeout = 65_000;

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(resolved.port, resolved.host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	const port = (server.address() as AddressInfo).port;
	const url = `http://${resolved.host}:${port}`;
	let closed: Promise<void> | undefined;
	return {
		url,
		apiUrl: `${url}${API_PREFIX}`,
		port,
		options: resolved,
		admin,
		get store() {
			return rt.store;
		},
		close() {
			closed ??= new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			});
			return closed;
		},
	};
}

export { API_PREFIX, ADMIN_PREFIX };
