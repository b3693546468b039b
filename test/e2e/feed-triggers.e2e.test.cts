/**
 * The attendee, enrollment and certificate triggers, published in a real n8n with "Start From:
 * Beginning": the poll at activation reads the sandbox's seeded feed history and emits it,
 * each item carrying its change kind and a stable key. (The member trigger's polling across
 * several ticks and a restart is in member-trigger.e2e.test.cts.)
 */
import { E2E } from './harness.cjs';

const TRIGGERS: Array<[file: string, node: string, kinds: string[]]> = [
	['event-attendee-trigger.json', 'Event Attendee Trigger', ['registered', 'cancelled', 'joined', 'checkedIn']],
	['course-enrollment-trigger.json', 'Course Enrollment Trigger', ['enrolled', 'completed', 'cancelledOrReset']],
	['course-certificate-trigger.json', 'Course Certificate Trigger', ['issued', 'revoked', 'expired']],
];

describe('feed triggers read their history from the beginning', () => {
	let e2e: E2E;

	beforeAll(async () => {
		e2e = await E2E.start();
	});
	afterAll(async () => {
		await e2e?.stop();
	});

	it.each(TRIGGERS)('%s emits typed, keyed rows at activation', async (file, node, kinds) => {
		const wf = await e2e.activateWorkflow(file);
		const [first] = await e2e.waitForExecutions(wf.id, 1, { timeoutMs: 40_000 });
		expect(first.status).toBe('success');
		const items = first.output[node];
		expect(items.length).toBeGreaterThan(0);
		expect(items.length).toBeLessThanOrEqual(50);
		for (const { json } of items) {
			expect(kinds).toContain(json.changeType);
			expect(json.changeKey).toBe(`${String(json.id)}:${String(json.updatedAt)}`);
		}
		expect(new Set(items.map((i) => i.json.changeKey)).size).toBe(items.length);
	});
});
