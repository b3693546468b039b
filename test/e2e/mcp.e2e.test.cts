/**
 * The action node as an AI agent's tool, over the Model Context Protocol, in a real n8n: a
 * workflow with n8n's MCP Server Trigger and four Community Platform tools attached (their
 * parameters filled by the agent with $fromAI) is activated, and a real MCP client
 * (@modelcontextprotocol/sdk) connects to n8n's MCP endpoint, lists the tools and calls them as
 * an agent would. Each tool is described to the client by the package's text for its operation
 * (the tool's Tool Description parameter), which names the fields of what comes back. The answers
 * are checked against the sandbox.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { E2E } from './harness.cjs';
import { MCP_PATH, mcpWorkflow } from './mcpWorkflow.cjs';
import { apiClient } from '../../tools/sandbox/testClient.cjs';
import { outputFields, packageText } from '../helpers/toolDescriptions.cjs';

interface ToolResult {
	isError?: boolean;
	content: Array<{ type: string; text?: string }>;
}

const text = (result: ToolResult) => result.content.map((c) => c.text ?? '').join('\n');

describe('the action node as an MCP tool', () => {
	let e2e: E2E;
	let client: Client;
	let api: ReturnType<typeof apiClient>;

	beforeAll(async () => {
		e2e = await E2E.start({ shared: true });
		api = apiClient({ apiUrl: `${e2e.sandbox!.url}/public-api/v1` });
		await e2e.activateWorkflow(mcpWorkflow());
		// n8n registers the trigger's endpoint just after the activation answers: connect once it is there.
		const deadline = Date.now() + 20_000;
		for (;;) {
			client = new Client({ name: 'e2e-agent', version: '1.0.0' });
			try {
				await client.connect(new StreamableHTTPClientTransport(new URL(`${e2e.n8n.url}/mcp/${MCP_PATH}`)));
				break;
			} catch (error) {
				if (Date.now() > deadline || !/not registered/.test(String(error))) throw error;
				await new Promise((resolve) => setTimeout(resolve, 250));
			}
		}
	});
	afterAll(async () => {
		await client?.close();
		await e2e?.stop();
	});

	it("lists the four tools, each described by the package's text for its operation, naming what comes back, with described arguments", async () => {
		const { tools } = await client.listTools();
		expect(tools.map((t) => t.name).sort()).toEqual(['Find_member_by_email', 'List_events', 'List_members', 'Register_for_event']);
		// Each tool's node in the workflow: its name with `_` for spaces, as n8n names the tool.
		const nodes = new Map(mcpWorkflow().nodes.map((n) => [n.name.replace(/ /g, '_'), n.parameters as { resource?: string; operation?: string }]));
		for (const t of tools) {
			const { resource, operation } = nodes.get(t.name)!;
			const fields = outputFields(resource!, operation!);
			expect({ tool: t.name, fields: fields.length > 0 }).toEqual({ tool: t.name, fields: true });
			expect({ tool: t.name, description: t.description }).toEqual({ tool: t.name, description: packageText(resource!, operation!) });
			expect(t.description).toContain(` Each item returned has: ${fields.join(', ')}.`);
			const properties = (t.inputSchema.properties ?? {}) as Record<string, { description?: string }>;
			expect(Object.keys(properties).length).toBeGreaterThan(0);
			for (const [name, schema] of Object.entries(properties)) expect({ tool: t.name, name, described: Boolean(schema.description) }).toEqual({ tool: t.name, name, described: true });
		}
		const register = tools.find((t) => t.name === 'Register_for_event')!;
		expect(Object.keys(register.inputSchema.properties ?? {}).sort()).toEqual(['company', 'email', 'eventId', 'firstName', 'jobTitle', 'lastName']);
	});

	it('finds a member by an email with a +, as the agent types it', async () => {
		const email = `ada+mcp.${Date.now()}@example.com`;
		const created = (await api.post('/users', { email, firstName: 'Ada', lastName: 'Lovelace', position: 'Engineer', company: 'Engines' })).body;
		const result = (await client.callTool({ name: 'Find_member_by_email', arguments: { email } })) as ToolResult;
		expect(result.isError).not.toBe(true);
		expect(text(result)).toContain(email);
		expect(text(result)).toContain(String(created.userId));
	});

	it('lists members with a filter and events with a limit', async () => {
		const members = (await client.callTool({ name: 'List_members', arguments: { limit: 3, memberType: 'Standard' } })) as ToolResult;
		expect(members.isError).not.toBe(true);
		const listed = JSON.parse(text(members)) as Array<Record<string, unknown>>;
		expect(listed.length).toBe(3);
		const events = (await client.callTool({ name: 'List_events', arguments: { limit: 2 } })) as ToolResult;
		expect(events.isError).not.toBe(true);
		expect((JSON.parse(text(events)) as unknown[]).length).toBe(2);
	});

	it('registers a person for an event, and the sandbox has the registration', async () => {
		const page = (await api.get<{ results: Array<{ eventId: string; eventStatus?: string; status?: string }> }>('/events', { pageNum: 1, pageSize: 100 })).body;
		const event = page.results.find((e) => (e.eventStatus ?? e.status) === 'Published')!;
		expect(event).toBeDefined();
		const email = `grace.mcp.${Date.now()}@example.com`;
		const result = (await client.callTool({
			name: 'Register_for_event',
			arguments: { eventId: event.eventId, email, firstName: 'Grace', lastName: 'Hopper', jobTitle: 'Admiral', company: 'Navy' },
		})) as ToolResult;
		expect(result.isError).not.toBe(true);
		expect(JSON.parse(text(result))).toEqual([expect.objectContaining({ email, registered: true })]);
		const attendees = (await api.get<{ results: Array<{ attendeeEmail?: string; registrationSource?: string }> }>(`/events/${event.eventId}/attendees`, { pageNum: 1, pageSize: 200 })).body;
		expect(attendees.results.find((a) => a.attendeeEmail === email)).toMatchObject({ registrationSource: 'adminPublicAPI' });
	});

	it('a bad argument comes back as a tool error the agent can read, naming the field', async () => {
		const result = (await client.callTool({ name: 'Find_member_by_email', arguments: { email: 'not an email' } })) as ToolResult;
		expect(result.isError).toBe(true);
		expect(text(result)).toMatch(/email/i);
		// The server is still there for the next call.
		expect((await client.listTools()).tools).toHaveLength(4);
	});
});
