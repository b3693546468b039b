/**
 * The operation registry's compile-time checks, checked by `npm run lint` (tsc over test/): each
 * `@ts-expect-error` below fails the build if its line ever compiles. An operation is named once,
 * by its key in its resource, so its Operation value and the resource and operation its fields
 * show for cannot disagree with it: what is left to get wrong is a default operation the resource
 * does not have, an operation the registry does not know, a file that is not an operation, and an
 * operation without the schema of its output or the text an AI agent reads of it as a tool.
 */
import { defineResource } from '../../nodes/CommunityPlatform/actions/operation';
import type { NodeMap } from '../../nodes/CommunityPlatform/actions/resources';
import * as get from '../../nodes/CommunityPlatform/actions/tag/get.operation';
import * as rename from '../../nodes/CommunityPlatform/actions/tag/rename.operation';
import * as tagName from '../../nodes/CommunityPlatform/actions/tag/name';

const entry = (module: typeof get | typeof rename) => ({ name: 'Op', description: 'An operation', action: 'Do it', toolDescription: 'Does it.', module });

export const tag = defineResource({
	resource: { name: 'Tag', value: 'tag', description: 'Tags' },
	default: 'rename',
	operations: { get: entry(get), rename: entry(rename) },
});

export const misspeltDefault = defineResource({
	resource: { name: 'Tag', value: 'tag', description: 'Tags' },
	// @ts-expect-error a default operation the resource does not have
	default: 'renme',
	operations: { get: entry(get), rename: entry(rename) },
});

export const notAnOperation = defineResource({
	resource: { name: 'Tag', value: 'tag', description: 'Tags' },
	default: 'get',
	// @ts-expect-error a module with neither execute nor executeBatch, and no fields
	operations: { get: { name: 'Get', description: 'Get a tag', action: 'Get a tag', toolDescription: 'Gets a tag.', module: tagName } },
});

export const noToolDescription = defineResource({
	resource: { name: 'Tag', value: 'tag', description: 'Tags' },
	default: 'get',
	// @ts-expect-error an operation without a tool description
	operations: { get: { name: 'Get', description: 'Get a tag', action: 'Get a tag', module: get } },
});

export const noOutputSchema = defineResource({
	resource: { name: 'Tag', value: 'tag', description: 'Tags' },
	default: 'get',
	// @ts-expect-error an operation that does not declare the schema of its output
	operations: { get: { ...entry(get), module: { properties: get.properties, execute: get.execute } } },
});

export const known: NodeMap['tag'] = 'rename';
// @ts-expect-error an operation the registry does not know for a resource
export const unknown: NodeMap['tag'] = 'renme';
// @ts-expect-error a resource the registry does not know
export const unknownResource: NodeMap['tags'] = 'get';
