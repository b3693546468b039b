import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import * as batchJob from './batchJob/BatchJob.resource';
import * as member from './member/Member.resource';
import * as profileQuestion from './profileQuestion/ProfileQuestion.resource';

/**
 * One operation. Most read their parameters for one item and return its output rows
 * (`execute`); batch operations take all input items at once (`executeBatch`).
 */
export type Operation =
	| { execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]> }
	| { executeBatch(this: IExecuteFunctions): Promise<INodeExecutionData[][]> };

/** What a resource module exports: its descriptions and one module per operation. */
export interface ResourceModule {
	description: INodeProperties[];
	[operation: string]: unknown;
}

export interface ResourceEntry extends INodePropertyOptions {
	value: string;
	module: ResourceModule;
}

/** Every resource of the action node, in the order the Resource list shows them (alphabetical). */
export const RESOURCES: ResourceEntry[] = [
	{
		name: 'Batch Job',
		value: 'batchJob',
		description: 'Status and results of bulk create, update and club add jobs',
		module: batchJob,
	},
	{ name: 'Member', value: 'member', description: 'People in the community and their profiles', module: member },
	{
		name: 'Profile Question',
		value: 'profileQuestion',
		description: 'Questions members answer on their profile',
		module: profileQuestion,
	},
];

export function operationOf(resource: string, operation: string): Operation | undefined {
	const module = RESOURCES.find((entry) => entry.value === resource)?.module;
	const candidate = module?.[operation] as Partial<Record<'execute' | 'executeBatch', unknown>> | undefined;
	const callable = typeof candidate?.execute === 'function' || typeof candidate?.executeBatch === 'function';
	return callable ? (candidate as Operation) : undefined;
}
