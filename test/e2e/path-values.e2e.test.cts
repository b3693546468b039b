/**
 * In a real n8n: values that would change the endpoint, and email addresses
 * too long to be one, are refused by the node before anything reaches the sandbox. n8n's own
 * HTTP client resolves `.` and `..`, so this is where a missed check would turn
 * DELETE /clubs/../users into DELETE /users.
 */
import { E2E, actionWorkflow } from './harness.cjs';

type Entry = Record<string, unknown>;

/** One Community Platform node over one item per row, On Error: Continue (regular output). */
const workflow = (name: string, parameters: Record<string, unknown>, rows: object[]) =>
	actionWorkflow(name, parameters, { rows, onError: 'continueRegularOutput' });

describe('values that cannot be sent, in a real n8n', () => {
	let e2e: E2E;
	let member: { userId: string; userEmail: string };

	/** A read straight from the sandbox's API (not through n8n). */
	async function apiGet<T>(path: string): Promise<T> {
		const { baseUrl, clientId, accessToken } = e2e.sandbox!.credentialData();
		const res = await fetch(`${baseUrl}/public-api/v1${path}`, { headers: { 'x-client-id': clientId, authorization: `Bearer ${accessToken}` } });
		if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
		return (await res.json()) as T;
	}

	beforeAll(async () => {
		e2e = await E2E.start({ shared: true });
		member = (await apiGet<{ results: Array<{ userId: string; userEmail: string }> }>('/users?pageSize=1')).results[0];
	});
	afterAll(async () => {
		await e2e?.stop();
	});
	beforeEach(async () => {
		await e2e.sandbox!.adminRequest('DELETE', 'requests');
	});

	/** What reached the sandbox's API through n8n since the test began. */
	const apiRequests = async () => ((await e2e.sandbox!.requests()) as Entry[]).map((r) => `${String(r.method)} ${String(r.path)}`);

	it('path ids: Club → Remove Member with club "..", ".", a line break or 1 MB reaches nothing, and the member is still there', async () => {
		const clubs = ['..', '.', ' .. ', 'c1\nc2', 'x'.repeat(1_000_000)];
		const result = await e2e.runWorkflowFull(
			workflow(
				'Path values: remove member',
				{ resource: 'club', operation: 'removeMember', club: { __rl: true, mode: 'id', value: '={{ $json.club }}' }, member: { __rl: true, mode: 'email', value: member.userEmail } },
				clubs.map((club) => ({ club })),
			),
		);
		expect(result.status).toBe('success');
		const errors = result.output['Community Platform'].map((item) => String(item.json.error ?? ''));
		expect(errors).toEqual([
			'Invalid parameter: "Club" cannot be "..": enter the ID of a record, such as 64f1c2a9e4b0a1b2c3d4e5f6',
			'Invalid parameter: "Club" cannot be ".": enter the ID of a record, such as 64f1c2a9e4b0a1b2c3d4e5f6',
			'Invalid parameter: "Club" cannot be "..": enter the ID of a record, such as 64f1c2a9e4b0a1b2c3d4e5f6',
			'Invalid parameter: "Club" contains a control character (such as a line break or a tab): remove it',
			'Invalid parameter: "Club" is 1000000 characters long; IDs of this API have at most 128: check that the field holds an ID and not another value',
		]);
		expect(await apiRequests()).toEqual([]);
		// The member the ".." once deleted is still there.
		const still = await apiGet<{ userId: string }>(`/users/${member.userId}`);
		expect(still.userId).toBe(member.userId);
	});

	it('path ids: Member → Get and Batch Job → Get with ".." reach nothing', async () => {
		const get = await e2e.runWorkflowFull(
			workflow('Path values: get member', { resource: 'member', operation: 'get', member: { __rl: true, mode: 'id', value: '={{ $json.id }}' }, simplify: true }, [{ id: '..' }, { id: '.' }]),
		);
		expect(get.output['Community Platform'].map((item) => item.json.error)).toEqual([
			expect.stringContaining('"Member" cannot be ".."'),
			expect.stringContaining('"Member" cannot be "."'),
		]);
		const job = await e2e.runWorkflowFull(
			workflow('Path values: get job', { resource: 'batchJob', operation: 'get', jobType: 'createUsers', jobId: '={{ $json.id }}' }, [{ id: '..' }]),
		);
		expect(job.output['Community Platform'].map((item) => item.json.error)).toEqual([expect.stringContaining('"Job ID" cannot be ".."')]);
		expect(await apiRequests()).toEqual([]);
	});

	it('emails: Member → Get by Email with 255 characters or 1 MB reaches nothing and says why in a short message', async () => {
		const long = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
		const result = await e2e.runWorkflowFull(
			workflow('Path values: long email', { resource: 'member', operation: 'getByEmail', email: '={{ $json.email }}', simplify: true }, [
				{ email: long(255) },
				{ email: long(1_000_000) },
			]),
		);
		const errors = result.output['Community Platform'].map((item) => String(item.json.error ?? ''));
		expect(errors).toEqual([
			'Invalid parameter: "Email" is longer than 254 characters, the most an email address can have: check the value',
			'Invalid parameter: "Email" is longer than 254 characters, the most an email address can have: check the value',
		]);
		expect(await apiRequests()).toEqual([]);
	});
});
