/**
 * `npm run scan` runs n8n's scanner's own analysis on this package's sources and tarball (see
 * scripts/scan-package.cts). CI runs it on this package; here it is shown to find what it exists
 * to find in an unpacked package: a runtime dependency, and a node that reads the process
 * environment and writes to the console, the last with an `eslint-disable` comment the scanner
 * does not obey.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'scan-fixture-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('reports a runtime dependency, a restricted global and console output in an unpacked package, and fails', () => {
	writeFileSync(
		join(dir, 'package.json'),
		JSON.stringify({
			name: 'n8n-nodes-fixture',
			version: '1.0.0',
			keywords: ['n8n-community-node-package'],
			n8n: { n8nNodesApiVersion: 1, nodes: ['dist/nodes/Fixture.node.js'] },
			dependencies: { axios: '^1.0.0' },
		}),
	);
	mkdirSync(join(dir, 'dist', 'nodes'), { recursive: true });
	writeFileSync(join(dir, 'dist', 'nodes', 'Fixture.node.js'), '// eslint-disable-next-line no-console\nconsole.log(1);\nmodule.exports = { token: process.env.TOKEN };\n');
	const run = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'scripts', 'scan-package.cts'), dir], { encoding: 'utf8' });
	expect(run.status).toBe(1);
	expect(run.stdout).toContain(`scan: ${dir}: findings (ESLint violations found)`);
	expect(run.stdout).toMatch(/✖ \d+ problems/);
	expect(run.stdout).toContain('@n8n/community-nodes/no-runtime-dependencies');
	expect(run.stdout).toContain('@n8n/community-nodes/no-restricted-globals');
	expect(run.stdout).toContain('no-console');
});
