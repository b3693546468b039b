import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { pollFeed } from './feeds/engine';
import { memberTriggerProperties, membersFeed } from './feeds/members';

export class CommunityPlatformMemberTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Community Platform Member Trigger',
		name: 'communityPlatformMemberTrigger',
		icon: { light: 'file:communityPlatform.svg', dark: 'file:communityPlatform.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Members: " + $parameter["events"].join(", ")}}',
		description: 'Starts the workflow when a member joins, changes, is deactivated or is removed',
		defaults: { name: 'Community Platform Member Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'communityPlatformApi', required: true }],
		properties: memberTriggerProperties,
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollFeed.call(this, membersFeed);
	}
}
