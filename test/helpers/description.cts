/**
 * The action node's description, and what the tests walk in it: the operations the node offers,
 * each operation's fields by their paths and labels, and the form (date, limit, email, URL) a
 * field's value must have. Free of the node harness (nock, n8n-core), so the editor suite can use
 * it beside a real n8n.
 */
import type { INodeProperties } from 'n8n-workflow';

import { CommunityPlatform } from '../../nodes/CommunityPlatform/CommunityPlatform.node';
import type { NodeMap } from '../../nodes/CommunityPlatform/actions/resources';

export const description = new CommunityPlatform().description;
const { properties } = description;

/** `resource.operation` of an operation the registry knows: a misspelt one does not compile. */
export type Key = { [R in keyof NodeMap]: `${R}.${NodeMap[R]}` }[keyof NodeMap];

/** Whether the action node shows `property` for this resource and operation (not its AI-tool variant only). */
export function shownFor(property: INodeProperties, resource: string, operation: string): boolean {
	const show = property.displayOptions?.show ?? {};
	if (show['@tool']?.includes(true)) return false;
	const resources = show.resource as string[] | undefined;
	const operations = show.operation as string[] | undefined;
	return Boolean(resources?.includes(resource)) && (!operations || operations.includes(operation));
}

/** resource.operation for every operation the node offers, read from its description. */
function nodeOperations(): Key[] {
	const resourceProperty = properties.find((p) => p.name === 'resource');
	const resources = (resourceProperty?.options ?? []) as Array<{ value: string }>;
	const keys: Key[] = [];
	for (const { value: resource } of resources) {
		for (const property of properties) {
			if (property.name !== 'operation' || !shownFor(property, resource, '')) continue;
			for (const option of (property.options ?? []) as Array<{ value: string }>) keys.push(`${resource}.${option.value}` as Key);
		}
	}
	return keys;
}

export const OPERATIONS = nodeOperations();

/** The parameters of one operation, with collection options as `collection.option`. */
export function fieldsOf(key: Key): Map<string, INodeProperties> {
	const [resource, operation] = key.split('.');
	const fields = new Map<string, INodeProperties>();
	for (const property of properties) {
		if (['resource', 'operation'].includes(property.name) || !shownFor(property, resource, operation)) continue;
		if (!fields.has(property.name)) fields.set(property.name, property);
		if (property.type === 'collection') {
			for (const option of (property.options ?? []) as INodeProperties[]) fields.set(`${property.name}.${option.name}`, option);
		}
	}
	return fields;
}

/** The label the user sees for a parameter path of an operation. */
export function labelOf(key: Key, field: string): string {
	const property = fieldsOf(key).get(field);
	if (!property) throw new Error(`${key} has no parameter "${field}"`);
	return property.displayName;
}

/** Every parameter of every operation, in the description's order, by its path (`fieldsOf`). */
export const FIELDS = OPERATIONS.flatMap((key) => [...fieldsOf(key)].map(([field, property]) => ({ key, field, property })));

/**
 * The form a field's value must have, read from its type, name and locator modes: a date, a
 * limit, an email address (a text field, a comma-separated list of them, or a locator's By Email
 * mode) or a URL. Undefined for a field of no such form.
 */
export type Form = 'date' | 'limit' | 'email' | 'email list' | 'email locator' | 'url';

export function formOf(field: string, property: INodeProperties): Form | undefined {
	const modes = (property.modes ?? []).map((mode) => mode.name);
	if (property.type === 'dateTime') return 'date';
	if (field === 'limit') return 'limit';
	if (property.type === 'string' && /email/i.test(property.name)) return /Addresses$/.test(property.name) ? 'email list' : 'email';
	if (property.type === 'string' && /url$/i.test(property.name)) return 'url';
	if (modes.includes('email')) return 'email locator';
	if (modes.includes('url')) return 'url';
	return undefined;
}
