import { courseScope } from './filters';
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
