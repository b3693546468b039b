/**
 * `npm run scan` checks a package's tarball with the rules n8n's scanner applies to it (see
 * scripts/scan-package.cts). CI runs it on this package's tarball; here it is shown to find what it
 * exists to find: a package with a runtime dependency and a node that reads the process
 * environment and writes to the console.
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
	writeFileSync(join(dir, 'dist', 'nodes', 'Fixture.node.js'), 'console.log(1);\nmodule.exports = { token: process.env.TOKEN };\n');
	const run = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'scripts', 'scan-package.cts'), dir], { encoding: 'utf8' });
	expect(run.status).toBe(1);
	expect(run.stdout).toMatch(/\d+ findings/);
	expect(run.stdout).toContain('@n8n/community-nodes/no-runtime-dependencies');
	expect(run.stdout).toContain('@n8n/community-nodes/no-restricted-globals');
	expect(run.stdout).toContain('no-console');
});
