import { defineResource } from '../operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const profileQuestion = defineResource({
	resource: {
		name: 'Profile Question',
		value: 'profileQuestion',
		description: 'Questions members answer on their profile',
	},
	default: 'getAll',
	operations: {
		get: {
			name: 'Get',
			description: 'Get a profile question with its type, options and rules',
			action: 'Get a profile question',
			toolDescription:
				'Returns one profile question (by ID or from the list) as one item, with its type, options, selection limits, visibility and whether an answer is required. Use it to learn what answer a question takes before setting Profile Answers on a member; Get Many lists the questions with their IDs. An unknown ID fails with "No profile question has the ID …". One Light request.',
			module: get,
		},
		getAll: {
			name: 'Get Many',
			description: 'List the community profile questions',
			action: 'Get many profile questions',
			toolDescription:
				"Lists the profile questions of the community, one item per question, with the ID that Profile Answers of the member operations use. Use Get for a question's type and options. The API returns every question in one Medium request, so Return All costs no more than a Limit.",
			module: getAll,
		},
	},
});
