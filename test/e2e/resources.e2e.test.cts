/**
 * One workflow per resource of the action node, run by a real n8n against the sandbox
 * (one n8n for the file). Member and batch workflows are in member.e2e.test.cts. A resource
 * that lands without a workflow in test/e2e/workflows/ fails install-path.e2e.test.cts.
 */
import { E2E, errorText } from './harness.cjs';

/** [workflow file, node whose output is checked, least items, most items] */
const CASES: Array<[string, string, number, number]> = [
	['club-get-many.json', 'Get Many Clubs', 1, 2],
	['content-get-many.json', 'Get Many Videos', 1, 2],
	['contribution-log-create.json', 'Log Contribution', 1, 1],
	['email-opt-out-get-many.json', 'Get Many Opt-Outs', 1, 2],
	['email-subscription-type-get-many.json', 'Get Many Subscription Types', 1, 2],
	['event-get-many.json', 'Get Many Events', 1, 2],
	['event-attendee-get-many.json', 'Get Many Attendees', 0, 2],
	['event-invitee-get-many.json', 'Get Many Invitees', 0, 2],
	['space-get-many.json', 'Get Many Spaces', 1, 2],
	['tag-get-many.json', 'Get Many Tags', 1, 2],
];

describe('every resource in n8n', () => {
	let e2e: E2E;

	beforeAll(async () => {
		e2e = await E2E.start({ shared: true });
	});
	afterAll(async () => {
		await e2e?.stop();
	});

	it.each(CASES)('%s', async (file, node, least, most) => {
		const result = await e2e.runWorkflowFull(file);
		expect({ status: result.status, error: result.status === 'success' ? '' : errorText(result) }).toEqual({
			status: 'success',
			error: '',
		});
		const items = (result.output[node] ?? []).filter((i) => Object.keys(i.json).length > 0);
		expect(items.length).toBeGreaterThanOrEqual(least);
		expect(items.length).toBeLessThanOrEqual(most);
	});

	it('profile-question-get-many.json: every question, then each one by ID', async () => {
		const out = await e2e.runWorkflow('profile-question-get-many.json');
		const list = out['Get Many Questions'];
		expect(list.length).toBeGreaterThan(0);
		for (const { json } of list) expect(json).toEqual(expect.objectContaining({ id: expect.any(String), title: expect.any(String) }));
		const details = out['Get Question'];
		expect(details.map((d) => d.json.id)).toEqual(list.map((q) => q.json.id));
		for (const { json } of details) expect(json.title).toEqual(expect.any(String));
	});
});
