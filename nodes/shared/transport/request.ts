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
import type { Pacer } from './rateLimit';
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
	 * Clock time (ms) by which the call must be over: no wait (429, backoff, pacing after a
	 * Retry-After) that would end later is started, and the request's timeout is cut to fit.
	 * The triggers use it to bound a poll.
	 */
	deadline?: number;
	/**
	 * Clock time (ms) by which the request must have had its turn on the tier's pacer; a turn not
	 * come by then is given up (lateError). A request with one is a poll's: it goes ahead of the
	 * action requests queued on its tier (PACE.pollTurns), so that a busy tier cannot push a poll
	 * past its time limit (n8n's budget on the durable scheduler). The triggers set it on every poll.
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
	 * How long one request waits out 429s: no Retry-After is waited that would end more than this
	 * after the request's first 429 (a longer one fails at once, the error says how long it asked).
	 * So an action under a storm of 429s ends within about a minute, answered or with the
	 * rate-limit error, whatever each Retry-After says.
	 */
	rateLimitWaitMs: 60 * 1000,
	/**
	 * 429s answered in a row before giving up: one a second for `rateLimitWaitMs` (a Retry-After
	 * in whole seconds asks at least 1 s), so a server that asks for less cannot make a request
	 * send faster than that.
	 */
	rateLimitRetries: 60,
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
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
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

/** One request: what each of its attempts needs. */
interface Call {
	api: ApiContext;
	req: ApiRequest;
	url: string;
	tier: Tier;
	pacer: Pacer;
	signal?: AbortSignal;
	errors: ErrorContext;
	/** The 429s this request got: when the first came (clock ms), how many, and the last wait asked. */
	refused?: { firstAt: number; times: number; waitMs: number };
}

/** The refusals a rate-limit error names: how many, over how long. */
const refusedSoFar = (call: Call) => call.refused && { times: call.refused.times, forMs: clock.now() - call.refused.firstAt };

/**
 * How one attempt ended: an answer of any status, or none (what the HTTP client threw; `sent`
 * false when it failed inside n8n before the request left).
 */
type Attempt =
	| { status: number; headers: Record<string, unknown>; body: unknown }
	| { status?: undefined; error: Error & { code?: string }; sent: boolean };

/**
 * One attempt: waits its turn on the tier's pacer (failing at once on a spent quota, or when the
 * pacer's pause would pass the deadline or the time this request may spend on 429s), sends the
 * request once, and tells the pacer how it went. A poll's turn (`turnBy`) goes ahead of action
 * requests; a turn that has not come by `turnBy`, or by the end of the 429s' time, is given up.
 */
async function attemptOnce(call: Call): Promise<Attempt> {
	const { api, req, pacer, signal, errors } = call;
	const spentUntil = pacer.quotaSpentUntil();
	if (spentUntil !== undefined) throw quotaError(errors, call.tier, spentUntil);
	const refusedUntil = call.refused && call.refused.firstAt + RETRY_POLICY.rateLimitWaitMs;
	if (pacer.blockedUntilMs > Math.min(req.deadline ?? Infinity, refusedUntil ?? Infinity)) {
		throw rateLimitedError(errors, pacer.blockedUntilMs - clock.now(), refusedSoFar(call));
	}
	const queuedAt = clock.now();
	const late = req.turnBy !== undefined && (refusedUntil === undefined || req.turnBy <= refusedUntil);
	const ticket = await pacer.acquire(signal, late ? req.turnBy : refusedUntil, req.turnBy !== undefined);
	if (!ticket) {
		if (signal?.aborted) throw cancelledError(errors.node, req.itemIndex);
		throw late ? lateError(errors, clock.now() - queuedAt) : rateLimitedError(errors, call.refused?.waitMs ?? 0, refusedSoFar(call));
	}

	const timeout =
		req.deadline === undefined
			? RETRY_POLICY.timeoutMs
			: Math.max(RETRY_POLICY.minTimeoutMs, Math.min(RETRY_POLICY.timeoutMs, req.deadline - clock.now()));
	let response: IN8nHttpFullResponse;
	try {
		response = (await api.helpers.httpRequestWithAuthentication.call(api, CREDENTIAL_TYPE, {
			method: req.method,
			url: call.url,
			body: req.body,
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout,
			abortSignal: signal,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		const sent = wasSent(error);
		if (sent) pacer.lost();
		else pacer.unsent();
		return { error: error as Error & { code?: string }, sent };
	}
	const headers = (response.headers ?? {}) as Record<string, unknown>;
	pacer.observe(headers, ticket, response.statusCode === 429);
	return { status: response.statusCode, headers, body: response.body };
}

/** The error a failed attempt ends the request with, once no retry is left. */
function failureOf(errors: ErrorContext, attempt: Attempt, retried: boolean, waitMs = 0, refused?: { times: number; forMs: number }): Error {
	if (attempt.status === undefined) return networkError(errors, attempt.error, retried);
	if (attempt.status === 429) return rateLimitedError(errors, waitMs, refused);
	const body = typeof attempt.body === 'string' ? safeJson(attempt.body) : attempt.body;
	return apiError(errors, attempt.status, body);
}

/**
 * The one road to the API. Paces the request on its tier, sends it with the credential,
 * waits out 429s, retries reads on 5xx and network errors, and turns every failure into a
 * NodeApiError that carries the API's message and never the token. A path value or an
 * address that cannot be sent is refused first, with a NodeOperationError for the item.
 */
export async function apiRequest<T = unknown>(this: ApiContext, req: ApiRequest): Promise<T> {
	const path = pathText(req.path);
	const query = encodeQuery(req.qs);
	refuseUnsendable(this, req, `${API_PREFIX}${path}${query}`);
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	const baseUrl = normalizeBaseUrl(credentials.baseUrl);
	const tier = tierOf(req.method, path);
	const call: Call = {
		api: this,
		req,
		url: `${baseUrl}${API_PREFIX}${path}${query}`,
		tier,
		pacer: pacerOf(credentials, tier),
		signal: cancelSignal(this),
		errors: errorContext(this, { ...req, path }, credentials.accessToken),
	};

	for (let count = NO_RETRIES; ; ) {
		const attempt = await attemptOnce(call);
		const { status } = attempt;
		if (status !== undefined && status >= 200 && status < 300) return answerOf(call.errors, attempt.body, req.expect) as T;
		if (status === undefined && call.signal?.aborted) throw cancelledError(call.errors.node, req.itemIndex);
		if ('sent' in attempt && !attempt.sent) throw notSentError(call.errors, attempt.error);
		if (status === 429) {
			const quotaResetsAt = call.pacer.quotaSpentUntil();
			if (quotaResetsAt !== undefined) throw quotaError(call.errors, tier, quotaResetsAt);
			call.refused ??= { firstAt: clock.now(), times: 0, waitMs: 0 };
		}
		const decision = decideRetry(
			{
				read: req.method === 'GET',
				status,
				retryAfterMs: status === undefined ? undefined : retryAfterMs(attempt.headers),
				timeLeftMs: req.deadline === undefined ? undefined : req.deadline - clock.now(),
				rateLimitedForMs: call.refused && clock.now() - call.refused.firstAt,
			},
			count,
			RETRY_POLICY,
		);
		const retried = count.failures + count.rateLimited > 0;
		count = decision.count;
		if (call.refused && status === 429) call.refused = { ...call.refused, times: count.rateLimited, waitMs: decision.waitMs ?? 0 };
		if (decision.action === 'fail') throw failureOf(call.errors, attempt, retried, decision.waitMs, refusedSoFar(call));
		if (decision.action === 'paced') {
			// Nobody in the process sends on this tier before the wait is over, this request included.
			call.pacer.rateLimited(clock.now() + decision.waitMs);
		} else if (!(await clock.sleep(decision.waitMs, call.signal))) {
			throw cancelledError(call.errors.node, req.itemIndex);
		}
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
	const { dailyRemaining, dailyResetAt, lastAnswerAt } = pacerOf(await ctx.getCredentials(CREDENTIAL_TYPE), tier).state;
	if (dailyRemaining !== undefined && clock.now() < dailyResetAt) return { remaining: dailyRemaining, resetsAt: dailyResetAt };
	if (lastAnswerAt !== undefined && dailyRemaining === undefined) return 'not said';
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
