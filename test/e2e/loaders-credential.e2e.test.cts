/**
 * The credential test and the ticket-type loaders, in a real n8n against the sandbox:
 * - the credential's Test (POST /rest/credentials/test, what the editor's Test button calls)
 *   succeeds on the sandbox, says "does not look like the Community Platform API" for a base
 *   URL that answers 200 with something else (the n8n instance itself), and keeps the 401 text;
 * - the Ticket Type field of Event Invitee → Add, through the editor's options endpoint: the
 *   invitation-only types come first, the others are marked, and the API does accept the first
 *   and refuses a marked one; the field's description says how to enter a type not listed.
 */
import { NOT_THE_API } from '../../credentials/CommunityPlatformApi.credentials';
import { ACTION_NODE_TYPE, CREDENTIAL_TYPE, E2E, errorText, type WorkflowJson } from './harness.cjs';
import { SANDBOX_ACCESS_TOKEN, SANDBOX_CLIENT_ID } from '../../tools/n8n/sandbox.cjs';

interface TestResult {
	status: string;
	message: string;
}

interface Option {
	name: string;
	value: string;
	description?: string;
}

const MARK = '(not seen on invitations)';

describe('the credential test and the ticket type loader, in a real n8n', () => {
	let e2e: E2E;

	beforeAll(async () => {
		// The sandbox's rate limits are not under test here: finding a suitable event reads a few.
		e2e = await E2E.start({ shared: true, sandboxOptions: { rateLimits: false } });
	});
	afterAll(async () => {
		await e2e?.stop();
	});

	/** Saves a credential with these values and runs n8n's credential test on it. */
	async function testCredential(name: string, data: Record<string, string>): Promise<TestResult> {
		const saved = await e2e.client.createCredential(name, CREDENTIAL_TYPE, data);
		return e2e.client.request<TestResult>('POST', '/rest/credentials/test', {
			credentials: { id: saved.id, name: saved.name, type: CREDENTIAL_TYPE, data },
		});
	}

	describe('Test on the credential', () => {
		it('succeeds against the API (the sandbox), reading one event', async () => {
			expect(await testCredential('Sandbox', e2e.sandbox!.credentialData())).toEqual({
				status: 'OK',
				message: 'Connection successful!',
			});
			const asked = (await e2e.sandbox!.requests()).map((r) => JSON.stringify(r));
			expect(asked.some((r) => r.includes('/public-api/v1/events') && r.includes('pageSize'))).toBe(true);
		});

		it('fails when the base URL is the n8n instance itself, saying it is not the API', async () => {
			// What n8n answers there: a 200 with its editor page, which the old test called a success.
			const probe = await fetch(`${e2e.n8n.url}/public-api/v1/events?pageNum=1&pageSize=1`);
			expect(probe.status).toBe(200);
			expect(await testCredential('n8n itself', { ...e2e.sandbox!.credentialData(), baseUrl: e2e.n8n.url })).toEqual({
				status: 'Error',
				message: NOT_THE_API,
			});
		});

		it('explains a token the API refuses (401)', async () => {
			const result = await testCredential('Wrong token', {
				...e2e.sandbox!.credentialData(),
				accessToken: 'not-the-sandbox-token',
			});
			expect(result.status).toBe('Error');
			expect(result.message).toContain('The client ID or access token was refused (401)');
		});
	});

	describe('Ticket Type of Event Invitee → Add', () => {
		/** The loader as the editor calls it, for an event given by ID. */
		async function ticketTypeOptions(eventId: string): Promise<Option[]> {
			return e2e.client.request<Option[]>('POST', '/rest/dynamic-node-parameters/options', {
				path: 'ticketType',
				methodName: 'getEventInvitationTicketTypes',
				nodeTypeAndVersion: { name: ACTION_NODE_TYPE, version: 1 },
				currentNodeParameters: {
					resource: 'eventInvitee',
					operation: 'add',
					event: { __rl: true, mode: 'id', value: eventId },
				},
				credentials: { [CREDENTIAL_TYPE]: e2e.credential },
			});
		}

		function addInvitee(eventId: string, ticketType: string, email: string): WorkflowJson {
			return {
				name: `Add invitee with ${ticketType}`,
				nodes: [
					{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
					{
						name: 'Add Invitee',
						type: ACTION_NODE_TYPE,
						typeVersion: 1,
						position: [250, 0],
						parameters: {
							resource: 'eventInvitee',
							operation: 'add',
							event: { __rl: true, mode: 'id', value: eventId },
							inviteeEmail: email,
							ticketType,
							attendeeType: 'Guest',
							additionalFields: {},
						},
						credentials: { [CREDENTIAL_TYPE]: { id: 'sandbox', name: 'Community Platform account' } },
					},
				],
				connections: { Start: { main: [[{ node: 'Add Invitee', type: 'main', index: 0 }]] } },
			};
		}

		it('describes how to enter a ticket type the list cannot show', async () => {
			const node = (await e2e.client.nodeTypes()).find((t) => t.name === ACTION_NODE_TYPE);
			const fields = (node?.properties ?? []) as Array<{
				name: string;
				description?: string;
				typeOptions?: { loadOptionsMethod?: string };
				displayOptions?: { show?: { operation?: string[] } };
			}>;
			const field = fields.find((p) => p.name === 'ticketType' && p.displayOptions?.show?.operation?.includes('add'));
			expect(field?.typeOptions?.loadOptionsMethod).toBe('getEventInvitationTicketTypes');
			expect(field?.description).toContain('The list shows only the ticket types someone already holds on this event');
			expect(field?.description).toContain('switch the field to Expression and type its exact name');
		});

		it('lists invitation-only types first, marks the others, and the API agrees', async () => {
			const url = `${e2e.sandbox!.url}/public-api/v1/events?status=Published&pageSize=30`;
			const headers = { 'x-client-id': SANDBOX_CLIENT_ID, authorization: `Bearer ${SANDBOX_ACCESS_TOKEN}` };
			const events = ((await (await fetch(url, { headers })).json()) as { results: Array<{ eventId: string }> }).results;
			let found: { eventId: string; options: Option[] } | undefined;
			for (const { eventId } of events) {
				const options = await ticketTypeOptions(eventId);
				if (options.some((o) => o.name.endsWith(MARK)) && options.some((o) => !o.name.endsWith(MARK))) {
					found = { eventId, options };
					break;
				}
			}
			expect(found).toBeDefined();
			const { eventId, options } = found!;
			// Unmarked (invitation-only) first, then the marked ones; each value is the exact name.
			const firstMarked = options.findIndex((o) => o.name.endsWith(MARK));
			expect(options.slice(firstMarked).every((o) => o.name === `${o.value} ${MARK}`)).toBe(true);
			expect(options.slice(0, firstMarked).every((o) => o.name === o.value && o.description?.startsWith('Invitation-only.'))).toBe(true);

			const stamp = Date.now();
			const accepted = await e2e.runWorkflowFull(addInvitee(eventId, options[0].value, `first-${stamp}@example.com`));
			expect({ status: accepted.status, error: accepted.status === 'success' ? '' : errorText(accepted) }).toEqual({
				status: 'success',
				error: '',
			});
			expect(accepted.output['Add Invitee'][0].json).toMatchObject({ invited: true, ticketType: options[0].value });

			const refused = await e2e.runWorkflowFull(addInvitee(eventId, options[firstMarked].value, `marked-${stamp}@example.com`));
			expect(refused.status).toBe('error');
			expect(errorText(refused)).toContain('the ticket type is not invitation-only');
		});
	});
});
