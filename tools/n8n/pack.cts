/**
 * Build, pack, and install the package the way n8n installs a community package
 * (n8n 2.41 CommunityPackagesService.downloadPackage): unpack the tarball into
 * <user folder>/.n8n/nodes/node_modules/<name>, drop devDependencies, peerDependencies and
 * optionalDependencies from its package.json, run `npm install` inside it with the same
 * flags n8n uses, and record it in <user folder>/.n8n/nodes/package.json.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_DIR, SCRATCH_DIR, ensureDir, pathWithNode24, type Runtime } from './runtime.cjs';

export const PACKAGE_JSON = JSON.parse(readFileSync(join(REPO_DIR, 'package.json'), 'utf8')) as {
	name: string;
	version: string;
	n8n: { credentials: string[]; nodes: string[] };
	dependencies?: Record<string, string>;
};
export const PACKAGE_NAME = PACKAGE_JSON.name;
export const PACK_DIR = join(SCRATCH_DIR, 'pack');
/** Set by the e2e global setup once it has built and packed the package. */
export const TARBALL_ENV = 'CPN_E2E_TARBALL';

function npmEnv(rt: Runtime): NodeJS.ProcessEnv {
	return {
		...process.env,
		PATH: pathWithNode24(rt),
		npm_config_update_notifier: 'false',
		npm_config_fund: 'false',
		npm_config_audit: 'false',
	};
}

/** `npm run build` in the repo (tsc + assets). Throws with the compiler output on failure. */
export function buildPackage(rt: Runtime): void {
	try {
		execFileSync('npm', ['run', 'build', '--silent'], {
			cwd: REPO_DIR,
			env: npmEnv(rt),
			stdio: ['ignore', 'pipe', 'pipe'],
			encoding: 'utf8',
		});
	} catch (err) {
		const e = err as { stdout?: string; stderr?: string };
		throw new Error(`npm run build failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
	}
}

/** `npm pack` the built package into .e2e/pack/ and return the tarball path. */
export function packPackage(rt: Runtime, destDir = PACK_DIR): string {
	ensureDir(destDir);
	for (const f of readdirSync(destDir)) if (f.endsWith('.tgz')) rmSync(join(destDir, f));
	// --ignore-scripts: packing must not rebuild (the caller built already).
	const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', destDir], {
		cwd: REPO_DIR,
		env: npmEnv(rt),
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const info = JSON.parse(out) as Array<{ filename: string }>;
	const tarball = join(destDir, info[0].filename.replace(/^@/, '').replace(/\//, '-'));
	if (!existsSync(tarball)) throw new Error(`npm pack did not produce ${tarball}`);
	return tarball;
}

/** The package.json inside a tarball, as published. */
export function readPackedPackageJson(tarball: string): Record<string, unknown> {
	const text = execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' });
	return JSON.parse(text) as Record<string, unknown>;
}

/** File list of a tarball (paths without the leading `package/`). */
export function listTarball(tarball: string): string[] {
	return execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
		.split('\n')
		.filter(Boolean)
		.map((p) => p.replace(/^package\//, ''));
}

export function nodesFolder(userFolder: string): string {
	return join(userFolder, '.n8n', 'nodes');
}

export function installedPackageDir(userFolder: string, name = PACKAGE_NAME): string {
	return join(nodesFolder(userFolder), 'node_modules', name);
}

/**
 * Installs the tarball into the user folder exactly as n8n's installer does (see file header).
 * Returns the installed package folder.
 */
export function installTarball(rt: Runtime, tarball: string, userFolder: string): string {
	const nodesDir = ensureDir(nodesFolder(userFolder));
	const pkgDir = installedPackageDir(userFolder);
	rmSync(pkgDir, { recursive: true, force: true });
	mkdirSync(pkgDir, { recursive: true });
	execFileSync('tar', ['-xzf', tarball, '-C', pkgDir, '--strip-components=1']);

	const pkgJsonPath = join(pkgDir, 'package.json');
	const pkg = JSON.parse(readFileSync(pkgJsonPath, 'utf8')) as Record<string, unknown>;
	delete pkg.devDependencies;
	delete pkg.peerDependencies;
	delete pkg.optionalDependencies;
	writeFileSync(pkgJsonPath, JSON.stringify(pkg, null, 2), 'utf8');

	execFileSync(
		'npm',
		[
			'install',
			'--audit=false',
			'--fund=false',
			'--bin-links=false',
			'--install-strategy=shallow',
			'--ignore-scripts=true',
			'--package-lock=false',
		],
		{ cwd: pkgDir, env: npmEnv(rt), stdio: ['ignore', 'pipe', 'pipe'] },
	);

	const rootPkgPath = join(nodesDir, 'package.json');
	const root = existsSync(rootPkgPath)
		? (JSON.parse(readFileSync(rootPkgPath, 'utf8')) as { dependencies?: Record<string, string> })
		: { name: 'installed-nodes', private: true, dependencies: {} as Record<string, string> };
	root.dependencies = { ...(root.dependencies ?? {}), [PACKAGE_NAME]: String(pkg.version) };
	writeFileSync(rootPkgPath, JSON.stringify(root, null, 2), 'utf8');
	return pkgDir;
}

/** Names of the packages npm put under <pkgDir>/node_modules (should be none). */
export function bundledModules(pkgDir: string): string[] {
	const nm = join(pkgDir, 'node_modules');
	if (!existsSync(nm) || !statSync(nm).isDirectory()) return [];
	return readdirSync(nm).filter((n) => !n.startsWith('.'));
}

/** Node type names as n8n registers a community package's nodes: `<package>.<node name>`. */
export function expectedNodeTypes(): string[] {
	return PACKAGE_JSON.n8n.nodes.map((p) => {
		const file = p.split('/').pop()!.replace(/\.node\.js$/, '');
		return `${PACKAGE_NAME}.${file.charAt(0).toLowerCase()}${file.slice(1)}`;
	});
}

/** Credential type names (no prefix): the file name with a lower-case first letter. */
export function expectedCredentialTypes(): string[] {
	return PACKAGE_JSON.n8n.credentials.map((p) => {
		const file = p.split('/').pop()!.replace(/\.credentials\.js$/, '');
		return `${file.charAt(0).toLowerCase()}${file.slice(1)}`;
	});
}
