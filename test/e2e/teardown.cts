/**
 * Once per e2e run, at its end: stops the n8n the run's files shared (harness.cts, sharedN8n),
 * if one started, the way ManagedProcess.stop does (SIGTERM to its process group, SIGKILL after
 * 15 s), and removes its user folder unless E2E_KEEP=1.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { LogFollower } from '../../tools/n8n/processes.cjs';
import { RUN_ENV, sharedN8nRecord } from './harness.cjs';

export default async function globalTeardown(): Promise<void> {
	const run = process.env[RUN_ENV];
	if (!run || !existsSync(sharedN8nRecord(run))) return;
	const { pid, logFile, userFolder } = JSON.parse(readFileSync(sharedN8nRecord(run), 'utf8')) as { pid: number; logFile: string; userFolder: string };
	await new LogFollower(logFile, pid).end();
	rmSync(sharedN8nRecord(run), { force: true });
	if (process.env.E2E_KEEP !== '1') rmSync(userFolder, { recursive: true, force: true });
	else process.stderr.write(`[e2e] kept the shared n8n's folder ${userFolder}\n`);
}
