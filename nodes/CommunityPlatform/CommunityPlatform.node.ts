import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { actionNodeHint } from '../shared/builderHints';
import { startAction } from '../shared/transport/request';
import { RESOURCES } from './actions/resources';
import { router } from './actions/router';
import * as listSearch from './methods/listSearch';
import * as loadOptions from './methods/loadOptions';
import * as resourceMapping from './methods/resourceMapping';

export class CommunityPlatform implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Community Platform',
		name: 'communityPlatform',
		icon: { light: 'file:../shared/communityPlatform.svg', dark: 'file:../shared/communityPlatform.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Read and change members, profile questions and more in your community through the Community Platform API',
		defaults: { name: 'Community Platform' },
		usableAsTool: true,
		builderHint: actionNodeHint,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'communityPlatformApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: RESOURCES.map((resource) => resource.option),
				default: 'member',
			},
			...RESOURCES.flatMap((resource) => resource.properties),
		],
	};

	methods = { listSearch, loadOptions, resourceMapping };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		startAction(this);
		return await router.call(this);
	}
}
