import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { triggerHint } from '../shared/builderHints';
import { courseEnrollmentsFeed } from '../shared/feeds/courseEnrollments';
import { emit, holdBackNotice, maxItemsPerPoll, startFrom, triggerCollection } from '../shared/feeds/descriptions';
import { pollFeed } from '../shared/feeds/engine';
import { courseIdsFilter } from '../shared/feeds/filters';

export class CommunityPlatformCourseEnrollmentTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Community Platform Course Enrollment Trigger',
		name: 'communityPlatformCourseEnrollmentTrigger',
		icon: { light: 'file:../shared/communityPlatform.svg', dark: 'file:../shared/communityPlatform.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Enrollments: " + ($parameter["emit"] === "everyChange" ? "every change" : $parameter["events"].join(", "))}}',
		description:
			'Starts the workflow when a member enrolls in a course, completes it, or the enrollment is cancelled or reset',
		defaults: { name: 'Community Platform Course Enrollment Trigger' },
		polling: true,
		builderHint: triggerHint('Each item is one enrollment: userId, enrolleeEmail, courseId, changeType.'),
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
					{ name: 'Enrolled', value: 'enrolled', description: 'A member enrolled in a course (enrolledAt)' },
					{ name: 'Completed', value: 'completed', description: 'A member completed a course (completedAt)' },
					{
						name: 'Cancelled or Reset',
						value: 'cancelledOrReset',
						description:
							'An enrollment was cancelled by an admin or the member, or reset (terminatedAt set; activeStatus tells which)',
					},
				],
				default: ['enrolled', 'completed', 'cancelledOrReset'],
				description: 'Which enrollment changes start the workflow',
			},
			...startFrom,
			courseIdsFilter,
			triggerCollection('options', [maxItemsPerPoll]),
			holdBackNotice,
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollFeed.call(this, courseEnrollmentsFeed);
	}
}
