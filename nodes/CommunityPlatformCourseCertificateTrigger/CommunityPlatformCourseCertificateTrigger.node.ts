import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { triggerHint } from '../shared/builderHints';
import { courseCertificatesFeed } from '../shared/feeds/courseCertificates';
import { emit, holdBackNotice, maxItemsPerPoll, startFrom, triggerCollection } from '../shared/feeds/descriptions';
import { pollFeed } from '../shared/feeds/engine';
import { courseIdsFilter } from '../shared/feeds/filters';

export class CommunityPlatformCourseCertificateTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Community Platform Course Certificate Trigger',
		name: 'communityPlatformCourseCertificateTrigger',
		icon: { light: 'file:../shared/communityPlatform.svg', dark: 'file:../shared/communityPlatform.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Certificates: " + ($parameter["emit"] === "everyChange" ? "every change" : $parameter["events"].join(", "))}}',
		description: 'Starts the workflow when a course certificate is issued, revoked or expires',
		defaults: { name: 'Community Platform Course Certificate Trigger' },
		polling: true,
		builderHint: triggerHint('Each item is one certificate: userId, recipientEmail, courseId, changeType.'),
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'communityPlatformApi', required: true }],
		properties: [
			emit,
			{
				displayName: 'Trigger On',
				name: 'events',
				type: 'multiOptions',
				required: true,
				displayOptions: { show: { emit: ['chosenChanges'] } },
				options: [
					{ name: 'Issued', value: 'issued', description: 'A certificate was issued (issuedAt)' },
					{
						name: 'Revoked',
						value: 'revoked',
						description: 'A certificate was revoked (revokedAt and revocationReason set)',
					},
					{
						name: 'Expired',
						value: 'expired',
						description: 'A certificate reached the status Expired, its expiry date being after the trigger started',
					},
				],
				default: ['issued', 'revoked', 'expired'],
				description: 'Which certificate changes start the workflow',
			},
			...startFrom,
			courseIdsFilter,
			triggerCollection('options', [maxItemsPerPoll]),
			holdBackNotice,
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollFeed.call(this, courseCertificatesFeed);
	}
}
