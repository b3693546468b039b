import type { INodeProperties } from 'n8n-workflow';

import { emitHint, startFromHint } from '../builderHints';
import { collection } from '../parameters/fields';

/**
 * What a trigger emits: the change kinds chosen in Trigger On (the default), or every change of
 * its feed, for keeping a copy in sync (docs/sync.md). First in each trigger; its Trigger On shows
 * only with Chosen Changes.
 */
export const emit: INodeProperties = {
	displayName: 'Emit',
	name: 'emit',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'Chosen Changes',
			value: 'chosenChanges',
			description: 'One item per change of the kinds chosen in Trigger On',
		},
		{
			name: 'Every Change (Keep a Copy in Sync)',
			value: 'everyChange',
			description:
				'Every new version of every row and every deletion, each once, in feed order; syncAction says "upsert" or "delete" by ID',
		},
	],
	default: 'chosenChanges',
	description: 'Whether to emit only the kinds of change chosen below, or every change, to keep an external copy in sync',
	builderHint: emitHint,
};

/** Where a trigger starts reading its feed. */
export const startFrom: INodeProperties[] = [
	{
		displayName: 'Start From',
		name: 'startFrom',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Now',
				value: 'now',
				description: 'Only changes made after the trigger is activated; the first poll emits nothing',
			},
			{
				name: 'Beginning',
				value: 'beginning',
				description: 'Every change the feed holds, oldest first, then new ones',
			},
			{
				name: 'Date',
				value: 'date',
				description: 'Changes made at or after a date and time, oldest first, then new ones',
			},
		],
		default: 'now',
		description:
			'Where the trigger starts reading when it is first activated. Changing this later restarts the trigger from the new point.',
		builderHint: startFromHint,
	},
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		default: '',
		required: true,
		displayOptions: { show: { startFrom: ['date'] } },
		description: 'Changes made at or after this moment are emitted, oldest first',
	},
];

/** The cap on items one poll emits (FEED_LIMITS has the same numbers); in every trigger's Options. */
export const maxItemsPerPoll: INodeProperties = {
	displayName: 'Max Items per Poll',
	name: 'maxItemsPerPoll',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 10000 },
	default: 1000,
	description:
		'Most items one poll emits. When more changes are waiting, the rest arrive with the next polls, in order.',
};

/** A note shown under the trigger's parameters about latency. */
export const holdBackNotice: INodeProperties = {
	displayName:
		'The API shows a change two minutes after it happens, so a change reaches the workflow two minutes plus up to one poll interval later',
	name: 'holdBackNotice',
	type: 'notice',
	default: '',
};

/** A trigger's Filters or Options collection (the triggers name theirs "Add filter", "Add option"). */
export function triggerCollection(kind: 'filters' | 'options', options: INodeProperties[]): INodeProperties {
	return collection(kind, options, { placeholder: kind === 'filters' ? 'Add filter' : 'Add option' });
}
