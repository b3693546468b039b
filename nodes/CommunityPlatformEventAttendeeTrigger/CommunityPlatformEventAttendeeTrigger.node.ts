import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { triggerHint } from '../shared/builderHints';
import { emit, holdBackNotice, maxItemsPerPoll, startFrom, triggerCollection } from '../shared/feeds/descriptions';
import { pollFeed } from '../shared/feeds/engine';
import { eventAttendeesFeed } from '../shared/feeds/eventAttendees';
import { getFeedEvents } from '../shared/triggers/feedEvents';

export class CommunityPlatformEventAttendeeTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Community Platform Event Attendee Trigger',
		name: 'communityPlatformEventAttendeeTrigger',
		icon: { light: 'file:../shared/communityPlatform.svg', dark: 'file:../shared/communityPlatform.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Attendees: " + ($parameter["emit"] === "everyChange" ? "every change" : $parameter["events"].join(", "))}}',
		description: 'Starts the workflow when someone registers for an event, cancels, joins it or is checked in',
		defaults: { name: 'Community Platform Event Attendee Trigger' },
		polling: true,
		builderHint: triggerHint('Each item is one registration: attendeeEmail, eventId, changeType.'),
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
		],
	};

	methods = { loadOptions: { getFeedEvents } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollFeed.call(this, eventAttendeesFeed);
	}
}
