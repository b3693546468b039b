/**
 * The workflow that exposes the action node to AI agents over MCP: n8n's MCP Server Trigger with
 * four Community Platform tools attached, their parameters filled by the agent with $fromAI.
 * The MCP e2e test activates it; the editor suite shows it on the canvas (docs/mcp-workflow.png).
 */
import { randomUUID } from 'node:crypto';
import { CREDENTIAL_NAME, CREDENTIAL_TYPE, type WorkflowJson } from './harness.cjs';
import { PACKAGE_NAME } from '../../tools/n8n/pack.cjs';

export const MCP_PATH = 'community-platform';
const TRIGGER = 'MCP Server Trigger';

/** An expression the agent fills: n8n turns each $fromAI into a described argument of the tool. */
const fromAI = (key: string, description: string, type = 'string') => `={{ $fromAI('${key}', '${description.replace(/'/g, "\\'")}', '${type}') }}`;

export function mcpWorkflow(): WorkflowJson {
	const tool = (name: string, x: number, parameters: Record<string, unknown>) => ({
		id: randomUUID(),
		name,
		type: `${PACKAGE_NAME}.communityPlatformTool`,
		typeVersion: 1,
		position: [x, 240] as [number, number],
		parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: 'sandbox', name: CREDENTIAL_NAME } },
	});
	const tools = [
		tool('Find member by email', 0, {
			resource: 'member',
			operation: 'getByEmail',
			email: fromAI('email', 'The email address of the member to look up'),
		}),
		tool('List members', 220, {
			resource: 'member',
			operation: 'getAll',
			returnAll: false,
			limit: fromAI('limit', 'How many members to return, from 1 to 100', 'number'),
			filters: { memberType: fromAI('memberType', 'Only members of this type: Standard, Guest or Limited Approval') },
		}),
		tool('List events', 440, {
			resource: 'event',
			operation: 'getAll',
			returnAll: false,
			limit: fromAI('limit', 'How many events to return, from 1 to 100', 'number'),
		}),
		tool('Register for event', 660, {
			resource: 'eventAttendee',
			operation: 'register',
			event: { __rl: true, mode: 'id', value: fromAI('eventId', 'The ID of the event, as List events returns it') },
			email: fromAI('email', 'The email address of the person to register'),
			firstName: fromAI('firstName', 'First name of the person'),
			lastName: fromAI('lastName', 'Last name of the person'),
			position: fromAI('jobTitle', 'Job title of the person'),
			company: fromAI('company', 'Company of the person'),
		}),
	];
	return {
		name: 'Community Platform over MCP',
		nodes: [
			{ id: randomUUID(), name: TRIGGER, type: '@n8n/n8n-nodes-langchain.mcpTrigger', typeVersion: 2, position: [300, 0], parameters: { path: MCP_PATH }, webhookId: randomUUID() },
			...tools,
		],
		connections: Object.fromEntries(tools.map((t) => [t.name, { ai_tool: [[{ node: TRIGGER, type: 'ai_tool', index: 0 }]] }])),
		settings: { executionOrder: 'v1' },
	} as WorkflowJson;
}
