/**
 * Member → Create or Update (one item) and Create or Update Many (Batch): which requests each
 * sends, in which order, and what each item gets back.
 */
import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import { API, runNode } from '../helpers/harness.cjs';
import { CREATE_OR_UPDATE_FROM_ROWS } from '../helpers/memberRows.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

useVirtualClock();

const QUESTIONS = () =>
	nock(API)
		.get('/userProfileQuestions')
		.reply(200, [{ id: 'q1', title: 'Favourite tool?', inUserProfileForm: true }])
		.get('/userProfileQuestions/q1')
		.reply(200, { id: 'q1', title: 'Favourite tool?', type: 'Single Line Text' });

const answers = (value: IDataObject) => ({ mappingMode: 'defineBelow', value, matchingColumns: [], schema: [] });

/** Records the body of every request to `path` (answered by `reply`). */
function capture(method: 'post' | 'patch', path: string, status: number, reply: (body: IDataObject) => IDataObject) {
	const bodies: IDataObject[] = [];
	nock(API)
		[method](path, (body: IDataObject) => {
			bodies.push(body);
			return true;
		})
		.reply(status, (_uri: string, body: IDataObject) => reply(body));
	return bodies;
}

const single = (parameters: IDataObject, continueOnFail = false) =>
	runNode({ parameters: { resource: 'member', operation: 'createOrUpdate', email: 'ada@example.com', ...parameters }, continueOnFail });

const NOT_FOUND = () => ({ message: 'User not found' });

describe('Member: Create or Update', () => {
	it('updates an existing member with only the fields set, in one request', async () => {
		const sent = capture('post', '/updateProfileByEmail', 200, () => ({
			user: { id: 'u1', firstName: 'Ada', company: 'Acme' },
			updatedQuestionAnswers: {},
		}));
		const out = await single({ firstName: 'Ada', company: 'Acme', additionalFields: { bio: 'Hi' } });
		expect(sent).toEqual([{ email: 'ada@example.com', firstName: 'Ada', company: 'Acme', bio: 'Hi' }]);
		expect(out[0].json).toMatchObject({ action: 'updated', userId: 'u1', email: 'ada@example.com', user: { id: 'u1' } });
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('an existing member needs no First Name, Job Title or Company: a profile answer alone updates it', async () => {
		QUESTIONS();
		const sent = capture('post', '/updateProfileByEmail', 200, () => ({ user: { id: 'u1' }, updatedQuestionAnswers: { 'Favourite tool?': 'n8n' } }));
		const out = await single({ profileAnswers: answers({ q1: 'n8n' }) });
		expect(sent).toEqual([{ email: 'ada@example.com', q1: 'n8n' }]);
		expect(out[0].json.action).toBe('updated');
	});

	it('creates the member when no one has the email (the update answers 404), with the creation fields only', async () => {
		const tried = capture('post', '/updateProfileByEmail', 404, NOT_FOUND);
		const created = capture('post', '/users', 200, () => ({ userId: 'u9', userFirstName: 'Ada', memberType: 'Standard' }));
		const out = await single({
			firstName: 'Ada',
			position: 'Engineer',
			company: 'Acme',
			additionalFields: { lastName: 'Lovelace', linkedInUrl: 'https://www.linkedin.com/in/ada' },
		});
		expect(tried).toHaveLength(1);
		expect(created).toEqual([
			{
				email: 'ada@example.com',
				firstName: 'Ada',
				position: 'Engineer',
				company: 'Acme',
				lastName: 'Lovelace',
				linkedInUrl: 'https://www.linkedin.com/in/ada',
			},
		]);
		expect(out[0].json).toMatchObject({ action: 'created', userId: 'u9', email: 'ada@example.com', userFirstName: 'Ada' });
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('a new member gets what creation cannot set (bio, member type, answers) in an update of the new member', async () => {
		QUESTIONS();
		capture('post', '/updateProfileByEmail', 404, NOT_FOUND);
		const created = capture('post', '/users', 200, () => ({ userId: 'u9' }));
		const completed = capture('patch', '/users/u9', 200, () => ({ user: { id: 'u9', memberType: 'Guest' }, updatedQuestionAnswers: { 'Favourite tool?': 'n8n' } }));
		const out = await single({
			firstName: 'Ada',
			position: 'Engineer',
			company: 'Acme',
			additionalFields: { bio: 'Hi', memberType: 'guest' },
			profileAnswers: answers({ q1: 'n8n' }),
		});
		expect(created[0]).toEqual({ email: 'ada@example.com', firstName: 'Ada', position: 'Engineer', company: 'Acme' });
		expect(completed).toEqual([{ bio: 'Hi', memberType: 'Guest', q1: 'n8n' }]);
		expect(out[0].json).toMatchObject({ action: 'created', userId: 'u9', updatedQuestionAnswers: { 'Favourite tool?': 'n8n' } });
	});

	it('no member and no First Name, Job Title or Company: the message itself names what a new member needs and says nothing was created', async () => {
		capture('post', '/updateProfileByEmail', 404, NOT_FOUND);
		const expected =
			'No member has the email "ada@example.com", and a new member cannot be created from this item: "First Name" is required: enter the first name; "Job Title" is required: enter the job title. Nothing was created; set the missing fields to create the member, or leave the item out';
		await expect(single({ company: 'Acme' })).rejects.toMatchObject({ message: expected });
		// An error output keeps only the message: all of it is there.
		capture('post', '/updateProfileByEmail', 404, NOT_FOUND);
		const out = await single({ company: 'Acme' }, true);
		expect(out[0].json.error).toBe(expected);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it("any other refusal of the update is the API's error, and nothing is created", async () => {
		capture('post', '/updateProfileByEmail', 400, () => ({ message: 'invalid memberType' }));
		const out = await single({ firstName: 'Ada', position: 'Engineer', company: 'Acme' }, true);
		expect(out[0].json.error).toBe('invalid memberType');
	});

	it('when the new member is created but the update after it fails, the error says it was created and how to finish', async () => {
		capture('post', '/updateProfileByEmail', 404, NOT_FOUND);
		capture('post', '/users', 200, () => ({ userId: 'u9' }));
		capture('patch', '/users/u9', 400, () => ({ message: 'invalid approvalStatus' }));
		await expect(
			single({ firstName: 'Ada', position: 'Engineer', company: 'Acme', additionalFields: { approvalStatus: 'pending' } }),
		).rejects.toMatchObject({
			message:
				'The member was created (ID u9), but setting its other fields failed: invalid approvalStatus. Fix this and run the item again: the member now exists, so it is updated',
		});
	});

	describe('when the world moves between the update and the creation', () => {
		const TAKEN = () => ({ message: 'a member with this email already exists' });
		const fields = { firstName: 'Ada', position: 'Engineer', company: 'Acme' };

		it('another execution created the member meanwhile: the refused creation sends the update again, which updates that member', async () => {
			const updates = capture('post', '/updateProfileByEmail', 404, NOT_FOUND);
			const created = capture('post', '/users', 400, TAKEN);
			capture('post', '/updateProfileByEmail', 200, () => ({ user: { id: 'u7', firstName: 'Ada' }, updatedQuestionAnswers: {} }));
			const out = await single(fields);
			expect(updates).toHaveLength(1);
			expect(created).toHaveLength(1);
			expect(out[0].json).toMatchObject({ action: 'updated', userId: 'u7', email: 'ada@example.com' });
			expect(nock.pendingMocks()).toEqual([]);
		});

		it('a 409 for the creation is handled the same way', async () => {
			capture('post', '/updateProfileByEmail', 404, NOT_FOUND);
			capture('post', '/users', 409, TAKEN);
			capture('post', '/updateProfileByEmail', 200, () => ({ user: { id: 'u7' }, updatedQuestionAnswers: {} }));
			expect((await single(fields))[0].json.action).toBe('updated');
		});

		it('a member the API does not update holds the email (a deactivated one): the item fails saying so and what to do, the same on every run', async () => {
			const expected =
				'The email "ada@example.com" belongs to a member the API does not update, most likely a deactivated member: the update found no member with it, and the creation answered "a member with this email already exists". Nothing was created or changed. Reactivate the member in the community\'s admin (this item then updates them), or remove the item';
			for (let run = 0; run < 2; run++) {
				capture('post', '/updateProfileByEmail', 404, NOT_FOUND);
				capture('post', '/users', 400, TAKEN);
				capture('post', '/updateProfileByEmail', 404, NOT_FOUND);
				const out = await single(fields, true);
				expect(out[0].json.error).toBe(expected);
				expect(nock.pendingMocks()).toEqual([]);
			}
		});

		it("a creation refused for another reason is the API's reason, saying nothing was created", async () => {
			capture('post', '/updateProfileByEmail', 404, NOT_FOUND);
			capture('post', '/users', 400, () => ({ message: 'invalid linkedInUrl' }));
			capture('post', '/updateProfileByEmail', 404, NOT_FOUND);
			await expect(single(fields)).rejects.toMatchObject({
				httpCode: '400',
				message:
					'No member has the email "ada@example.com", and the API refused to create one: invalid linkedInUrl. Nothing was created; fix what the API names and run the item again',
			});
		});
	});
});

// ------------------------------------------------------------------ the batch

type Row = IDataObject & { email: string };

/** A job endpoint's submissions: each job's body, answered with job ids `<prefix>1`, `<prefix>2`, … */
function jobs(path: string, prefix: string, answer: (row: Row, position: number, job: number) => IDataObject) {
	const submitted: Array<{ users: Row[] } & IDataObject> = [];
	nock(API)
		.persist()
		.post(path, (body: { users: Row[] }) => {
			// An empty update job is the quota probe (see `quotaProbe`), not a job.
			if (body.users.length === 0) return false;
			submitted.push(body);
			return true;
		})
		.reply(202, () => ({ jobId: `${prefix}${submitted.length}`, status: 'pending' }))
		.get(new RegExp(`^/public-api/v1${path}/${prefix}\\d+$`))
		.reply(200, (uri: string) => {
			const jobId = uri.split('/').pop() as string;
			const job = Number(jobId.slice(prefix.length));
			const { users } = submitted[job - 1];
			return { jobId, status: 'completed', results: users.map((row, i) => ({ recordPosition: i, ...answer(row, i, job) })) };
		});
	return submitted;
}

const DAY_END = Date.UTC(2030, 0, 2) / 1000;

/**
 * The answer to the quota probe (an update job with no rows) sent before a run's first job when
 * the process knows nothing of the Heavy tier's daily quota: 400, with the quota's headers.
 */
function quotaProbe(remaining: number, optional = false) {
	const probed: IDataObject[] = [];
	nock(API)
		.post('/users/batch-update', (body: IDataObject) => {
			if ((body.users as unknown[]).length !== 0) return false;
			probed.push(body);
			return true;
		})
		.optionally(optional)
		.reply(400, { message: 'users must contain between 1 and 100 items' }, {
			'X-RateLimit-Daily-Limit': '200',
			'X-RateLimit-Daily-Remaining': String(remaining),
			'X-RateLimit-Daily-Reset': String(DAY_END),
		});
	return probed;
}

const EXISTING = new Set(['m0@example.com', 'm2@example.com']);
/** The update job's answer for a row: members m0 and m2 exist (m2 unchanged), the others do not. */
const updateAnswer = (row: Row): IDataObject =>
	EXISTING.has(row.email)
		? { tenantUserId: `id-${row.email}`, status: row.email === 'm2@example.com' ? 'noop' : 'updated' }
		: { status: 'not_found' };
const createAnswer = (row: Row): IDataObject => ({ tenantUserId: `new-${row.email}`, status: 'created' });

const person = (n: number, more: IDataObject = {}) => ({ email: `m${n}@example.com`, first: `M${n}`, title: 'Dev', company: 'Acme', ...more });

const many = (items: IDataObject[], parameters: IDataObject = {}) =>
	runNode({
		items,
		parameters: { ...CREATE_OR_UPDATE_FROM_ROWS, ...parameters },
	});

describe('Member: Create or Update Many (Batch)', () => {
	// Plenty of quota left, unless a test says otherwise.
	beforeEach(() => quotaProbe(200, true));
	afterEach(() => nock.cleanAll());

	it('updates every row first, creates only the rows no member has, and says which it did for each item', async () => {
		const updates = jobs('/users/batch-update', 'u', updateAnswer);
		const creates = jobs('/users/batch', 'c', createAnswer);
		const items = [person(0), person(1), person(2), { ...person(3), email: 'not an email' }, person(4)];
		const out = await many(items, { batchOptions: { reason: 'CRM sync' } });

		expect(updates).toHaveLength(1);
		expect(updates[0].reason).toBe('CRM sync');
		expect(updates[0].users.map((row) => row.email)).toEqual(['m0@example.com', 'm1@example.com', 'm2@example.com', 'm4@example.com']);
		expect(updates[0].users[0]).toEqual({ email: 'm0@example.com', firstName: 'M0', position: 'Dev', company: 'Acme' });
		expect(creates).toHaveLength(1);
		expect(creates[0]).toEqual({
			users: [
				{ email: 'm1@example.com', firstName: 'M1', position: 'Dev', company: 'Acme' },
				{ email: 'm4@example.com', firstName: 'M4', position: 'Dev', company: 'Acme' },
			],
		});

		expect(out.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
		expect(out.map((item) => [item.json.action, item.json.status, item.json.failed])).toEqual([
			['updated', 'updated', false],
			['created', 'created', false],
			['updated', 'noop', false],
			[undefined, 'failed', true],
			['created', 'created', false],
		]);
		expect(out[0].json).toMatchObject({ userId: 'id-m0@example.com', jobId: 'u1', jobIds: ['u1'], recordPosition: 0 });
		expect(out[1].json).toMatchObject({ userId: 'new-m1@example.com', jobId: 'c1', jobIds: ['u1', 'c1'], recordPosition: 0 });
		expect(out[4].json).toMatchObject({ jobId: 'c1', jobIds: ['u1', 'c1'], recordPosition: 1 });
		expect(out[3].json.reason).toContain('"Email" must be an email address');
	});

	it('a new member gets bio, member type and answers in one more update job, after it is created', async () => {
		QUESTIONS();
		const updates = jobs('/users/batch-update', 'u', (row) => (row.email === 'm0@example.com' ? updateAnswer(row) : { tenantUserId: 'x', status: updates.length > 1 ? 'updated' : 'not_found' }));
		jobs('/users/batch', 'c', createAnswer);
		const out = await many([person(0), person(1)], {
			additionalFields: { bio: '={{ $json.first }} bio' },
			profileAnswers: answers({ q1: 'n8n' }),
		});
		expect(updates.map((job) => job.users)).toEqual([
			[
				{ email: 'm0@example.com', firstName: 'M0', position: 'Dev', company: 'Acme', bio: 'M0 bio', questionAnswers: { q1: 'n8n' } },
				{ email: 'm1@example.com', firstName: 'M1', position: 'Dev', company: 'Acme', bio: 'M1 bio', questionAnswers: { q1: 'n8n' } },
			],
			[{ email: 'm1@example.com', bio: 'M1 bio', questionAnswers: { q1: 'n8n' } }],
		]);
		expect(out[1].json).toMatchObject({ action: 'created', status: 'created', failed: false, jobIds: ['u1', 'c1', 'u2'] });
	});

	it('a row no member has that lacks what creation needs fails on its own item and is not sent to a create job', async () => {
		jobs('/users/batch-update', 'u', updateAnswer);
		const creates = jobs('/users/batch', 'c', createAnswer);
		const out = await many([person(0), person(1, { first: '' }), person(4, { company: 'A' })]);
		expect(creates).toEqual([]);
		expect(out[0].json.action).toBe('updated');
		expect(out[1].json).toMatchObject({
			status: 'failed',
			failed: true,
			jobIds: ['u1'],
			reason:
				'No member has the email "m1@example.com", and a new member cannot be created from this item: "First Name" is required: enter the first name. Nothing was created; set the missing fields to create the member, or leave the item out',
		});
		expect(out[2].json.reason).toContain('"Company" must be at least 2 characters long');
	});

	it('a row whose update job did not finish within Max Wait is never sent to a create job', async () => {
		nock(API)
			.post('/users/batch-update')
			.reply(202, { jobId: 'u1', status: 'pending' })
			.get('/users/batch-update/u1')
			.times(100)
			.reply(200, { jobId: 'u1', status: 'processing', results: [] });
		const out = await many([person(1)], { maxWaitMinutes: 1 });
		expect(out[0].json).toMatchObject({ status: 'timeout', failed: true, jobId: 'u1', jobIds: ['u1'] });
		expect(out[0].json.action).toBeUndefined();
	});

	it('a spent daily quota at the create step: the updated rows keep their result, the others say they were not submitted', async () => {
		jobs('/users/batch-update', 'u', updateAnswer);
		nock(API)
			.post('/users/batch')
			.reply(429, { message: 'Daily quota exceeded' }, {
				'Retry-After': '40000',
				'X-RateLimit-Daily-Remaining': '0',
				'X-RateLimit-Daily-Reset': String(Math.floor(Date.UTC(2026, 10, 21) / 1000)),
			});
		const out = await many([person(0), person(1)]);
		expect(out[0].json).toMatchObject({ action: 'updated', failed: false });
		expect(out[1].json).toMatchObject({ status: 'not_submitted', failed: true, jobIds: ['u1'] });
		expect(out[1].json.reason).toContain('0 of 1 valid rows were submitted');
	});

	it('a duplicate email fails on the later item, and the first goes on', async () => {
		const updates = jobs('/users/batch-update', 'u', updateAnswer);
		const out = await many([person(0), { ...person(0), email: 'M0@Example.com' }]);
		expect(updates[0].users).toHaveLength(1);
		expect(out[1].json).toMatchObject({ status: 'failed', reason: expect.stringContaining('Duplicate of item 0') });
	});

	describe('when the world moves between the steps', () => {
		const TAKEN = 'a user with this email already exists';
		/** The recheck: m1 was created by someone else meanwhile, m3 belongs to a deactivated member. */
		const recheckAnswer = (row: Row): IDataObject => (row.email === 'm1@example.com' ? { tenantUserId: 'other-m1', status: 'updated' } : { status: 'not_found' });

		it('a create row refused for its email goes in one more update job: updated if someone created it meanwhile, else the deactivated-member reason', async () => {
			const updates = jobs('/users/batch-update', 'u', (row, _, job) => (job === 1 ? updateAnswer(row) : recheckAnswer(row)));
			const creates = jobs('/users/batch', 'c', (row) => (['m1@example.com', 'm3@example.com'].includes(row.email) ? { status: 'failed', reason: TAKEN } : createAnswer(row)));
			const out = await many([person(0), person(1), person(3), person(4)]);

			expect(creates.map((job) => job.users.map((row) => row.email))).toEqual([['m1@example.com', 'm3@example.com', 'm4@example.com']]);
			expect(updates.map((job) => job.users.map((row) => row.email))).toEqual([
				['m0@example.com', 'm1@example.com', 'm3@example.com', 'm4@example.com'],
				['m1@example.com', 'm3@example.com'],
			]);
			// The recheck sends the whole update row: the member someone else created gets this item's fields.
			expect(updates[1].users[0]).toEqual({ email: 'm1@example.com', firstName: 'M1', position: 'Dev', company: 'Acme' });
			expect(out[1].json).toMatchObject({ action: 'updated', status: 'updated', failed: false, userId: 'other-m1', jobIds: ['u1', 'c1', 'u2'] });
			expect(out[2].json).toMatchObject({ status: 'failed', failed: true, jobIds: ['u1', 'c1', 'u2'] });
			expect(out[2].json.reason).toBe(
				`The email "m3@example.com" belongs to a member the API does not update, most likely a deactivated member: the update found no member with it, and the creation answered "${TAKEN}". Nothing was created or changed. Reactivate the member in the community's admin (this item then updates them), or remove the item`,
			);
			expect(out[3].json).toMatchObject({ action: 'created', failed: false });
		});

		it('a create job refused whole, naming a row: that row fails alone and goes to the recheck; the rest go again as a job, and are created', async () => {
			jobs('/users/batch-update', 'u', (row, _, job) => (job === 1 ? updateAnswer(row) : { status: 'not_found' }));
			const refused: string[][] = [];
			nock(API)
				.post('/users/batch', (body: { users: Row[] }) => {
					if (!body.users.some((row) => row.email === 'm3@example.com')) return false;
					refused.push(body.users.map((row) => row.email));
					return true;
				})
				.reply(400, { message: `invalid users: users[1]: ${TAKEN}` });
			const creates = jobs('/users/batch', 'c', createAnswer);
			const out = await many([person(1), person(3), person(4)]);

			expect(refused).toEqual([['m1@example.com', 'm3@example.com', 'm4@example.com']]);
			expect(creates.map((job) => job.users.map((row) => row.email))).toEqual([['m1@example.com', 'm4@example.com']]);
			expect(out.map((item) => [item.json.action, item.json.status])).toEqual([
				['created', 'created'],
				[undefined, 'failed'],
				['created', 'created'],
			]);
			expect(out[1].json.reason).toContain('belongs to a member the API does not update');
			expect(out[1].json.reason).toContain(`users[1]: ${TAKEN}`);
		});

		it('a create job refused whole without naming a row is not sent again: its rows fail with the API\'s message, one submission in all', async () => {
			jobs('/users/batch-update', 'u', (row) => ({ ...updateAnswer(row), status: 'not_found' }));
			const sent: string[][] = [];
			nock(API)
				.persist()
				.post('/users/batch', (body: { users: Row[] }) => {
					sent.push(body.users.map((row) => row.email));
					return true;
				})
				.reply(400, { message: 'one of the users is invalid' });
			const out = await many([0, 1, 2, 3, 4].map((n) => person(n)));

			expect(sent).toEqual([['m0@example.com', 'm1@example.com', 'm2@example.com', 'm3@example.com', 'm4@example.com']]);
			expect(out.map((item) => item.json.status)).toEqual(['failed', 'failed', 'failed', 'failed', 'failed']);
			for (const item of out) expect(item.json.reason).toContain('one of the users is invalid');
		});
	});

	describe("the Heavy tier's daily quota", () => {
		const rows = (count: number) => Array.from({ length: count }, (_, n) => person(n + 10));

		it('a run that needs more jobs than are left fails before the first job, with the numbers and what to do', async () => {
			nock.cleanAll();
			const probes = quotaProbe(2);
			const updates = jobs('/users/batch-update', 'u', updateAnswer);
			const creates = jobs('/users/batch', 'c', createAnswer);
			await expect(many(rows(250))).rejects.toMatchObject({
				message: expect.stringMatching(
					/^The daily quota of the Heavy tier cannot cover this run: it needs up to 12 jobs \(3 update, 6 create \(each may be sent again once\), 3 to update again rows whose creation fails, 0 to set what creation cannot\), and the API allows 2 more today; the quota resets at 2030-01-02T00:00:00.000Z\. Nothing was submitted\./,
				),
			});
			expect(probes).toEqual([{ users: [] }]);
			expect([updates, creates]).toEqual([[], []]);
		});

		it('under Continue On Fail every row says not_submitted with the reason', async () => {
			nock.cleanAll();
			quotaProbe(2);
			const out = await runNode({ items: rows(250), parameters: CREATE_OR_UPDATE_FROM_ROWS, continueOnFail: true });
			expect(out).toHaveLength(250);
			expect(new Set(out.map((item) => item.json.status))).toEqual(new Set(['not_submitted']));
			expect(out[249].json.reason).toContain('it needs up to 12 jobs');
		});

		it('with "Partial Run Under the Daily Quota" the run goes ahead without asking, and the quota stops it where it runs out', async () => {
			nock.cleanAll();
			const probes = quotaProbe(2, true);
			let left = 2;
			const submitted: Row[][] = [];
			nock(API)
				.persist()
				.post('/users/batch-update', (body: { users: Row[] }) => body.users.length > 0)
				.reply(() => {
					if (left === 0) return [429, { message: 'Daily quota exceeded' }, { 'Retry-After': '40000', 'X-RateLimit-Daily-Remaining': '0', 'X-RateLimit-Daily-Reset': String(DAY_END) }];
					left--;
					submitted.push([]);
					return [202, { jobId: `u${submitted.length}`, status: 'pending' }, { 'X-RateLimit-Daily-Remaining': String(left), 'X-RateLimit-Daily-Reset': String(DAY_END) }];
				})
				.get(/^\/public-api\/v1\/users\/batch-update\/u\d+$/)
				.reply(200, (uri: string) => ({
					jobId: uri.split('/').pop(),
					status: 'completed',
					results: Array.from({ length: 100 }, (_, i) => ({ recordPosition: i, status: 'updated', tenantUserId: `t${i}` })),
				}));
			const out = await many(rows(250), { batchOptions: { allowPartialRun: true } });
			expect(probes).toEqual([]);
			expect(out.slice(0, 200).every((item) => item.json.action === 'updated')).toBe(true);
			expect(out.slice(200).every((item) => item.json.status === 'not_submitted')).toBe(true);
			expect(out[200].json.reason).toContain('The daily request quota of the heavy tier is used up');
		});

		it('what the process already knows of the quota is used: no probe', async () => {
			nock.cleanAll();
			const probes = quotaProbe(200);
			jobs('/users/batch-update', 'u', updateAnswer);
			jobs('/users/batch', 'c', createAnswer);
			await many([person(0), person(1)]);
			await many([person(0), person(1)]);
			expect(probes).toHaveLength(1);
		});

		it('an API whose answers carry no daily quota headers is asked once, then never again, and the run goes ahead', async () => {
			nock.cleanAll();
			const probes: IDataObject[] = [];
			nock(API)
				.persist()
				.post('/users/batch-update', (body: { users: Row[] }) => body.users.length === 0 && probes.push(body) > 0)
				.reply(400, { message: 'users must contain between 1 and 100 items' });
			jobs('/users/batch-update', 'u', updateAnswer);
			jobs('/users/batch', 'c', createAnswer);
			expect((await many([person(0), person(1)]))[1].json.action).toBe('created');
			expect((await many([person(0), person(1)]))[1].json.action).toBe('created');
			expect(probes).toHaveLength(1);
		});

		it('a run that needs one job at most sends no probe', async () => {
			nock.cleanAll();
			const probes = quotaProbe(200, true);
			jobs('/users/batch-update', 'u', updateAnswer);
			// No row could create a member (no First Name): one update job at most.
			await many([person(0, { first: '' }), person(1, { first: '' })]);
			expect(probes).toEqual([]);
		});
	});
});
