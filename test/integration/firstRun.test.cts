/**
 * The first run as a new user meets it (issue 53, point 4): the README says what `npm run dev`
 * downloads, where it says to run it; nothing in the repository approves an npx download without
 * asking; and every picture the README shows is one the editor suite takes, refreshed by the one
 * command docs/DEVELOPMENT.md names.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

it('the README says, on each line that tells a new user to run npm run dev, that its first run downloads n8n, and how long and large', () => {
	const lines = read('README.md')
		.split('\n')
		.filter((line) => /with-node24\.sh npm run dev/.test(line));
	expect(lines.length).toBeGreaterThan(0);
	for (const line of lines) expect(line).toMatch(/first run[^.]*downloads n8n[^.]*\d+ minutes[^.]*\d(\.\d)? GB/i);
});

it('no npm configuration of the repository approves npx downloads (yes=true)', () => {
	for (const file of ['.npmrc', 'scripts/.npmrc', 'test/.npmrc']) {
		if (existsSync(join(ROOT, file))) expect(read(file)).not.toMatch(/^\s*yes\s*=\s*true/m);
	}
});

it("every picture in the README is one the editor suite takes again with npm run docs:pictures, which docs/DEVELOPMENT.md names", () => {
	const suite = read('test/ui/editor.ui.test.cts');
	const taken = new Set([...suite.matchAll(/shot\(page, '([a-z-]+)', true\)/g)].map((match) => match[1]));
	const shown = [...read('README.md').matchAll(/\(docs\/([a-z-]+)\.png\)/g)].map((match) => match[1]);
	expect(shown.length).toBeGreaterThan(0);
	expect(shown.filter((name) => !taken.has(name))).toEqual([]);
	const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
	expect(scripts['docs:pictures']).toMatch(/UPDATE_SCREENSHOTS=1 npm run test:ui/);
	expect(suite).toMatch(/process\.env\.UPDATE_SCREENSHOTS === '1'/);
	expect(read('docs/DEVELOPMENT.md')).toMatch(/npm run docs:pictures/);
});
