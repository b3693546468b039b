import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

/**
 * One operation. Most read their parameters for one item and return its output rows
 * (`execute`); batch operations take all input items at once (`executeBatch`).
 */
export type Operation =
	| { execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]> }
	| { executeBatch(this: IExecuteFunctions): Promise<INodeExecutionData[][]> };

/** Where an operation's fields show: its resource and its own name, as literal types the registry checks. */
export type ShownFor<R extends string, O extends string> = { show: { resource: [R]; operation: [O] } };

/** An operation file's display options: `updateDisplayOptions(displayOptions, properties)`. */
export function shownFor<R extends string, O extends string>(resource: R, operation: O): ShownFor<R, O> {
	return { show: { resource: [resource], operation: [operation] } };
}

/**
 * An operation file (`<op>.operation.ts`): `execute` or `executeBatch`, its fields
 * (`description`) and the `displayOptions` they were given, which must name resource `R` and
 * operation `O`, the key it is filed under.
 */
export type OperationModule<R extends string, O extends string> = Operation & {
	displayOptions: ShownFor<R, O>;
	description: INodeProperties[];
};

/** One entry of a resource's operations: its option in the Operation list (`value`: its key), and its file. */
export interface OperationEntry<R extends string, O extends string> {
	name: string;
	value: O;
	description: string;
	action: string;
	module: OperationModule<R, O>;
}

/** A resource's option in the Resource list. */
export interface ResourceOption<R extends string> {
	name: string;
	value: R;
	description: string;
}

export interface Resource<R extends string, O extends string> {
	option: ResourceOption<R>;
	/** Each operation by its value (the Operation parameter). */
	operations: { [K in O]: OperationEntry<R, K> };
	/** The Operation list of the resource, then every operation's fields. */
	properties: INodeProperties[];
}

/**
 * A resource of the action node from its operations, keyed by their values. An operation file
 * whose display options name another resource or operation than the key it is filed under, or
 * that exports neither `execute` nor `executeBatch`, and a default that is not one of the keys,
 * fail to compile.
 */
export function defineResource<R extends string, O extends string>(definition: {
	resource: ResourceOption<R>;
	/** The operation preselected in the Operation list. */
	default: NoInfer<O>;
	/** In the order the Operation list shows them (alphabetical by name). */
	operations: { [K in O]: OperationEntry<NoInfer<R>, K> };
}): Resource<R, O> {
	const { resource, default: defaultOperation, operations } = definition;
	const entries: Array<OperationEntry<R, O>> = Object.values(operations);
	const options: INodePropertyOptions[] = entries.map(({ name, value, description, action }) => ({
		name,
		value,
		description,
		action,
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
			...entries.flatMap(({ module }) => module.description),
		],
	};
}
