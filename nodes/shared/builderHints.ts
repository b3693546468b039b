import type { IBuilderHint, IParameterBuilderHint } from 'n8n-workflow';

/**
 * What n8n's AI workflow builder reads about the nodes (`builderHint`), where it would go wrong
 * without them: search_nodes shows a node's `searchHint` and the hints of its operations,
 * get_node_types a parameter's hint as `@builderHint`, explore_node_resources the hint of the
 * parameter whose list it loads. Short and factual; plain words, never expression or connection
 * syntax (n8n's lint rule no-builder-hint-leakage). A parameter hint stays within 120 characters,
 * the limit n8n's hint-max-length rule sets for a parameter's `hint`.
 */

const ACTION_NODE = 'n8n-nodes-community-platform.communityPlatform';

const hint = (propertyHint: string): IParameterBuilderHint => ({ propertyHint });

/** The action node: one node for the whole API, its credential, and where the triggers are. */
export const actionNodeHint: IBuilderHint = {
	searchHint:
		'One node for the whole Community Platform API: pick resource and operation. Credential: communityPlatformApi (Base URL, Client ID, Access Token). Batch operations return one item per input item. To start a workflow on a change, use the Community Platform trigger nodes.',
};

/** A trigger: polling, where it starts, the feed's delay, and the fields its items carry. */
export function triggerHint(items: string): IBuilderHint {
	return {
		searchHint: `Polling trigger. With Start From Now (the default) the first poll emits nothing; use Beginning or Date to get changes already made. The API shows a change 2 minutes late. ${items} Credential: communityPlatformApi.`,
		relatedNodes: [{ nodeType: ACTION_NODE, relationHint: 'Acts on the member, event or club of each item' }],
	};
}

export const emitHint = hint(
	'everyChange keeps a copy in sync: every row version once, syncAction upsert or delete by id. With Start From Beginning.',
);

export const startFromHint = hint(
	'Now emits nothing at the first poll, only later changes. Beginning or Date also emit changes already made.',
);

/** The operations that sync a list, look one person up, or work in batches. */
export const operationHints = {
	createOrUpdateMany: hint('Syncs a list (CSV, sheet): one input item per person, one result item per input item.'),
	createOrUpdate: hint('One person: updates the member with this email or creates one. For a list use createOrUpdateMany.'),
	getByEmail: hint('Looks one person up by email. Fails when no member has it. To sync a list use createOrUpdateMany.'),
	get: hint('Looks one member up by userId. With an email address use getByEmail.'),
	batch: hint('Batch: one result item per input item, in input order (status, reason), not one per job.'),
	getApplicationRequests: hint('Requests to join one club. For the open ones set filters.status to Pending (capital P).'),
} as const;

/**
 * The resource locators: that the required ones must be set, and what each mode's value is. n8n's
 * type generator counts a locator's default ({mode: 'list', value: ''}) as a value and lists a
 * required locator as optional; the hint, shown beside it, says it is required.
 */
export const locatorHints = {
	event: hint('Required. mode url: the event page address (contains /events/<slug>); mode id or list: an eventId.'),
	member: hint('Required. mode email: an email address; mode id: a userId (never an email); mode list: a userId.'),
	memberById: hint('Required. mode id or list: a userId, never an email. With an email, get the member first (getByEmail).'),
	club: hint('Required. mode name: the exact club name; mode id or list: a clubId (explore searchClubs lists them).'),
	tag: hint('Required. mode id or list: a tag ID (explore searchTags lists them). To find a tag by name use tag getAll.'),
	targetTag: hint('Not the tag to delete: the tag that takes over its content. Required while the deleted tag is in use.'),
	question: hint('Required. mode id or list: a profile question ID (explore searchProfileQuestions lists them).'),
} as const;
