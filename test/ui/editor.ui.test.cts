/**
 * The node as people meet it: n8n's editor in a real browser (Chromium through playwright-core),
 * against n8n 2.41.1 with the packed package and the sandbox.
 *
 * - The node creator finds the package's five nodes by "Community Platform".
 * - Every resource and operation: the parameter panel shows exactly the fields the node's
 *   description shows for it (computed with n8n-workflow's own displayOptions logic), in the
 *   description's order, and marks issues on required fields only.
 * - Before anything has run, the input panel of the node after Member → Get shows the fields of
 *   the package's output schema for it (n8n's schema preview, fetched from /schemas/…).
 * - Return All hides Limit; Member → Get Many and Create Many (Batch) run from the editor and
 *   fill the output table; the Member Trigger's Fetch Test Event shows items.
 * - A workflow that n8n's own MCP workflow-builder tools create (create_workflow_from_code, as
 *   an AI client calls them) opens on the canvas with its trigger and action node.
 *
 * Screenshots go to .e2e/screenshots (emptied at the start). With UPDATE_SCREENSHOTS=1 the ones
 * the README shows are copied to docs/. Every wait is on a fact (an element, a value, a state of
 * the page), never a fixed time.
 */
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { NodeHelpers, type INodeProperties } from 'n8n-workflow';
import type { Browser, Page, Response } from 'playwright-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { launchBrowser, signIn } from '../../tools/n8n/browser.cjs';
import { PACKAGE_NAME } from '../../tools/n8n/pack.cjs';
import { REPO_DIR, SCRATCH_DIR } from '../../tools/n8n/runtime.cjs';
import { CREDENTIAL_NAME, CREDENTIAL_TYPE, E2E, actionWorkflow, type WorkflowJson } from '../e2e/harness.cjs';
import { mcpWorkflow } from '../e2e/mcpWorkflow.cjs';
import { builderWorkflows } from '../e2e/builderWorkflows.cjs';
import { OPERATIONS, description } from '../helpers/description.cjs';
import { apiClient, type ApiClient } from '../../tools/sandbox/testClient.cjs';

const SHOTS = join(SCRATCH_DIR, 'screenshots');
const DOCS = join(REPO_DIR, 'docs');
const NODE = { typeVersion: 1 };
const NEW_CREDENTIAL_NAME = 'My community';
const described = new Set(description.properties.map((p) => p.name));


/** The top-level fields n8n shows for these parameters, in order, by n8n-workflow's own rules. */
function expectedFields(parameters: Record<string, unknown>): INodeProperties[] {
	const values = NodeHelpers.getNodeParameters(description.properties, parameters as never, true, false, NODE, description) ?? {};
	return description.properties.filter((p) => !['notice', 'callout'].includes(p.type) && NodeHelpers.displayParameter(values, p, NODE, description));
}

const isEmptyDefault = (p: INodeProperties) =>
	(['string', 'resourceLocator'].includes(p.type) && (p.default === '' || (p.default as { value?: unknown })?.value === ''));

/** Reads until the value equals `want` or 10 s pass, and returns the last reading (for the assertion to show). */
async function settled<T,>(read: () => Promise<T>, want: T): Promise<T> {
	let value = await read();
	for (let i = 0; i < 50 && JSON.stringify(value) !== JSON.stringify(want); i++) {
		await new Promise((resolve) => setTimeout(resolve, 200));
		value = await read();
	}
	return value;
}

/**
 * A screenshot of the editor with nothing over it: n8n's toasts closed, transitions at their end.
 * A toast can open just after the others were closed (once, after the trigger's test fetch), so
 * this closes what is open until none is left, and names the toast that would not close.
 */
async function shot(page: Page, name: string, docs = false) {
	const toasts = page.locator('.el-notification');
	const deadline = Date.now() + 30_000;
	while ((await toasts.count()) > 0) {
		if (Date.now() > deadline) throw new Error(`a toast stays open: ${await toasts.first().innerText()}`);
		for (const close of await page.locator('.el-notification__closeBtn').all()) {
			await close.click({ force: true, timeout: 2_000 }).catch(() => undefined);
		}
		await toasts.first().waitFor({ state: 'detached', timeout: 2_000 }).catch(() => undefined);
	}
	const path = join(SHOTS, `${name}.png`);
	await page.screenshot({ path, animations: 'disabled' });
	if (docs && process.env.UPDATE_SCREENSHOTS === '1') copyFileSync(path, join(DOCS, `${name}.png`));
}

describe("n8n's editor with the package", () => {
	let e2e: E2E;
	let browser: Browser;
	let page: Page;
	let api: ApiClient;

	/**
	 * Opens a workflow with the action node set to `parameters`, and the node's parameter panel;
	 * waits (up to 10 s) until it shows the fields n8n-workflow's rules give for them, and returns
	 * the fields it shows.
	 */
	async function openActionNode(parameters: Record<string, unknown>): Promise<string[]> {
		const wf = await e2e.importWorkflow(actionWorkflow(`UI ${parameters.resource}.${parameters.operation}`, parameters));
		await page.goto(`${e2e.n8n.url}/workflow/${wf.id}`);
		return await openNode('Community Platform', parameters);
	}

	/** Opens the parameter panel of the node so named on the canvas shown, set to `parameters`; as openActionNode. */
	async function openNode(name: string, parameters: Record<string, unknown>): Promise<string[]> {
		await page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).dblclick();
		await page.locator('[data-test-id="node-parameters"] label[for="operation"]').waitFor();
		const expected = expectedFields(parameters);
		const mapper = expected.find((p) => p.type === 'resourceMapper')?.name;
		return await settled(() => shownFields(mapper), expected.map((p) => p.name));
	}

	/** The fields shown, top to bottom: labelled inputs, and the resource mapper (which has its own heading) as `mapper`. */
	const shownFields = async (mapper = '') =>
		(
			await page
				.locator('[data-test-id="node-parameters"] label[for], [data-test-id="node-parameters"] [data-test-id="resource-mapper-container"]')
				.evaluateAll((els, name) => els.map((e) => e.getAttribute('for') ?? name), mapper)
		).filter((name, i, all) => described.has(name) && all.indexOf(name) === i);

	const fieldsWithIssues = async () =>
		page
			.locator('[data-test-id="node-parameters"] [data-test-id="parameter-issues"]')
			.evaluateAll((els) => els.map((e) => e.closest('[data-test-id="parameter-item"]')?.querySelector('label[for]')?.getAttribute('for') ?? '?'));

	/** The node's Execute button shows its label again once the run has ended. */
	const executeButtonReady = () => page.locator('[data-test-id="node-execute-button"]', { hasText: 'Execute step' }).waitFor();

	const visibleOptions = () => page.locator('.el-select-dropdown__item:visible, [role=option]:visible');

	/** Opens an options field's dropdown and returns its entries once they have loaded. */
	async function dropdownOf(name: string): Promise<string[]> {
		// A field whose options are loading is disabled; a multi-select covers its input with its tags.
		const field = page.locator(`[data-test-id="parameter-input-${name}"]`);
		await field.locator('input[disabled]').first().waitFor({ state: 'detached' });
		await field.click();
		await visibleOptions().first().waitFor();
		const entries = (await visibleOptions().allTextContents()).map((t) => t.trim());
		await page.keyboard.press('Escape');
		return entries;
	}

	async function pickOption(name: string, option: string) {
		await page.locator(`[data-test-id="parameter-input-${name}"] input`).first().click();
		await visibleOptions().filter({ hasText: option }).first().click();
	}

	beforeAll(async () => {
		rmSync(SHOTS, { recursive: true, force: true });
		mkdirSync(SHOTS, { recursive: true });
		mkdirSync(DOCS, { recursive: true });
		// n8n's MCP server with its workflow-builder tools, as test/e2e/mcp-builder.e2e.test.cts starts it.
		e2e = await E2E.start({ n8nEnv: { N8N_MCP_BUILDER_ENABLED: 'true', N8N_MCP_COMMUNITY_NODE_DISCOVERY_ENABLED: 'false' } });
		api = apiClient({ apiUrl: `${e2e.sandbox!.url}/public-api/v1` });
		browser = await launchBrowser();
		page = await signIn(browser, e2e.n8n.url);
	});
	afterAll(async () => {
		await browser?.close();
		await e2e?.stop();
	});

	it('the node creator finds the action node and the four triggers by "Community Platform"', async () => {
		const start: WorkflowJson = {
			name: 'UI node creator',
			nodes: [{ id: '00000000-0000-4000-8000-000000000001', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }],
			connections: {},
			settings: { executionOrder: 'v1' },
		};
		const wf = await e2e.importWorkflow(start);
		await page.goto(`${e2e.n8n.url}/workflow/${wf.id}`);
		await page.locator('[data-test-id="node-creator-plus-button"]').click();
		await page.locator('[data-test-id="node-creator-search-bar"]').click();
		await page.keyboard.type('Community Platform');
		const names = page.locator('[data-test-id="node-creator-item-name"]');
		await names.filter({ hasText: 'Community Platform Member' }).first().waitFor();
		expect(await names.allTextContents()).toEqual(
			expect.arrayContaining(['Community Platform', 'Community Platform Member', 'Community Platform Event Attendee', 'Community Platform Course Enrollment', 'Community Platform Course Certificate'].map((n) => expect.stringContaining(n))),
		);
		await shot(page, 'node-creator', true);
		await names.filter({ hasText: /^\s*Community Platform\s*$/ }).first().click();
		// Its page lists every operation as an action, grouped by resource.
		await page.getByText(`Actions (${OPERATIONS.length})`).waitFor();
		await page.getByText('Add a member to a club', { exact: true }).waitFor();
		await shot(page, 'node-creator-actions', true);
		// Picking an action adds the node set to it, with the only credential already chosen.
		await page.getByText('Add a member to a club', { exact: true }).click();
		await page.locator('[data-test-id="node-parameters"] label[for="operation"]').waitFor();
		expect(await page.locator('[data-test-id="node-credentials-select"] input').inputValue()).toBe(CREDENTIAL_NAME);
		expect(await page.locator('[data-test-id="parameter-input-resource"] input').inputValue()).toBe('Club');
		expect(await page.locator('[data-test-id="parameter-input-operation"] input').inputValue()).toBe('Add Member');
		expect(await shownFields()).toEqual(['resource', 'operation', 'club', 'member']);
		await page.keyboard.press('Escape');
		await expect(page.locator('[data-test-id="canvas-node"]', { hasText: 'Add a member to a club' }).count()).resolves.toBe(1);
	});

	// Forty parameter panels, one after another, in one workflow with a node for each: the editor
	// is loaded once (a page load takes seconds on 2 cores; a panel opens in about one).
	it('every resource and operation: the fields its description shows, in order, with issues on required fields only', async () => {
		const single = actionWorkflow('UI every operation', {});
		const [start, template] = single.nodes;
		const nodes = OPERATIONS.map((key, i) => {
			const [resource, operation] = key.split('.');
			const id = `00000000-0000-4000-8000-${String(100 + i).padStart(12, '0')}`;
			return { ...template, id, name: `UI ${key}`, position: [(i % 8) * 240, 200 + Math.floor(i / 8) * 200] as [number, number], parameters: { resource, operation } };
		});
		const wf = await e2e.importWorkflow({ ...single, nodes: [start, ...nodes], connections: {} });
		await page.goto(`${e2e.n8n.url}/workflow/${wf.id}`);
		const problems: string[] = [];
		for (const key of OPERATIONS) {
			const [resource, operation] = key.split('.');
			const shown = await openNode(`UI ${key}`, { resource, operation });
			const expected = expectedFields({ resource, operation });
			const names = expected.map((p) => p.name);
			if (JSON.stringify(shown) !== JSON.stringify(names)) problems.push(`${key}: shows [${shown.join(', ')}], its description [${names.join(', ')}]`);
			const issues = await fieldsWithIssues();
			const required = new Set(expected.filter((p) => p.required).map((p) => p.name));
			for (const name of issues) if (!required.has(name)) problems.push(`${key}: an issue on ${name}, which is not required`);
			for (const p of expected.filter((p) => p.required && isEmptyDefault(p))) {
				if (!issues.includes(p.name)) problems.push(`${key}: required ${p.name} is empty and not marked`);
			}
			if (key === 'member.getByEmail') await shot(page, 'member-get-by-email');
			if (key === 'member.update') await shot(page, 'member-update-profile-answers');
			await page.keyboard.press('Escape');
			await page.locator('[data-test-id="node-parameters"]').waitFor({ state: 'detached' });
		}
		expect(problems).toEqual([]);
	}, 600_000);

	it('Return All hides Limit', async () => {
		await openActionNode({ resource: 'member', operation: 'getAll' });
		expect(await shownFields()).toContain('limit');
		await page.locator('[data-test-id="parameter-input-returnAll"] .el-switch').click();
		await page.locator('[data-test-id="node-parameters"] label[for="limit"]').waitFor({ state: 'detached' });
		expect(await shownFields()).not.toContain('limit');
	});

	it('Remove From All shows only for Override, and hides the list while on', async () => {
		for (const [resource, operation, list] of [
			['space', 'updateMemberSpaces', 'spaces'],
			['club', 'updateMemberClubs', 'clubIds'],
		]) {
			await openActionNode({ resource, operation });
			expect(await shownFields()).not.toContain('removeFromAll');
			await pickOption('membershipMode', 'Override');
			await page.locator('[data-test-id="node-parameters"] label[for="removeFromAll"]').waitFor();
			expect(await shownFields()).toEqual(expect.arrayContaining(['membershipMode', 'removeFromAll', list]));
			await page.locator('[data-test-id="parameter-input-removeFromAll"] .el-switch').click();
			await page.locator(`[data-test-id="node-parameters"] label[for="${list}"]`).waitFor({ state: 'detached' });
			expect(await shownFields()).not.toContain(list);
		}
	});

	describe('loaders', () => {
		it("the club locator's list: all clubs, narrowed by the search typed in it; a pick fills the field", async () => {
			const clubs = (await api.get<Array<{ name: string }>>('/clubs')).body.map((c) => c.name);
			await openActionNode({ resource: 'club', operation: 'addMember' });
			const club = page.locator('[data-test-id="resource-locator-club"]');
			await club.locator('[data-test-id="rlc-input"]').click();
			const items = page.locator('[data-test-id="rlc-item"]');
			await items.first().waitFor();
			expect((await items.allTextContents()).sort()).toEqual([...clubs].sort());
			await page.locator('input[data-test-id="rlc-search"]').fill('guild');
			const guilds = clubs.filter((name) => /guild/i.test(name));
			expect(guilds.length).toBeGreaterThan(0);
			expect(await settled(async () => (await items.allTextContents()).sort(), guilds.sort())).toEqual(guilds.sort());
			await shot(page, 'club-locator-search');
			await items.first().click();
			expect(await club.locator('[data-test-id="rlc-input"]').inputValue()).toBe(guilds[0]);
		});

		it("spaces: Update Member's Spaces lists every space, with its description", async () => {
			const spaces = (await api.get<Array<{ name: string; description?: string }>>('/spaces')).body;
			await openActionNode({ resource: 'space', operation: 'updateMemberSpaces' });
			const shown = await dropdownOf('spaces');
			expect(shown).toEqual(spaces.map((s) => `${s.name}${s.description ?? ''}`).sort());
		});

		it('ticket types: after an event is picked, the ticket types people hold on it', async () => {
			const events = (await api.get<{ results: Array<{ eventId: string; eventTitle: string; eventStartDate?: string }> }>('/events', { pageNum: 1, pageSize: 200 })).body.results;
			// An event that has invitations, so the list has an invitation-only type to show.
			let event: (typeof events)[number] | undefined;
			let invited: string[] = [];
			for (const e of events) {
				const invitees = (await api.get<{ results: Array<{ ticketType: string }> }>(`/events/${e.eventId}/invitees`, { pageNum: 1, pageSize: 200 })).body.results;
				if (invitees.length) [event, invited] = [e, [...new Set(invitees.map((i) => i.ticketType))]];
				if (event) break;
			}
			expect(event).toBeDefined();
			await openActionNode({ resource: 'eventInvitee', operation: 'add' });
			await page.locator('[data-test-id="resource-locator-event"] [data-test-id="rlc-input"]').click();
			await page.locator('input[data-test-id="rlc-search"]').fill(event!.eventTitle);
			const item = page.locator('[data-test-id="rlc-item"]', { hasText: event!.eventTitle }).first();
			await item.click();
			const shown = await dropdownOf('ticketType');
			for (const name of invited) expect(shown.some((option) => option.startsWith(name))).toBe(true);
			await shot(page, 'ticket-types');
		});

		it('collections: Create Video → Collection lists the collections by name', async () => {
			const collections = (await api.get<{ results: Array<{ collectionName: string }> }>('/collections', { pageNum: 1, pageSize: 200 })).body.results.map((c) => c.collectionName);
			expect(collections.length).toBeGreaterThan(0);
			await openActionNode({ resource: 'content', operation: 'createVideo' });
			await page.locator('[data-test-id="collection-parameter-add"]').click();
			await visibleOptions().filter({ hasText: 'Collection Name or ID' }).click();
			expect(await dropdownOf('collection')).toEqual([...collections].sort((a, b) => a.localeCompare(b)));
		});

		it('Profile Answers: one entry per question the API can answer, and a single select offers its choices', async () => {
			const list = (await api.get<Array<{ id: string; title: string }>>('/userProfileQuestions')).body;
			const questions = await Promise.all(list.map(async (q) => (await api.get<{ title: string; type: string; options?: string[]; withOtherOption?: boolean }>(`/userProfileQuestions/${q.id}`)).body));
			const answerable = questions.filter((q) => q.type !== 'Location');
			const select = answerable.find((q) => q.type === 'Single Select' && !q.withOtherOption && q.options?.length);
			expect(select).toBeDefined();
			await openActionNode({ resource: 'member', operation: 'update' });
			const mapper = page.locator('[data-test-id="resource-mapper-container"]');
			await mapper.getByText('Add answer to send').click();
			expect(await mapper.innerText()).toContain('Profile Answers');
			const entries = page.locator('[role=menuitem]:visible');
			await entries.first().waitFor();
			const titles = (await entries.allTextContents()).map((t) => t.trim()).filter(Boolean);
			expect(titles).toHaveLength(answerable.length);
			for (const q of answerable) expect(titles.some((t) => t.startsWith(q.title))).toBe(true);
			await entries.filter({ hasText: select!.title }).click();
			const field = mapper.locator('.parameter-item', { hasText: select!.title }).last();
			await field.locator('input').first().click();
			await visibleOptions().first().waitFor();
			expect(await visibleOptions().allTextContents()).toEqual(select!.options);
			await shot(page, 'profile-answers', true);
		});

		it('a locator switched to By Email or By URL validates what is typed', async () => {
			const locatorOf = (name: string) => page.locator(`[data-test-id="resource-locator-${name}"]`);
			async function switchMode(name: string, mode: string) {
				await locatorOf(name).locator('[data-test-id="rlc-mode-selector"]').click();
				await visibleOptions().filter({ hasText: mode }).click();
			}
			/** Types `value` into the locator `name` and leaves the field; returns its issues marker. */
			async function typeInto(name: string, value: string) {
				await locatorOf(name).locator('[data-test-id="rlc-input"]').fill(value);
				await page.keyboard.press('Tab');
				return locatorOf(name).locator('[data-test-id="parameter-issues"]');
			}

			await openActionNode({ resource: 'club', operation: 'addMember' });
			await switchMode('member', 'By Email');
			const badEmail = await typeInto('member', 'ada.example.com');
			await badEmail.hover();
			await page.getByText('Not a valid email address').waitFor();
			await shot(page, 'locator-by-email-invalid');
			await (await typeInto('member', 'ada+events@example.com')).waitFor({ state: 'detached' });

			await openActionNode({ resource: 'event', operation: 'get' });
			await switchMode('event', 'By URL');
			await (await typeInto('event', 'https://community.example.com/members/ada')).waitFor();
			await (await typeInto('event', 'https://community.example.com/events/launch-party')).waitFor({ state: 'detached' });
		});
	});

	it("before anything has run, the next node's input shows the fields Member → Get outputs (the package's output schema)", async () => {
		const wf = actionWorkflow('UI schema preview', { resource: 'member', operation: 'get', member: { __rl: true, mode: 'id', value: 'any' } });
		wf.nodes.push({ id: '00000000-0000-4000-8000-000000000004', name: 'Next', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [650, 0], parameters: {} });
		wf.connections['Community Platform'] = { main: [[{ node: 'Next', type: 'main', index: 0 }]] };
		const imported = await e2e.importWorkflow(wf);
		// The editor asks n8n for the schema of the node's type, version, resource and operation.
		const schemaPath = `/schemas/${PACKAGE_NAME}.communityPlatform/1.0.0/member/get.json`;
		const served: Array<{ path: string; status: number }> = [];
		const record = (response: Response) => {
			const path = new URL(response.url()).pathname;
			if (path.startsWith('/schemas/')) served.push({ path, status: response.status() });
		};
		page.on('response', record);
		try {
			await page.goto(`${e2e.n8n.url}/workflow/${imported.id}`);
			await page.locator('[data-test-id="canvas-node"]', { hasText: 'Next' }).dblclick();
			const input = page.locator('[data-test-id="ndv-input-panel"]');
			await input.waitFor();
			// The Schema view: the input panel's default, picked again in case n8n remembers another.
			await input.locator('[data-test-id="ndv-run-data-display-mode"]').getByText('Schema', { exact: true }).click();
			await input.locator('[data-test-id="schema-preview-warning"]').waitFor();
			// Community Platform's fields, as pills marked as a preview.
			const headers = (await input.locator('[data-test-id="run-data-schema-header"] .title').allTextContents()).map((t) => t.trim());
			expect(headers).toContain('Community Platform');
			const pills = input.locator('[data-test-id="run-data-schema-node-name"][data-node-name="Community Platform"]');
			await pills.first().waitFor();
			const shown = (await pills.allTextContents()).map((t) => t.trim());
			expect(shown).toEqual(expect.arrayContaining(['userId', 'userEmail', 'displayName', 'memberType']));
			expect(await pills.and(page.locator('.pill--preview')).count()).toBe(shown.length);
			expect(served).toContainEqual({ path: schemaPath, status: 200 });
			// A preview, not data: nothing has run.
			expect(await e2e.client.listExecutions(imported.id)).toEqual([]);
			await shot(page, 'schema-preview', true);
		} finally {
			page.off('response', record);
		}
	});

	it('runs Member → Get Many (Limit 5) from the editor: five rows in the output table', async () => {
		await openActionNode({ resource: 'member', operation: 'getAll', limit: 5 });
		await page.locator('[data-test-id="node-execute-button"]').click();
		const rows = page.locator('[data-test-id="ndv-data-container"] table tbody tr');
		await rows.nth(4).waitFor();
		expect(await rows.count()).toBe(5);
		await executeButtonReady();
		await shot(page, 'member-get-many', true);
	});

	it('runs Create Many (Batch) from the editor: one result per row, the bad row marked, the others created', async () => {
		const wf = await e2e.importWorkflow('batch-create-many.json', { vars: { TAG: `ui-${Date.now()}` } });
		await page.goto(`${e2e.n8n.url}/workflow/${wf.id}`);
		await page.locator('[data-test-id="canvas-node"]', { hasText: 'Create Many' }).dblclick();
		await page.locator('[data-test-id="node-execute-button"]').click();
		const rows = page.locator('[data-test-id="ndv-data-container"] table tbody tr');
		await rows.nth(3).waitFor({ timeout: 60_000 });
		expect(await rows.count()).toBe(4);
		const table = await page.locator('[data-test-id="ndv-data-container"] table').innerText();
		expect(table.match(/\bcreated\b/g)?.length).toBe(3);
		// The table would show the failed row's missing job fields as red "undefined" cells and cut
		// its reason off; the JSON view shows each row as it is, in a window tall enough for all four.
		// n8n remembers the view: the table comes back for the next tests.
		const view = (mode: string) => page.locator('[data-test-id="output-panel"] [data-test-id="ndv-run-data-display-mode"]').getByText(mode, { exact: true }).click();
		const output = page.locator('[data-test-id="output-panel"] [data-test-id="ndv-data-container"]');
		const size = page.viewportSize()!;
		try {
			await view('JSON');
			expect(await settled(async () => (await output.innerText()).includes('"reason"'), true)).toBe(true);
			await page.setViewportSize({ width: size.width, height: 1300 });
			await executeButtonReady();
			await shot(page, 'batch-result', true);
		} finally {
			await page.setViewportSize(size);
			await view('Table');
		}
	});

	it("the Member Trigger's Fetch Test Event shows items", async () => {
		const trigger: WorkflowJson = {
			name: 'UI member trigger',
			nodes: [
				{
					id: '00000000-0000-4000-8000-000000000011',
					name: 'Community Platform Member Trigger',
					type: `${PACKAGE_NAME}.communityPlatformMemberTrigger`,
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
					credentials: { [CREDENTIAL_TYPE]: { id: 'sandbox', name: CREDENTIAL_NAME } },
				},
			],
			connections: {},
			settings: { executionOrder: 'v1' },
		};
		const wf = await e2e.importWorkflow(trigger, { pollSeconds: false });
		await page.goto(`${e2e.n8n.url}/workflow/${wf.id}`);
		await page.locator('[data-test-id="canvas-node"]').first().dblclick();
		await page.locator('[data-test-id="node-execute-button"]').click();
		const rows = page.locator('[data-test-id="ndv-data-container"] table tbody tr');
		await rows.first().waitFor({ timeout: 60_000 });
		expect(await rows.count()).toBeGreaterThan(0);
		await shot(page, 'member-trigger', true);
	});
	it('the MCP workflow of "Use with AI agents": the trigger with four Community Platform tools attached', async () => {
		const wf = await e2e.importWorkflow(mcpWorkflow());
		await page.goto(`${e2e.n8n.url}/workflow/${wf.id}`);
		const nodes = page.locator('[data-test-id="canvas-node"]');
		await nodes.nth(4).waitFor();
		expect(await nodes.count()).toBe(5);
		// The canvas zooms to fit after it opens: wait until every node is inside the window.
		const size = page.viewportSize()!;
		const inside = async () =>
			(await Promise.all((await nodes.all()).map((n) => n.boundingBox()))).every((b) => !!b && b.x >= 0 && b.y >= 0 && b.x + b.width <= size.width && b.y + b.height <= size.height);
		expect(await settled(inside, true)).toBe(true);
		await shot(page, 'mcp-workflow', true);
	});

	it("a workflow built through n8n's MCP server (create_workflow_from_code) shows on the canvas: the trigger and the action node", async () => {
		// As test/e2e/mcp-builder.e2e.test.cts: the instance's MCP access on, a client with its key.
		await e2e.client.request('PATCH', '/rest/mcp/settings', { mcpAccessEnabled: true });
		const { apiKey } = await e2e.client.request<{ apiKey: string }>('GET', '/rest/mcp/api-key');
		const client = new Client({ name: 'ui-builder', version: '1.0.0' });
		await client.connect(new StreamableHTTPClientTransport(new URL(`${e2e.n8n.url}/mcp-server/http`), { requestInit: { headers: { Authorization: `Bearer ${apiKey}` } } }));
		let workflowId = '';
		try {
			const call = async <T,>(name: string, args: Record<string, unknown>): Promise<T> => {
				const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ text?: string }>; structuredContent?: unknown };
				if (result.isError) throw new Error(`${name} failed: ${result.content.map((c) => c.text ?? '').join('\n')}`);
				return result.structuredContent as T;
			};
			// A club and an event, looked up as the client would, with the sandbox credential.
			const explore = async (methodName: string) =>
				(await call<{ results: Array<{ value: string | number }> }>('explore_node_resources', { nodeType: `${PACKAGE_NAME}.communityPlatform`, version: 1, methodName, methodType: 'listSearch', credentialType: CREDENTIAL_TYPE, credentialId: e2e.credential!.id })).results;
			const [club] = await explore('searchClubs');
			const [event] = await explore('searchEvents');
			const ids = { clubId: String(club.value), eventId: String(event.value), startDate: new Date().toISOString(), dataTableId: '' };
			const wf = builderWorkflows(ids).find((w) => w.name === 'Event registrations join a club')!;
			expect(await call<{ valid: boolean; errors?: string[] }>('validate_workflow', { code: wf.code })).toEqual(expect.objectContaining({ valid: true }));
			const created = await call<{ workflowId: string; autoAssignedCredentials?: Array<{ nodeName: string; credentialName: string }> }>('create_workflow_from_code', { code: wf.code, versionName: 'Built over MCP' });
			// The builder set the credential on both nodes itself.
			expect((created.autoAssignedCredentials ?? []).map((a) => [a.nodeName, a.credentialName]).sort()).toEqual([
				['Add to club', CREDENTIAL_NAME],
				['New registration', CREDENTIAL_NAME],
			]);
			workflowId = created.workflowId;
		} finally {
			await client.close();
		}
		// Two nodes at the canvas's largest fit-to-view zoom: a smaller window, so they fill more of the picture.
		const size = page.viewportSize()!;
		const small = { width: 1000, height: 560 };
		await page.setViewportSize(small);
		try {
			await page.goto(`${e2e.n8n.url}/workflow/${workflowId}`);
			const nodes = page.locator('[data-test-id="canvas-node"]');
			for (const name of ['New registration', 'Add to club']) await nodes.filter({ hasText: name }).waitFor();
			expect((await nodes.evaluateAll((els) => els.map((e) => [e.getAttribute('data-node-name'), e.getAttribute('data-node-type')]))).sort()).toEqual([
				['Add to club', `${PACKAGE_NAME}.communityPlatform`],
				['New registration', `${PACKAGE_NAME}.communityPlatformEventAttendeeTrigger`],
			]);
			const inside = async () =>
				(await Promise.all((await nodes.all()).map((n) => n.boundingBox()))).every((b) => !!b && b.x >= 0 && b.y >= 0 && b.x + b.width <= small.width && b.y + b.height <= small.height);
			expect(await settled(inside, true)).toBe(true);
			await shot(page, 'mcp-built-workflow', true);
		} finally {
			await page.setViewportSize(size);
		}
	});

	it("the credential form: a wrong token shows the API's 401 message, the right one connects", async () => {
		await openActionNode({ resource: 'member', operation: 'get' });
		await page.locator('[data-test-id="node-credentials-select"]').click();
		await page.locator('[data-test-id="node-credentials-select-item-new"]').click();
		const modal = page.locator('[data-test-id="editCredential-modal"]');
		const field = (name: string) => modal.locator(`[data-test-id="parameter-input-${name}"] input`);
		await field('baseUrl').waitFor();
		const { baseUrl, clientId, accessToken } = e2e.sandbox!.credentialData();
		// A name of its own (n8n would call it "Community Platform account 2", after the one the
		// workflow has).
		await modal.locator('[data-test-id="credential-name"]').click();
		await page.keyboard.press('ControlOrMeta+a');
		await page.keyboard.type(NEW_CREDENTIAL_NAME);
		await page.keyboard.press('Enter');
		await modal.locator('[data-test-id="credential-name"]', { hasText: NEW_CREDENTIAL_NAME }).waitFor();
		await field('baseUrl').fill(baseUrl);
		await field('clientId').fill(clientId);
		await field('accessToken').fill('not-the-token');
		await modal.locator('[data-test-id="credential-save-button"]').click();
		await modal.getByText('Couldn’t connect with these settings').waitFor();
		await modal.getByText('More details').click();
		await modal.getByText('The client ID or access token was refused (401)').waitFor();
		expect(await modal.innerText()).not.toContain('not-the-token');
		// The save is done (the button has its label back) before the picture.
		await modal.locator('[data-test-id="credential-save-button"]', { hasText: /\S/ }).waitFor();
		await shot(page, 'credential-wrong-token', true);
		await field('accessToken').fill(accessToken);
		await modal.locator('[data-test-id="credential-save-button"]').click();
		// Saved from a node, a credential that connects closes its form and is picked on the node.
		await modal.waitFor({ state: 'hidden' });
		await page.locator('[data-test-id="credential-edit-button"]').click();
		await modal.getByText('Connection tested successfully').waitFor();
		await shot(page, 'credential-connected');
	});
});
