import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import * as batchJob from './batchJob/BatchJob.resource';
import * as club from './club/Club.resource';
import * as content from './content/Content.resource';
import * as contributionLog from './contributionLog/ContributionLog.resource';
import * as emailOptOut from './emailOptOut/EmailOptOut.resource';
import * as emailSubscriptionType from './emailSubscriptionType/EmailSubscriptionType.resource';
import * as event from './event/Event.resource';
import * as eventAttendee from './eventAttendee/EventAttendee.resource';
import * as eventInvitee from './eventInvitee/EventInvitee.resource';
import * as member from './member/Member.resource';
import * as profileQuestion from './profileQuestion/ProfileQuestion.resource';
import * as space from './space/Space.resource';
import * as tag from './tag/Tag.resource';

/**
 * One operation. Most read their parameters for one item and return its output rows
 * (`execute`); batch operations take all input items at once (`executeBatch`).
 */
export type Operation =
	| { execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]> }
	| { executeBatch(this: IExecuteFunctions): Promise<INodeExecutionData[][]> };

/** What a resource module exports: its descriptions and one module per operation. */
export interface ResourceModule {
	description: INodeProperties[];
	[operation: string]: unknown;
}

export interface ResourceEntry extends INodePropertyOptions {
	value: string;
	module: ResourceModule;
}

/** Every resource of the action node, in the order the Resource list shows them (alphabetical). */
export const RESOURCES: ResourceEntry[] = [
	{
		name: 'Batch Job',
		value: 'batchJob',
		description: 'Status and results of bulk create, update and club add jobs',
		module: batchJob,
	},
	{ name: 'Club', value: 'club', description: 'Clubs, their members and requests to join', module: club },
	{
		name: 'Content',
		value: 'content',
		description: 'Videos, blogs, podcasts, resources, external contents and collections',
		module: content,
	},
	{
		name: 'Contribution Log',
		value: 'contributionLog',
		description: "Logged contributions that add to a member's points",
		module: contributionLog,
	},
	{
		name: 'Email Opt-Out',
		value: 'emailOptOut',
		description: 'Members who opted out of community emails',
		module: emailOptOut,
	},
	{
		name: 'Email Subscription Type',
		value: 'emailSubscriptionType',
		description: 'Kinds of community email members can opt out of',
		module: emailSubscriptionType,
	},
	{ name: 'Event', value: 'event', description: 'Events of the community and its clubs', module: event },
	{
		name: 'Event Attendee',
		value: 'eventAttendee',
		description: 'People registered for an event, and new registrations',
		module: eventAttendee,
	},
	{
		name: 'Event Invitee',
		value: 'eventInvitee',
		description: 'Email invitations to an event',
		module: eventInvitee,
	},
	{ name: 'Member', value: 'member', description: 'People in the community and their profiles', module: member },
	{
		name: 'Profile Question',
		value: 'profileQuestion',
		description: 'Questions members answer on their profile',
		module: profileQuestion,
	},
	{ name: 'Space', value: 'space', description: 'Spaces that group members, and who is in them', module: space },
	{ name: 'Tag', value: 'tag', description: 'Tags shared by events, content, courses and forum posts', module: tag },
];

export function operationOf(resource: string, operation: string): Operation | undefined {
	const module = RESOURCES.find((entry) => entry.value === resource)?.module;
	const candidate = module?.[operation] as Partial<Record<'execute' | 'executeBatch', unknown>> | undefined;
	const callable = typeof candidate?.execute === 'function' || typeof candidate?.executeBatch === 'function';
	return callable ? (candidate as Operation) : undefined;
}
