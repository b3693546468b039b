import type { IDataObject, IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import * as member from './member/Member.resource';
import * as profileQuestion from './profileQuestion/ProfileQuestion.resource';

/** One operation: reads its parameters for one item and returns the output rows for it. */
export interface Operation {
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]>;
}

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
	const candidate = module?.[operation] as Operation | undefined;
	return typeof candidate?.execute === 'function' ? candidate : undefined;
}
