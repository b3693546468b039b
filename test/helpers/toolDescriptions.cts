/**
 * What an AI agent reads of each operation of the action node as a tool. The package's text is
 * what the registry gives the operation's Tool Description parameter (its own words and the
 * fields of an item of its output); n8n's side is the node's tool variant, built as n8n builds
 * it, and the description n8n makes of a tool node's parameters.
 */
import type { INode, INodeParameters, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes, NodeHelpers, deepCopy } from 'n8n-workflow';

import type { OperationEntry } from '../../nodes/CommunityPlatform/actions/operation';
import { RESOURCES } from '../../nodes/CommunityPlatform/actions/resources';
import { defaultOutput } from '../../nodes/shared/output/schema';

function resourceOf(resource: string) {
	const found = RESOURCES.find((entry) => entry.option.value === resource);
	if (!found) throw new Error(`the registry has no resource "${resource}"`);
	return found;
}

/** An operation's entry in its resource file. */
export function entryOf(resource: string, operation: string): OperationEntry {
	const operations: Record<string, OperationEntry> = resourceOf(resource).operations;
	if (!Object.hasOwn(operations, operation)) throw new Error(`the registry has no operation ${resource}.${operation}`);
	return operations[operation];
}

/** The package's tool description of an operation: the default of its Tool Description parameter. */
export function packageText(resource: string, operation: string): string {
	const property = resourceOf(resource).properties.find(
		(p) => p.name === 'toolDescription' && p.displayOptions?.show?.operation?.includes(operation),
	);
	if (typeof property?.default !== 'string') throw new Error(`${resource}.${operation} has no Tool Description parameter`);
	return property.default;
}

/** The top-level fields of an item of the operation's default output. */
export function outputFields(resource: string, operation: string): string[] {
	const { module } = entryOf(resource, operation);
	return Object.keys(defaultOutput(module.output, module.properties).properties ?? {});
}

/** The sentence that names those fields, as the package appends it. */
export function fieldsSentence(resource: string, operation: string): string {
	return ` Each item returned has: ${outputFields(resource, operation).join(', ')}.`;
}

/**
 * The tool variant of a node's description, as n8n 2.41's convertNodeToAiTool makes it
 * (n8n/dist/tool-generation/ai-tools.js): the name + 'Tool', no inputs, one ai_tool output. That
 * function adds its own Tool Description parameters (descriptionType, toolDescription) only to a
 * node that has no `toolDescription` property; the caller asserts this node has one.
 */
export function toolVariant(description: INodeTypeDescription): INodeTypeDescription {
	const tool = deepCopy(description);
	tool.name += 'Tool';
	tool.inputs = [];
	tool.outputs = [NodeConnectionTypes.AiTool];
	tool.displayName += ' Tool';
	delete tool.usableAsTool;
	return tool;
}

/**
 * A node of this type set to a resource and operation, with its parameters as n8n resolves them
 * when it loads a workflow (n8n-workflow's Workflow: getNodeParameters with the defaults, the
 * node and its type, so that '@tool' display options resolve).
 */
export function nodeOf(type: INodeTypeDescription, resource: string, operation: string): INode {
	const node: INode = {
		id: `${resource}-${operation}`,
		name: `${resource} ${operation}`,
		type: `n8n-nodes-community-platform.${type.name}`,
		typeVersion: 1,
		position: [0, 0],
		parameters: { resource, operation },
	};
	node.parameters = NodeHelpers.getNodeParameters(type.properties, node.parameters, true, false, node, type) as INodeParameters;
	return node;
}

/** What an agent reads of the tool: n8n's getToolDescriptionForNode over the node's parameters. */
export function agentReads(type: INodeTypeDescription, resource: string, operation: string): string {
	const nodeType: INodeType = { description: type };
	return NodeHelpers.getToolDescriptionForNode(nodeOf(type, resource, operation), nodeType);
}
