import type { IDataObject, IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';

import { clipQuoted } from '../transport/quote';

/** An unset value: undefined, null, an empty string or an empty list. */
function isEmpty(value: unknown): boolean {
	return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Drops keys whose value is empty (unset optional fields). */
function compact(data: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(data).filter(([, value]) => !isEmpty(value)));
}

/**
 * Parses parameters with a zod schema. On failure: a NodeOperationError for the item, naming
 * the field by its label in the node and saying how to fix it. Nothing has been sent yet.
 */
export function parseParameters<S extends z.ZodTypeAny>(
	node: INode,
	schema: S,
	raw: unknown,
	itemIndex: number,
	labels: Record<string, string> = {},
): z.output<S> {
	const result = schema.safeParse(raw);
	if (result.success) return result.data;
	return failParameters(node, issuesOf(result.error, labels), itemIndex);
}

/** What zod found wrong, one line per issue, each naming its field by its label. */
export function issuesOf(error: z.ZodError, labels: Record<string, string> = {}): string[] {
	return error.issues.map((issue) => {
		const key = issue.path.map(String);
		const label = labels[key.join('.')] ?? labels[key[0]] ?? key.join('.');
		return label ? `"${label}" ${issue.message}` : issue.message;
	});
}

export function failParameters(node: INode, issues: string[], itemIndex: number): never {
	const said = issues.map(clipQuoted);
	throw new NodeOperationError(node, `Invalid parameter: ${said[0]}`, {
		itemIndex,
		description: said.length > 1 ? said.join('\n') : 'Fix this parameter; nothing was sent to the API.',
	});
}

/**
 * Reads the given fields of an operation for one item and checks them with `schema`.
 *
 * Each field is read by its name (a hidden one reads as its default); the options of a
 * collection are flattened into the result. Empty values are left out before parsing, and an
 * empty collection option is left out after parsing too (so one that trims to nothing is not
 * sent). A message names the field by its label in the node (`displayName`).
 */
export function readParameters<S extends z.ZodTypeAny>(
	ctx: IExecuteFunctions,
	itemIndex: number,
	properties: INodeProperties[],
	schema: S,
): z.output<S> {
	const raw: IDataObject = {};
	const labels: Record<string, string> = {};
	const options = new Set<string>();
	for (const property of properties) {
		if (property.type === 'notice') continue;
		const value = ctx.getNodeParameter(property.name, itemIndex, property.default);
		if (property.type === 'collection') {
			for (const option of (property.options ?? []) as INodeProperties[]) {
				labels[option.name] = option.displayName;
				options.add(option.name);
			}
			Object.assign(raw, value as IDataObject);
		} else {
			labels[property.name] = property.displayName;
			raw[property.name] = value;
		}
	}
	const parsed = parseParameters(ctx.getNode(), schema, compact(raw), itemIndex, labels);
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return parsed;
	for (const key of Object.keys(parsed as IDataObject)) {
		if (options.has(key) && isEmpty((parsed as IDataObject)[key])) delete (parsed as IDataObject)[key];
	}
	return parsed;
}
