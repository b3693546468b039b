/**
 * Secrets: in a real n8n, workflows whose calls fail with 401 (a token the sandbox
 * refuses), 500 (the sandbox's fault injection) and a network error (a base URL on a closed
 * port), each with and without Continue On Fail. Then everything n8n produced is searched for
 * the token: the executions as the REST API returns them (output items, error messages,
 * descriptions, stack traces), n8n's log (at debug level) and every file n8n wrote in its user
 * folder (the SQLite database and its journal included). The token appears nowhere.
 *
 * The credentials carry a distinctive token; the default sandbox credential is not used.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { ACTION_NODE_TYPE, CREDENTIAL_TYPE, E2E, type ExecutionResult, type WorkflowJson } from './harness.cjs';
import { freePort } from '../../tools/n8n/processes.cjs';
import { SANDBOX_CLIENT_ID } from '../../tools/n8n/sandbox.cjs';

/** Distinctive, so a hit can only be this token; never accepted by the sandbox. */
const TOKEN = 'cpn-SECRET-e2e-token-7f3a9c41d2b84e06';
/** A string a workflow outputs on purpose: the searches below must find it (they can fail). */
const CONTROL = 'cpn-CONTROL-e2e-marker-52c0e8b1a9';

type Failure = '401' | '500' | 'network';
type Mode = 'stop' | 'continue';

interface Run {
	failure: Failure;
	mode: Mode;
	result: ExecutionResult;
}

/** Every file under `dir` except installed packages, as bytes. */
function filesUnder(dir: string): Array<{ path: string; bytes: Buffer }> {
	const out: Array<{ path: string; bytes: Buffer }> = [];
	for (const name of readdirSync(dir)) {
		if (name === 'node_modules') continue;
		const path = join(dir, name);
		const stat = statSync(path, { throwIfNoEntry: false });
		if (!stat) continue;
		if (stat.isDirectory()) out.push(...filesUnder(path));
		else if (stat.isFile()) out.push({ path, bytes: readFileSync(path) });
	}
	return out;
}

describe('the access token never leaves the credential, in a real n8n', () => {
	let e2e: E2E;
	const runs: Run[] = [];
	let refused: { id: string; name: string };
	let unreachable: { id: string; name: string };

	/** Start → one Community Platform node, with the given credential. */
	function workflow(failure: Failure, mode: Mode, credential: { id: string; name: string }): WorkflowJson {
		const parameters: Record<Failure, Record<string, unknown>> = {
			// A read: a lookup by email (with a + in it).
			'401': { resource: 'member', operation: 'getByEmail', email: 'jane+news@example.com', simplify: true },
			// A write: a 500 is not re-sent.
			'500': {
				resource: 'member',
				operation: 'create',
				email: `secrets-${Date.now()}@example.com`,
				firstName: 'Ada',
				position: 'Engineer',
				company: 'Acme',
				additionalFields: {},
			},
			// A write again: no retries, so no backoff to wait for.
			network: {
				resource: 'member',
				operation: 'updateByEmail',
				email: 'ada@example.com',
				updateFields: { company: 'Acme' },
				profileAnswers: { mappingMode: 'defineBelow', value: null },
			},
		};
		return {
			name: `Secrets: ${failure}, ${mode === 'continue' ? 'Continue On Fail' : 'stop on error'}`,
			nodes: [
				{
					id: '00000000-0000-4000-8000-000000000001',
					name: 'Start',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				{
					id: '00000000-0000-4000-8000-000000000002',
					name: 'Community Platform',
					type: ACTION_NODE_TYPE,
					typeVersion: 1,
					position: [250, 0],
					parameters: parameters[failure],
					credentials: { [CREDENTIAL_TYPE]: credential },
					...(mode === 'continue' ? { onError: 'continueRegularOutput' } : {}),
				},
			],
			connections: { Start: { main: [[{ node: 'Community Platform', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		};
	}

	async function run(failure: Failure, mode: Mode): Promise<ExecutionResult> {
		if (failure === '500') {
			await e2e.sandbox!.adminRequest('POST', 'faults', { status: 500, times: 1, match: { method: 'POST', pathPrefix: '/users' } });
		}
		const created = await e2e.client.createWorkflow(workflow(failure, mode, failure === 'network' ? unreachable : refused));
		const executionId = await e2e.client.startManualRun(created.id, 'Start');
		const result = await e2e.n8n.waitForExecution(executionId, 60_000);
		runs.push({ failure, mode, result });
		return result;
	}

	beforeAll(async () => {
		// The shared n8n logs at debug level (harness.cts, SHARED_N8N_ENV): the most n8n writes.
		e2e = await E2E.start({ shared: true });
		const sandbox = e2e.sandbox!;
		refused = await e2e.client.createCredential('Refused token', CREDENTIAL_TYPE, {
			baseUrl: sandbox.url,
			clientId: SANDBOX_CLIENT_ID,
			accessToken: TOKEN,
		});
		unreachable = await e2e.client.createCredential('Closed port', CREDENTIAL_TYPE, {
			baseUrl: `http://127.0.0.1:${await freePort()}`,
			clientId: SANDBOX_CLIENT_ID,
			accessToken: TOKEN,
		});
	});
	afterAll(async () => {
		await e2e?.stop();
	});

	const node = 'Community Platform';

	let control: ExecutionResult;

	it('control: a string that flows through an execution is found by the same searches', async () => {
		const created = await e2e.client.createWorkflow({
			name: 'Secrets: control',
			nodes: [
				{ id: '00000000-0000-4000-8000-000000000001', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
				{
					id: '00000000-0000-4000-8000-000000000003',
					name: 'Set',
					type: 'n8n-nodes-base.set',
					typeVersion: 3.4,
					position: [250, 0],
					parameters: {
						mode: 'manual',
						assignments: { assignments: [{ id: 'a1', name: 'note', value: CONTROL, type: 'string' }] },
						options: {},
					},
				},
			],
			connections: { Start: { main: [[{ node: 'Set', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		});
		control = await e2e.n8n.waitForExecution(await e2e.client.startManualRun(created.id, 'Start'), 60_000);
		expect(control.status).toBe('success');
		expect(control.output.Set[0].json.note).toBe(CONTROL);
	});

	it('401: the execution fails saying to check the credential', async () => {
		const result = await run('401', 'stop');
		expect(result.status).toBe('error');
		const error = result.nodeErrors[node] ?? result.error;
		expect(`${error?.message} ${error?.description}`).toContain('Check both in the Community Platform API credential');
		// The sandbox saw the request, unauthenticated: the refused token was sent.
		const lookups = (await e2e.sandbox!.requests()).filter((r) => r.path === '/public-api/v1/users' && r.method === 'GET');
		expect(lookups.map((r) => [r.status, r.authenticated])).toEqual([[401, false]]);
	});

	it('401 under Continue On Fail: the item carries the error and the run succeeds', async () => {
		const result = await run('401', 'continue');
		expect(result.status).toBe('success');
		expect(result.output[node]).toHaveLength(1);
		expect(String(result.output[node][0].json.error)).toBeTruthy();
	});

	it('500 on a write: the execution fails, the change was not re-sent', async () => {
		const result = await run('500', 'stop');
		expect(result.status).toBe('error');
		const error = result.nodeErrors[node] ?? result.error;
		expect(error?.message).toContain('whether the change was applied is unknown, so it was not re-sent');
		const posts = (await e2e.sandbox!.requests()).filter((r) => r.method === 'POST' && r.path === '/public-api/v1/users');
		expect(posts).toHaveLength(1);
	});

	it('500 under Continue On Fail: the item says the change may have been applied', async () => {
		const result = await run('500', 'continue');
		expect(result.status).toBe('success');
		expect(String(result.output[node][0].json.error)).toContain('whether the change was applied is unknown');
	});

	it('network error: the execution fails saying there was no answer', async () => {
		const result = await run('network', 'stop');
		expect(result.status).toBe('error');
		const error = result.nodeErrors[node] ?? result.error;
		expect(error?.message).toContain('No answer from the Community Platform API');
	});

	it('network error under Continue On Fail: the item says so', async () => {
		const result = await run('network', 'continue');
		expect(result.status).toBe('success');
		expect(String(result.output[node][0].json.error)).toContain('No answer from the Community Platform API');
	});

	it('the token is nowhere: not in the executions, not in the log, not in any file n8n wrote', async () => {
		expect(runs.map((r) => `${r.failure}/${r.mode}`).sort()).toEqual(
			['401/continue', '401/stop', '500/continue', '500/stop', 'network/continue', 'network/stop'],
		);

		// Executions, as the REST API hands them out (raw and decoded), and in the list.
		expect(JSON.stringify(await e2e.client.getExecutionRaw(control.id))).toContain(CONTROL);
		for (const { failure, mode, result } of runs) {
			const raw = await e2e.client.getExecutionRaw(result.id);
			const text = JSON.stringify(raw) + JSON.stringify(result.raw.data);
			expect(text.length).toBeGreaterThan(500);
			expect({ failure, mode, leaked: text.includes(TOKEN) }).toEqual({ failure, mode, leaked: false });
		}
		expect(JSON.stringify(await e2e.client.listExecutions())).not.toContain(TOKEN);

		// n8n's output, at debug level: what the harness kept and the whole log file.
		expect(e2e.n8n.log).not.toContain(TOKEN);
		const log = readFileSync(e2e.n8n.process.logFile, 'utf8');
		expect(log.length).toBeGreaterThan(1000);
		expect(log).not.toContain(TOKEN);

		// Every file n8n wrote (database, journal, settings, logs). The search itself works: the
		// control string, a workflow name and an error message are found in them.
		const files = filesUnder(e2e.userFolder);
		const everything = Buffer.concat(files.map((f) => f.bytes));
		expect(everything.includes(CONTROL)).toBe(true);
		expect(everything.includes('Secrets: network, Continue On Fail')).toBe(true);
		expect(everything.includes('No answer from the Community Platform API')).toBe(true);
		const leaking = files.filter((f) => f.bytes.includes(TOKEN)).map((f) => f.path);
		expect(leaking).toEqual([]);
	});
});
