/**
 * A tiny npm registry on 127.0.0.1 that serves one package from a tarball: its packument (with
 * dist.tarball and dist.integrity, so npm checks what it downloads) and the tarball. Every other
 * name gets a 404. It lets a test run `npm install <name>` as a README writes it, for a package
 * that is not on npm yet, with npm_config_registry pointing here; the request log shows what the
 * command asked for.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export class LocalRegistry {
	/** Every request, in order, with the status it got. */
	readonly requests: Array<{ method: string; path: string; status: number }> = [];

	private constructor(
		private readonly server: Server,
		readonly name: string,
		readonly version: string,
		/** The tarball's dist.integrity, as npm records it in package-lock.json. */
		readonly integrity: string,
	) {}

	/** Starts a registry serving the package in `tarball` (name and version from its package.json). */
	static async start(tarball: string): Promise<LocalRegistry> {
		const bytes = readFileSync(tarball);
		const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as { name: string; version: string };
		const { name, version } = manifest;
		const integrity = `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
		const shasum = createHash('sha1').update(bytes).digest('hex');
		const file = `${name.split('/').pop()}-${version}.tgz`;

		const server = createServer((req, res) => {
			const path = decodeURIComponent(new URL(req.url ?? '/', 'http://registry').pathname);
			const base = registry.url.replace(/\/$/, '');
			if (req.method === 'GET' && path === `/${name}`) {
				const packument = {
					name,
					'dist-tags': { latest: version },
					versions: { [version]: { ...manifest, _id: `${name}@${version}`, dist: { tarball: `${base}/${name}/-/${file}`, integrity, shasum } } },
				};
				res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(packument));
			} else if (req.method === 'GET' && path === `/${name}/-/${file}`) {
				res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length }).end(bytes);
			} else {
				res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `not found: this registry serves only ${name}` }));
			}
			registry.requests.push({ method: req.method ?? '', path, status: res.statusCode });
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		// The handler above runs only once the server listens, after this line.
		const registry = new LocalRegistry(server, name, version, integrity);
		return registry;
	}

	get url(): string {
		return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
	}

	/** The paths asked for that this registry does not serve (answered 404). */
	get refused(): string[] {
		return this.requests.filter((r) => r.status === 404).map((r) => r.path);
	}

	async close(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}
}
