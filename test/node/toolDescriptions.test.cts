/**
 * What an AI agent or MCP client reads of every operation of the action node as a tool. n8n
 * makes the tool variant of the node (communityPlatformTool) and describes a tool node with its
 * `toolDescription` parameter, or with "<action> in Community Platform" when it has none. Here the
 * tool variant is built as n8n builds it, each operation's parameters are resolved with n8n's own
 * getNodeParameters, and n8n's getToolDescriptionForNode gives what the agent reads: the
 * operation's own text, followed by the fields of an item of its output.
 */
import { NodeHelpers } from 'n8n-workflow';

import { toolDescriptionOf } from '../../nodes/CommunityPlatform/actions/operation';
import { OPERATIONS, description } from '../helpers/description.cjs';
import { agentReads, entryOf, nodeOf, outputFields, packageText, toolVariant } from '../helpers/toolDescriptions.cjs';
import { RESOURCES } from '../../nodes/CommunityPlatform/actions/resources';

const tool = toolVariant(description);
const split = (key: string) => key.split('.') as [string, string];

describe('the tool variant of the action node, as n8n makes it', () => {
	it("has the node's own Tool Description parameters, so n8n adds none (no descriptionType, no toolDescription of its own)", () => {
		expect(tool.name).toBe('communityPlatformTool');
		const names = tool.properties.map((p) => p.name);
		expect(names).toContain('toolDescription');
		expect(names).not.toContain('descriptionType');
		expect(tool.properties.filter((p) => p.name === 'toolDescription')).toHaveLength(OPERATIONS.length);
		expect(tool.properties.filter((p) => p.name === 'toolDescription').every((p) => p.displayOptions?.show?.['@tool']?.[0] === true)).toBe(true);
	});

	it('every operation has an entry in the registry', () => {
		expect(OPERATIONS.length).toBe(40);
		const registered = RESOURCES.flatMap(({ option, operations }) => Object.keys(operations).map((key) => `${option.value}.${key}`));
		expect(registered.sort()).toEqual([...OPERATIONS].sort());
	});
});

describe.each(OPERATIONS)('%s as a tool', (key) => {
	const [resource, operation] = split(key);
	const entry = entryOf(resource, operation);
	const read = agentReads(tool, resource, operation);

	it("is described by the operation's own text and the fields of its output", () => {
		expect(read).toBe(toolDescriptionOf(entry));
		expect(read).toBe(packageText(resource, operation));
		expect(entry.toolDescription.trim().length).toBeGreaterThan(80);
	});

	it("is not n8n's generic description made of the action name", () => {
		expect(read).not.toBe(`${entry.action} in Community Platform`);
		expect(read).not.toMatch(/ in Community Platform\.?$/);
	});

	it('names what comes back: the fields of an item of its output', () => {
		const fields = outputFields(resource, operation);
		expect(fields.length).toBeGreaterThan(0);
		expect(read).toContain(` Each item returned has: ${fields.join(', ')}.`);
	});

	it('only in the tool variant: the regular node has no Tool Description parameter', () => {
		expect(nodeOf(tool, resource, operation).parameters.toolDescription).toBe(read);
		expect(nodeOf(description, resource, operation).parameters).not.toHaveProperty('toolDescription');
		const shown = description.properties.filter(
			(p) => p.name === 'toolDescription' && NodeHelpers.displayParameter({ resource, operation }, p, nodeOf(description, resource, operation), description),
		);
		expect(shown).toEqual([]);
		// What n8n would make of it without the parameter: the generic text the tool variant avoids.
		expect(agentReads(description, resource, operation)).toBe(`${entry.action} in Community Platform`);
	});

	it('keeps its short action name for the node creator', () => {
		expect(entry.action.length).toBeLessThanOrEqual(40);
		expect(entry.action).not.toMatch(/\.\s/);
	});
});
