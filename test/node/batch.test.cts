import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type { IDataObject, INode, INodeExecutionData, INodeParameters, INodeType, INodeTypes, IWorkflowBase } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import nock from 'nock';

import { CommunityPlatform } from '../../nodes/CommunityPlatform/CommunityPlatform.node';
import { API, CREDENTIALS, runNode } from '../helpers/harness.cjs';
import { additionalData, nodeOf } from '../helpers/n8nContext.cjs';
import { MARGIN } from '../../nodes/shared/transport/rateLimit';
import { CREATE_OR_UPDATE_FROM_ROWS } from '../helpers/memberRows.cjs';
import { createMany, person } from '../helpers/operations.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

const clock = useVirtualClock();

/**
 * Runs "Rows → the batch node" in n8n-core's own WorkflowExecute, with the node's On Error
 * set to `onError`, and returns the batch node's outputs as the engine stored them: [main] or
 * [main, error]. Unlike ExecuteContext alone (runNode), this applies what the engine does to a
 * node's items (handleNodeErrorOutput, normalizeNodeErrors).
 */
async function runInEngine(
	onError: INode['onError'],
	rows: IDataObject[],
	parameters: IDataObject,
	nodeSettings: Partial<INode> = {},
): Promise<INodeExecutionData[][]> {
	const platform = new CommunityPlatform();
	const source = {
		description: { displayName: 'Rows', name: 'rows', group: ['input'], version: 1, description: '', defaults: {}, inputs: ['main'], outputs: ['main'], properties: [] },
		execute: async () => [rows.map((json) => ({ json }))],
	} as unknown as INodeType;
	const types: Record<string, INodeType> = { 'test.rows': source, 'n8n-nodes-community-platform.communityPlatform': platform };
	const nodeTypes = { getByName: (t: string) => types[t], getByNameAndVersion: (t: string) => types[t], getKnownTypes: () => ({}) };
	const batch = nodeOf(platform, parameters as INodeParameters, { id: 'node-2', name: 'Batch', position: [200, 0], onError, ...nodeSettings });
	const nodes: INode[] = [{ id: 'node-1', name: 'Rows', type: 'test.rows', typeVersion: 1, position: [0, 0], parameters: {} }, batch];
	const connections = { Rows: { main: [[{ node: 'Batch', type: 'main' as const, index: 0 }]] } };
	const workflow = new Workflow({ id: 'wf', nodes, connections, active: false, nodeTypes: nodeTypes as unknown as INodeTypes });
	const data = {
		...additionalData(CREDENTIALS),
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		hooks: new ExecutionLifecycleHooks('manual', 'test-execution', { id: 'wf', name: 'wf', nodes, connections } as unknown as IWorkflowBase),
	};
	const run = await new WorkflowExecute(data, 'manual').run({ workflow, startNode: nodes[0] });
	if (run.data.resultData.error) throw run.data.resultData.error;
	return run.data.resultData.runData.Batch[0].data!.main as INodeExecutionData[][];
}

type Row = { email: string };
/** Answers a submitted job's rows as created, in the order given by `order`. */
function completed(rows: Row[], jobId: string, order = (n: number[]) => n) {
	return {
		jobId,
		status: 'completed',
		results: order(rows.map((_, i) => i)).map((i) => ({ recordPosition: i, tenantUserId: `user-${rows[i].email}`, status: 'created' })),
	};
}

/** Mocks one create job (j1): captures the rows sent and answers them all created, in `order`. */
function oneCreateJob(order?: (positions: number[]) => number[]) {
	const job = { sent: [] as Row[] };
	nock(API)
		.post('/users/batch', (body: { users: Row[] }) => {
			job.sent = body.users;
			return true;
		})
		.reply(202, { jobId: 'j1', status: 'pending' })
		.get('/users/batch/j1')
		.reply(200, () => completed(job.sent, 'j1', order));
	return job;
}

/**
 * `count` create jobs, each done `jobMs` after it is accepted; each job records when it was
 * accepted (virtual clock) and the age at which each status read found it.
 */
function timedJobs(jobMs: number, count: number) {
	const jobs: Array<{ rows: Row[]; at: number; reads: number[] }> = [];
	nock(API)
		.post('/users/batch', (body: { users: Row[] }) => {
			jobs.push({ rows: body.users, at: clock.now, reads: [] });
			return true;
		})
		.times(count)
		.reply(202, () => ({ jobId: `j${jobs.length}`, status: 'pending' }))
		.get(/\/users\/batch\/j\d+$/)
		.times(count * 4)
		.reply(200, (uri: string) => {
			const n = Number(/j(\d+)$/.exec(uri)![1]);
			const job = jobs[n - 1];
			const age = clock.now - job.at;
			job.reads.push(age);
			return age >= jobMs ? completed(job.rows, `j${n}`) : { jobId: `j${n}`, status: 'processing', results: [] };
		});
	return jobs;
}

describe('Create Many (Batch)', () => {
	it('250 rows become 3 jobs (100, 100, 50) and 250 results in input order', async () => {
		const items = Array.from({ length: 250 }, (_, i) => person(i));
		const jobs: Row[][] = [];
		nock(API)
			.post('/users/batch', (body: { users: Row[] }) => {
				jobs.push(body.users);
				return true;
			})
			.times(3)
			.reply(202, () => ({ jobId: `job${jobs.length}`, status: 'pending' }));
		nock(API)
			.get(/\/users\/batch\/job\d/)
			.times(3)
			.reply(200, (uri: string) => {
				const n = Number(uri.slice(-1));
				return completed(jobs[n - 1], `job${n}`);
			});
		const out = await createMany(items);
		expect(jobs.map((rows) => rows.length)).toEqual([100, 100, 50]);
		expect(jobs[0][0]).toEqual({ email: 'p0@example.com', firstName: 'P0', position: 'Dev', company: 'Acme' });
		expect(out).toHaveLength(250);
		out.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			expect(item.json).toMatchObject({ status: 'created', userId: `user-p${i}@example.com`, failed: false });
		});
		expect(out[249].json).toMatchObject({ jobId: 'job3', recordPosition: 49 });
	});

	it('a bad row fails on its own item and is left out; the others are created', async () => {
		const items = [person(0), { ...person(1), email: 'not an email' }, { ...person(2), company: 'A' }, person(3)];
		const job = oneCreateJob();
		const out = await createMany(items);
		expect(job.sent.map((row) => row.email)).toEqual(['p0@example.com', 'p3@example.com']);
		expect(out.map((item) => item.json.status)).toEqual(['created', 'failed', 'failed', 'created']);
		expect(out[1].json.reason).toContain('"Email" must be an email address');
		expect(out[2].json.reason).toContain('"Company" must be at least 2 characters long');
		expect(out[3].json).toMatchObject({ recordPosition: 1, userId: 'user-p3@example.com' });
	});

	it('a duplicate email fails on the later item, naming the first', async () => {
		const job = oneCreateJob();
		const out = await createMany([person(0), person(1), { ...person(0), email: 'P0@Example.com' }]);
		expect(job.sent).toHaveLength(2);
		expect(out[2].json).toMatchObject({ status: 'failed', reason: expect.stringContaining('Duplicate of item 0') });
	});

	it('results returned out of order land on the right items', async () => {
		const items = Array.from({ length: 5 }, (_, i) => person(i));
		oneCreateJob((positions) => [...positions].reverse());
		const out = await createMany(items);
		out.forEach((item, i) => expect(item.json.userId).toBe(`user-p${i}@example.com`));
	});

	it('reads the status every 2 s through pending and processing until completed, while no job has been seen done', async () => {
		let sent: Row[] = [];
		let submittedAt = 0;
		const readAt: number[] = [];
		const read = (answer: () => object) => () => {
			readAt.push(clock.now - submittedAt);
			return answer();
		};
		nock(API)
			.post('/users/batch', (body: { users: Row[] }) => {
				sent = body.users;
				submittedAt = clock.now;
				return true;
			})
			.reply(202, { jobId: 'j1', status: 'pending' })
			.get('/users/batch/j1')
			.reply(200, read(() => ({ jobId: 'j1', status: 'pending', results: [] })))
			.get('/users/batch/j1')
			.reply(200, read(() => ({ jobId: 'j1', status: 'processing', results: [] })))
			.get('/users/batch/j1')
			.reply(200, read(() => completed(sent, 'j1')));
		const out = await createMany([person(0)]);
		expect(out[0].json.status).toBe('created');
		// The first read 2 s after submitting, then every 2 s (the spec recommends 2 to 5 s).
		expect(readAt).toEqual([2000, 4000, 6000]);
	});

	it('reads the last job once, at the least age a job was seen done, even when it was accepted while that was still being learnt', async () => {
		// Six jobs, each done 3.2 s after it is accepted: five go at once, the sixth 6 s later.
		// The first five are read at 2 s (open) and 4 s (done); the sixth is not read at 3 s to
		// learn more (it would still be open, and be read again 2 s later) but at 4 s.
		const JOB_MS = 3200;
		const jobs = timedJobs(JOB_MS, 6);
		const out = await createMany(Array.from({ length: 600 }, (_, i) => person(i)));
		expect(out.every((item) => item.json.status === 'created')).toBe(true);
		expect(jobs[5].reads).toHaveLength(1);
		expect(jobs[5].reads[0]).toBeGreaterThanOrEqual(JOB_MS);
		expect(jobs[5].reads[0]).toBeLessThanOrEqual(4000);
	});

	it('learns from the first jobs how long one takes, and reads the last one when it can first be done', async () => {
		// Ten jobs of 100 rows, each done 3.2 s after it is accepted; the Heavy tier spaces them.
		const JOB_MS = 3200;
		const jobs = timedJobs(JOB_MS, 10);
		const start = clock.now;
		const out = await createMany(Array.from({ length: 1000 }, (_, i) => person(i)));
		expect(out.every((item) => item.json.status === 'created')).toBe(true);
		const last = jobs[9];
		// The wait ends with the last job's first read, within a tenth of a second of its being done.
		expect(last.reads).toHaveLength(1);
		expect(last.reads[0]).toBeGreaterThanOrEqual(JOB_MS);
		expect(last.reads[0]).toBeLessThan(JOB_MS + 100);
		expect(clock.now - start).toBeLessThan(last.at - start + JOB_MS + 100);
		// Every read within the spec's 2 to 5 s of the job's previous read or its submission.
		for (const job of jobs) {
			job.reads.forEach((age, i) => {
				const gap = age - (i === 0 ? 0 : job.reads[i - 1]);
				expect(gap).toBeGreaterThanOrEqual(2000);
				expect(gap).toBeLessThanOrEqual(5000);
			});
		}
		// The learning costs a few reads more than one per job (Light tier).
		expect(jobs.flatMap((job) => job.reads).length).toBeLessThanOrEqual(20);
	});

	/** Runs two rows through a job that ends `failed` with the given `error` field. */
	const failedJob = async (error: unknown) => {
		nock(API)
			.post('/users/batch')
			.reply(202, { jobId: 'j1', status: 'pending' })
			.get('/users/batch/j1')
			.reply(200, { jobId: 'j1', status: 'failed', results: [], error });
		return await createMany([person(0), person(1)]);
	};

	it("a failed job carries the API's message on each of its rows", async () => {
		const out = await failedJob({ code: 'JOB_FAILED', message: 'database unavailable' });
		out.forEach((item, i) => {
			expect(item.json).toEqual({
				status: 'failed',
				failed: true,
				reason: 'The job failed: database unavailable',
				jobId: 'j1',
				jobStatus: 'failed',
				recordPosition: i,
			});
		});
	});

	it('a failed job without a message quotes its error as compact JSON, at most about 200 characters', async () => {
		const out = await failedJob({ code: 'E42', detail: 'x'.repeat(5000) });
		const reason = String(out[0].json.reason);
		expect(reason.startsWith('The job failed: {"code":"E42","detail":"xxx')).toBe(true);
		expect(reason.length).toBeLessThan(260);
		expect((await failedJob('disk full'))[0].json.reason).toBe('The job failed: disk full');
		expect((await failedJob(undefined))[0].json.reason).toBe('The job failed (the API gave no reason)');
	});

	it('on timeout every row keeps its job id and last status', async () => {
		nock(API)
			.post('/users/batch')
			.reply(202, { jobId: 'j-slow', status: 'pending' })
			.get('/users/batch/j-slow')
			.times(100)
			.reply(200, { jobId: 'j-slow', status: 'processing', results: [] });
		const out = await createMany([person(0), person(1)], { maxWaitMinutes: 1 });
		expect(out.map((item) => item.json)).toEqual([
			expect.objectContaining({ status: 'timeout', jobId: 'j-slow', jobStatus: 'processing', recordPosition: 0 }),
			expect.objectContaining({ status: 'timeout', jobId: 'j-slow', jobStatus: 'processing', recordPosition: 1 }),
		]);
		expect(clock.totalSlept()).toBeGreaterThanOrEqual(60_000);
		expect(clock.totalSlept()).toBeLessThan(70_000);
	});

	it('cancelling the execution stops the polling promptly and keeps the job ids', async () => {
		const controller = new AbortController();
		let polls = 0;
		nock(API)
			.post('/users/batch')
			.reply(202, { jobId: 'j1', status: 'pending' })
			.get('/users/batch/j1')
			.times(100)
			.reply(200, () => {
				polls++;
				if (polls === 2) controller.abort();
				return { jobId: 'j1', status: 'processing', results: [] };
			});
		const out = await createMany([person(0)], {}, { abortSignal: controller.signal });
		expect(polls).toBe(2);
		expect(out[0].json).toMatchObject({ jobId: 'j1', status: 'timeout' });
	});

	it('Wait for Completion off returns the job ids at once', async () => {
		nock(API).post('/users/batch').reply(202, { jobId: 'j1', status: 'pending' });
		const out = await createMany([person(0), person(1)], { waitForCompletion: false });
		expect(out.map((item) => item.json)).toEqual([
			{ jobId: 'j1', jobStatus: 'pending', recordPosition: 0, status: 'submitted', failed: false },
			{ jobId: 'j1', jobStatus: 'pending', recordPosition: 1, status: 'submitted', failed: false },
		]);
	});

	it('a spent daily quota stops submitting and says how many rows were and were not submitted', async () => {
		const items = Array.from({ length: 150 }, (_, i) => person(i));
		let first: Row[] = [];
		nock(API)
			.post('/users/batch', (body: { users: Row[] }) => {
				first = body.users;
				return true;
			})
			.reply(202, { jobId: 'j1', status: 'pending' })
			.post('/users/batch')
			.reply(429, { message: 'Daily quota exceeded' }, {
				'Retry-After': '40000',
				'X-RateLimit-Daily-Remaining': '0',
				'X-RateLimit-Daily-Reset': String(Math.floor(Date.UTC(2026, 10, 21) / 1000)),
			})
			.get('/users/batch/j1')
			.reply(200, () => completed(first, 'j1'));
		const out = await createMany(items);
		expect(out.slice(0, 100).every((item) => item.json.status === 'created')).toBe(true);
		expect(out[100].json).toMatchObject({
			status: 'not_submitted',
			failed: true,
			reason: expect.stringContaining('100 of 150 valid rows were submitted in 1 job(s)'),
		});
		expect(out[100].json.reason).toContain('resets at 2026-11-21T00:00:00.000Z');
		expect(out[149].json.status).toBe('not_submitted');
	});
});

/**
 * Items whose email is slow to read (a busy wait per read, as in n8n 2.x, where each expression
 * is evaluated in an isolate), counting how far the reading has come: `read.upTo` is the
 * highest item index read so far.
 */
function slowPeople(count: number, msPerRead = 1, edit: (n: number, row: ReturnType<typeof person>) => object = (_n, row) => row) {
	const read = { upTo: -1 };
	const items = Array.from({ length: count }, (_, n) => {
		const item = edit(n, person(n));
		const email = (item as { email: string }).email;
		return Object.defineProperty(item, 'email', {
			enumerable: true,
			get() {
				read.upTo = Math.max(read.upTo, n);
				const until = performance.now() + msPerRead;
				while (performance.now() < until);
				return email;
			},
		});
	});
	return { items, read };
}

describe('Create Many (Batch): jobs go while later items are still being read', () => {
	/** Mocks create jobs j1, j2, … : records the rows sent and how far the reading had come at each submission. */
	function createJobs(count: number) {
		const jobs: Array<{ rows: Row[]; readUpTo: number }> = [];
		const log = { jobs, readUpTo: () => -1 };
		nock(API)
			.post('/users/batch', (body: { users: Row[] }) => {
				jobs.push({ rows: body.users, readUpTo: log.readUpTo() });
				return true;
			})
			.times(count)
			.reply(202, () => ({ jobId: `j${jobs.length}`, status: 'pending' }))
			.get(/\/users\/batch\/j\d+$/)
			.times(count)
			.reply(200, (uri: string) => {
				const n = Number(/j(\d+)$/.exec(uri)![1]);
				return completed(jobs[n - 1].rows, `j${n}`);
			});
		return log;
	}

	it('the first jobs are submitted as soon as their 100 rows are read, before the last items are', async () => {
		const { items, read } = slowPeople(400);
		const log = createJobs(4);
		log.readUpTo = () => read.upTo;
		const out = await createMany(items);
		expect(log.jobs.map((job) => job.rows.length)).toEqual([100, 100, 100, 100]);
		// Job 1 holds items 0-99 and went while the reading was still far from item 399 (about
		// 300 ms of reading were left); so did job 2.
		expect(log.jobs[0].rows[0].email).toBe('p0@example.com');
		expect(log.jobs[0].readUpTo).toBeGreaterThanOrEqual(99);
		expect(log.jobs[0].readUpTo).toBeLessThan(300);
		expect(log.jobs[1].readUpTo).toBeLessThan(399);
		expect(out.map((item) => item.json.status)).toEqual(Array(400).fill('created'));
		out.forEach((item, i) => expect(item.json).toMatchObject({ jobId: `j${Math.floor(i / 100) + 1}`, recordPosition: i % 100 }));
	});

	it("a duplicate of a row already submitted fails on its own item; the later job holds the rest", async () => {
		const { items, read } = slowPeople(250, 0.2, (n, row) => (n === 180 ? { ...row, email: 'P5@example.com' } : row));
		const log = createJobs(3);
		log.readUpTo = () => read.upTo;
		const out = await createMany(items);
		expect(log.jobs[0].readUpTo).toBeLessThan(180);
		expect(log.jobs.map((job) => job.rows.length)).toEqual([100, 100, 49]);
		expect(log.jobs.flatMap((job) => job.rows).some((row, i) => i !== 5 && row.email.toLowerCase() === 'p5@example.com')).toBe(false);
		expect(out[180].json).toMatchObject({ status: 'failed', failed: true, reason: expect.stringContaining('Duplicate of item 5 (p5@example.com)') });
		expect(out[5].json).toMatchObject({ status: 'created', jobId: 'j1', recordPosition: 5 });
		// Item 181 is the 181st valid row: position 80 of job 2.
		expect(out[181].json).toMatchObject({ status: 'created', jobId: 'j2', recordPosition: 80 });
		expect(out[249].json).toMatchObject({ status: 'created', jobId: 'j3', recordPosition: 48 });
	});

	it('a spent quota stops the submission; rows read later still fail on their own, and the counts cover the whole batch', async () => {
		const { items, read } = slowPeople(250, 0.5, (n, row) => (n === 230 ? { ...row, company: 'A' } : row));
		let first: Row[] = [];
		let refusedAt = -1;
		nock(API)
			.post('/users/batch', (body: { users: Row[] }) => {
				first = body.users;
				return true;
			})
			.reply(202, { jobId: 'j1', status: 'pending' })
			.post('/users/batch', () => {
				refusedAt = read.upTo;
				return true;
			})
			.reply(429, { message: 'Daily quota exceeded' }, {
				'Retry-After': '40000',
				'X-RateLimit-Daily-Remaining': '0',
				'X-RateLimit-Daily-Reset': String(Math.floor(Date.UTC(2026, 10, 21) / 1000)),
			})
			.get('/users/batch/j1')
			.reply(200, () => completed(first, 'j1'));
		const out = await createMany(items);
		// The second job was refused before item 230 was read.
		expect(refusedAt).toBeLessThan(230);
		expect(out.slice(0, 100).every((item) => item.json.status === 'created')).toBe(true);
		expect(out[230].json).toMatchObject({ status: 'failed', reason: expect.stringContaining('"Company" must be at least 2 characters long') });
		const notSubmitted = out.filter((item) => item.json.status === 'not_submitted');
		expect(notSubmitted).toHaveLength(149);
		for (const item of notSubmitted) {
			expect(item.json.reason).toContain('100 of 249 valid rows were submitted in 1 job(s); this row and 148 more were not submitted');
		}
		expect(out[249].json.status).toBe('not_submitted');
	});

	it('cancelling the execution while items are read stops the reading; every item still gets a result', async () => {
		const controller = new AbortController();
		// The execution is cancelled while item 350 is read, when the first jobs have gone.
		const { items, read } = slowPeople(400, 1, (n, row) =>
			n === 350
				? {
						...row,
						get company() {
							controller.abort();
							return row.company;
						},
					}
				: row,
		);
		const log = createJobs(4);
		log.readUpTo = () => read.upTo;
		const out = await createMany(items, {}, { abortSignal: controller.signal });
		expect(log.jobs.length).toBeGreaterThanOrEqual(1);
		expect(log.jobs.length).toBeLessThan(4);
		// Nothing was read after the cancel.
		expect(read.upTo).toBe(350);
		expect(out).toHaveLength(400);
		const submitted = log.jobs.length * 100;
		// Jobs already submitted keep their ids: each is followed from its acceptance, so one read
		// before the cancel has its results; the wait for the others ended at once.
		out.slice(0, submitted).forEach((item, i) =>
			expect(item.json).toMatchObject({ jobId: `j${Math.floor(i / 100) + 1}`, status: expect.stringMatching(/^(created|timeout)$/) }),
		);
		const rest = out.slice(submitted).map((item) => item.json);
		expect(rest.every((row) => row.status === 'not_submitted' && row.failed === true)).toBe(true);
		expect(out[350].json.reason).toMatch(/^The execution was cancelled while waiting for the API\. \d+ of 351 valid rows were submitted/);
		expect(out[351].json.reason).toBe('The execution was cancelled before this row was read; it was not submitted');
		expect(out[399].json.reason).toBe('The execution was cancelled before this row was read; it was not submitted');
	});
});

describe("failed rows keep every field under each On Error setting (n8n's engine)", () => {
	// One row of each kind: added, refused by the API, in a failed job, in a job still running
	// when Max Wait ends, not submitted (daily quota), and refused before sending.
	const rows = [
		{ club: 'c0', email: 'a@example.com' },
		{ club: 'c0', email: 'ghost@example.com' },
		{ club: 'c1', email: 'a@example.com' },
		{ club: 'c2', email: 'a@example.com' },
		{ club: 'c3', email: 'a@example.com' },
		{ club: 'c0', email: 'not-an-email' },
	];
	const parameters = {
		resource: 'club',
		operation: 'addMembersBatch',
		club: { __rl: true, mode: 'id', value: '={{ $json.club }}' },
		member: { __rl: true, mode: 'email', value: '={{ $json.email }}' },
		maxWaitMinutes: 1,
	};
	/** What each row's result is, wherever it lands. */
	const results = [
		{ email: 'a@example.com', jobId: 'job-c0', jobStatus: 'completed', recordPosition: 0, status: 'success', failed: false },
		{ email: 'ghost@example.com', jobId: 'job-c0', jobStatus: 'completed', recordPosition: 1, status: 'failed', failed: true, reason: 'User not found' },
		{ jobId: 'job-c1', jobStatus: 'failed', recordPosition: 0, status: 'failed', failed: true, reason: 'The job failed: database unavailable' },
		{
			jobId: 'job-c2',
			jobStatus: 'processing',
			recordPosition: 0,
			status: 'timeout',
			failed: true,
			reason: 'The job was still processing when the wait ended; check it later with Get Batch Job (job job-c2)',
		},
		{ status: 'not_submitted', failed: true, reason: expect.stringContaining('4 of 5 valid rows were submitted in 3 job(s)') },
		{ status: 'failed', failed: true, reason: expect.stringContaining('"Member" must be an email address') },
	];

	beforeEach(() => {
		const submit = (club: string) => nock(API).post(`/clubs/${club}/users/batch`).reply(202, { jobId: `job-${club}`, status: 'pending' });
		submit('c0');
		submit('c1');
		submit('c2');
		nock(API)
			.post('/clubs/c3/users/batch')
			.reply(429, { message: 'Daily quota exceeded' }, {
				'Retry-After': '40000',
				'X-RateLimit-Daily-Remaining': '0',
				'X-RateLimit-Daily-Reset': String(Math.floor(Date.UTC(2026, 10, 21) / 1000)),
			})
			.get('/clubs/c0/users/batch/job-c0')
			.reply(200, {
				jobId: 'job-c0',
				status: 'completed',
				results: [
					{ recordPosition: 0, email: 'a@example.com', status: 'success' },
					{ recordPosition: 1, email: 'ghost@example.com', status: 'failed', reason: 'User not found' },
				],
			})
			.get('/clubs/c1/users/batch/job-c1')
			.reply(200, { jobId: 'job-c1', status: 'failed', results: [], error: { code: 'JOB_FAILED', message: 'database unavailable' } })
			.get('/clubs/c2/users/batch/job-c2')
			.times(100)
			.reply(200, { jobId: 'job-c2', status: 'processing', results: [] });
	});

	it.each(['stopWorkflow', 'continueRegularOutput'] as const)('%s: every row on the one output, with all its fields', async (onError) => {
		const outputs = await runInEngine(onError, rows, parameters);
		expect(outputs).toHaveLength(1);
		expect(outputs[0].map((item) => item.json)).toEqual(results);
		outputs[0].forEach((item, i) => {
			expect(item.error).toBeUndefined();
			expect(item.pairedItem).toEqual({ item: i });
		});
	});

	it('continueErrorOutput: succeeded rows on the main output; failed rows on the error output, whole under `details`', async () => {
		const [main, errors] = await runInEngine('continueErrorOutput', rows, parameters);
		expect(main.map((item) => [item.json, item.pairedItem])).toEqual([[results[0], { item: 0 }]]);
		expect(errors.map((item) => item.pairedItem)).toEqual([1, 2, 3, 4, 5].map((item) => ({ item })));
		errors.forEach((item, i) => {
			const input = rows[i + 1];
			// n8n puts the input item's fields next to `error` and `details` on the error output.
			expect(item.json).toEqual({ ...input, error: expect.any(String), details: results[i + 1] });
			expect(item.json.error).toBe((item.json.details as IDataObject).reason);
		});
	});

	it('continueErrorOutput with Retry On Fail: nothing is submitted, and every row says why on the error output', async () => {
		nock.cleanAll();
		const submit = nock(API).post(() => true).reply(202, { jobId: 'job-x', status: 'pending' });
		const [main, errors] = await runInEngine('continueErrorOutput', rows, parameters, { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 });
		expect(submit.isDone()).toBe(false);
		expect(main).toEqual([]);
		expect(errors).toHaveLength(rows.length);
		for (const item of errors) {
			expect(item.json.details).toMatchObject({ status: 'not_submitted', failed: true });
			expect(item.json.error).toMatch(/^Not submitted: turn off "Retry On Fail" for this batch operation/);
		}
	});

	it.each(['stopWorkflow', 'continueRegularOutput'] as const)('%s with Retry On Fail runs as usual (no row carries an error, so n8n does not retry)', async (onError) => {
		const outputs = await runInEngine(onError, rows, parameters, { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 });
		expect(outputs[0].map((item) => item.json)).toEqual(results);
	});
});

describe('Update Many (Batch)', () => {
	const updateMany = (items: object[], extra: object = {}) =>
		runNode({
			items: items as never,
			parameters: {
				resource: 'member',
				operation: 'updateMany',
				email: '={{ $json.email }}',
				updateFields: { position: '={{ $json.title }}' },
				...extra,
			},
		});

	it('sends rows with answers, reason and operator, and reports each status', async () => {
		let body: { users: Row[]; reason?: string; operatorEmail?: string } = { users: [] };
		nock(API)
			.get('/userProfileQuestions')
			.reply(200, [{ id: 'q1', title: 'Tool', inUserProfileForm: true }])
			.get('/userProfileQuestions/q1')
			.reply(200, { id: 'q1', title: 'Tool', type: 'Single Line Text' })
			.post('/users/batch-update', (b: typeof body) => {
				body = b;
				return true;
			})
			.reply(202, { jobId: 'u1', status: 'pending' })
			.get('/users/batch-update/u1')
			.reply(200, {
				jobId: 'u1',
				status: 'completed',
				results: [
					{ recordPosition: 2, status: 'not_found' },
					{ recordPosition: 0, tenantUserId: 'a', status: 'updated' },
					{ recordPosition: 1, tenantUserId: 'b', status: 'noop' },
				],
			});
		const out = await updateMany(
			[
				{ email: 'a@example.com', title: 'CTO' },
				{ email: 'b@example.com', title: 'CEO' },
				{ email: 'c@example.com', title: 'COO' },
			],
			{
				profileAnswers: { mappingMode: 'defineBelow', value: { q1: 'n8n' }, matchingColumns: [], schema: [] },
				batchOptions: { reason: 'CRM sync', operatorEmail: 'admin@example.com' },
			},
		);
		expect(body).toEqual({
			reason: 'CRM sync',
			operatorEmail: 'admin@example.com',
			users: [
				{ email: 'a@example.com', position: 'CTO', questionAnswers: { q1: 'n8n' } },
				{ email: 'b@example.com', position: 'CEO', questionAnswers: { q1: 'n8n' } },
				{ email: 'c@example.com', position: 'COO', questionAnswers: { q1: 'n8n' } },
			],
		});
		expect(out.map((item) => [item.json.status, item.json.userId, item.json.failed])).toEqual([
			['updated', 'a', false],
			['noop', 'b', false],
			['not_found', undefined, true],
		]);
	});

	it("an unknown-key 400 fails that job's rows with the API's message; other jobs go on", async () => {
		const items = Array.from({ length: 120 }, (_, i) => ({ email: `u${i}@example.com`, title: 'X' }));
		let second: Row[] = [];
		nock(API)
			.post('/users/batch-update')
			.reply(400, { message: 'unknown keys: row 3: nickname' })
			.post('/users/batch-update', (b: { users: Row[] }) => {
				second = b.users;
				return true;
			})
			.reply(202, { jobId: 'u2', status: 'pending' })
			.get('/users/batch-update/u2')
			.reply(200, () => ({
				jobId: 'u2',
				status: 'completed',
				results: second.map((_, i) => ({ recordPosition: i, tenantUserId: `t${i}`, status: 'updated' })),
			}));
		const out = await updateMany(items);
		expect(out[0].json).toMatchObject({ status: 'failed', reason: 'The job was not accepted: unknown keys: row 3: nickname' });
		expect(out[99].json.status).toBe('failed');
		expect(out[100].json).toMatchObject({ status: 'updated', jobId: 'u2', recordPosition: 0 });
	});

	it('an item with nothing to update fails alone', async () => {
		let sent: Row[] = [];
		nock(API)
			.post('/users/batch-update', (b: { users: Row[] }) => {
				sent = b.users;
				return true;
			})
			.reply(202, { jobId: 'u1', status: 'pending' })
			.get('/users/batch-update/u1')
			.reply(200, { jobId: 'u1', status: 'completed', results: [{ recordPosition: 0, tenantUserId: 'a', status: 'updated' }] });
		const out = await updateMany([{ email: 'a@example.com', title: 'CTO' }, { email: 'b@example.com', title: '' }]);
		expect(sent).toHaveLength(1);
		expect(out[1].json).toMatchObject({ status: 'failed', reason: expect.stringContaining('Nothing to update') });
	});
});

describe('Club: Add Members (Batch)', () => {
	const submit = (club: string, bodies: Record<string, object[]>) =>
		nock(API)
			.post(`/clubs/${club}/users/batch`, (body: { users: object[] }) => {
				bodies[club] = body.users;
				return true;
			})
			.reply(202, { jobId: `job-${club}`, status: 'pending' });

	it('sends one job per club and maps each result back to its item', async () => {
		const bodies: Record<string, object[]> = {};
		submit('c1', bodies);
		submit('c2', bodies);
		nock(API)
			.get('/clubs/c1/users/batch/job-c1')
			.reply(200, {
				jobId: 'job-c1',
				status: 'completed',
				results: [
					{ recordPosition: 1, email: 'b@example.com', status: 'failed', reason: 'user not found' },
					{ recordPosition: 0, email: 'a@example.com', status: 'success' },
				],
			})
			.get('/clubs/c2/users/batch/job-c2')
			.reply(200, { jobId: 'job-c2', status: 'completed', results: [{ recordPosition: 0, email: 'a@example.com', status: 'success' }] });
		const out = await runNode({
			items: [
				{ club: 'c1', email: 'a@example.com' },
				{ club: 'c1', email: 'b@example.com' },
				{ club: 'c2', email: 'a@example.com' },
				{ club: 'c1', email: 'A@example.com' },
				{ club: 'c1', email: 'not-an-email' },
			],
			parameters: {
				resource: 'club',
				operation: 'addMembersBatch',
				club: { __rl: true, mode: 'id', value: '={{ $json.club }}' },
				member: { __rl: true, mode: 'email', value: '={{ $json.email }}' },
			},
		});
		expect(bodies).toEqual({ c1: [{ email: 'a@example.com' }, { email: 'b@example.com' }], c2: [{ email: 'a@example.com' }] });
		expect(out.map((item) => item.json.status)).toEqual(['success', 'failed', 'success', 'failed', 'failed']);
		expect(out[1].json).toMatchObject({ reason: 'user not found', jobId: 'job-c1', recordPosition: 1, failed: true });
		expect(out[2].json).toMatchObject({ jobId: 'job-c2', recordPosition: 0, failed: false });
		expect(out[3].json.reason).toContain('Duplicate of item 0');
		expect(out[4].json.reason).toContain('"Member" must be an email address');
	});

	it("a club's job goes when it has 100 rows; each club's last rows go at the end, in the order the clubs came", async () => {
		const sent: Array<{ club: string; emails: string[] }> = [];
		nock(API)
			.post(/\/clubs\/c\d\/users\/batch$/, () => true)
			.times(3)
			.reply(202, function (uri: string, body: { users: Array<{ email: string }> }) {
				sent.push({ club: uri.split('/')[4], emails: body.users.map((user) => user.email) });
				return { jobId: `job${sent.length}`, status: 'pending' };
			});
		nock(API)
			.get(/\/clubs\/c\d\/users\/batch\/job\d$/)
			.times(3)
			.reply(200, (uri: string) => {
				const n = Number(uri.slice(-1));
				return { jobId: `job${n}`, status: 'completed', results: sent[n - 1].emails.map((email, i) => ({ recordPosition: i, email, status: 'success' })) };
			});
		// Every fifth item is for club c2, the others for c1: 120 rows of c1, 30 of c2.
		const items = Array.from({ length: 150 }, (_, i) => ({ club: i % 5 === 4 ? 'c2' : 'c1', email: `m${i}@example.com` }));
		const out = await runNode({
			items,
			parameters: {
				resource: 'club',
				operation: 'addMembersBatch',
				club: { __rl: true, mode: 'id', value: '={{ $json.club }}' },
				member: { __rl: true, mode: 'email', value: '={{ $json.email }}' },
			},
		});
		expect(sent.map((job) => [job.club, job.emails.length])).toEqual([['c1', 100], ['c1', 20], ['c2', 30]]);
		expect(sent[0].emails[0]).toBe('m0@example.com');
		expect(sent[2].emails[0]).toBe('m4@example.com');
		out.forEach((item, i) => {
			const job = sent.findIndex((j) => j.emails.includes(`m${i}@example.com`));
			expect(item.json).toMatchObject({ status: 'success', jobId: `job${job + 1}`, recordPosition: sent[job].emails.indexOf(`m${i}@example.com`) });
		});
	});

	it('adds members by user ID', async () => {
		const bodies: Record<string, object[]> = {};
		submit('c1', bodies);
		nock(API)
			.get('/clubs/c1/users/batch/job-c1')
			.reply(200, { jobId: 'job-c1', status: 'completed', results: [{ recordPosition: 0, userId: 'u7', status: 'success' }] });
		const out = await runNode({
			items: [{ id: 'u7' }],
			parameters: {
				resource: 'club',
				operation: 'addMembersBatch',
				club: { __rl: true, mode: 'list', value: 'c1' },
				member: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			},
		});
		expect(bodies.c1).toEqual([{ userId: 'u7' }]);
		expect(out[0].json).toMatchObject({ status: 'success', userId: 'u7' });
	});
});

describe('batch edge cases and Get Batch Job', () => {
	it('a batch of 0 rows is refused', async () => {
		await expect(createMany([])).rejects.toThrow('The batch has no rows');
	});

	it('Get Batch Job reads a club job under its club', async () => {
		nock(API).get('/clubs/c1/users/batch/j9').reply(200, { jobId: 'j9', status: 'completed', results: [] });
		const out = await runNode({
			parameters: { resource: 'batchJob', operation: 'get', jobType: 'addClubMembers', jobId: 'j9', clubId: 'c1' },
		});
		expect(out[0].json).toEqual({ jobId: 'j9', status: 'completed', results: [] });
	});

	it('Get Batch Job needs the club for club jobs', async () => {
		await expect(
			runNode({ parameters: { resource: 'batchJob', operation: 'get', jobType: 'addClubMembers', jobId: 'j9' } }),
		).rejects.toThrow('"Club ID" is empty');
	});
});

describe('429s on the first Heavy submissions', () => {
	it('150 rows, the first two submissions answered 429 (Retry-After 1): each goes again within Retry-After + 1 s, and every row is created', async () => {
		const items = Array.from({ length: 150 }, (_, i) => person(i));
		const attempts: Array<{ at: number; status: number }> = [];
		const accepted: Row[][] = [];
		nock(API)
			.post('/users/batch', (body: { users: Row[] }) => {
				if (attempts.length >= 2) accepted.push(body.users);
				return true;
			})
			.times(4)
			.reply(() => {
				const status = attempts.length < 2 ? 429 : 202;
				attempts.push({ at: clock.now, status });
				return status === 429
					? [429, { message: 'Too many requests' }, { 'Retry-After': '1' }]
					: [202, { jobId: `j${accepted.length}`, status: 'pending' }];
			})
			.get(/\/users\/batch\/j\d$/)
			.times(2)
			.reply(200, (uri: string) => {
				const n = Number(uri.slice(-1));
				return completed(accepted[n - 1], `j${n}`);
			});
		const out = await createMany(items);
		expect(attempts.map((a) => a.status)).toEqual([429, 429, 202, 202]);
		for (const i of [1, 2]) {
			expect(attempts[i].at - attempts[i - 1].at).toBeGreaterThanOrEqual(1000);
			expect(attempts[i].at - attempts[i - 1].at).toBeLessThanOrEqual(1000 + 1000);
		}
		// The second job at the Heavy tier's pace: one token (6 s, less the pacer's margin) at most after the first.
		expect(attempts[3].at - attempts[2].at).toBeLessThanOrEqual(6000 / MARGIN + 1);
		expect(accepted.map((rows) => rows.length)).toEqual([100, 50]);
		expect(out.map((item) => item.json.status)).toEqual(Array(150).fill('created'));
	});
});

describe('a create job refused whole (batch rule 1)', () => {
	/** Create jobs whose submissions `refuse` answers (a message to refuse with, or undefined to accept); accepted rows are created. */
	function createJobs(refuse: (rows: Row[], submission: number) => string | undefined) {
		const submissions: Row[][] = [];
		const accepted: Row[][] = [];
		nock(API)
			.persist()
			.post('/users/batch', (body: { users: Row[] }) => submissions.push(body.users) > 0)
			.reply(() => {
				const rows = submissions[submissions.length - 1];
				const refusal = refuse(rows, submissions.length);
				if (refusal !== undefined) return [400, { message: refusal }];
				accepted.push(rows);
				return [202, { jobId: `j${accepted.length}`, status: 'pending' }];
			})
			.get(/\/users\/batch\/j\d+$/)
			.reply(200, (uri: string) => {
				const n = Number(/j(\d+)$/.exec(uri)![1]);
				return completed(accepted[n - 1], `j${n}`);
			});
		return { submissions, accepted };
	}
	afterEach(() => nock.cleanAll());

	it("refused with a message that names no row: not sent again (it would be refused the same way); its rows fail with the API's message, and the next job goes on", async () => {
		const items = Array.from({ length: 150 }, (_, i) => person(i));
		const { submissions } = createJobs((rows) => (rows[0].email === 'p0@example.com' ? 'the community does not accept new members' : undefined));
		const out = await createMany(items);
		expect(submissions.map((rows) => [rows[0].email, rows.length])).toEqual([
			['p0@example.com', 100],
			['p100@example.com', 50],
		]);
		expect(out.slice(0, 100).map((item) => [item.json.failed, item.json.reason])).toEqual(Array(100).fill([true, 'The job was not accepted: the community does not accept new members']));
		expect(out.slice(100).every((item) => item.json.status === 'created')).toBe(true);
	});

	it('refused naming rows: those fail alone, the rest go once more; refused again naming others, all that is left fails: two submissions in all', async () => {
		const items = Array.from({ length: 5 }, (_, i) => person(i));
		const { submissions } = createJobs((rows, n) => (n === 1 ? 'invalid users: users[1]: a user with this email already exists' : `invalid users: users[${rows.length - 1}]: company is too short`));
		const out = await createMany(items);
		expect(submissions.map((rows) => rows.map((row) => row.email))).toEqual([
			['p0@example.com', 'p1@example.com', 'p2@example.com', 'p3@example.com', 'p4@example.com'],
			['p0@example.com', 'p2@example.com', 'p3@example.com', 'p4@example.com'],
		]);
		expect(out.map((item) => item.json.reason)).toEqual([
			'The job was not accepted: invalid users: users[3]: company is too short',
			'The job was not accepted because of this row: users[1]: a user with this email already exists',
			'The job was not accepted: invalid users: users[3]: company is too short',
			'The job was not accepted: invalid users: users[3]: company is too short',
			'The job was not accepted because of this row: users[3]: company is too short',
		]);
	});

	it('refused naming a row once: that row fails alone, and the others are created by the second submission', async () => {
		const items = Array.from({ length: 4 }, (_, i) => person(i));
		const { submissions } = createJobs((_rows, n) => (n === 1 ? 'invalid users: users[2]: a user with this email already exists' : undefined));
		const out = await createMany(items);
		expect(submissions.map((rows) => rows.length)).toEqual([4, 3]);
		expect(out.map((item) => item.json.status)).toEqual(['created', 'created', 'failed', 'created']);
	});
});

describe("Create or Update Many: the daily quota's pre-check counts the worst case", () => {
	/** The quota probe's answer: 400, with the Heavy tier's daily quota. */
	const probe = (remaining: number) =>
		nock(API)
			.post('/users/batch-update', (body: { users: Row[] }) => body.users.length === 0)
			.reply(400, { message: 'users must contain between 1 and 100 items' }, {
				'X-RateLimit-Daily-Remaining': String(remaining),
				'X-RateLimit-Daily-Reset': String(Date.UTC(2026, 10, 21) / 1000),
			});
	const many = (count: number) => runNode({ items: Array.from({ length: count }, (_, i) => person(i)), parameters: CREATE_OR_UPDATE_FROM_ROWS });

	/**
	 * Every job takes its worst path: no member exists; every create job is refused naming its
	 * first row, and its other rows, sent again, are refused as a whole. Counts the jobs submitted.
	 */
	function worstRun() {
		const posts: string[] = [];
		let updates = 0;
		nock(API)
			.persist()
			.post('/users/batch-update', (body: { users: Row[] }) => body.users.length > 0 && posts.push('update') > 0)
			.reply(() => [202, { jobId: `u${++updates}`, status: 'pending' }])
			.get(/\/users\/batch-update\/u\d+$/)
			.reply(200, (uri: string) => ({ jobId: uri.split('/').pop(), status: 'completed', results: Array.from({ length: 100 }, (_, i) => ({ recordPosition: i, status: 'not_found' })) }))
			.post('/users/batch', (body: { users: Row[] }) => posts.push(`create ${body.users.length}`) > 0)
			.reply(() => [400, { message: posts[posts.length - 1].endsWith(' 100') || posts[posts.length - 1].endsWith(' 50') ? 'invalid users: users[0]: company is too short' : 'the community does not accept new members' }]);
		return posts;
	}

	it('150 rows that may all need creating: 2 update jobs, 2 create jobs and each sent again once, 2 to update again = 8; with 7 left it fails before submitting anything', async () => {
		probe(7);
		const posts = worstRun();
		await expect(many(150)).rejects.toThrow(
			/^The daily quota of the Heavy tier cannot cover this run: it needs up to 8 jobs \(2 update, 4 create \(each may be sent again once\), 2 to update again rows whose creation fails, 0 to set what creation cannot\), and the API allows 7 more today/,
		);
		expect(posts).toEqual([]);
	});

	it('with 8 left the run goes ahead, and at its worst it submits those 8 jobs and no more', async () => {
		probe(8);
		const posts = worstRun();
		const out = await many(150);
		expect(posts).toEqual(['update', 'update', 'create 100', 'create 99', 'create 50', 'create 49', 'update', 'update']);
		expect(out.every((item) => item.json.failed === true)).toBe(true);
		expect(out[0].json.reason).toContain('users[0]: company is too short');
		expect(out[1].json.reason).toContain('the community does not accept new members');
	});
});
