import type { IDataObject } from 'n8n-workflow';

/**
 * What a 2xx answer of an endpoint must be. An answer of another shape fails the request as a
 * malformed answer, like one that is not JSON, rather than being read as nothing.
 */
export interface Expected {
	/** `list`: a JSON array; `page`: an object with a `results` list; `object`: one record (neither of those). */
	shape: 'list' | 'page' | 'object';
	/** What it holds, named in the error: "a list of clubs", "no "results" list in the feed page". */
	of?: string;
	/** A further check of an answer of the right shape: what is wrong with it, or undefined. */
	check?: (answer: IDataObject) => string | undefined;
}

/** What is wrong with an answer, or undefined when it is what was expected. */
export function shapeProblem(expected: Expected, answer: unknown): string | undefined {
	const record = answer !== null && typeof answer === 'object' && !Array.isArray(answer) ? (answer as IDataObject) : undefined;
	const { shape, of } = expected;
	if (shape === 'list' && !Array.isArray(answer)) return `expected a list${of ? ` of ${of}` : ''}`;
	if (shape === 'page' && !Array.isArray(record?.results)) return `no "results" list in the ${of ?? 'page'}`;
	if (shape === 'object' && (!record || Array.isArray(record.results))) return `expected ${of ?? 'one record'}`;
	return expected.check?.(answer as IDataObject);
}
