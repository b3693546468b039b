/**
 * The install path users take: `npm pack`, then the tarball installed into a fresh n8n user
 * folder the way n8n installs community packages (unpacked into <user folder>/.n8n/nodes/
 * node_modules/<name>, dev/peer/optional dependencies stripped, `npm install` run inside it).
 * n8n must load every node and credential of the package, and the package's `zod`, `luxon`
 * and `n8n-workflow` must resolve to the n8n host's own copies.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { ACTION_NODE_TYPE, E2E, readWorkflowFile, workflowFiles } from './harness.cjs';
import type { NodeTypeDescription } from '../../tools/n8n/n8n.cjs';
import {
	PACKAGE_JSON,
	PACKAGE_NAME,
	TARBALL_ENV,
	bundledModules,
	expectedCredentialTypes,
	expectedNodeTypes,
	listTarball,
	nodesFolder,
	readPackedPackageJson,
} from '../../tools/n8n/pack.cjs';

const HOST_MODULES = ['zod', 'luxon', 'n8n-workflow'];

describe('install path: packed tarball in a fresh n8n user folder', () => {
	const tarball = process.env[TARBALL_ENV]!;
	let e2e: E2E;
	let nodeTypes: NodeTypeDescription[];

	beforeAll(async () => {
		e2e = await E2E.start({ sandbox: false, resolveProbe: true, tarball });
		nodeTypes = await e2e.client.nodeTypes();
	});
	afterAll(async () => {
		await e2e?.stop();
	});

	it('packs a package with no dependencies, only dist/ and its metadata', () => {
		const pkg = readPackedPackageJson(tarball);
		expect(pkg.name).toBe(PACKAGE_NAME);
		expect(pkg.dependencies ?? {}).toEqual({});
		expect(pkg.bundledDependencies ?? pkg.bundleDependencies).toBeUndefined();
		expect(pkg.keywords).toContain('n8n-community-node-package');

		const files = listTarball(tarball);
		// Only the build and what npm always packs: package.json, README, LICENSE. No entry point:
		// n8n loads the files the package's n8n section lists.
		expect(pkg.main).toBeUndefined();
		const outside = files.filter((f) => !f.startsWith('dist/') && !/^(package\.json|README\.md|LICENSE)$/.test(f));
		expect(outside).toEqual([]);
		for (const f of ['package.json', 'README.md', 'LICENSE']) expect(files).toContain(f);
		const n8n = pkg.n8n as { nodes: string[]; credentials: string[] };
		for (const f of [...n8n.nodes, ...n8n.credentials]) expect(files).toContain(f);
		// Sources, tests and maps of tests stay out of the tarball.
		expect(files.filter((f) => /(^|\/)(test|tools)\/|\.test\.|\.c?ts$/.test(f))).toEqual([]);
	});

	it('installs like n8n does: no dev/peer dependencies and nothing installed next to the package', () => {
		const installed = JSON.parse(readFileSync(join(e2e.packageDir, 'package.json'), 'utf8'));
		expect(installed.devDependencies).toBeUndefined();
		expect(installed.peerDependencies).toBeUndefined();
		expect(bundledModules(e2e.packageDir)).toEqual([]);
		const root = JSON.parse(readFileSync(join(nodesFolder(e2e.n8n.userFolder), 'package.json'), 'utf8'));
		expect(root.dependencies).toEqual({ [PACKAGE_NAME]: PACKAGE_JSON.version });
		// The user folder is outside any folder with node_modules, so a bare require from
		// the package can only succeed through n8n's own module paths.
		for (const mod of HOST_MODULES) {
			let dir = e2e.packageDir;
			while (dirname(dir) !== dir) {
				if (!dir.endsWith(`${sep}node_modules`)) expect(existsSync(join(dir, 'node_modules', mod))).toBe(false);
				dir = dirname(dir);
			}
		}
	});

	it('n8n loads every node and the credential of the package', async () => {
		const ours = nodeTypes.filter((n) => n.name.startsWith(`${PACKAGE_NAME}.`));
		const names = ours.map((n) => n.name);
		for (const t of expectedNodeTypes()) expect(names).toContain(t);
		for (const node of ours) {
			expect(node.displayName).toBeTruthy();
			expect(node.credentials?.map((c: { name: string }) => c.name)).toContain('communityPlatformApi');
		}

		const credTypes = (await e2e.client.credentialTypes()).map((c) => c.name);
		for (const c of expectedCredentialTypes()) expect(credTypes).toContain(c);

		expect(e2e.n8n.log).not.toMatch(new RegExp(`(Error|Failed)[^\\n]*${PACKAGE_NAME}`, 'i'));
	});

	it('has e2e workflows for every resource of the action node and for every trigger', async () => {
		const workflows = workflowFiles().map((f) => ({ file: f, wf: readWorkflowFile(f) }));
		const ours = nodeTypes.filter((n) => n.name.startsWith(`${PACKAGE_NAME}.`));
		const action = ours.find((n) => n.name === ACTION_NODE_TYPE)!;
		const properties = (action.properties ?? []) as Array<{ name: string; options?: Array<{ value: unknown }> }>;
		// n8n adds a "Custom API Call" option (__CUSTOM_API_CALL__) of its own.
		const resources = (properties.find((p) => p.name === 'resource')?.options ?? [])
			.map((o) => String(o.value))
			.filter((v) => !v.startsWith('__'));
		expect(resources.length).toBeGreaterThan(0);
		const covered = new Set(
			workflows.flatMap(({ wf }) =>
				wf.nodes.filter((n) => n.type === ACTION_NODE_TYPE).map((n) => String(n.parameters.resource)),
			),
		);
		expect(resources.filter((r) => !covered.has(r))).toEqual([]);

		const triggers = ours.map((n) => n.name).filter((n) => /Trigger$/.test(n));
		const used = new Set(workflows.flatMap(({ wf }) => wf.nodes.map((n) => n.type)));
		expect(triggers.filter((t) => !used.has(t))).toEqual([]);
	});

	it('serves the node icons from the installed package', async () => {
		const action = nodeTypes.find((n) => n.name === ACTION_NODE_TYPE)!;
		const icons =
			typeof action.iconUrl === 'string' ? [action.iconUrl] : Object.values(action.iconUrl ?? {}).map(String);
		expect(icons.length).toBeGreaterThan(0);
		for (const icon of icons) {
			const res = await fetch(`${e2e.n8n.url}/${icon}`);
			expect(res.status).toBe(200);
		}
	});

	it('resolves zod, luxon and n8n-workflow from the n8n host', () => {
		const hostNodeModules = join(e2e.runtime.n8nDir, 'node_modules') + sep;
		const entries = e2e.n8n.resolveProbeEntries();
		for (const mod of HOST_MODULES) {
			const hits = entries.filter((e) => e.request === mod || e.request.startsWith(`${mod}/`));
			expect({ mod, required: hits.length > 0 }).toEqual({ mod, required: true });
			for (const hit of hits) {
				expect(hit.from.startsWith(e2e.packageDir + sep)).toBe(true);
				expect(hit.resolved.startsWith(hostNodeModules + mod + sep)).toBe(true);
			}
		}
		// The versions the package gets are the host's.
		const hostVersion = (m: string) =>
			JSON.parse(readFileSync(join(hostNodeModules, m, 'package.json'), 'utf8')).version as string;
		expect({ zod: hostVersion('zod'), luxon: hostVersion('luxon') }).toEqual({
			zod: expect.stringMatching(/^3\./),
			luxon: expect.stringMatching(/^3\./),
		});
	});
});
