/**
 * The e2e harness's wait for a manual run (tools/n8n/n8n.cts). n8n 1.x on SQLite saves the end of
 * an execution in two writes, the status and then the data; a read between them sees "success"
 * with no node run (seen in CI: "Get Many Members" missing from a successful run). The wait must
 * not hand that read back as the result.
 */
import { waitForExecution, type N8nClient, type RawExecution } from '../../tools/n8n/n8n.cjs';
import type { Runtime } from '../../tools/n8n/runtime.cjs';

const rt = {} as Runtime; // the data below is already decoded: no flatted parse needed

const atStart: RawExecution = {
	id: '7',
	status: 'success',
	mode: 'manual',
	finished: true,
	stoppedAt: '2026-11-25T10:00:00.000Z',
	workflowId: 'w1',
	data: { resultData: { runData: {} } },
};
const saved: RawExecution = {
	...atStart,
	data: {
		resultData: {
			runData: { 'Get Many Members': [{ data: { main: [[{ json: { userId: 'u1' } }]] } }] },
			lastNodeExecuted: 'Get Many Members',
		},
	},
};

function clientReading(...reads: RawExecution[]): { client: N8nClient; count: () => number } {
	let n = 0;
	const client = { getExecutionRaw: async () => reads[Math.min(n++, reads.length - 1)] } as unknown as N8nClient;
	return { client, count: () => n };
}

describe('waitForExecution', () => {
	it('reads again while a finished execution has the status saved but not yet its run data', async () => {
		const { client, count } = clientReading(atStart, atStart, saved);
		const result = await waitForExecution(client, rt, '7', 5_000);
		expect(count()).toBe(3);
		expect(result.output['Get Many Members']).toEqual([{ json: { userId: 'u1' } }]);
	});

	it('names the missing data when it never comes', async () => {
		const { client } = clientReading(atStart);
		await expect(waitForExecution(client, rt, '7', 500)).rejects.toThrow(
			'execution 7 ended (status success) but its run data was not saved within 500 ms',
		);
	});

	it('returns a failed execution that stopped before any node ran (its error is saved)', async () => {
		const failed: RawExecution = { ...atStart, status: 'error', data: { resultData: { runData: {}, error: { message: 'boom' } } } };
		const result = await waitForExecution(clientReading(failed).client, rt, '7', 500);
		expect(result.error).toEqual({ message: 'boom' });
	});

	it('returns a canceled execution as it is', async () => {
		const result = await waitForExecution(clientReading({ ...atStart, status: 'canceled' }).client, rt, '7', 500);
		expect(result.status).toBe('canceled');
	});
});
