import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
	NodeApiError,
} from 'n8n-workflow';

import { NodeOperationError } from 'n8n-workflow';

import { PASTED_API_PATH, TRAILING_SLASHES } from '../../../credentials/CommunityPlatformApi.credentials';

import { clock } from './clock';
import type { ErrorContext, ErrorHint } from './errors';
import {
	apiError,
	cancelledError,
	lateError,
	malformedError,
	networkError,
	notSentError,
	quotaError,
	rateLimitedError,
	wasSent,
} from './errors';
import type { ApiPath } from './path';
import { CheckedPath, pathText } from './path';
import { clip } from './quote';
import type { Pacer, Ticket } from './rateLimit';
import { numberHeader, pacerFor } from './rateLimit';
import { NO_RETRIES, decideRetry } from './retry';
import type { Expected } from './shape';
import { shapeProblem } from './shape';
import type { Tier } from './tiers';
import { tierOf } from './tiers';

export { pathOf } from './path';

export const CREDENTIAL_TYPE = 'communityPlatformApi';
export const API_PREFIX = '/public-api/v1';

/** The contexts that may call the API: the action node, its loaders, and the triggers. */
export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path below /public-api/v1: a fixed endpoint, or one built by `pathOf` (values checked and encoded). */
	path: ApiPath;
	qs?: IDataObject;
	body?: IDataObject | IDataObject[];
	itemIndex?: number;
	/** Said to the user when the API answers 404. */
	notFound?: string;
	/** The shape a 2xx answer must have; without it any JSON is accepted. */
	expect?: Expected;
	/** The endpoint's known refusals, told with what to do about them. */
	hints?: ErrorHint[];
	/**
	 * Clock time (ms) by which the call must be over: no wait (a 429's Retry-After, a backoff) that
	 * would end later is started, and the request's timeout is cut to fit.
	 * The triggers use it to bound a poll.
	 */
	deadline?: number;
	/**
	 * Clock time (ms) by which the request must have had its turn on the tier's pacer; a turn not
	 * come by then is given up (lateError). A request with one is a poll's: it goes ahead of the
	 * action requests queued on its tier (every other turn at most while they wait), so that a busy
	 * tier cannot push a poll past its time limit. The triggers set it on every poll.
	 */
	turnBy?: number;
}

/** How hard the transport tries. Exported so tests and the README quote the same numbers. */
export const RETRY_POLICY = {
	/** Extra attempts for a GET after a 5xx, a timeout or a dropped connection. */
	readRetries: 3,
	/** First backoff; doubles per attempt. */
	backoffMs: 1000,
	maxBackoffMs: 8000,
	/**
	 * How long one action (an execution of the node, a poll) waits out 429s in all: no Retry-After
	 * is waited that would end more than this after the action's first 429 (see Storm). So an
	 * action under a storm of 429s ends within about a minute, answered or with the rate-limit error.
	 */
	rateLimitWaitMs: 60 * 1000,
	/** 429s one request waits out at most: a server that asks for no wait cannot make it send without end. */
	rateLimitRetries: 60,
	/**
	 * After a 429 the request goes again when its Retry-After ends plus, at random, up to this
	 * share of it and never more than `jitterMs`: processes refused together do not all come back
	 * at the same instant, and a tier is not left idle for long after a short Retry-After.
	 */
	jitterShare: 0.1,
	jitterMs: 250,
	/** Per-request timeout. */
	timeoutMs: 60 * 1000,
	/**
	 * The shortest timeout a request near its deadline gets: a poll whose turn on the pacer came
	 * late (queued behind other executions) still gives the API time to answer. n8n's durable
	 * scheduler allows 9 s past the budget a poll's deadline is set to.
	 */
	minTimeoutMs: 5 * 1000,
	/** Longest address sent; a longer one is refused before sending (it can never succeed). */
	maxUrlLength: 8000,
};

/** The credential's base URL without trailing slashes or an included /public-api/v1. */
export function normalizeBaseUrl(raw: unknown): string {
	return String(raw ?? '')
		.trim()
		.replace(TRAILING_SLASHES, '')
		.replace(PASTED_API_PATH, '');
}

/**
 * Encodes a query string. Every value is percent-encoded, so an email's `+` travels as %2B
 * (a raw `+` would reach the API as a space). Empty values are left out.
 */
export function encodeQuery(qs: IDataObject = {}): string {
	const parts: string[] = [];
	for (const [key, value] of Object.entries(qs)) {
		if (value === undefined || value === null || value === '') continue;
		const text = Array.isArray(value) ? value.join(',') : String(value);
		parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
	}
	return parts.length ? `?${parts.join('&')}` : '';
}

/** What the errors of a request name and must not echo. */
function errorContext(ctx: ApiContext, req: Omit<ApiRequest, 'path'> & { path: string }, accessToken: unknown): ErrorContext {
	return {
		node: ctx.getNode(),
		method: req.method,
		path: req.path,
		itemIndex: req.itemIndex,
		notFound: req.notFound,
		hints: req.hints,
		secrets: [String(accessToken ?? '')],
	};
}

/**
 * The malformed-answer error of a request, for parts of an answer checked after it was read
 * (a feed's rows, as they are processed): the same error a wrongly shaped answer raises.
 */
export async function malformedAnswerOf(
	ctx: ApiContext,
	req: Pick<ApiRequest, 'method' | 'path' | 'itemIndex'>,
): Promise<(what: string, body: unknown) => NodeApiError> {
	const credentials = await credentialOf(ctx);
	const errors = errorContext(ctx, { ...req, path: pathText(req.path) }, credentials.accessToken);
	return (what, body) => malformedError(errors, what, body);
}

function cancelSignal(ctx: ApiContext): AbortSignal | undefined {
	const withSignal = ctx as { getExecutionCancelSignal?: () => AbortSignal | undefined };
	return typeof withSignal.getExecutionCancelSignal === 'function'
		? withSignal.getExecutionCancelSignal()
		: undefined;
}

/**
 * Parses a 2xx body; an answer that is not JSON, or not of the expected shape, fails, saying
 * what a write most likely did.
 */
function answerOf(ctx: ErrorContext, body: unknown, expected?: Expected): unknown {
	const answer = parseBody(ctx, body);
	const problem = expected && shapeProblem(expected, answer);
	if (problem) throw malformedError(ctx, problem, answer);
	return answer;
}

function parseBody(ctx: ErrorContext, body: unknown): unknown {
	if (typeof body !== 'string') return body ?? {};
	if (body.trim() === '') return {};
	try {
		return JSON.parse(body);
	} catch {
		const what = body.trimStart().startsWith('<') ? 'an HTML page instead of JSON' : 'a body that is not valid JSON';
		throw malformedError(ctx, what, body);
	}
}

function retryAfterMs(headers: Record<string, unknown>): number | undefined {
	const seconds = numberHeader(headers, 'retry-after');
	return seconds === undefined ? undefined : Math.max(0, seconds * 1000);
}

/** Throws a NodeOperationError naming the field when a value of the path cannot be sent. */
export function assertSendablePath(ctx: ApiContext, path: ApiPath, itemIndex?: number) {
	if (path instanceof CheckedPath && path.problem) {
		throw new NodeOperationError(ctx.getNode(), `Invalid parameter: ${path.problem}`, {
			itemIndex,
			description: 'Fix this parameter; nothing was sent to the API.',
		});
	}
}

/** Refuses, before anything is sent, a path whose values cannot be sent or an address too long to succeed. */
function refuseUnsendable(ctx: ApiContext, req: ApiRequest, url: string) {
	assertSendablePath(ctx, req.path, req.itemIndex);
	if (url.length <= RETRY_POLICY.maxUrlLength) return;
	const [key, value] = Object.entries(req.qs ?? {})
		.map(([name, v]) => [name, encodeQuery({ [name]: v })] as const)
		.sort((a, b) => b[1].length - a[1].length)[0] ?? ['', ''];
	throw new NodeOperationError(ctx.getNode(), `The request is too long to send (${url.length} characters, at most ${RETRY_POLICY.maxUrlLength})`, {
		itemIndex: req.itemIndex,
		description: key
			? `The value sent as "${clip(key, 50)}" is ${value.length} characters long: shorten it. Nothing was sent to the API.`
			: 'Shorten the values of the parameters. Nothing was sent to the API.',
	});
}

/**
 * The runs of 429s of the action each context is running now, per tier. An action is an
 * execution of the node, a poll or a loader call: `execute()` and every poll start a new one
 * (startAction), so a context n8n uses for several polls (its legacy scheduler keeps one per
 * activation) bounds each poll on its own.
 */
const storms = new WeakMap<object, Partial<Record<Tier, Storm>>>();

/** Starts a new action on `ctx`: no 429 it met before counts against the bound (Storm) from here on. */
export function startAction(ctx: ApiContext) {
	storms.delete(ctx);
	actionCredentials.delete(ctx);
}

/**
 * The credential of the action each context is running now, read once per action and handed to
 * n8n's request helper with each request (its `credentialsDecrypted` option). Without it every
 * request reads the credential again, and n8n 2.x decrypts it, for a context without run data (a
 * poll, a loader), in a new expression isolate each time: 200 reads in a first poll of 100 pages,
 * a fifth of the poll's memory (docs/performance.md#memory). A new action reads it afresh, so an
 * edited credential counts from the next poll or execution on.
 */
const actionCredentials = new WeakMap<object, Promise<ICredentialDataDecryptedObject>>();

function credentialOf(ctx: ApiContext): Promise<ICredentialDataDecryptedObject> {
	let read = actionCredentials.get(ctx);
	if (!read) {
		read = ctx.getCredentials(CREDENTIAL_TYPE);
		actionCredentials.set(ctx, read);
		read.catch(() => actionCredentials.delete(ctx));
	}
	return read;
}

/**
 * The run of 429s an action has met on a tier: when the first came (a 429 answered to one of its
 * requests, or a Retry-After pause that held one back). An answer on the tier that is not a 429
 * ends it. No request of the action waits out a 429 that would end more than
 * RETRY_POLICY.rateLimitWaitMs after the first, whatever item or request it is.
 */
export class Storm {
	since: number | undefined;

	/** Whether a wait until `until` ends within the bound; the first wait asked for starts the run. */
	allows(until: number): boolean {
		this.since ??= clock.now();
		return until <= this.since + RETRY_POLICY.rateLimitWaitMs;
	}
}

function stormOf(ctx: ApiContext, tier: Tier): Storm {
	let ofTiers = storms.get(ctx);
	if (!ofTiers) storms.set(ctx, (ofTiers = {}));
	return (ofTiers[tier] ??= new Storm());
}

/**
 * How one attempt ended: an answer of any status, or none (what the HTTP client threw; `sent`
 * false when it failed inside n8n before the request left).
 */
type Attempt =
	| { status: number; headers: Record<string, unknown>; body: unknown }
	| { status?: undefined; error: Error & { code?: string }; sent: boolean };

/** One attempt: sends the request once, and tells the pacer how it went. */
async function send(api: ApiContext, req: ApiRequest, url: string, data: ICredentialDataDecryptedObject, pacer: Pacer, ticket: Ticket, signal?: AbortSignal): Promise<Attempt> {
	const timeout =
		req.deadline === undefined
			? RETRY_POLICY.timeoutMs
			: Math.max(RETRY_POLICY.minTimeoutMs, Math.min(RETRY_POLICY.timeoutMs, req.deadline - clock.now()));
	const chosen = api.getNode().credentials?.[CREDENTIAL_TYPE];
	const credential = { id: chosen?.id ?? '', name: chosen?.name ?? '', type: CREDENTIAL_TYPE, data };
	let response: IN8nHttpFullResponse;
	try {
		response = (await api.helpers.httpRequestWithAuthentication.call(api, CREDENTIAL_TYPE, {
			method: req.method,
			url,
			body: req.body,
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout,
			abortSignal: signal,
		}, { credentialsDecrypted: credential })) as IN8nHttpFullResponse;
	} catch (error) {
		const sent = wasSent(error);
		pacer.noAnswer(sent);
		return { error: error as Error & { code?: string }, sent };
	}
	const headers = (response.headers ?? {}) as Record<string, unknown>;
	pacer.observe(headers, ticket);
	return { status: response.statusCode, headers, body: response.body };
}

/** The error a failed attempt ends the request with, once no retry is left. */
function failureOf(errors: ErrorContext, attempt: Attempt, retried: boolean): Error {
	if (attempt.status === undefined) return networkError(errors, attempt.error, retried);
	const body = typeof attempt.body === 'string' ? safeJson(attempt.body) : attempt.body;
	return apiError(errors, attempt.status, body);
}

/**
 * The one road to the API. Paces the request on its tier, sends it with the credential,
 * waits out 429s, retries reads on 5xx and network errors, and turns every failure into a
 * NodeApiError that carries the API's message and never the token. A path value or an
 * address that cannot be sent is refused first, with a NodeOperationError for the item.
 *
 * After a 429 the request goes again when its Retry-After ends (plus a little jitter), first in
 * its tier's queue, unless that would end past the action's bound (Storm), after
 * `rateLimitRetries` 429s, or past `deadline`. A poll's turn (`turnBy`) goes ahead of action
 * requests; a turn not come by `turnBy` is given up.
 */
export async function apiRequest<T = unknown>(this: ApiContext, req: ApiRequest): Promise<T> {
	const path = pathText(req.path);
	const query = encodeQuery(req.qs);
	refuseUnsendable(this, req, `${API_PREFIX}${path}${query}`);
	const credentials = await credentialOf(this);
	const tier = tierOf(req.method, path);
	const url = `${normalizeBaseUrl(credentials.baseUrl)}${API_PREFIX}${path}${query}`;
	const pacer = pacerOf(credentials, tier);
	const signal = cancelSignal(this);
	const errors = errorContext(this, { ...req, path }, credentials.accessToken);
	const storm = stormOf(this, tier);
	const mayWaitUntil = (until: number) => until <= (req.deadline ?? Infinity) && storm.allows(until);
	const refusals = { times: 0, firstAt: 0 };
	const refusedSoFar = () => (refusals.times > 0 ? { times: refusals.times, forMs: clock.now() - refusals.firstAt } : undefined);

	for (let count = NO_RETRIES, retry = false; ; ) {
		const spentUntil = pacer.quotaSpentUntil();
		if (spentUntil !== undefined) throw quotaError(errors, tier, spentUntil);
		const queuedAt = clock.now();
		const turn = await pacer.acquire({ signal, by: req.turnBy, poll: req.turnBy !== undefined, retry, mayWaitUntil });
		if (turn === 'cancelled') throw cancelledError(errors.node, req.itemIndex);
		if (turn === 'late') throw lateError(errors, clock.now() - queuedAt);
		if (turn === 'rate-limited') throw rateLimitedError(errors, pacer.state.blockedUntil - clock.now(), refusedSoFar());

		const attempt = await send(this, req, url, credentials, pacer, turn, signal);
		const { status } = attempt;
		if (status !== 429 && status !== undefined) storm.since = undefined;
		if (status !== undefined && status >= 200 && status < 300) return answerOf(errors, attempt.body, req.expect) as T;
		if (status === undefined && signal?.aborted) throw cancelledError(errors.node, req.itemIndex);
		if ('sent' in attempt && !attempt.sent) throw notSentError(errors, attempt.error);
		const retried = refusals.times + count.failures > 0;
		retry = status === 429;
		if (status === 429) {
			const quotaResetsAt = pacer.quotaSpentUntil();
			if (quotaResetsAt !== undefined) throw quotaError(errors, tier, quotaResetsAt);
			if (refusals.times++ === 0) refusals.firstAt = clock.now();
			const waitMs = retryAfterMs(attempt.headers) ?? RETRY_POLICY.backoffMs;
			const until = clock.now() + waitMs + Math.random() * Math.min(RETRY_POLICY.jitterMs, waitMs * RETRY_POLICY.jitterShare);
			// Nobody in the process sends on this tier before the Retry-After ends, this request included.
			pacer.rateLimited(until);
			if (refusals.times > RETRY_POLICY.rateLimitRetries || !mayWaitUntil(until)) throw rateLimitedError(errors, waitMs, refusedSoFar());
			continue;
		}
		const decision = decideRetry(
			{ read: req.method === 'GET', status, retryAfterMs: status === undefined ? undefined : retryAfterMs(attempt.headers), timeLeftMs: req.deadline === undefined ? undefined : req.deadline - clock.now() },
			count,
			RETRY_POLICY,
		);
		if (decision.action === 'fail') throw failureOf(errors, attempt, retried);
		count = decision.count;
		if (!(await clock.sleep(decision.waitMs, signal))) throw cancelledError(errors.node, req.itemIndex);
	}
}

/** The process's pacer of a tier for a credential (its base URL and client id). */
function pacerOf(credentials: ICredentialDataDecryptedObject, tier: Tier): Pacer {
	return pacerFor(normalizeBaseUrl(credentials.baseUrl), String(credentials.clientId ?? ''), tier);
}

/** A tier's daily quota: the requests left today, and when it resets (epoch ms). */
export interface DailyQuota {
	remaining: number;
	resetsAt: number;
}

/**
 * What this n8n process last heard of a tier's daily quota (X-RateLimit-Daily-Remaining and
 * -Reset on the tier's latest answer); 'not said' when the tier's answers since the last reset
 * carried no such headers; undefined when the tier has not answered since the last reset.
 */
export async function knownDailyQuota(ctx: ApiContext, tier: Tier): Promise<DailyQuota | 'not said' | undefined> {
	const { daily, lastAnswerAt } = pacerOf(await credentialOf(ctx), tier).state;
	if (daily !== undefined && clock.now() < daily.resetsAt) return daily;
	if (lastAnswerAt !== undefined && daily === undefined) return 'not said';
	return undefined;
}

/** An error body as JSON, or the raw text (an HTML page, a proxy's message) for apiError to summarise. */
function safeJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}
