/**
 * The README's tested parts, found the way the e2e suite finds them (test/e2e/readme.cts): the
 * command blocks marked `<!-- docs-test: <name> -->` and the example workflows it links. The
 * e2e suite runs them (readme-install, dev-command); this checks, in seconds, that they are
 * there to be run and that a block is read exactly as written.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { linkedExamples, readReadme, readmeBlock, readmeSection } from '../e2e/readme.cjs';
import { REPO_DIR } from '../../tools/n8n/runtime.cjs';

describe('README blocks the e2e suite runs', () => {
	const readme = readReadme();

	it.each(['install-npm', 'install-tarball'])('has one bash block marked %s, in the Install section', (name) => {
		const block = readmeBlock(name, readme);
		expect(readmeSection('Install', readme)).toContain(`<!-- docs-test: ${name} -->\n\`\`\`bash\n${block}\n\`\`\``);
		expect(block).toMatch(/mkdir -p ~\/\.n8n\/nodes/);
	});

	it('links example workflows that exist, the Quick start one of them', () => {
		const examples = linkedExamples(readme);
		expect(examples.length).toBeGreaterThan(0);
		expect(examples.filter((e) => !existsSync(join(REPO_DIR, e)))).toEqual([]);
		const quickStart = linkedExamples(readmeSection('Quick start', readme));
		expect(quickStart).toHaveLength(1);
		expect(examples).toContain(quickStart[0]);
	});

	it('reads a block as written, and refuses a marker that is missing, repeated or not on a bash block', () => {
		const text = 'x\n<!-- docs-test: a -->\n\n```bash\necho "$HOME"\ncd ~\n```\n<!-- docs-test: b -->\n```sh\nls\n```\n';
		expect(readmeBlock('a', text)).toBe('echo "$HOME"\ncd ~');
		expect(() => readmeBlock('b', text)).toThrow(/not followed by a ```bash block/);
		expect(() => readmeBlock('c', text)).toThrow(/has 0 lines/);
		expect(() => readmeBlock('a', `${text}<!-- docs-test: a -->\n`)).toThrow(/has 2 lines/);
	});

	it('finds the examples a text links, each once', () => {
		expect(linkedExamples('[a](examples/a.json) [b](./examples/b.json) [a again](examples/a.json) `examples/c.json` [d](docs/d.md)')).toEqual(['examples/a.json', 'examples/b.json']);
	});
});
