/**
 * Member → Create or Update, single and Many (Batch), in a real n8n 2.41.1 when the world moves
 * underneath it (issue 31):
 *
 * - Two executions started together with the same 5 new emails: 5 members at the end, every item
 *   succeeded (the one that lost a race updated the member the other created), no raw API error.
 * - 50 rows, 3 of them deactivated members' emails: those 3 fail saying so and what to do, the 47
 *   others succeed, and a second run gives the same results.
 * - A create job whose one row's email is taken when the job arrives (the sandbox creates that
 *   member then), with the sandbox refusing such a job whole: 99 rows created in a job of their
 *   own, that row updated; no 429.
 * - The Heavy tier's daily quota with 2 jobs left and a 250-row list: refused before any job, with
 *   the numbers; with "Partial Run Under the Daily Quota", the submitted rows done and the rest
 *   `not_submitted`. (On a sandbox of its own: the quota this n8n learns there is spent afterwards.)
 */
import type { SandboxAdmin } from '../../tools/sandbox/admin.cjs';
import { CREATE_OR_UPDATE_FROM_ROWS as FROM_ROWS } from '../helpers/memberRows.cjs';
import { CREDENTIAL_TYPE, E2E, Sandbox, actionWorkflow, errorText } from './harness.cjs';

type Row = Record<string, string>;
const SINGLE = { ...FROM_ROWS, operation: 'createOrUpdate' };
const DEACTIVATED = /^The email "[^"]+" belongs to a member the API does not update, most likely a deactivated member: .* Nothing was created or changed\. Reactivate the member in the community's admin \(this item then updates them\), or remove the item$/;

describe('Create or Update when the world moves (issue 31)', () => {
	let e2e: E2E;
	const admin = () => e2e.sandbox!.admin as SandboxAdmin;
	const newRows = (tag: string, count: number): Row[] =>
		Array.from({ length: count }, (_, i) => ({ email: `${tag}-${i}@example.com`, first: `N${i}`, title: 'Engineer', company: 'Fresh Co' }));
	const membersWith = (emails: string[]) => emails.filter((email) => admin().store.memberByEmail(email) !== undefined);
	const requests = async (method: string, path: string) => (await e2e.sandbox!.requests()).filter((r) => r.method === method && r.path === `/public-api/v1${path}`);

	/**
	 * A sandbox and credential of the case's own: its Heavy tier (10 jobs a minute) is not spent by
	 * the cases before it, here and in this n8n's pacer, so the cases do not wait on each other.
	 */
	async function ownSandbox(name: string) {
		const sb = await Sandbox.start();
		opened.push(sb);
		const credential = await e2e.client.createCredential(name, CREDENTIAL_TYPE, sb.credentialData());
		return { sb, admin: sb.admin as SandboxAdmin, credential: { id: credential.id, name: credential.name } };
	}
	const opened: Sandbox[] = [];

	beforeAll(async () => {
		e2e = await E2E.start({ shared: true });
	});
	afterAll(async () => {
		for (const sb of opened) await sb.close();
	});
	afterAll(async () => {
		await e2e?.stop();
	});
	beforeEach(async () => {
		await e2e.sandbox!.adminRequest('DELETE', 'requests');
	});

	it.each([
		['Create or Update', SINGLE],
		['Create or Update Many (Batch)', FROM_ROWS],
	])('%s: two executions started together with the same 5 new emails: 5 members, every item succeeded', async (label, parameters) => {
		const tag = `race-${parameters.operation}-${Date.now()}`;
		const rows = newRows(tag, 5);
		const runs = await Promise.all(
			['A', 'B'].map(async (run) => await e2e.runWorkflowFull(actionWorkflow(`${label} race ${run} ${tag}`, parameters, { rows }), { timeoutMs: 120_000 })),
		);
		for (const run of runs) expect({ status: run.status, error: run.status === 'success' ? '' : errorText(run) }).toEqual({ status: 'success', error: '' });
		const items = runs.flatMap((run) => run.output['Community Platform'].map((item) => item.json));
		expect(items).toHaveLength(10);
		for (const item of items) expect({ action: item.action, failed: item.failed ?? false }).toMatchObject({ action: expect.stringMatching(/^(created|updated)$/), failed: false });
		expect(membersWith(rows.map((r) => r.email))).toHaveLength(5);
		// Each email was created by one execution and updated by the other (items keep the rows' order).
		rows.forEach((_, i) => expect(runs.map((run) => run.output['Community Platform'][i].json.action).sort()).toEqual(['created', 'updated']));
		const refused = [...(await requests('POST', '/users')), ...(await requests('POST', '/users/batch'))].filter((r) => r.status === 400);
		const failedRows = runs.map((run) => run.output['Community Platform'].filter((item) => ((item.json.jobIds as string[] | undefined) ?? []).length === 3).length);
		process.stderr.write(`[create-or-update race] ${label}: ${refused.length} creation(s) refused, ${failedRows.join(' + ')} batch row(s) created elsewhere first and updated by a third job\n`);
	});

	it('50 rows, 3 of them deactivated members: those 3 fail saying so, the 47 others succeed, the same on a second run', async () => {
		const { admin: own, credential } = await ownSandbox('Deactivated members');
		const tag = `deactivated-${Date.now()}`;
		const rows = newRows(tag, 50);
		for (const i of [7, 23, 41]) {
			const member = own.feedMembers({ kind: 'created', email: rows[i].email });
			own.feedMembers({ kind: 'deactivated', userId: String(member.id) });
		}
		const outcome = async (run: number) => {
			const out = await e2e.runWorkflow(actionWorkflow(`Deactivated ${run} ${tag}`, FROM_ROWS, { rows }), { credential, timeoutMs: 180_000 });
			return out['Community Platform'].map(({ json }) => (json.failed ? `failed: ${String(json.reason)}` : String(json.action)));
		};
		const first = await outcome(1);
		expect(first.filter((r) => r === 'created')).toHaveLength(47);
		for (const i of [7, 23, 41]) expect(first[i]).toMatch(new RegExp(`^failed: ${DEACTIVATED.source.slice(1)}`));
		const second = await outcome(2);
		expect(second.filter((r) => r === 'updated')).toHaveLength(47);
		expect([7, 23, 41].map((i) => second[i])).toEqual([7, 23, 41].map((i) => first[i]));
		// No execution created a member for them.
		for (const i of [7, 23, 41]) expect(own.store.memberByEmail(rows[i].email)?.archived).toBe(true);
	});

	it('a create job refused whole for one row whose email was taken when it arrived: the 99 others created, that row updated; no 429', async () => {
		const { sb, admin: own, credential } = await ownSandbox('Taken meanwhile');
		const tag = `taken-${Date.now()}`;
		const rows = newRows(tag, 100);
		own.setCreateJobRules({ existingEmail: 'refuse-job', takeEmailsFirst: [rows[37].email] });
		try {
			const out = await e2e.runWorkflow(actionWorkflow(`Taken meanwhile ${tag}`, FROM_ROWS, { rows }), { credential, timeoutMs: 180_000 });
			const items = out['Community Platform'].map(({ json }) => json);
			expect(items.filter((item) => item.action === 'created')).toHaveLength(99);
			expect(items[37]).toMatchObject({ action: 'updated', failed: false });
			expect(own.store.memberByEmail(rows[37].email)?.firstName).toBe('N37');
		} finally {
			own.setCreateJobRules({ existingEmail: 'fail-row', takeEmailsFirst: [] });
		}
		const creates = (await sb.requests()).filter((r) => r.method === 'POST' && r.path === '/public-api/v1/users/batch');
		expect(creates.map((r) => [r.status, (r.body as { users: Row[] }).users.length])).toEqual([
			[400, 100],
			[202, 99],
		]);
		expect((await sb.requests()).filter((r) => r.status === 429)).toEqual([]);
	});

	it("the Heavy tier's daily quota with 2 jobs left: a 250-row list is refused before any job, with the numbers; a partial run does what the quota allows", async () => {
		const { sb, admin: sbAdmin, credential } = await ownSandbox('Quota');
		sbAdmin.setDailyQuota('heavy', 2);
		const tag = `quota-${Date.now()}`;
		const existing = sbAdmin.store
			.activeMembers()
			.filter((m) => m.email)
			.slice(0, 250)
			.map((m) => ({ email: m.email!, first: 'Quota', title: 'Engineer', company: `Co ${tag}` }));
		expect(existing).toHaveLength(250);

		const refused = await e2e.runWorkflowFull(actionWorkflow(`Quota ${tag}`, FROM_ROWS, { rows: existing }), { credential, timeoutMs: 120_000 });
		expect(refused.status).toBe('error');
		expect(errorText(refused)).toMatch(
			/The daily quota of the Heavy tier cannot cover this run: it needs up to 12 jobs \(3 update, 6 create \(each may be sent again once\), 3 to update again rows whose creation fails, 0 to set what creation cannot\), and the API allows 1 more today; the quota resets at \d{4}-\d\d-\d\dT00:00:00\.000Z\. Nothing was submitted\./,
		);
		const jobsSent = (await sb.requests()).filter((r) => r.method === 'POST' && String(r.path).includes('/users/batch') && ((r.body as { users?: unknown[] }).users ?? []).length > 0);
		expect(jobsSent).toEqual([]);

		const partial = await e2e.runWorkflow(
			actionWorkflow(`Quota partial ${tag}`, { ...FROM_ROWS, batchOptions: { allowPartialRun: true } }, { rows: existing }),
			{ credential, timeoutMs: 120_000 },
		);
		const items = partial['Community Platform'].map(({ json }) => json);
		expect(items.slice(0, 100).every((item) => item.action === 'updated')).toBe(true);
		expect(items.slice(100).every((item) => item.status === 'not_submitted' && String(item.reason).includes('daily request quota of the heavy tier is used up'))).toBe(true);
	});
});
