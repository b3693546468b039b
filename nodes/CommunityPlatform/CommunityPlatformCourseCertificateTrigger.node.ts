import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { pollFeed } from './feeds/engine';
import { courseCertificateTriggerProperties, courseCertificatesFeed } from './feeds/courseCertificates';

export class CommunityPlatformCourseCertificateTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Community Platform Course Certificate Trigger',
		name: 'communityPlatformCourseCertificateTrigger',
		icon: { light: 'file:communityPlatform.svg', dark: 'file:communityPlatform.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Certificates: " + $parameter["events"].join(", ")}}',
		description: 'Starts the workflow when a course certificate is issued, revoked or expires',
		defaults: { name: 'Community Platform Course Certificate Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'communityPlatformApi', required: true }],
		properties: courseCertificateTriggerProperties,
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollFeed.call(this, courseCertificatesFeed);
	}
}
