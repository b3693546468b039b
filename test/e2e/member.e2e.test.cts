/** Member workflows (test/e2e/workflows/member-*.json) run by a real n8n against the sandbox. */
import { E2E } from './harness.cjs';

describe('member resource in n8n', () => {
	let e2e: E2E;

	beforeAll(async () => {
		e2e = await E2E.start({ shared: true });
	});
	afterAll(async () => {
		await e2e?.stop();
	});

	it('gets many members, up to the limit, simplified', async () => {
		const out = await e2e.runWorkflow('member-get-many.json');
		const members = out['Get Many Members'];
		expect(members).toHaveLength(5);
		for (const { json } of members) {
			expect(json).toEqual(
				expect.objectContaining({ userId: expect.any(String), userEmail: expect.stringContaining('@') }),
			);
			// Simplify keeps the main fields only.
			expect(json.questionnaire).toBeUndefined();
		}
		expect(new Set(members.map((m) => m.json.userId)).size).toBe(5);

		const calls = (await e2e.sandbox!.requests()).filter((r) => /\/users(\?|$)/.test(String(r.path ?? r.url)));
		expect(calls.length).toBeGreaterThan(0);
	});

	it('looks a member up by email and by ID', async () => {
		const out = await e2e.runWorkflow('member-lookups.json');
		const [first] = out['First Member'];
		const [byEmail] = out['Get by Email'];
		const [byId] = out['Get by ID'];
		expect(byEmail.json.userId).toBe(first.json.userId);
		expect(byEmail.json.userEmail).toBe(first.json.userEmail);
		expect(byId.json.userId).toBe(first.json.userId);
		// Simplify off: the whole member, more fields than the simplified one.
		expect(Object.keys(byId.json).length).toBeGreaterThan(Object.keys(byEmail.json).length);
	});

	it('creates a member, reads it back, updates it', async () => {
		const email = `e2e-${Date.now()}@example.com`;
		const out = await e2e.runWorkflow('member-create-update.json', { vars: { EMAIL: email } });
		const [created] = out['Create Member'];
		expect(created.json.userId).toEqual(expect.any(String));
		expect(created.json.userFirstName).toBe('Ada');

		const [got] = out['Get Created'];
		expect(got.json).toEqual(
			expect.objectContaining({ userId: created.json.userId, userEmail: email, userCompany: 'Initial Co' }),
		);

		const [after] = out['Get Updated'];
		expect(after.json).toEqual(
			expect.objectContaining({ userId: created.json.userId, userCompany: 'Updated Co', userTitle: 'Lead Engineer' }),
		);
	});

	it('creates members in a batch job and waits for it: one result per input item', async () => {
		const tag = String(Date.now());
		const out = await e2e.runWorkflow('batch-create-many.json', { vars: { TAG: tag } });
		const rows = out['Create Many'].map((i) => i.json);
		expect(rows).toHaveLength(4);
		expect(rows.map((r) => r.failed)).toEqual([false, false, true, false]);
		expect(String(rows[2].reason)).toMatch(/email/i);
		const created = rows.filter((r) => !r.failed);
		for (const r of created) expect(r).toEqual(expect.objectContaining({ status: 'created', userId: expect.any(String) }));
		// The invalid row was never sent: one job holds the three good rows.
		expect(new Set(created.map((r) => r.jobId)).size).toBe(1);
		expect(out['Create Many'].map((i) => i.pairedItem)).toEqual([0, 1, 2, 3].map((item) => ({ item })));

		const [job] = out['Job Status'];
		expect(job.json.status).toBe('completed');
		expect(job.json.results).toHaveLength(3);
	});

	it('creates 250 members with submit and wait: 250 items, each with its own status', async () => {
		const tag = String(Date.now());
		const out = await e2e.runWorkflow('batch-create-250.json', { vars: { TAG: tag } });
		const rows = out['Create Many'].map((i) => i.json);
		expect(rows).toHaveLength(250);
		expect(out['Create Many'].map((i) => i.pairedItem)).toEqual(rows.map((_, item) => ({ item })));
		rows.forEach((row, i) => {
			if (i % 50 === 49) {
				expect(row).toEqual(expect.objectContaining({ status: 'failed', failed: true }));
				expect(String(row.reason)).toContain(`Duplicate of item ${i - 1}`);
			} else {
				expect(row).toEqual(expect.objectContaining({ status: 'created', failed: false, userId: expect.any(String) }));
			}
		});
		// 245 valid rows: three jobs of at most 100.
		expect(new Set(rows.filter((r) => !r.failed).map((r) => r.jobId)).size).toBe(3);
	});

	it('fails the execution with a clear message for an unknown email', async () => {
		const email = `nobody-${Date.now()}@example.com`;
		const result = await e2e.runWorkflowFull('member-get-by-email-not-found.json', { vars: { EMAIL: email } });
		expect(result.status).toBe('error');
		const err = result.nodeErrors['Get by Email'] ?? result.error;
		expect(`${err?.message} ${err?.description}`).toContain(email);
	});
});
