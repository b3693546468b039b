/**
 * What the README's tests read from it: the command blocks marked for testing, the example
 * workflows it links, and a shell to run a block in as a user would paste it.
 *
 * A tested block is a fenced ```bash block right after a line that is exactly
 * `<!-- docs-test: <name> -->` (GitHub does not render the comment).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManagedProcess } from '../../tools/n8n/processes.cjs';
import { REPO_DIR } from '../../tools/n8n/runtime.cjs';

export const README = join(REPO_DIR, 'README.md');

export function readReadme(): string {
	return readFileSync(README, 'utf8');
}

/** The body of the ```bash block after `<!-- docs-test: <name> -->`; throws when there is not exactly one. */
export function readmeBlock(name: string, markdown = readReadme()): string {
	const marker = `<!-- docs-test: ${name} -->`;
	const lines = markdown.split('\n');
	const at = lines.flatMap((line, i) => (line.trim() === marker ? [i] : []));
	if (at.length !== 1) throw new Error(`README.md has ${at.length} lines "${marker}"; exactly one is needed`);
	let i = at[0] + 1;
	while (i < lines.length && lines[i].trim() === '') i++;
	if (lines[i]?.trim() !== '```bash') throw new Error(`README.md: "${marker}" is not followed by a \`\`\`bash block`);
	const end = lines.findIndex((line, j) => j > i && line.trim() === '```');
	if (end < 0) throw new Error(`README.md: the block after "${marker}" is not closed`);
	const body = lines.slice(i + 1, end).join('\n');
	if (!body.trim()) throw new Error(`README.md: the block after "${marker}" is empty`);
	return body;
}

/** `text` matched literally inside a RegExp. */
export function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text of a `## <title>` section of the README, up to the next `## ` heading. */
export function readmeSection(title: string, markdown = readReadme()): string {
	const start = markdown.search(new RegExp(`^## ${escapeRegExp(title)}\\s*$`, 'm'));
	if (start < 0) throw new Error(`README.md has no section "## ${title}"`);
	const rest = markdown.slice(start + 3);
	const next = rest.search(/^## /m);
	return next < 0 ? rest : rest.slice(0, next);
}

/** The example workflows a Markdown text links, as repository paths (`examples/<file>.json`), each once, in order. */
export function linkedExamples(markdown = readReadme()): string[] {
	return [...new Set([...markdown.matchAll(/\]\((?:\.\/)?(examples\/[^)\s#]+\.json)\)/g)].map((m) => m[1]))];
}

export interface ShellResult {
	code: number | null;
	/** stdout and stderr, interleaved as they came (the last ~200 kB). */
	output: string;
	ms: number;
}

/**
 * Runs a README block with bash, as the lines would run pasted into a terminal, except that the
 * first command that fails stops it (`set -e`, `pipefail`): a broken step fails here, where a
 * terminal would go on to the next line. In its own process group, stopped with it on a timeout.
 * Never throws; the caller checks `code` and shows `output` (also in `logFile`).
 */
export async function runBlock(block: string, opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; logFile: string }): Promise<ShellResult> {
	const started = Date.now();
	const proc = new ManagedProcess({ name: 'README block', command: 'bash', args: ['-e', '-o', 'pipefail', '-c', block], cwd: opts.cwd, env: opts.env, logFile: opts.logFile });
	const timedOut = await Promise.race([
		proc.waitForExit().then(() => false),
		new Promise<boolean>((resolve) => setTimeout(() => resolve(true), opts.timeoutMs).unref()),
	]);
	if (timedOut) await proc.stop(1_000);
	const code = await proc.waitForExit();
	await proc.stop();
	const note = timedOut ? `\n[runBlock] stopped after ${opts.timeoutMs} ms\n` : '';
	return { code: timedOut ? null : code, output: proc.text + note, ms: Date.now() - started };
}
