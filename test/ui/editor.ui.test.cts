/**
 * The node as people meet it: n8n's editor in a real browser (Chromium through playwright-core),
 * against n8n 2.41.1 with the packed package and the sandbox.
 *
 * - The node creator finds the package's five nodes by "Community Platform".
 * - Every resource and operation: the parameter panel shows exactly the fields the node's
 *   description shows for it (computed with n8n-workflow's own displayOptions logic), in the
 *   description's order, and marks issues on required fields only.
 * - Return All hides Limit; Member → Get Many and Create Many (Batch) run from the editor and
 *   fill the output table; the Member Trigger's Fetch Test Event shows items.
 *
 * Screenshots go to .e2e/screenshots (emptied at the start). With UPDATE_SCREENSHOTS=1 the ones
 * the README shows are copied to docs/.
 */
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { NodeHelpers, type INodeProperties } from 'n8n-workflow';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signIn } from '../../tools/n8n/browser.cjs';
import { PACKAGE_NAME } from '../../tools/n8n/pack.cjs';
import { REPO_DIR, SCRATCH_DIR } from '../../tools/n8n/runtime.cjs';
import { CREDENTIAL_NAME, CREDENTIAL_TYPE, E2E, actionWorkflow, type WorkflowJson } from '../e2e/harness.cjs';
import { OPERATIONS, description } from '../helpers/description.cjs';

const SHOTS = join(SCRATCH_DIR, 'screenshots');
const DOCS = join(REPO_DIR, 'docs');
const NODE = { typeVersion: 1 };
const described = new Set(description.properties.map((p) => p.name));


/** The top-level fields n8n shows for these parameters, in order, by n8n-workflow's own rules. */
function expectedFields(parameters: Record<string, unknown>): INodeProperties[] {
	const values = NodeHelpers.getNodeParameters(description.properties, parameters as never, true, false, NODE, description) ?? {};
	return description.properties.filter((p) => !['notice', 'callout'].includes(p.type) && NodeHelpers.displayParameter(values, p, NODE, description));
}

const isEmptyDefault = (p: INodeProperties) =>
	(['string', 'resourceLocator'].includes(p.type) && (p.default === '' || (p.default as { value?: unknown })?.value === ''));

async function shot(page: Page, name: string, docs = false) {
	const path = join(SHOTS, `${name}.png`);
	await page.screenshot({ path });
	if (docs && process.env.UPDATE_SCREENSHOTS === '1') copyFileSync(path, join(DOCS, `${name}.png`));
}

describe("n8n's editor with the package", () => {
	let e2e: E2E;
	let browser: Browser;
	let page: Page;

	/** Opens a workflow with the action node set to `parameters`, and the node's parameter panel. */
	async function openActionNode(parameters: Record<string, unknown>) {
		const wf = await e2e.importWorkflow(actionWorkflow(`UI ${parameters.resource}.${parameters.operation}`, parameters));
		await page.goto(`${e2e.n8n.url}/workflow/${wf.id}`);
		await page.locator('[data-test-id="canvas-node"]', { hasText: 'Community Platform' }).dblclick();
		await page.locator('[data-test-id="node-parameters"] label[for="operation"]').waitFor();
		// Fields appear as the panel settles (list searches, loaders): wait for the count to hold.
		let last = -1;
		for (let i = 0; i < 20; i++) {
			const count = await page.locator('[data-test-id="node-parameters"] label[for]').count();
			if (count === last) break;
			last = count;
			await page.waitForTimeout(150);
		}
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

	beforeAll(async () => {
		rmSync(SHOTS, { recursive: true, force: true });
		mkdirSync(SHOTS, { recursive: true });
		mkdirSync(DOCS, { recursive: true });
		e2e = await E2E.start();
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
		await page.waitForTimeout(500);
		await shot(page, 'node-creator-actions', true);
		await page.keyboard.press('Escape');
	});

	it('every resource and operation: the fields its description shows, in order, with issues on required fields only', async () => {
		const problems: string[] = [];
		for (const key of OPERATIONS) {
			const [resource, operation] = key.split('.');
			await openActionNode({ resource, operation });
			const expected = expectedFields({ resource, operation });
			const shown = await shownFields(expected.find((p) => p.type === 'resourceMapper')?.name);
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
		}
		expect(problems).toEqual([]);
	});

	it('Return All hides Limit', async () => {
		await openActionNode({ resource: 'member', operation: 'getAll' });
		expect(await shownFields()).toContain('limit');
		await page.locator('[data-test-id="parameter-input-returnAll"] .el-switch').click();
		await page.locator('[data-test-id="node-parameters"] label[for="limit"]').waitFor({ state: 'detached' });
		expect(await shownFields()).not.toContain('limit');
	});

	it('runs Member → Get Many (Limit 5) from the editor: five rows in the output table', async () => {
		await openActionNode({ resource: 'member', operation: 'getAll', limit: 5 });
		await page.locator('[data-test-id="node-execute-button"]').click();
		const rows = page.locator('[data-test-id="ndv-data-container"] table tbody tr');
		await rows.nth(4).waitFor();
		expect(await rows.count()).toBe(5);
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
		await shot(page, 'batch-result', true);
		const table = await page.locator('[data-test-id="ndv-data-container"] table').innerText();
		expect(table.match(/\bcreated\b/g)?.length).toBe(3);
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
});
