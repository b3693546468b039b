import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { pollFeed } from './feeds/engine';
import { courseEnrollmentTriggerProperties, courseEnrollmentsFeed } from './feeds/courseEnrollments';

export class CommunityPlatformCourseEnrollmentTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Community Platform Course Enrollment Trigger',
		name: 'communityPlatformCourseEnrollmentTrigger',
		icon: { light: 'file:communityPlatform.svg', dark: 'file:communityPlatform.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Enrollments: " + $parameter["events"].join(", ")}}',
		description: 'Starts the workflow when a member enrolls in a course, completes it, or the enrollment is cancelled or reset',
		defaults: { name: 'Community Platform Course Enrollment Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'communityPlatformApi', required: true }],
		properties: courseEnrollmentTriggerProperties,
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollFeed.call(this, courseEnrollmentsFeed);
	}
}
