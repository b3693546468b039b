/**
 * What the two queue-mode files share: the stack they each start (lib: tools/n8n/queue.cts), with
 * the sandbox's rate limits on and its clock and buckets 10 times faster, about 10,000 members
 * listed (the seed archives a few), as bench scenario 1; and their small helpers.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { QueueStack } from '../../../tools/n8n/queue.cjs';

export const TIME_SCALE = 10;
/** Seeded so that the API lists about 10,000 members (the seed archives a few), as bench scenario 1. */
export const SEED_MEMBERS = 10_200;
/** The feed holds back its last two minutes (sandbox clock): moving it this far shows every change. */
export const HOLD_BACK_PLUS = 2 * 60_000 + 5_000;

export const report = (line: string) => process.stderr.write(`\n[queue] ${line}\n`);

/** The file's stack, started before its cases and stopped (every process, every folder) after them, also when one fails. */
export function useStack(): () => QueueStack {
	let stack: QueueStack;
	beforeAll(async () => {
		const started = Date.now();
		stack = await QueueStack.start({ sandboxOptions: { members: SEED_MEMBERS, timeScale: TIME_SCALE } });
		report(`stack up in ${((Date.now() - started) / 1000).toFixed(1)} s (Postgres :${stack.postgres.port}, Redis :${stack.redis.port}, main :${stack.e2e.n8n.port}, ${stack.workers.length} workers)`);
	}, 300_000);
	afterAll(async () => {
		await stack?.stop();
	}, 120_000);
	return () => stack;
}

export async function waitFor(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await sleep(500);
	}
}
