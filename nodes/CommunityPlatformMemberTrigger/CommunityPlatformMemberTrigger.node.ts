import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { triggerHint } from '../shared/builderHints';
import { emit, holdBackNotice, maxItemsPerPoll, startFrom, triggerCollection } from '../shared/feeds/descriptions';
import { pollFeed } from '../shared/feeds/engine';
import { membersFeed } from '../shared/feeds/members';

export class CommunityPlatformMemberTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Community Platform Member Trigger',
		name: 'communityPlatformMemberTrigger',
		icon: { light: 'file:../shared/communityPlatform.svg', dark: 'file:../shared/communityPlatform.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Members: " + ($parameter["emit"] === "everyChange" ? "every change" : $parameter["events"].join(", "))}}',
		description: 'Starts the workflow when a member joins, changes, is deactivated or is removed',
		defaults: { name: 'Community Platform Member Trigger' },
		polling: true,
		builderHint: triggerHint('Each item is one member: userId, userEmail, userFirstName, userLastName, changeType.'),
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
						name: 'New Member',
						value: 'newMember',
						description: 'A member signed up (signUpAt) after the trigger started; fires once per member',
					},
					{
						name: 'Profile Updated',
						value: 'profileUpdated',
						description: 'Any change to a member but their sign-up: profile fields, spaces, points, approval, member type, deactivation',
					},
					{
						name: 'Member Deactivated',
						value: 'deactivated',
						description:
							'A member shows archived: true in a change made after the trigger started; fires once per deactivation. A member deactivated before the start fires it at their first change after it.',
					},
					{
						name: 'Member Removed',
						value: 'removed',
						description: 'A member was deleted; the item holds only the ID, removed, removedAt and updatedAt',
					},
				],
				default: ['newMember', 'profileUpdated', 'deactivated', 'removed'],
				description: 'Which member changes start the workflow',
			},
			...startFrom,
			triggerCollection('options', [
				{
					displayName: 'Include',
					name: 'include',
					type: 'multiOptions',
					options: [
						{ name: 'Points', value: 'points', description: 'LifetimePoints and remainingPoints' },
						{ name: 'Profile Answers', value: 'questionnaire', description: 'The questionnaire: answers by question title' },
						{ name: 'Spaces', value: 'spaces', description: 'The names of the spaces the member is in' },
					],
					default: [],
					description:
						'Extra member fields to include. An edit that changes only a profile answer may not produce a change.',
				},
				maxItemsPerPoll,
			]),
			holdBackNotice,
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollFeed.call(this, membersFeed);
	}
}
