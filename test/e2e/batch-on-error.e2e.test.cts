/**
 * Batch rows keep every field under each On Error setting, in a real n8n.
 *
 * n8n's engine rewrites the items a node returns: it replaces the json of any item that has
 * `error` set with `{ error: message }`, and under "Continue (using error output)" it sends an
 * item to the error output only when it has `error` set or its json has nothing but `error`,
 * `message` and `details`. The batch operations are built around that; this file checks the
 * result in n8n 2.41 itself, for a row the API refused, a job that failed, a job still running
 * when Max Wait ends (sandbox job mode `stall`), a row not submitted (daily quota spent) and a
 * row refused before sending, in each On Error mode.
 *
 * Each mode gets its own sandbox and credential: a spent daily quota is remembered per API
 * (base URL and client ID) in the n8n process, and the three runs wait out Max Wait (1 minute)
 * side by side.
 */
import type { SandboxAdmin } from '../../tools/sandbox/admin.cjs';
import {
	CREDENTIAL_TYPE,
	E2E,
	Sandbox,
	errorText,
	readWorkflowFile,
	type ExecutionResult,
	type NodeItem,
} from './harness.cjs';

const MODES = ['stopWorkflow', 'continueRegularOutput', 'continueErrorOutput'] as const;
type Mode = (typeof MODES)[number];

const NODE = 'Add Members';
const FAILED_JOB_REASON =
	'The job failed: The batch job failed with a fatal error before processing (injected by the sandbox).';

interface ModeRun {
	/** One row, in a job the sandbox fails. */
	failedJob: ExecutionResult;
	/** Rows of every other kind (see `mixedRows`). */
	mixed: ExecutionResult;
	rows: Array<{ club: string; email: string }>;
}

/**
 * The batch node's outputs of a successful run: `main`, `error` (empty when the node has no
 * error output) and how many outputs it had; checks that the nodes after it got the same items.
 */
function outputsOf(result: ExecutionResult): { count: number; main: NodeItem[]; error: NodeItem[] } {
	expect({ status: result.status, error: result.status === 'success' ? '' : errorText(result) }).toEqual({ status: 'success', error: '' });
	const [main = [], error = []] = result.runs[NODE][0];
	const received = (node: string) => (result.output[node] ?? []).map((item) => item.json);
	expect(received('Main Output')).toEqual(main.map((item) => item.json));
	expect(received('Error Output')).toEqual(error.map((item) => item.json));
	return { count: result.runs[NODE][0].length, main, error };
}

describe('batch rows under On Error, in a real n8n', () => {
	let e2e: E2E;
	const sandboxes: Sandbox[] = [];
	const runs = new Map<Mode, ModeRun>();

	/** Runs batch-on-error.json with `rows` on the given credential, the batch node's On Error set to `mode`. */
	async function run(mode: Mode, credential: { id: string; name: string }, rows: object[], label: string) {
		const wf = readWorkflowFile('batch-on-error.json');
		wf.name = `${wf.name} (${mode}, ${label})`;
		for (const node of wf.nodes) {
			if (node.name === 'Rows') node.parameters.jsCode = String(node.parameters.jsCode).replace('__E2E_ROWS__', JSON.stringify(rows));
			if (node.name === NODE) {
				node.onError = mode;
				node.credentials = { [CREDENTIAL_TYPE]: credential };
			}
		}
		// n8n shows the error output, and keeps its connection, only under "Continue (using error output)".
		const connections = wf.connections[NODE] as { main: unknown[] };
		if (mode !== 'continueErrorOutput') connections.main = connections.main.slice(0, 1);
		const created = await e2e.client.createWorkflow(wf);
		return await e2e.runImported({ id: created.id, name: created.name, json: wf, manualTrigger: 'Start' }, 150_000);
	}

	async function runMode(mode: Mode): Promise<ModeRun> {
		const sandbox = await Sandbox.start();
		sandboxes.push(sandbox);
		const credential = await e2e.client.createCredential(`Sandbox for ${mode}`, CREDENTIAL_TYPE, sandbox.credentialData());
		const { store } = sandbox.admin as SandboxAdmin;
		const [clubA, clubB, clubC] = store.clubs.map((club) => club.clubId);
		const member = store.activeMembers().find((m) => m.email)!.email!;

		await sandbox.adminRequest('POST', 'jobs', { mode: 'fail', times: 1 });
		const failedJob = await run(mode, credential, [{ club: clubA, email: member }], 'failed job');

		// Submitted in this order: club B's job (stalls), club C's job (completes), club A's (no quota left).
		const rows = [
			{ club: clubB, email: member },
			{ club: clubC, email: member },
			{ club: clubC, email: `nobody-${mode}@example.com` },
			{ club: clubA, email: member },
			{ club: clubC, email: 'not-an-email' },
		];
		await sandbox.adminRequest('POST', 'jobs', { mode: 'stall', times: 1 });
		await sandbox.adminRequest('POST', 'daily-quota', { tier: 'heavy', remaining: 2 });
		const mixed = await run(mode, credential, rows, 'mixed');
		return { failedJob, mixed, rows };
	}

	beforeAll(async () => {
		e2e = await E2E.start({ shared: true, sandbox: false });
		const done = await Promise.all(MODES.map(async (mode) => [mode, await runMode(mode)] as const));
		for (const [mode, result] of done) runs.set(mode, result);
	}, 300_000);
	afterAll(async () => {
		await e2e?.stop();
		for (const sandbox of sandboxes) await sandbox.close();
	});

	/** Each mixed row's result, as the node gives it wherever it lands. */
	function expectedRows(rows: ModeRun['rows'], timedOutJob: unknown) {
		return [
			{
				status: 'timeout',
				failed: true,
				jobId: timedOutJob,
				jobStatus: 'processing',
				recordPosition: 0,
				reason: `The job was still processing when the wait ended; check it later with Get Batch Job (job ${String(timedOutJob)})`,
			},
			{ status: 'success', failed: false, jobId: expect.any(String), jobStatus: 'completed', recordPosition: 0, email: rows[1].email },
			{
				status: 'failed',
				failed: true,
				reason: 'User not found',
				jobId: expect.any(String),
				jobStatus: 'completed',
				recordPosition: 1,
				email: rows[2].email,
			},
			{ status: 'not_submitted', failed: true, reason: expect.stringMatching(/quota.*3 of 4 valid rows were submitted in 2 job\(s\)/) },
			{ status: 'failed', failed: true, reason: expect.stringContaining('"Member" must be an email address') },
		];
	}

	it.each(['stopWorkflow', 'continueRegularOutput'] as const)(
		'%s: every row, failed or not, on the one output with all its fields',
		(mode) => {
			const { failedJob, mixed, rows } = runs.get(mode)!;

			const job = outputsOf(failedJob);
			expect(job.count).toBe(1);
			expect(job.main.map((item) => item.json)).toEqual([
				{ status: 'failed', failed: true, reason: FAILED_JOB_REASON, jobId: expect.any(String), jobStatus: 'failed', recordPosition: 0 },
			]);

			const { count, main } = outputsOf(mixed);
			expect(count).toBe(1);
			const timedOutJob = main[0]?.json.jobId;
			expect(timedOutJob).toEqual(expect.any(String));
			expect(main.map((item) => item.json)).toEqual(expectedRows(rows, timedOutJob));
			expect(main.map((item) => item.pairedItem)).toEqual(rows.map((_, item) => ({ item })));
			// The rows of different jobs carry their own job ids.
			expect(new Set(main.slice(0, 3).map((item) => item.json.jobId)).size).toBe(2);
			// What a Filter on `failed` would keep.
			expect(main.filter((item) => item.json.failed).map((item) => item.json.status)).toEqual(['timeout', 'failed', 'not_submitted', 'failed']);
		},
	);

	it('continueErrorOutput: succeeded rows on the main output; failed rows on the error output, each field under `details`', () => {
		const { failedJob, mixed, rows } = runs.get('continueErrorOutput')!;

		const job = outputsOf(failedJob);
		expect(job.main).toEqual([]);
		expect(job.error.map((item) => item.json)).toEqual([
			{
				club: expect.any(String),
				email: expect.any(String),
				error: FAILED_JOB_REASON,
				details: { status: 'failed', failed: true, reason: FAILED_JOB_REASON, jobId: expect.any(String), jobStatus: 'failed', recordPosition: 0 },
			},
		]);

		const { count, main, error } = outputsOf(mixed);
		expect(count).toBe(2);
		const timedOutJob = (error[0]?.json.details as Record<string, unknown> | undefined)?.jobId;
		expect(timedOutJob).toEqual(expect.any(String));
		const expected = expectedRows(rows, timedOutJob);
		// Main output: the one row that succeeded, as the other modes give it.
		expect(main.map((item) => [item.json, item.pairedItem])).toEqual([[expected[1], { item: 1 }]]);
		// Error output: the four failed rows, in input order, each its input item's fields
		// (added by n8n), `error` (the reason) and `details` (the whole row).
		const failedIndexes = [0, 2, 3, 4];
		expect(error.map((item) => item.pairedItem)).toEqual(failedIndexes.map((item) => ({ item })));
		expect(error.map((item) => item.json)).toEqual(
			failedIndexes.map((i) => ({ ...rows[i], error: expected[i].reason, details: expected[i] })),
		);
		// The error branch tells a timeout from a failure, and keeps the timed-out job's id.
		expect(error.map((item) => (item.json.details as Record<string, unknown>).status)).toEqual(['timeout', 'failed', 'not_submitted', 'failed']);
	});
});
