/**
 * n8n's AI workflow builder, from the other side: an MCP client with no language model calls the
 * workflow-builder tools of n8n 2.41.1's own MCP server (`/mcp-server/http`, turned on with
 * PATCH /rest/mcp/settings, its key from GET /rest/mcp/api-key) as an AI client would:
 * - search_nodes finds the action node or the right trigger for the words users type;
 * - get_node_types gives, for every resource and operation, the parameters the node has, with
 *   their discriminators, locator modes and required fields;
 * - every builderHint of the nodes is read back through these tools (and explore_node_resources),
 *   where n8n shows it: remove one and this fails;
 * - explore_node_resources answers from the node's loaders;
 * - six workflows written as code (builderWorkflows.cts) pass validate_workflow, are created with
 *   create_workflow_from_code and run against the sandbox (the polling ones published through
 *   publish_workflow and run by their first poll).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { E2E } from './harness.cjs';
import { builderWorkflows } from './builderWorkflows.cjs';
import type { NodeTypeDescription } from '../../tools/n8n/n8n.cjs';
import { PACKAGE_NAME } from '../../tools/n8n/pack.cjs';

interface ToolResult {
	isError?: boolean;
	content: Array<{ type: string; text?: string }>;
	structuredContent?: Record<string, unknown>;
}

type Property = {
	name: string;
	type: string;
	default?: unknown;
	required?: boolean;
	displayOptions?: { show?: Record<string, unknown[]> };
	options?: Array<Property | { name: string; value: unknown; builderHint?: { propertyHint: string } }>;
	values?: Property[];
	modes?: Array<{ name: string; typeOptions?: { searchListMethod?: string } }>;
	typeOptions?: { loadOptionsMethod?: string; searchListMethod?: string };
	builderHint?: { propertyHint: string };
};

const ACTION = `${PACKAGE_NAME}.communityPlatform`;
const TRIGGERS = ['MemberTrigger', 'EventAttendeeTrigger', 'CourseEnrollmentTrigger', 'CourseCertificateTrigger'].map((t) => `${PACKAGE_NAME}.communityPlatform${t}`);
const OUR_NODES = [ACTION, ...TRIGGERS];

/** The words users type, and the node each must find. */
const SEARCHES: Array<[string, string]> = [
	['member', ACTION],
	['new member', `${PACKAGE_NAME}.communityPlatformMemberTrigger`],
	['event registration', `${PACKAGE_NAME}.communityPlatformEventAttendeeTrigger`],
	['attendee', `${PACKAGE_NAME}.communityPlatformEventAttendeeTrigger`],
	['check-in', `${PACKAGE_NAME}.communityPlatformEventAttendeeTrigger`],
	['course completed', `${PACKAGE_NAME}.communityPlatformCourseEnrollmentTrigger`],
	['certificate', `${PACKAGE_NAME}.communityPlatformCourseCertificateTrigger`],
	['tag', ACTION],
	['opt-out', ACTION],
	['batch', ACTION],
	// What an ops person types (issue 46). n8n's search scores each word against a node's name,
	// display name and aliases, and keeps the five best: the nodes' codex aliases carry these words.
	['who unsubscribed from newsletters', ACTION],
	['newsletter opt-outs', ACTION],
	['unsubscribe', ACTION],
	['webinar signup', `${PACKAGE_NAME}.communityPlatformEventAttendeeTrigger`],
	['event rsvp', `${PACKAGE_NAME}.communityPlatformEventAttendeeTrigger`],
	['invite to event', ACTION],
	['member deactivated', `${PACKAGE_NAME}.communityPlatformMemberTrigger`],
	['new signup', `${PACKAGE_NAME}.communityPlatformMemberTrigger`],
	['add member to group', ACTION],
	['bulk import members', ACTION],
	['award points', ACTION],
	['course finished', `${PACKAGE_NAME}.communityPlatformCourseEnrollmentTrigger`],
	['certificate expired', `${PACKAGE_NAME}.communityPlatformCourseCertificateTrigger`],
	['tag content', ACTION],
	// Every resource in the words of the people who run a community (issue 46, point 6).
	['email opt-out', ACTION],
	['email optout', ACTION],
	['email preferences', ACTION],
	['upcoming events', ACTION],
	['event invitations', ACTION],
	['who registered for the event', ACTION],
	['club members', ACTION],
	['member spaces', ACTION],
	['profile questions', ACTION],
	['upload video', ACTION],
	['log contribution', ACTION],
	['bulk job status', ACTION],
];

/**
 * What n8n's ranking gives to other nodes whatever the aliases say. It scores each word of a
 * search alone and keeps each node's best word: "opt" and "out" score at most 235 against an
 * alias, while on "email" n8n's own email nodes score 380 to 476 and the next one, Gmail, 355, as
 * an alias "email" does (the node n8n loaded first wins a tie). An alias scoring above 355 on
 * "email" would put the node in the top five here, and push Gmail out of every search for "email".
 * "email opt-out" (the resource's name) and "email optout" find it (above). Checked, so that a
 * change in n8n's ranking shows.
 */
const OUT_OF_REACH: Array<[string, RegExp]> = [['email opt out', /mail/i]];

/**
 * Where the nodes carry a builderHint (node: its searchHint; a parameter or an operation option:
 * its propertyHint). Removing one fails the hint test below.
 */
const HINTED = [
	`${ACTION} node`,
	...TRIGGERS.flatMap((t) => [`${t} node`, `${t} emit`, `${t} startFrom`]),
	...['createOrUpdateMany', 'createOrUpdate', 'getByEmail', 'get', 'createMany', 'updateMany'].map((op) => `${ACTION} member.${op} option`),
	...['addMembersBatch', 'getApplicationRequests'].map((op) => `${ACTION} club.${op} option`),
	`${ACTION} club`,
	`${ACTION} event`,
	`${ACTION} member`,
	`${ACTION} tag`,
	`${ACTION} targetTag`,
	`${ACTION} question`,
].sort();

const text = (r: ToolResult) => r.content.map((c) => c.text ?? '').join('\n');
/** As n8n's type generator writes a hint into a JSDoc comment. */
const asJsDoc = (hint: string) => hint.replace(/\*\//g, '*\\/').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const shownFor = (p: Property, resource: string, operation: string) =>
	(p.displayOptions?.show?.resource ?? [resource]).includes(resource) && (p.displayOptions?.show?.operation ?? [operation]).includes(operation);

describe("n8n's MCP workflow builder with the package", () => {
	let e2e: E2E;
	let client: Client;
	let types: Map<string, NodeTypeDescription & { properties: Property[]; builderHint?: { searchHint?: string } }>;
	const definitions = new Map<string, string>();

	const call = async (name: string, args: Record<string, unknown>): Promise<ToolResult> => {
		const result = (await client.callTool({ name, arguments: args })) as ToolResult;
		if (result.isError) throw new Error(`${name} failed: ${text(result)}`);
		return result;
	};
	const search = async (query: string) => text(await call('search_nodes', { queries: [query] }));
	const definition = async (nodeId: string, resource?: string, operation?: string) => {
		const key = JSON.stringify([nodeId, resource, operation]);
		if (!definitions.has(key)) definitions.set(key, text(await call('get_node_types', { nodeIds: [{ nodeId, ...(resource ? { resource, operation } : {}) }] })));
		return definitions.get(key)!;
	};

	beforeAll(async () => {
		// The shared n8n has the builder's tools on (harness.cts, SHARED_N8N_ENV).
		e2e = await E2E.start({ shared: true });
		await e2e.client.request('PATCH', '/rest/mcp/settings', { mcpAccessEnabled: true });
		const { apiKey } = await e2e.client.request<{ apiKey: string }>('GET', '/rest/mcp/api-key');
		client = new Client({ name: 'e2e-builder', version: '1.0.0' });
		await client.connect(new StreamableHTTPClientTransport(new URL(`${e2e.n8n.url}/mcp-server/http`), { requestInit: { headers: { Authorization: `Bearer ${apiKey}` } } }));
		types = new Map((await e2e.client.nodeTypes()).filter((t) => OUR_NODES.includes(t.name)).map((t) => [t.name, t as never]));
		expect([...types.keys()].sort()).toEqual([...OUR_NODES].sort());
	});
	afterAll(async () => {
		await client?.close();
		await e2e?.stop();
	});

	it('search_nodes finds the intended node for the words users type', async () => {
		// One call for every phrasing: n8n answers a block per query, each headed by the query.
		const answer = text(await call('search_nodes', { queries: [...SEARCHES, ...OUT_OF_REACH].map(([query]) => query) }));
		const blocks = new Map(answer.split('\n\n---\n\n').map((block) => [/^## "(.*)"/.exec(block)?.[1] ?? '', block]));
		// The five found, without the nodes n8n adds as [RELATED] to one of them.
		const top5 = (query: string) => [...(blocks.get(query) ?? '').matchAll(/^- (\S+)(.*)$/gm)].filter((m) => !m[2].includes('[RELATED]')).map((m) => m[1]);
		for (const [query, taken] of OUT_OF_REACH) {
			const found = top5(query);
			process.stderr.write(`[search_nodes] "${query}": out of reach (${found.join(', ')})\n`);
			expect({ query, found: found.length, others: found.filter((id) => !taken.test(id)) }).toEqual({ query, found: 5, others: [] });
		}
		const missed: string[] = [];
		for (const [query, nodeId] of SEARCHES) {
			const found = top5(query);
			const rank = found.indexOf(nodeId) + 1;
			process.stderr.write(`[search_nodes] "${query}": ${rank > 0 ? `#${rank}` : 'not in the top five'} (${nodeId.replace(`${PACKAGE_NAME}.`, '')})\n`);
			if (rank === 0) missed.push(`"${query}" → ${nodeId} (found ${found.join(', ') || 'nothing'})`);
		}
		expect(missed).toEqual([]);
	});

	it('get_node_types gives every resource and operation with its parameters, locator modes and required fields', async () => {
		const action = types.get(ACTION)!;
		const resources = (action.properties.find((p) => p.name === 'resource')!.options as Array<{ value: string }>).map((o) => o.value);
		const problems: string[] = [];
		let checked = 0;
		for (const resource of resources) {
			const operations = action.properties.find((p) => p.name === 'operation' && shownFor(p, resource, '*') && p.displayOptions?.show?.resource?.includes(resource))!;
			for (const { value: operation } of operations.options as Array<{ value: string }>) {
				const defs = await definition(ACTION, resource, operation);
				const block = new RegExp(`export type CommunityPlatformV1${pascal(resource)}${pascal(operation)}Params = \\{\\n  resource: '${resource}';\\n  operation: '${operation}';\\n([\\s\\S]*?)\\n\\};`).exec(defs)?.[1];
				if (!block) {
					problems.push(`${resource}.${operation}: no definition`);
					continue;
				}
				checked++;
				const props = action.properties.filter((p) => shownFor(p, resource, operation) && !['resource', 'operation'].includes(p.name) && p.type !== 'notice' && p.type !== 'hidden');
				for (const p of props) {
					const declared = new RegExp(`^ {4}${p.name}(\\??): (.*)$`, 'm').exec(block);
					if (!declared) {
						problems.push(`${resource}.${operation}: ${p.name} missing`);
						continue;
					}
					if (p.required && (p.default === '' || p.default === undefined) && p.type !== 'resourceLocator' && declared[1] === '?') problems.push(`${resource}.${operation}: ${p.name} should be required`);
					if (p.type === 'resourceLocator') {
						const modes = p.modes!.map((m) => `'${m.name}'`).join(' | ');
						if (!declared[2].includes(`mode: ${modes};`)) problems.push(`${resource}.${operation}: ${p.name} modes ${declared[2]} instead of ${modes}`);
						// n8n's generator lists a required locator as optional (it counts the default as a value):
						// the hint right above it says it is required.
						const doc = new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\n {4}${p.name}\\??: `).exec(block)?.[1] ?? '';
						if (p.required && !doc.includes('@builderHint Required.')) problems.push(`${resource}.${operation}: ${p.name} is required, and its definition does not say so`);
					}
				}
			}
		}
		expect(problems).toEqual([]);
		expect(checked).toBe(40);
		for (const trigger of TRIGGERS) {
			const defs = await definition(trigger);
			const events = types.get(trigger)!.properties.find((p) => p.name === 'events')!;
			expect(defs).toContain(`events?: Array<${(events.options as Array<{ value: string }>).map((o) => `'${o.value}'`).join(' | ')}>;`);
			expect(defs).toContain("emit?: 'chosenChanges' | 'everyChange';");
			expect(defs).toContain("startFrom?: 'now' | 'beginning' | 'date';");
			expect(defs).toMatch(/\n {4}startDate: string/);
			expect(defs).toContain('communityPlatformApi: CredentialReference;');
		}
	});

	it("reads back every builderHint through n8n's tools", async () => {
		const found: Array<{ where: string; hint: string; read: () => Promise<string> }> = [];
		for (const [nodeId, type] of types) {
			const { searchHint } = type.builderHint ?? {};
			if (searchHint) found.push({ where: `${nodeId} node`, hint: `@builderHint ${searchHint}`, read: async () => await search(type.displayName) });
			const walk = (props: Property[]) => {
				for (const p of props) {
					if (p.builderHint) found.push({ where: `${nodeId} ${p.name}`, hint: `@builderHint ${asJsDoc(p.builderHint.propertyHint)}`, read: async () => await definition(nodeId) });
					for (const o of p.options ?? []) {
						if (!('type' in o) && o.builderHint && p.name === 'operation') {
							const resource = String(p.displayOptions!.show!.resource![0]);
							found.push({ where: `${nodeId} ${resource}.${String(o.value)} option`, hint: `@builderHint ${o.builderHint.propertyHint}`, read: async () => await search(type.displayName) });
						}
					}
					walk((p.options ?? []).filter((o): o is Property => 'type' in o));
					walk(p.values ?? []);
				}
			};
			walk(type.properties);
		}
		expect([...new Set(found.map((f) => f.where))].sort()).toEqual(HINTED);
		const unread: string[] = [];
		for (const { where, hint, read } of found) if (!(await read()).includes(hint)) unread.push(`${where}: ${hint}`);
		expect(unread).toEqual([]);
	});

	it('explore_node_resources answers from the loaders, with the locator hints', async () => {
		const { id: credentialId } = e2e.credential!;
		const explore = async (methodName: string, methodType: 'listSearch' | 'loadOptions', currentNodeParameters?: Record<string, unknown>) =>
			(await call('explore_node_resources', { nodeType: ACTION, version: 1, methodName, methodType, credentialType: 'communityPlatformApi', credentialId, ...(currentNodeParameters ? { currentNodeParameters } : {}) })).structuredContent as {
				results: Array<{ name: string; value: string | number }>;
				builderHint?: string;
			};
		// A method's hint is the one of a parameter that loads from it (the Member locator has two).
		const hints = new Map<string, string[]>();
		for (const p of types.get(ACTION)!.properties.filter((q) => q.type === 'resourceLocator' && q.builderHint)) {
			const method = p.modes!.find((m) => m.typeOptions?.searchListMethod)!.typeOptions!.searchListMethod!;
			hints.set(method, [...(hints.get(method) ?? []), p.builderHint!.propertyHint]);
		}
		for (const method of ['searchClubs', 'searchTags', 'searchEvents', 'searchMembers']) {
			const answer = await explore(method, 'listSearch');
			expect({ method, some: answer.results.length > 0 }).toEqual({ method, some: true });
			expect({ method, hint: hints.get(method)?.includes(answer.builderHint!) }).toEqual({ method, hint: true });
		}
		for (const method of ['getClubs', 'getSpaces', 'getProfileQuestions', 'getCollections', 'getSubscriptionTypes']) {
			const answer = await explore(method, 'loadOptions');
			expect({ method, some: answer.results.length > 0 }).toEqual({ method, some: true });
		}
		const [event] = (await explore('searchEvents', 'listSearch')).results;
		const tickets = await explore('getEventTicketTypes', 'loadOptions', { resource: 'eventAttendee', operation: 'register', event: { __rl: true, mode: 'id', value: String(event.value) } });
		expect(tickets.results.length).toBeGreaterThan(0);
	});

	it('six workflows written as code validate, are created and run against the sandbox', async () => {
		const { id: credentialId } = e2e.credential!;
		const clubs = (await call('explore_node_resources', { nodeType: ACTION, version: 1, methodName: 'searchClubs', methodType: 'listSearch', credentialType: 'communityPlatformApi', credentialId })).structuredContent as { results: Array<{ value: string }> };
		const projects = JSON.stringify((await call('search_projects', {})).structuredContent);
		const projectId = /"id":"([^"]+)"/.exec(projects)![1];
		const table = (await call('create_data_table', { projectId, name: 'Members', columns: ['userId', 'email', 'firstName', 'lastName'].map((name) => ({ name, type: 'string' })) })).structuredContent as Record<string, unknown>;
		const dataTableId = String((table.dataTable as { id?: string } | undefined)?.id ?? table.id);
		// The changes the polling workflows pick up, made at a known moment of the sandbox clock.
		const clock = await e2e.sandbox!.adminRequest<{ now: string }>('GET', 'clock');
		const startDate = new Date(Date.parse(clock.now) - 1000).toISOString();
		const registration = await e2e.sandbox!.feedAttendeeChange({ kind: 'registered' });
		const member = await e2e.sandbox!.feedMemberChange({ kind: 'created' });
		const completion = await e2e.sandbox!.adminRequest<Record<string, unknown>>('POST', 'feed/enrollments', { kind: 'completed' });
		await e2e.sandbox!.advanceClock(3 * 60_000); // past the feeds' two-minute hold-back
		const ids = { clubId: clubs.results[0].value, dataTableId, startDate, eventId: String(registration.eventId) };

		const outputs = new Map<string, Record<string, Array<{ json: Record<string, unknown> }>>>();
		for (const wf of builderWorkflows(ids)) {
			const validation = (await call('validate_workflow', { code: wf.code })).structuredContent as { valid: boolean; errors?: string[]; warnings?: Array<{ message: string }> };
			expect({ request: wf.request, valid: validation.valid, errors: validation.errors ?? [] }).toEqual({ request: wf.request, valid: true, errors: [] });
			const created = (await call('create_workflow_from_code', { code: wf.code, versionName: 'Built over MCP' })).structuredContent as { workflowId: string };
			expect(created.workflowId).toBeTruthy();
			// The builder gives each node a credential of its type: this file's, the only one there is.
			const assigned = (await e2e.client.getWorkflow(created.workflowId)).nodes.flatMap((n) => Object.values(n.credentials ?? {}).map((c) => c.id));
			expect({ request: wf.request, assigned: [...new Set(assigned)] }).toEqual({ request: wf.request, assigned: [e2e.credential!.id] });
			let execution;
			if (wf.trigger === 'polling') {
				const published = (await call('publish_workflow', { workflowId: created.workflowId })).structuredContent as { success: boolean; error?: string };
				expect({ request: wf.request, ...published }).toEqual({ request: wf.request, success: true, workflowId: created.workflowId, activeVersionId: expect.any(String) });
				[execution] = await e2e.waitForExecutions(created.workflowId, 1, { timeoutMs: 45_000 });
			} else {
				execution = await e2e.n8n.waitForExecution(await e2e.client.startManualRun(created.workflowId, wf.start!), 60_000);
			}
			expect({ request: wf.request, status: execution.status, error: execution.error?.message }).toEqual({ request: wf.request, status: 'success', error: undefined });
			outputs.set(wf.name, execution.output);
		}

		const out = (name: string, node: string) => (outputs.get(name)![node] ?? []).map((i) => i.json);
		expect(out('Event registrations join a club', 'New registration')).toEqual([expect.objectContaining({ attendeeEmail: registration.attendeeEmail, changeType: 'registered' })]);
		expect(out('Event registrations join a club', 'Add to club')).toEqual([expect.objectContaining({ clubId: ids.clubId, email: registration.attendeeEmail, success: true })]);
		for (const request of out('Pending club applications every morning', 'Pending applications')) expect(request.status).toBe('Pending');
		expect(out('Sync a CSV of people', 'Sync members')).toEqual([
			expect.objectContaining({ recordPosition: 0, action: 'created', failed: false }),
			expect.objectContaining({ recordPosition: 1, action: 'created', failed: false }),
		]);
		const rows = (await call('get_data_table_rows', { dataTableId, projectId })).structuredContent as Record<string, unknown>;
		expect(JSON.stringify(rows)).toContain(String(member.userEmail ?? member.email));
		expect(out('Course completions logged as contributions', 'Log contribution')).toEqual([expect.objectContaining({ contribution: 'Wrote a blog post', contributorId: completion.userId, notes: 'Course completed' })]);
		const videos = out('Publish new videos with tags', 'Create tagged video');
		expect(videos).toHaveLength(1);
		expect(JSON.stringify(videos)).toContain('Builder demo');
	});
	it('a workflow with an operation the node does not have, or without a required member, validates and is created, and fails at its first run naming the field and the fix', async () => {
		const cases = [
			{ name: 'Wrong operation', parameters: "resource: 'member', operation: 'fetchAll'", message: 'Invalid parameter: Operation "fetchAll" does not exist for Resource "Member"', fix: /Set Operation to one of: .*getAll/ },
			// n8n checks a required parameter itself before a manual run (the node's own check, "is
			// empty: pick a member…", covers a run that gets past it, such as an expression that gives nothing: test/node/club.test.cts).
			{ name: 'Member missing', parameters: "resource: 'member', operation: 'get'", message: 'Parameter "Member" is required', fix: /Member/ },
			// A value n8n cannot check before the run (an expression): the node's own check, on the item.
			{ name: 'Member empty', parameters: "resource: 'member', operation: 'get', member: { __rl: true, mode: 'id', value: expr('{{ $json.userId }}') }", message: '"Member" is empty: pick a member from the list or enter its ID', fix: /pick a member from the list or enter its ID/ },
		];
		for (const c of cases) {
			const code = `
const start = trigger({ type: 'n8n-nodes-base.manualTrigger', version: 1, config: { name: 'Start' } });
const cp = node({ type: '${ACTION}', version: 1, config: { name: 'Community Platform', parameters: { ${c.parameters} } } });
export default workflow('invalid-${c.name.replace(/ /g, '-').toLowerCase()}', '${c.name}').add(start).to(cp);
`;
			// n8n's validator checks no parameter of a community node: both pass it.
			const validation = (await call('validate_workflow', { code })).structuredContent as { valid: boolean };
			expect({ name: c.name, valid: validation.valid }).toEqual({ name: c.name, valid: true });
			const created = (await call('create_workflow_from_code', { code, versionName: 'Built over MCP' })).structuredContent as { workflowId: string };
			const execution = await e2e.n8n.waitForExecution(await e2e.client.startManualRun(created.workflowId, 'Start'), 60_000);
			const error = execution.nodeErrors['Community Platform'] ?? execution.error;
			expect({ name: c.name, status: execution.status, message: error?.message }).toEqual({ name: c.name, status: 'error', message: expect.stringContaining(c.message) });
			expect(`${error?.message ?? ''} ${error?.description ?? ""}`).toMatch(c.fix);
		}
	});
});
