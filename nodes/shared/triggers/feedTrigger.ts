import type {
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { pollFeed } from '../feeds/engine';
import type { FeedDefinition } from '../feeds/types';
import type { OutputSchema } from '../output/schema';

/** What sets one polling trigger apart: its feed, how it is named and described, its parameters. */
export interface FeedTriggerDefinition {
	/** What it watches, as its name says: "Community Platform <subject> Trigger". */
	subject: string;
	/** The subtitle's start, before the chosen Trigger On events ("Members: New Member, …"). */
	subtitle: string;
	description: string;
	feed: FeedDefinition;
	properties: INodeProperties[];
	/** One item it emits, as JSON Schema (the build writes it to the node's `__schema__/…/output.json`). */
	output: OutputSchema;
	/** The trigger's own loaders, if its parameters need any. */
	methods?: INodeType['methods'];
}

/**
 * The node class of a polling trigger. Each `CommunityPlatform*Trigger.node.ts` is this class
 * for its definition (n8n loads a node's class by its file's name); the feed engine does the rest.
 */
export function feedTrigger(trigger: FeedTriggerDefinition): new () => INodeType {
	const displayName = `Community Platform ${trigger.subject} Trigger`;
	return class implements INodeType {
		description: INodeTypeDescription = {
			displayName,
			name: `communityPlatform${trigger.subject.replace(/ /g, '')}Trigger`,
			icon: { light: 'file:../shared/communityPlatform.svg', dark: 'file:../shared/communityPlatform.dark.svg' },
			group: ['trigger'],
			version: 1,
			subtitle: `={{"${trigger.subtitle}: " + $parameter["events"].join(", ")}}`,
			description: trigger.description,
			defaults: { name: displayName },
			polling: true,
			inputs: [],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: 'communityPlatformApi', required: true }],
			properties: trigger.properties,
		};

		declare methods?: INodeType['methods'];

		constructor() {
			if (trigger.methods) this.methods = trigger.methods;
		}

		async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
			return await pollFeed.call(this, trigger.feed);
		}
	};
}
