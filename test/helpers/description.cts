/**
 * The action node's description and the operations it offers, read from it. Free of the node
 * harness (nock, n8n-core), so the editor suite can use it beside a real n8n.
 */
import type { INodeProperties } from 'n8n-workflow';

import { CommunityPlatform } from '../../nodes/CommunityPlatform/CommunityPlatform.node';

export const description = new CommunityPlatform().description;
const { properties } = description;

export type Key = `${string}.${string}`;

export function shownFor(property: INodeProperties, resource: string, operation: string): boolean {
	const show = property.displayOptions?.show ?? {};
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
			for (const option of (property.options ?? []) as Array<{ value: string }>) keys.push(`${resource}.${option.value}`);
		}
	}
	return keys;
}

export const OPERATIONS = nodeOperations();
