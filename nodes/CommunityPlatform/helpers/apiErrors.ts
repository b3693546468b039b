import type { IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** A known API refusal, told to the user with its reason and what to do about it. */
export interface ErrorHint {
	status: number;
	/** Matched against the API's message; without it every message of that status matches. */
	match?: RegExp;
	/** The message the user (and Continue On Fail's `error` field) sees; it keeps the API's reason. */
	message: (apiMessage: string) => string;
	/** What to do about it. */
	description: string;
}

/**
 * Runs one API call and, when it fails with a status and message listed in `hints`, re-throws
 * the error with a message and description that say what happened and how to fix it. Any other
 * error passes through unchanged.
 */
export async function withErrorHints<T>(
	ctx: IExecuteFunctions,
	itemIndex: number,
	hints: ErrorHint[],
	call: () => Promise<T>,
): Promise<T> {
	try {
		return await call();
	} catch (error) {
		// Re-wrapping an n8n error hands back the original unchanged.
		if (!(error instanceof NodeApiError)) throw new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
		const status = Number(error.httpCode);
		const hint = hints.find((h) => h.status === status && (!h.match || h.match.test(error.message)));
		if (!hint) throw new NodeApiError(ctx.getNode(), error as unknown as JsonObject);
		const message = hint.message(error.message);
		throw new NodeApiError(ctx.getNode(), { message, httpCode: String(status) } as JsonObject, {
			message,
			description: hint.description,
			httpCode: String(status),
			itemIndex,
		});
	}
}
