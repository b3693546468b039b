/** Profile question workflows run by a real n8n against the sandbox. */
import { E2E } from './harness';

describe('profile question resource in n8n', () => {
	let e2e: E2E;

	beforeAll(async () => {
		e2e = await E2E.start();
	});
	afterAll(async () => {
		await e2e?.stop();
	});

	it('gets every profile question, then each one by ID', async () => {
		const out = await e2e.runWorkflow('profile-question-get-many.json');
		const list = out['Get Many Questions'];
		expect(list.length).toBeGreaterThan(0);
		for (const { json } of list) expect(json).toEqual(expect.objectContaining({ id: expect.any(String), title: expect.any(String) }));

		const details = out['Get Question'];
		expect(details.map((d) => d.json.id)).toEqual(list.map((q) => q.json.id));
		for (const { json } of details) expect(json.title).toEqual(expect.any(String));
	});
});
