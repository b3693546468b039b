/**
 * JSON Schema of one output item, as n8n reads it from a node's `__schema__` folder: the editor
 * shows its fields before the node has run, and n8n's AI builder looks it up. Each operation and
 * each trigger declares the schema of its default output (Simplify on, where it has it) with
 * these builders; the build writes them to `dist/nodes/<Node>/__schema__/v<version>/`.
 *
 * Every object lists which of its fields are always there (`required`); a field the spec calls
 * optional, or one the tenant's visibility settings may omit, is not.
 */
import type { INodeProperties } from 'n8n-workflow';

export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';

export interface JsonSchema {
	/** A nullable field is `[type, 'null']`: n8n's editor shows the first. */
	type: JsonType | [JsonType, 'null'];
	description?: string;
	format?: 'date-time' | 'date' | 'email' | 'uri';
	enum?: ReadonlyArray<string | number | boolean | null>;
	properties?: Record<string, JsonSchema>;
	required?: string[];
	items?: JsonSchema;
	/** An object whose keys are not known in advance (a map), by the schema of its values. */
	additionalProperties?: JsonSchema;
}

const leaf =
	(type: JsonType, format?: JsonSchema['format']) =>
	(description?: string): JsonSchema => ({ type, ...(format && { format }), ...(description && { description }) });

export const string = leaf('string');
export const integer = leaf('integer');
export const number = leaf('number');
export const boolean = leaf('boolean');
/** An ISO 8601 timestamp. */
export const dateTime = leaf('string', 'date-time');
/** A calendar day, YYYY-MM-DD. */
export const date = leaf('string', 'date');
export const email = leaf('string', 'email');
export const url = leaf('string', 'uri');

/** The message an API answer carries for what it did. */
export const apiMessage = string("The API's message");

/** A string that is one of `values`. */
export function oneOf(values: readonly string[], description?: string): JsonSchema {
	return { type: 'string', enum: [...values], ...(description && { description }) };
}

/** The same field, or null. */
export function nullable(schema: JsonSchema): JsonSchema {
	const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
	return { ...schema, type: [type, 'null'], ...(schema.enum && { enum: [...schema.enum, null] }) };
}

/** A list of `items`. */
export function list(items: JsonSchema, description?: string): JsonSchema {
	return { type: 'array', items, ...(description && { description }) };
}

/** A map from keys not known in advance to values of one schema. */
export function map(values: JsonSchema, description?: string): JsonSchema {
	return { type: 'object', additionalProperties: values, ...(description && { description }) };
}

/** An object with these fields, of which `required` are always there. */
export function object(
	properties: Record<string, JsonSchema>,
	required: readonly string[] = [],
	description?: string,
): JsonSchema {
	for (const key of required) if (!(key in properties)) throw new Error(`required field "${key}" is not a property`);
	return { type: 'object', properties, ...(required.length && { required: [...required] }), ...(description && { description }) };
}

/** The object with only `keys`, in that order (what Simplify keeps). */
export function pick(schema: JsonSchema, keys: readonly string[]): JsonSchema {
	const properties: Record<string, JsonSchema> = {};
	for (const key of keys) {
		const field = schema.properties?.[key];
		if (!field) throw new Error(`the schema has no field "${key}" to keep`);
		properties[key] = field;
	}
	return object(properties, (schema.required ?? []).filter((key) => keys.includes(key)), schema.description);
}

/** The object with more fields (`required` among them are always there). */
export function extend(schema: JsonSchema, properties: Record<string, JsonSchema>, required: readonly string[] = []): JsonSchema {
	return object({ ...schema.properties, ...properties }, [...(schema.required ?? []), ...required], schema.description);
}

/**
 * What an operation or a trigger declares of its output: one schema, or one made from the
 * parameters that shape the output (Simplify, a content type, Wait for Completion), each read
 * as `parameter(name)`. The build writes the schema for the parameters' defaults.
 */
export type OutputSchema = JsonSchema | ((parameter: (name: string) => unknown) => JsonSchema);

/** The schema of the output for these parameter values. */
export function outputFor(output: OutputSchema, parameter: (name: string) => unknown): JsonSchema {
	return typeof output === 'function' ? output(parameter) : output;
}

/** A parameter's default among `properties` (the first field of that name, as n8n shows it by default). */
export function defaultsOf(properties: INodeProperties[]): (name: string) => unknown {
	return (name) => properties.find((property) => property.name === name)?.default;
}

/** The schema of the default output of an operation or trigger that declares `output` over `properties`. */
export function defaultOutput(output: OutputSchema, properties: INodeProperties[]): JsonSchema {
	return outputFor(output, defaultsOf(properties));
}
