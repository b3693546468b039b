import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	IParameterBuilderHint,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { defaultOutput, type OutputSchema } from '../../shared/output/schema';

/**
 * One operation. Most read their parameters for one item and return its output rows
 * (`execute`); batch operations take all input items at once (`executeBatch`).
 */
export type Operation =
	| { execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]> }
	| { executeBatch(this: IExecuteFunctions): Promise<INodeExecutionData[][]> };

/**
 * An operation file (`<op>.operation.ts`): `execute` or `executeBatch`, its fields
 * (`properties`) and the schema of one item of its default output (`output`). It does not name
 * its resource or itself: the resource files it under a key, and that key is its Operation value,
 * what its fields are shown for and the path of its schema file (`<resource>/<key>.json`).
 */
export type OperationModule = Operation & {
	properties: INodeProperties[];
	output: OutputSchema;
};

/** One entry of a resource's operations: its option in the Operation list, and its file. */
export interface OperationEntry {
	name: string;
	description: string;
	/** Its name in the node creator and the default name of a node made from it: short. */
	action: string;
	/**
	 * What an AI agent reads of it as a tool: what it does and when to use it rather than its
	 * neighbours, its main parameters, what it returns and what that costs. The fields of an item
	 * it returns are added from its output schema.
	 */
	toolDescription: string;
	/**
	 * What n8n's AI workflow builder reads of the option (search_nodes lists it under the
	 * operation): when to pick it rather than its neighbours, where a builder would go wrong.
	 */
	builderHint?: IParameterBuilderHint;
	module: OperationModule;
}

/** A resource's option in the Resource list. */
export interface ResourceOption<R extends string> {
	name: string;
	value: R;
	description: string;
}

export interface Resource<R extends string, O extends string> {
	option: ResourceOption<R>;
	/** Each operation's entry by its value (the Operation parameter). */
	operations: { [K in O]: OperationEntry };
	/** The Operation list of the resource, then every operation's fields. */
	properties: INodeProperties[];
}

/**
 * The tool description of an operation: its own words, then the fields of an item of its default
 * output, read from its output schema so that the two cannot disagree.
 */
export function toolDescriptionOf({ toolDescription, module }: OperationEntry): string {
	const fields = Object.keys(defaultOutput(module.output, module.properties).properties ?? {});
	return fields.length ? `${toolDescription} Each item returned has: ${fields.join(', ')}.` : toolDescription;
}

/**
 * Where n8n's tool variant of the node (`communityPlatformTool`, which AI agents and MCP clients
 * use) finds what a tool does: n8n reads the node's `toolDescription` parameter and, when the
 * node has none, makes "<action> in Community Platform" of the operation's short action name.
 * One such parameter per operation, shown only in the tool variant (`@tool`), holds the
 * operation's own description as its default; the user can still edit it there.
 */
function toolDescriptionProperty(resource: string, operation: string, entry: OperationEntry): INodeProperties {
	return {
		displayName: 'Tool Description',
		name: 'toolDescription',
		type: 'string',
		default: toolDescriptionOf(entry),
		typeOptions: { rows: 4 },
		description: 'What the AI agent reads about this tool: what it does, when to use it, its main parameters and what it returns',
		displayOptions: { show: { '@tool': [true], resource: [resource], operation: [operation] } },
	};
}

/**
 * A resource of the action node from its operations, keyed by their values. The key is the one
 * name an operation has: the option's `value` and the display options of its fields are made
 * from it, so they cannot disagree; a default that is not one of the keys fails to compile.
 */
export function defineResource<R extends string, O extends string>(definition: {
	resource: ResourceOption<R>;
	/** The operation preselected in the Operation list. */
	default: NoInfer<O>;
	/** In the order the Operation list shows them (alphabetical by name). */
	operations: Record<O, OperationEntry>;
}): Resource<R, O> {
	const { resource, default: defaultOperation, operations } = definition;
	const entries = Object.entries(operations) as Array<[O, OperationEntry]>;
	const options: INodePropertyOptions[] = entries.map(([value, { name, description, action, builderHint }]) => ({
		name,
		value,
		description,
		action,
		...(builderHint ? { builderHint } : {}),
	}));
	return {
		option: resource,
		operations,
		properties: [
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: [resource.value] } },
				options,
				default: defaultOperation,
			},
			...entries.map(([value, entry]) => toolDescriptionProperty(resource.value, value, entry)),
			...entries.flatMap(([value, { module }]) =>
				updateDisplayOptions({ show: { resource: [resource.value], operation: [value] } }, module.properties),
			),
		],
	};
}
