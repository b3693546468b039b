import type { Failure, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { clip, clipQuoted } from './quote';

/** Replaces every occurrence of the secrets in a text, so no error can echo the token. */
export function redact(text: string, secrets: string[]): string {
	return secrets
		.filter((secret) => secret.length >= 4)
		.reduce((out, secret) => out.split(secret).join('[redacted]'), text);
}

/** The title of an HTML page (a proxy's or gateway's error page), if it has one. */
function pageTitle(html: string): string | undefined {
	const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html.slice(0, 10_000))?.[1]?.replace(/\s+/g, ' ').trim();
	return title || undefined;
}

/**
 * What an error answer says, at most 200 characters of it: the API's `{message}`; for an HTML
 * page (a proxy's error page) its title only; for other text its start.
 */
function apiMessage(body: unknown, secrets: string[]): string | undefined {
	if (body && typeof body === 'object' && typeof (body as JsonObject).message === 'string') {
		return clip(redact((body as JsonObject).message as string, secrets));
	}
	if (typeof body === 'string' && body.trim() !== '') {
		const text = redact(body, secrets);
		if (text.trimStart().startsWith('<')) {
			const title = pageTitle(text);
			return title === undefined ? undefined : clip(title);
		}
		return clip(text.trim());
	}
	return undefined;
}

/** A known API refusal of an endpoint, told to the user with its reason and what to do about it. */
export interface ErrorHint {
	status: number;
	/** Matched against the API's message; without it every message of that status matches. */
	match?: RegExp;
	/** The message the user (and Continue On Fail's `error` field) sees; it keeps the API's reason. */
	message: (apiMessage: string) => string;
	/** What to do about it. */
	description: string;
}

export interface ErrorContext {
	node: INode;
	method: string;
	path: string;
	itemIndex?: number;
	/** What was not found, said to the user on a 404 (e.g. "No member has this email"). */
	notFound?: string;
	/** The endpoint's known refusals: the first that matches an error answer rewrites its message and description. */
	hints?: ErrorHint[];
	secrets: string[];
}

const DESCRIPTIONS: Record<number, string> = {
	400: 'The API refused the request as invalid. Check the parameter named in the message.',
	401: 'The client ID or access token was refused. Check both in the Community Platform API credential.',
	403: 'The credential is not allowed to do this. Ask a community admin for the permission.',
	409: 'The request conflicts with the current state of the record. Read the message for what to change.',
};

const FAILURES: Record<number, Failure> = {
	401: { cause: 'credential-invalid' },
	403: { cause: 'credential-invalid' },
	404: { cause: 'configuration-invalid' },
};

/**
 * An API error answer (4xx/5xx) as a NodeApiError carrying the API's own message, or the
 * message and description of the endpoint's hint for it.
 */
export function apiError(ctx: ErrorContext, status: number, body: unknown): NodeApiError {
	const said = apiMessage(body, ctx.secrets);
	const fromJson = typeof body === 'object' && said !== undefined;
	let message = fromJson ? (said as string) : `The API answered with status ${status}${said ? ` (${said})` : ''}`;
	// Said in the message, not only the description: Continue On Fail keeps just the message.
	if (status >= 500 && ctx.method !== 'GET') message += '; whether the change was applied is unknown, so it was not re-sent';
	let description = DESCRIPTIONS[status];
	if (status === 404) description = clipQuoted(ctx.notFound ?? `Nothing was found at ${ctx.method} ${ctx.path}.`);
	if (status >= 500) {
		description =
			ctx.method === 'GET'
				? 'The Community Platform API failed. The read was retried and still failed; try again later.'
				: 'The Community Platform API failed while handling this change. It was not re-sent, so check whether it took effect before running it again.';
	}
	const hint = ctx.hints?.find((h) => h.status === status && (!h.match || h.match.test(message)));
	if (hint) {
		message = hint.message(message);
		description = hint.description;
	}
	return new NodeApiError(ctx.node, { message, httpCode: String(status) } as JsonObject, {
		message,
		description,
		httpCode: String(status),
		itemIndex: ctx.itemIndex,
		failure: status >= 500 ? { cause: 'temporarily-unavailable' } : FAILURES[status],
	});
}

/**
 * Whether a request that failed without an answer left n8n: the HTTP client's own errors
 * (connection refused, reset, timed out, aborted) say so; anything else failed inside n8n
 * before sending (resolving the credential, n8n's expression engine).
 */
export function wasSent(error: unknown): boolean {
	for (let e = error as { cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
		const { isAxiosError, code, request, response } = e as { isAxiosError?: unknown; code?: unknown; request?: unknown; response?: unknown };
		if (isAxiosError === true || request !== undefined || response !== undefined) return true;
		if (typeof code === 'string' && /^E[A-Z]+/.test(code)) return true;
	}
	return false;
}

/**
 * The request failed inside n8n before it was sent (nothing reached the API): named as such,
 * with n8n's reason, and not retried.
 */
export function notSentError(ctx: ErrorContext, error: Error): NodeApiError {
	const reason = clip(redact(error.message || 'unknown error', ctx.secrets));
	const message = `n8n could not send ${ctx.method} ${ctx.path} to the Community Platform API: ${reason}`;
	return new NodeApiError(ctx.node, { message } as JsonObject, {
		message,
		description: 'The request failed inside n8n before it left, so nothing reached the API and it was not retried. Run it again; if it keeps failing, check the credential.',
		itemIndex: ctx.itemIndex,
	});
}

/**
 * The request got no turn before the caller's time limit (a poll on n8n's durable scheduler):
 * the tier's requests queued in this n8n, or a Retry-After, would have made it end later.
 */
export function lateError(ctx: ErrorContext, waitedMs: number): NodeApiError {
	const message = `${ctx.method} ${ctx.path} was not sent: its turn on the rate limit would have come after the poll's time limit (waited ${Math.round(waitedMs / 1000)} s)`;
	return new NodeApiError(ctx.node, { message, httpCode: '429' } as JsonObject, {
		message,
		description: 'Other requests of this n8n to the same rate tier were ahead of it. The next poll tries again; nothing was skipped.',
		itemIndex: ctx.itemIndex,
		failure: { cause: 'rate-limited', retryAfterMs: 0 },
	});
}

/** The request never got an answer (connection refused, reset, timed out). */
export function networkError(ctx: ErrorContext, error: Error & { code?: string }, retried: boolean): NodeApiError {
	const reason = clip(redact(error.message || error.code || 'no answer', ctx.secrets));
	const write = ctx.method !== 'GET';
	const message = write
		? `No answer from the Community Platform API to ${ctx.method} ${ctx.path} (${reason}); whether the change was applied is unknown, so it was not re-sent`
		: `No answer from the Community Platform API to ${ctx.method} ${ctx.path} (${reason})${retried ? ', after retries' : ''}`;
	return new NodeApiError(ctx.node, { message, code: error.code ?? null } as JsonObject, {
		message,
		description: write
			? 'Check in the community whether the change took effect before running this item again.'
			: 'Check the base URL in the credential and that the community is reachable from n8n.',
		itemIndex: ctx.itemIndex,
		failure: { cause: 'temporarily-unavailable' },
	});
}

/**
 * 429s that outlast what we are willing to wait. `refused`: the 429s this request got, and over
 * how long (from its first), when it waited some out before giving up.
 */
export function rateLimitedError(ctx: ErrorContext, retryAfterMs: number, refused?: { times: number; forMs: number }): NodeApiError {
	const seconds = Math.ceil(retryAfterMs / 1000);
	const over = refused && refused.times > 1 ? ` (refused ${refused.times} times in ${Math.round(refused.forMs / 1000)} s)` : '';
	const message = `The Community Platform API is rate limiting ${ctx.method} ${ctx.path}${over}; it asked to wait ${seconds} s`;
	return new NodeApiError(ctx.node, { message, httpCode: '429' } as JsonObject, {
		message,
		description: 'Requests are paced to the API limits, but the limit was still hit (other clients may share it). Try again later.',
		httpCode: '429',
		itemIndex: ctx.itemIndex,
		failure: { cause: 'rate-limited', retryAfterMs },
	});
}

/** The daily quota of a tier is spent: fail at once, naming when it resets. */
export function quotaError(ctx: ErrorContext, tier: string, resetsAt: number): NodeApiError {
	const reset = new Date(resetsAt).toISOString();
	const message = `The daily request quota of the ${tier} tier is used up; it resets at ${reset}`;
	return new NodeApiError(ctx.node, { message, httpCode: '429' } as JsonObject, {
		message,
		description: 'Nothing more can be sent on this tier until the reset (midnight UTC). Run the workflow again after that.',
		httpCode: '429',
		itemIndex: ctx.itemIndex,
		failure: { cause: 'quota-exhausted', resetsAtEpochMs: resetsAt },
	});
}

/**
 * A 2xx answer whose body is not what the API documents. For a write, the API (or a proxy in
 * front of it) said it succeeded, so the change was most likely applied: the message says so,
 * since Continue On Fail keeps only the message, and running the item again could apply it twice.
 */
export function malformedError(ctx: ErrorContext, what: string, body: unknown): NodeApiError {
	const raw = typeof body === 'string' ? body : JSON.stringify(body);
	const excerpt = redact(String(raw ?? '').slice(0, 10_000), ctx.secrets).slice(0, 200);
	const write = ctx.method !== 'GET';
	let message = `Unexpected answer from ${ctx.method} ${ctx.path}: ${what}`;
	if (write) message += '; the API reported success, so the change was most likely applied';
	return new NodeApiError(ctx.node, { message } as JsonObject, {
		message,
		description: write
			? `Check the record in the community before running this item again: running it again may apply the change twice. The API answered: ${excerpt || '(empty body)'}`
			: `The API answered: ${excerpt || '(empty body)'}`,
		itemIndex: ctx.itemIndex,
		failure: { cause: 'temporarily-unavailable' },
	});
}

export function cancelledError(node: INode, itemIndex?: number): NodeOperationError {
	return new NodeOperationError(node, 'The execution was cancelled while waiting for the API', { itemIndex });
}
