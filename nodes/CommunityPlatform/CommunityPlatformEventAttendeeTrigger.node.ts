import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { pollFeed } from './feeds/engine';
import { eventAttendeeTriggerProperties, eventAttendeesFeed } from './feeds/eventAttendees';
import { getFeedEvents } from './methods/options/feedEvents';

export class CommunityPlatformEventAttendeeTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Community Platform Event Attendee Trigger',
		name: 'communityPlatformEventAttendeeTrigger',
		icon: { light: 'file:communityPlatform.svg', dark: 'file:communityPlatform.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Attendees: " + $parameter["events"].join(", ")}}',
		description: 'Starts the workflow when someone registers for an event, cancels, joins it or is checked in',
		defaults: { name: 'Community Platform Event Attendee Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'communityPlatformApi', required: true }],
		properties: eventAttendeeTriggerProperties,
	};

	methods = { loadOptions: { getFeedEvents } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollFeed.call(this, eventAttendeesFeed);
	}
}
