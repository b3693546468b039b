import type { INodeProperties } from 'n8n-workflow';

import { courseIdsFilter, courseScope } from './filters';
import { holdBackNotice, maxItemsPerPoll, startFrom, triggerCollection } from './descriptions';
import type { FeedDefinition } from './types';

export type EnrollmentChange = 'enrolled' | 'completed' | 'cancelledOrReset';

/**
 * The course enrollments feed (/incremental/course-enrollments): one row per enrollment (a
 * re-enrollment after a reset is a new row). Each kind is a timestamp on the row (enrolledAt,
 * completedAt, terminatedAt) that the trigger has not announced for that enrollment.
 */
export const courseEnrollmentsFeed: FeedDefinition<EnrollmentChange> = {
	path: '/incremental/course-enrollments',
	noun: 'course enrollment',
	kinds: ['enrolled', 'completed', 'cancelledOrReset'],
	signals: (row) => [
		{ kind: 'enrolled', at: row.enrolledAt },
		{ kind: 'completed', at: row.completedAt },
		{ kind: 'cancelledOrReset', at: row.terminatedAt },
	],
	scope: courseScope,
};

export const courseEnrollmentTriggerProperties: INodeProperties[] = [
	{
		displayName: 'Trigger On',
		name: 'events',
		type: 'multiOptions',
		required: true,
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
];
