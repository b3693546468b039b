import type { INodeProperties, IPollFunctions } from 'n8n-workflow';

import { triggerCollection } from './descriptions';
import type { FeedScope } from './types';

/** The Course IDs filter of the enrollment and certificate triggers. */
export const courseIdsFilter: INodeProperties = triggerCollection('filters', [
	{
		displayName: 'Course IDs',
		name: 'courseIds',
		type: 'string',
		default: '',
		placeholder: 'e.g. course_123, course_456',
		description: 'Only changes of these courses: course IDs separated by commas',
	},
]);

/**
 * The IDs chosen in a filter parameter, from a list or a comma-separated text (an expression
 * may give either). Empty: no filter.
 */
export function chosenIds(ctx: IPollFunctions, parameter: string): string[] {
	const raw = ctx.getNodeParameter(parameter, []) as unknown;
	const list = Array.isArray(raw) ? raw : String(raw ?? '').split(',');
	return list.map((id) => String(id).trim()).filter((id) => id !== '');
}

/** The scope of the enrollment and certificate feeds: rows of the chosen courses (all when none). */
export function courseScope<K extends string>(ctx: IPollFunctions): FeedScope<K> {
	const courseIds = chosenIds(ctx, 'filters.courseIds');
	return {
		qs: {},
		inScope: (row) => courseIds.length === 0 || courseIds.includes(String(row.courseId)),
		suppress: () => false,
	};
}
