import type { INodeProperties } from 'n8n-workflow';

import { holdBackNotice, maxItemsPerPoll, startFrom, triggerCollection } from './descriptions';
import { chosenIds } from './filters';
import type { FeedDefinition } from './types';

export type AttendeeChange = 'registered' | 'joined' | 'checkedIn' | 'cancelled';

/** Registrations made with the API's POST /registration (and so by the Register operation). */
export const API_REGISTRATION_SOURCE = 'adminPublicAPI';

/**
 * The event attendees feed (/incremental/event-attendees): one row per registration, with
 * eventId and cancelledAt. Each kind is a timestamp on the row (registeredAt, joinedAt,
 * checkedInAt, cancelledAt) that the trigger has not announced for that registration.
 */
export const eventAttendeesFeed: FeedDefinition<AttendeeChange> = {
	path: '/incremental/event-attendees',
	noun: 'event attendee',
	kinds: ['registered', 'joined', 'checkedIn', 'cancelled'],
	signals: (row) => [
		{ kind: 'registered', at: row.registeredAt },
		{ kind: 'joined', at: row.joinedAt },
		{ kind: 'checkedIn', at: row.checkedInAt },
		{ kind: 'cancelled', at: row.cancelledAt },
	],
	scope(ctx) {
		const eventIds = chosenIds(ctx, 'filters.eventIds');
		const ignoreApi = ctx.getNodeParameter('options.ignoreApiRegistrations', true) as boolean;
		return {
			qs: {},
			inScope: (row) => eventIds.length === 0 || eventIds.includes(String(row.eventId)),
			suppress: (row, kind) => ignoreApi && kind === 'registered' && row.registrationSource === API_REGISTRATION_SOURCE,
		};
	},
};

export const eventAttendeeTriggerProperties: INodeProperties[] = [
	{
		displayName: 'Trigger On',
		name: 'events',
		type: 'multiOptions',
		required: true,
		options: [
			{
				name: 'Registered',
				value: 'registered',
				description: 'Someone registered (or registered again after cancelling)',
			},
			{
				name: 'Registration Cancelled',
				value: 'cancelled',
				description: 'A registration was cancelled (cancelledAt set)',
			},
			{
				name: 'Joined',
				value: 'joined',
				description: 'An attendee joined the live event for the first time (joinedAt set)',
			},
			{
				name: 'Checked In',
				value: 'checkedIn',
				description: 'An attendee was checked in at an in-person event (checkedInAt set)',
			},
		],
		default: ['registered', 'cancelled', 'joined', 'checkedIn'],
		description: 'Which attendee changes start the workflow',
	},
	...startFrom,
	triggerCollection('filters', [
		{
			displayName: 'Event Names or IDs',
			name: 'eventIds',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getFeedEvents' },
			default: [],
			description:
				'Only changes of these events. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
	]),
	triggerCollection('options', [
		{
			displayName: 'Ignore API Registrations',
			name: 'ignoreApiRegistrations',
			type: 'boolean',
			default: true,
			description:
				'Whether registrations made through the API (registrationSource adminPublicAPI, as the Register operation makes them) should not fire Registered, so a workflow that registers people does not trigger itself',
		},
		maxItemsPerPoll,
	]),
	holdBackNotice,
];
