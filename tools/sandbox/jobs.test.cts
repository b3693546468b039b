/** Batch jobs: whole-batch 400s, pending → processing → completed, per-row results, admin job modes. */
import { type Sandbox, startSandbox } from './server.cjs';
import { type ApiClient, type Body, apiClient } from './testClient.cjs';

let sandbox: Sandbox;
let api: ApiClient;

beforeAll(async () => {
	sandbox = await startSandbox({ rateLimits: false });
	api = apiClient(sandbox);
});
afterAll(() => sandbox.close());

const newUser = (n: number, extra: Record<string, unknown> = {}) => ({
	email: `batch.user${n}@example.com`,
	firstName: 'Batch',
	lastName: `User ${n}`,
	position: 'Tester',
	company: 'QA Co',
	...extra,
});
const members = () => sandbox.store.activeMembers().filter((m) => m.email);

/** Moves the sandbox clock until the job reaches a final status. */
async function finish(path: string): Promise<Body> {
	sandbox.admin.advanceClock(5000);
	return (await api.get(path)).body;
}

describe('POST /users/batch (create)', () => {
	it('moves pending → processing → completed and creates members', async () => {
		const existing = members()[0].email;
		const submit = await api.post('/users/batch', { users: [newUser(1), newUser(2, { email: existing }), newUser(3)] });
		expect(submit.status).toBe(202);
		expect(submit.body).toEqual({ jobId: expect.any(String), status: 'pending' });
		const path = `/users/batch/${submit.body.jobId}`;
		expect((await api.get(path)).body).toMatchObject({ jobId: submit.body.jobId, status: 'pending', results: [] });

		sandbox.admin.advanceClock(300);
		const processing = (await api.get(path)).body;
		expect(processing.status).toBe('processing');

		const done = await finish(path);
		expect(done.status).toBe('completed');
		expect(done.results).toEqual([
			{ recordPosition: 0, tenantUserId: expect.stringMatching(/^[0-9a-f]{24}$/), status: 'created' },
			{ recordPosition: 1, status: 'failed', reason: expect.any(String) },
			{ recordPosition: 2, tenantUserId: expect.any(String), status: 'created' },
		]);
		const created = await api.get(`/users/${done.results[0].tenantUserId}`);
		expect(created.body.userEmail).toBe('batch.user1@example.com');
	});

	describe('an email a member has (the spec is silent; see README)', () => {
		afterEach(() => sandbox.admin.setCreateJobRules({ existingEmail: 'fail-row', takeEmailsFirst: [] }));
		const deactivatedEmail = () => {
			const row = sandbox.admin.feedMembers({ kind: 'created', email: `gone${Date.now()}@example.com` });
			sandbox.admin.feedMembers({ kind: 'deactivated', userId: String(row.id) });
			return String(row.userEmail);
		};

		it("by default the row fails when the job reaches it, a deactivated member's email too, and the others are created", async () => {
			const gone = deactivatedEmail();
			const submit = await api.post('/users/batch', { users: [newUser(40), newUser(41, { email: gone })] });
			expect(submit.status).toBe(202);
			const done = await finish(`/users/batch/${submit.body.jobId}`);
			expect(done.results).toEqual([
				{ recordPosition: 0, tenantUserId: expect.any(String), status: 'created' },
				{ recordPosition: 1, status: 'failed', reason: 'a user with this email already exists' },
			]);
			expect((await api.post('/users', { ...newUser(42), email: gone })).body).toEqual({ message: 'a user with this email already exists' });
		});

		it('refuse-job: the submission is refused whole, naming the rows', async () => {
			sandbox.admin.setCreateJobRules({ existingEmail: 'refuse-job' });
			const existing = members()[0].email;
			const gone = deactivatedEmail();
			const submit = await api.post('/users/batch', { users: [newUser(43), newUser(44, { email: existing }), newUser(45, { email: gone })] });
			expect(submit.status).toBe(400);
			expect(submit.body.message).toBe('invalid users: users[1]: a user with this email already exists; users[2]: a user with this email already exists');
			expect(sandbox.store.memberByEmail('batch.user43@example.com')).toBeUndefined();
		});

		it('takeEmailsFirst: the next create job finds those emails taken, once', async () => {
			sandbox.admin.setCreateJobRules({ takeEmailsFirst: ['batch.user46@example.com'] });
			const first = await api.post('/users/batch', { users: [newUser(46), newUser(47)] });
			expect(sandbox.store.memberByEmail('batch.user46@example.com')?.firstName).toBe('Taken');
			expect((await finish(`/users/batch/${first.body.jobId}`)).results.map((r: Body) => r.status)).toEqual(['failed', 'created']);
			expect(sandbox.admin.setCreateJobRules({}).takeEmailsFirst).toEqual([]);
		});
	});

	it('progresses on real time too (timeScale)', async () => {
		const fast = await startSandbox({ rateLimits: false, members: 30, timeScale: 2 });
		try {
			const client = apiClient(fast);
			const { jobId } = (await client.post('/users/batch', { users: [newUser(10), newUser(11)] })).body;
			const seen = new Set<string>();
			for (let i = 0; i < 60; i++) {
				const { status } = (await client.get(`/users/batch/${jobId}`)).body;
				seen.add(status);
				if (status === 'completed') break;
				await new Promise((r) => setTimeout(r, 10));
			}
			expect([...seen]).toEqual(['pending', 'processing', 'completed']);
		} finally {
			await fast.close();
		}
	});

	it('takes jobMs for a 100-row job (jobMs), smaller jobs in proportion', async () => {
		const slow = await startSandbox({ rateLimits: false, members: 30, jobMs: 2900 });
		try {
			const client = apiClient(slow);
			const { jobId } = (await client.post('/users/batch', { users: [newUser(40)] })).body;
			const job = slow.store.jobs.get(jobId)!;
			// One row: 250 ms pending, 200 + 10 ms processing by default; twice as long here.
			expect(job.pendingUntil - job.createdAt).toBe(500);
			expect(job.processingUntil - job.pendingUntil).toBe(420);
		} finally {
			await slow.close();
		}
	});

	it.each([
		['an invalid email in one row', [newUser(20), newUser(21, { email: 'nope' })]],
		['a company shorter than 2 characters', [newUser(22, { company: 'X' })]],
		['a missing firstName', [newUser(23, { firstName: undefined })]],
		['a missing position', [newUser(24, { position: undefined })]],
		['an invalid pictureUrl', [newUser(25, { pictureUrl: 'not a url' })]],
		['an unknown row key', [newUser(26, { spaces: ['Members'] })]],
		['duplicate emails (any case)', [newUser(27), newUser(27, { email: 'BATCH.USER27@example.com' })]],
		['an empty batch', []],
		['more than 100 rows', Array.from({ length: 101 }, (_, i) => newUser(100 + i))],
		['a row that is not an object', ['x']],
	])('rejects the whole batch for %s', async (_label, users) => {
		const before = sandbox.store.members.size;
		const r = await api.post('/users/batch', { users });
		expect(r.status).toBe(400);
		expect(typeof r.body.message).toBe('string');
		expect(sandbox.store.members.size).toBe(before);
	});

	it('names the failing rows', async () => {
		const r = await api.post('/users/batch', { users: [newUser(30), newUser(31, { company: 'X' }), newUser(32, { email: 'bad' })] });
		expect(r.body.message).toContain('users[1]');
		expect(r.body.message).toContain('users[2]');
		expect(r.body.message).not.toContain('users[0]');
	});

	it('400 without users and for unknown top-level keys; 404 for an unknown job', async () => {
		expect((await api.post('/users/batch', {})).status).toBe(400);
		expect((await api.post('/users/batch', { users: [newUser(40)], extra: 1 })).status).toBe(400);
		expect((await api.get('/users/batch/00000000-0000-4000-8000-000000000000')).status).toBe(404);
	});
});

describe('POST /users/batch-update', () => {
	it('400 listing every offending row index and its unknown keys', async () => {
		const [a, b, c] = members();
		const r = await api.post('/users/batch-update', {
			users: [
				{ email: a.email, firstName: 'A' },
				{ email: b.email, nickname: 'B', shoeSize: 42 },
				{ email: c.email, userId: c.id },
			],
		});
		expect(r.status).toBe(400);
		expect(r.body.message).toContain('users[1]: nickname, shoeSize');
		expect(r.body.message).toContain('users[2]: userId');
		expect(r.body.message).not.toContain('users[0]');
	});

	it.each([
		['duplicate emails', () => [{ email: members()[0].email }, { email: members()[0].email!.toUpperCase() }]],
		['a missing email', () => [{ firstName: 'X' }]],
		['non-string answers', () => [{ email: members()[0].email, questionAnswers: { x: 5 } }]],
	])('400 for %s', async (_label, users) => {
		expect((await api.post('/users/batch-update', { users: users() })).status).toBe(400);
	});

	it('processes rows independently: updated, noop, not_found, failed in input order', async () => {
		const [a, b, c] = members().slice(5);
		const multi = sandbox.store.questions.find((q) => q.type === 'Multi Select')!;
		const submit = await api.post('/users/batch-update', {
			users: [
				{ email: a.email, position: 'Batch Updated', questionAnswers: { [multi.id]: 'Web;Data' } },
				{ email: b.email, firstName: b.firstName, company: b.company },
				{ email: 'ghost@example.com', firstName: 'Nobody' },
				{ email: c.email, memberType: 'Overlord' },
				{ email: 'other.ghost@example.com', bio: 'Nobody home' },
			],
			reason: 'quarterly sync',
			operatorEmail: 'not-an-admin@example.com',
		});
		expect(submit.status).toBe(202);
		const done = await finish(`/users/batch-update/${submit.body.jobId}`);
		expect(done.status).toBe('completed');
		expect(done.results.map((r: Body) => r.status)).toEqual(['updated', 'noop', 'not_found', 'failed', 'not_found']);
		expect(done.results.map((r: Body) => r.recordPosition)).toEqual([0, 1, 2, 3, 4]);
		expect(done.results[0].tenantUserId).toBe(a.id);
		expect(done.results[1].tenantUserId).toBe(b.id);
		expect(done.results[2]).not.toHaveProperty('tenantUserId');
		expect(done.results[3]).toMatchObject({ tenantUserId: c.id, reason: expect.stringContaining('memberType') });
		const read = await api.get(`/users/${a.id}`);
		expect(read.body.userTitle).toBe('Batch Updated');
		expect(read.body.questionnaire[multi.title]).toBe('Web;Data');
	});

	it('reports a Location answer as a failed row', async () => {
		const m = members()[9];
		const location = sandbox.store.questions.find((q) => q.type === 'Location')!;
		const { jobId } = (await api.post('/users/batch-update', { users: [{ email: m.email, questionAnswers: { [location.id]: 'Paris' } }] })).body;
		const done = await finish(`/users/batch-update/${jobId}`);
		expect(done.results[0]).toMatchObject({ status: 'failed', tenantUserId: m.id, reason: expect.stringMatching(/Location/) });
	});

	it('keeps create and update job ids apart', async () => {
		const { jobId } = (await api.post('/users/batch-update', { users: [{ email: members()[0].email }] })).body;
		expect((await api.get(`/users/batch/${jobId}`)).status).toBe(404);
		expect((await api.get(`/users/batch-update/${jobId}`)).status).toBe(200);
	});
});

describe('POST /clubs/:clubId/users/batch', () => {
	it('adds members; validates rows while running; 404 for another club’s job', async () => {
		const [club, other] = sandbox.store.clubs;
		const outsider = members().find((m) => !club.memberIds.has(m.id))!;
		const submit = await api.post(`/clubs/${club.clubId}/users/batch`, {
			users: [{ email: outsider.email }, { userId: 'bad-id' }, { email: 'ghost@example.com' }, {}, { userId: members()[3].id }],
		});
		expect(submit.status).toBe(202);
		const done = await finish(`/clubs/${club.clubId}/users/batch/${submit.body.jobId}`);
		expect(done.status).toBe('completed');
		expect(done.results).toEqual([
			{ recordPosition: 0, email: outsider.email, status: 'success' },
			{ recordPosition: 1, userId: 'bad-id', status: 'failed', reason: expect.any(String) },
			{ recordPosition: 2, email: 'ghost@example.com', status: 'failed', reason: expect.any(String) },
			{ recordPosition: 3, status: 'failed', reason: expect.any(String) },
			{ recordPosition: 4, userId: members()[3].id, status: 'success' },
		]);
		expect(club.memberIds.has(outsider.id)).toBe(true);
		expect((await api.get(`/clubs/${other.clubId}/users/batch/${submit.body.jobId}`)).status).toBe(404);
		expect((await api.get(`/clubs/${club.clubId}/users/batch/nope`)).status).toBe(404);
	});

	it('400 for an unknown club or a bad batch', async () => {
		expect((await api.post('/clubs/0123456789abcdef01234567/users/batch', { users: [{ email: 'a@b.co' }] })).status).toBe(400);
		const club = sandbox.store.clubs[0];
		expect((await api.post(`/clubs/${club.clubId}/users/batch`, { users: [] })).status).toBe(400);
		expect((await api.post(`/clubs/${club.clubId}/users/batch`, { users: [{ email: 'a@b.co', role: 'admin' }] })).status).toBe(400);
	});
});

describe('admin job modes', () => {
	afterEach(() => sandbox.admin.setJobMode('normal'));

	it('fail: the job ends failed with a top-level error', async () => {
		sandbox.admin.setJobMode('fail', 1);
		const { jobId } = (await api.post('/users/batch-update', { users: [{ email: members()[0].email, firstName: 'Zed' }] })).body;
		const failed = await finish(`/users/batch-update/${jobId}`);
		expect(failed).toMatchObject({ jobId, status: 'failed', results: [], error: { message: expect.any(String) } });
		const next = (await api.post('/users/batch-update', { users: [{ email: members()[0].email }] })).body;
		expect((await finish(`/users/batch-update/${next.jobId}`)).status).toBe('completed');
	});

	it('stall: the job never finishes (over HTTP)', async () => {
		const set = await fetch(`${sandbox.url}/__admin/jobs`, { method: 'POST', body: JSON.stringify({ mode: 'stall' }) });
		expect(set.status).toBe(200);
		const { jobId } = (await api.post('/users/batch', { users: [newUser(60)] })).body;
		sandbox.admin.advanceClock(60 * 60 * 1000);
		expect((await api.get(`/users/batch/${jobId}`)).body).toMatchObject({ status: 'processing', results: [] });
	});
});
