/**
 * Member → Create or Update Many (Batch) in a real n8n 2.41.1: a list of 250 rows where 100
 * members exist, 140 do not and 10 rows are invalid. Every row gets its own result, the
 * sandbox's members show the new values, each row is in each kind of job at most once, and the
 * API never answers 429.
 */
import type { SandboxAdmin } from '../../tools/sandbox/admin.cjs';
import type { RequestLogEntry } from '../../tools/sandbox/requestLog.cjs';
import { CREATE_OR_UPDATE_FROM_ROWS as FROM_ROWS } from '../helpers/memberRows.cjs';
import { E2E, actionWorkflow } from './harness.cjs';

describe('Member → Create or Update Many (Batch) in n8n', () => {
	let e2e: E2E;

	beforeAll(async () => {
		e2e = await E2E.start({ shared: true });
	});
	afterAll(async () => {
		await e2e?.stop();
	});

	it('a 250-row list: 100 existing members updated, 140 created, 10 invalid rows failed on their own items', async () => {
		const { store } = e2e.sandbox!.admin as SandboxAdmin;
		const tag = String(Date.now());
		const existing = store
			.activeMembers()
			.filter((m) => m.email)
			.slice(0, 100)
			.map((m) => m.email!);
		expect(existing).toHaveLength(100);
		const rows: Array<Record<string, string>> = [];
		let made = 0;
		let invalid = 0;
		for (let i = 0; i < 250; i++) {
			if (i % 25 === 24) {
				// 10 invalid rows: an email that is not one, or a picture URL that is not a URL.
				rows.push(
					invalid++ % 2 === 0
						? { email: `broken-${i}`, first: 'Bad', title: 'Row', company: 'Acme' }
						: { email: `bad-url-${tag}-${i}@example.com`, first: 'Bad', title: 'Row', company: 'Acme', picture: 'photo.png' },
				);
			} else if (made < 100 && i % 12 < 5) {
				rows.push({ email: existing[made++], first: 'Synced', title: `Title ${tag}`, company: `Company ${tag}` });
			} else {
				rows.push({ email: `new-${tag}-${i}@example.com`, first: `New${i}`, title: 'Engineer', company: 'Fresh Co' });
			}
		}
		// Fill up to 100 existing members, in place of new rows at the end.
		for (let i = 249; made < 100; i--) {
			if (rows[i].email.startsWith('new-')) rows[i] = { email: existing[made++], first: 'Synced', title: `Title ${tag}`, company: `Company ${tag}` };
		}
		const kind = (row: Record<string, string>) =>
			row.first === 'Bad' ? 'invalid' : row.email.startsWith('new-') ? 'new' : 'existing';
		expect(rows.filter((r) => kind(r) === 'existing')).toHaveLength(100);
		expect(rows.filter((r) => kind(r) === 'new')).toHaveLength(140);
		expect(rows.filter((r) => kind(r) === 'invalid')).toHaveLength(10);

		await e2e.sandbox!.adminRequest('DELETE', 'requests');
		const wf = actionWorkflow(
			`Create or update 250 members ${tag}`,
			{ ...FROM_ROWS, additionalFields: { pictureUrl: '={{ $json.picture }}' }, batchOptions: { reason: 'e2e list sync' } },
			{ rows },
		);
		const out = await e2e.runWorkflow(wf, { timeoutMs: 180_000 });
		const items = out['Community Platform'];
		expect(items).toHaveLength(250);
		expect(items.map((item) => item.pairedItem)).toEqual(rows.map((_, item) => ({ item })));

		items.forEach(({ json }, i) => {
			const row = rows[i];
			if (kind(row) === 'invalid') {
				expect(json).toEqual({
					status: 'failed',
					failed: true,
					jobIds: [],
					reason: expect.stringMatching(row.picture ? /"Picture URL" must be a full URL/ : /"Email" must be an email address/),
				});
			} else if (kind(row) === 'existing') {
				expect(json).toMatchObject({ action: 'updated', status: 'updated', failed: false, userId: expect.any(String), jobIds: [json.jobId] });
			} else {
				expect(json).toMatchObject({ action: 'created', status: 'created', failed: false, userId: expect.any(String) });
				expect(json.jobIds).toEqual([expect.any(String), json.jobId]);
			}
		});

		// The sandbox's state: the existing members carry the new values; the new ones exist.
		for (const email of existing) {
			expect(store.memberByEmail(email)).toMatchObject({ firstName: 'Synced', title: `Title ${tag}`, company: `Company ${tag}` });
		}
		rows.filter((r) => kind(r) === 'new').forEach((row) => {
			expect(store.memberByEmail(row.email)).toMatchObject({ firstName: row.first, title: 'Engineer', company: 'Fresh Co' });
		});

		// The requests: 3 update jobs (240 rows) and 2 create jobs (the 140 new rows); no row twice
		// in jobs of one kind, no invalid row sent, and no 429.
		const log = (await e2e.sandbox!.requests()) as unknown as RequestLogEntry[];
		const submitted = (path: string) =>
			log
				.filter((r) => r.method === 'POST' && r.path.endsWith(path))
				.map((r) => (r.body as { users: Array<{ email: string }>; reason?: string }));
		// Before its first job the run asked once for the Heavy tier's daily quota (an update job
		// of no rows, refused): this n8n had heard nothing of it yet.
		const probes = submitted('/users/batch-update').filter((job) => job.users.length === 0);
		expect(probes).toHaveLength(1);
		const updates = submitted('/users/batch-update').filter((job) => job.users.length > 0);
		const creates = submitted('/users/batch');
		expect(updates.map((job) => job.users.length)).toEqual([100, 100, 40]);
		expect(updates.every((job) => job.reason === 'e2e list sync')).toBe(true);
		expect(creates.map((job) => job.users.length)).toEqual([100, 40]);
		const updatedEmails = updates.flatMap((job) => job.users.map((u) => u.email));
		const createdEmails = creates.flatMap((job) => job.users.map((u) => u.email));
		expect(new Set(updatedEmails).size).toBe(240);
		expect(createdEmails.sort()).toEqual(rows.filter((r) => kind(r) === 'new').map((r) => r.email).sort());
		expect(log.filter((r) => r.status === 429)).toEqual([]);
	}, 240_000);

	it('under "Continue (using error output)": an invalid row on the error output with its result under `details`, the updated and the created row on the main output', async () => {
		const { store } = e2e.sandbox!.admin as SandboxAdmin;
		const tag = String(Date.now());
		const existing = store.activeMembers().find((m) => m.email)!.email!;
		const rows = [
			{ email: existing, first: 'Routed', title: 'Lead', company: `Company ${tag}` },
			{ email: 'not-an-email', first: 'Bad', title: 'Row', company: 'Acme' },
			{ email: `routed-${tag}@example.com`, first: 'Routed', title: 'Engineer', company: 'Fresh Co' },
			{ email: `no-name-${tag}@example.com`, first: '', title: 'Engineer', company: 'Fresh Co' },
		];
		const wf = actionWorkflow(
			`Create or update, error output ${tag}`,
			FROM_ROWS,
			{ rows, onError: 'continueErrorOutput' },
		);
		const result = await e2e.runWorkflowFull(wf, { timeoutMs: 120_000 });
		expect(result.status).toBe('success');
		const [main = [], error = []] = result.runs['Community Platform'][0];
		expect(main.map((item) => [item.pairedItem, item.json.action, item.json.status])).toEqual([
			[{ item: 0 }, 'updated', 'updated'],
			[{ item: 2 }, 'created', 'created'],
		]);
		expect(error).toHaveLength(2);
		expect(error[0].pairedItem).toEqual({ item: 1 });
		expect(error[0].json).toMatchObject({
			error: expect.stringMatching(/"Email" must be an email address/),
			details: { status: 'failed', failed: true, jobIds: [] },
		});
		// An error output keeps the message: it names the missing field and says nothing was created.
		expect(error[1].pairedItem).toEqual({ item: 3 });
		expect(error[1].json.error).toMatch(/a new member cannot be created from this item: "First Name" is required: enter the first name\. Nothing was created/);
		expect(store.memberByEmail(`no-name-${tag}@example.com`)).toBeUndefined();

		// The same for one item of Create or Update.
		const single = await e2e.runWorkflowFull(
			actionWorkflow(`Create or update one, error output ${tag}`, { ...FROM_ROWS, operation: 'createOrUpdate' }, { rows: [rows[3]], onError: 'continueErrorOutput' }),
			{ timeoutMs: 60_000 },
		);
		const [, singleError = []] = single.runs['Community Platform'][0];
		expect(singleError.map((item) => item.json.error)).toEqual([
			expect.stringMatching(/^No member has the email "no-name-.*", and a new member cannot be created from this item: "First Name" is required: enter the first name\. Nothing was created/),
		]);
		expect(store.memberByEmail(existing)).toMatchObject({ firstName: 'Routed', company: `Company ${tag}` });
		expect(store.memberByEmail(`routed-${tag}@example.com`)).toMatchObject({ firstName: 'Routed', company: 'Fresh Co' });
	}, 180_000);
});
