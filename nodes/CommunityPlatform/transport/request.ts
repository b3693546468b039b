import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';

import { clock } from './clock';
import type { ErrorContext } from './errors';
import {
	apiError,
	cancelledError,
	malformedError,
	networkError,
	quotaError,
	rateLimitedError,
} from './errors';
import { numberHeader, pacerFor } from './rateLimit';
import { tierOf } from './tiers';

export const CREDENTIAL_TYPE = 'communityPlatformApi';
export const API_PREFIX = '/public-api/v1';

/** The contexts that may call the API: the action node, its loaders, and the triggers. */
export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path below /public-api/v1, with ids already encoded (use `pathOf`). */
	path: string;
	qs?: IDataObject;
	body?: IDataObject | IDataObject[];
	itemIndex?: number;
	/** Said to the user when the API answers 404. */
	notFound?: string;
}

/** How hard the transport tries. Exported so tests and the README quote the same numbers. */
export const RETRY_POLICY = {
	/** Extra attempts for a GET after a 5xx, a timeout or a dropped connection. */
	readRetries: 3,
	/** First backoff; doubles per attempt. */
	backoffMs: 1000,
	maxBackoffMs: 8000,
	/** 429s answered in a row before giving up. */
	rateLimitRetries: 8,
	/** A Retry-After longer than this is not waited out: the error says when to try again. */
	maxRetryAfterMs: 5 * 60 * 1000,
	/** Per-request timeout. */
	timeoutMs: 60 * 1000,
};

/** The credential's base URL without trailing slashes or an included /public-api/v1. */
export function normalizeBaseUrl(raw: unknown): string {
	return String(raw ?? '')
		.trim()
		.replace(/\/+$/, '')
		.replace(/\/public-api\/v1$/i, '');
}

/** Builds a path from literal segments and values, percent-encoding each value. */
export function pathOf(strings: TemplateStringsArray, ...values: Array<string | number>): string {
	return strings.reduce(
		(out, part, i) => out + part + (i < values.length ? encodeURIComponent(String(values[i])) : ''),
		'',
	);
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

/** The credential's secrets, for errors raised outside apiRequest that quote an answer. */
export async function secretsOf(ctx: ApiContext): Promise<string[]> {
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	return [String(credentials.accessToken ?? '')];
}

function cancelSignal(ctx: ApiContext): AbortSignal | undefined {
	const withSignal = ctx as { getExecutionCancelSignal?: () => AbortSignal | undefined };
	return typeof withSignal.getExecutionCancelSignal === 'function'
		? withSignal.getExecutionCancelSignal()
		: undefined;
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

/**
 * The one road to the API. Paces the request on its tier, sends it with the credential,
 * waits out 429s, retries reads on 5xx and network errors, and turns every failure into a
 * NodeApiError that carries the API's message and never the token.
 */
export async function apiRequest<T = unknown>(this: ApiContext, req: ApiRequest): Promise<T> {
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	const baseUrl = normalizeBaseUrl(credentials.baseUrl);
	const clientId = String(credentials.clientId ?? '');
	const tier = tierOf(req.method, req.path);
	const pacer = pacerFor(baseUrl, clientId, tier);
	const signal = cancelSignal(this);
	const ctx: ErrorContext = {
		node: this.getNode(),
		method: req.method,
		path: req.path,
		itemIndex: req.itemIndex,
		notFound: req.notFound,
		secrets: [String(credentials.accessToken ?? '')],
	};
	const isRead = req.method === 'GET';
	let failures = 0;
	let rateLimited = 0;

	const backoff = async (hint?: number) => {
		const wait = hint ?? Math.min(RETRY_POLICY.backoffMs * 2 ** (failures - 1), RETRY_POLICY.maxBackoffMs);
		if (!(await clock.sleep(wait, signal))) throw cancelledError(ctx.node, req.itemIndex);
	};

	for (;;) {
		const spentUntil = pacer.quotaSpentUntil();
		if (spentUntil !== undefined) throw quotaError(ctx, tier, spentUntil);
		if (!(await pacer.acquire(signal))) throw cancelledError(ctx.node, req.itemIndex);

		let response: IN8nHttpFullResponse;
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, {
				method: req.method,
				url: `${baseUrl}${API_PREFIX}${req.path}${encodeQuery(req.qs)}`,
				body: req.body,
				json: true,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				timeout: RETRY_POLICY.timeoutMs,
				abortSignal: signal,
			})) as IN8nHttpFullResponse;
		} catch (error) {
			if (signal?.aborted) throw cancelledError(ctx.node, req.itemIndex);
			failures++;
			if (isRead && failures <= RETRY_POLICY.readRetries) {
				await backoff();
				continue;
			}
			throw networkError(ctx, error as Error & { code?: string });
		}

		const headers = (response.headers ?? {}) as Record<string, unknown>;
		pacer.observe(headers);
		const status = response.statusCode;
		if (status >= 200 && status < 300) return parseBody(ctx, response.body) as T;

		const body = typeof response.body === 'string' ? safeJson(response.body) : response.body;
		if (status === 429) {
			const quotaResetsAt = pacer.quotaSpentUntil();
			if (quotaResetsAt !== undefined) throw quotaError(ctx, tier, quotaResetsAt);
			const wait = retryAfterMs(headers) ?? RETRY_POLICY.backoffMs;
			rateLimited++;
			if (wait > RETRY_POLICY.maxRetryAfterMs || rateLimited > RETRY_POLICY.rateLimitRetries) {
				throw rateLimitedError(ctx, wait);
			}
			pacer.blockUntil(clock.now() + wait);
			continue;
		}
		if (status >= 500 && isRead && failures < RETRY_POLICY.readRetries) {
			failures++;
			await backoff(retryAfterMs(headers));
			continue;
		}
		throw apiError(ctx, status, body);
	}
}

function safeJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return { message: text.slice(0, 200) };
	}
}
