/*
 * Preloaded into n8n with NODE_OPTIONS=--require <this file> by the e2e harness.
 * Records, as JSON lines in $CPN_RESOLVE_PROBE_LOG, where bare `require()`s made from the
 * community package's own files resolve to, so a test can show that zod, luxon and
 * n8n-workflow come from the n8n host and not from a copy next to the package.
 */
'use strict';
const Module = require('module');
const fs = require('fs');

const logFile = process.env.CPN_RESOLVE_PROBE_LOG;
const marker = process.env.CPN_RESOLVE_PROBE_PACKAGE || 'n8n-nodes-community-platform';

if (logFile) {
	const original = Module._resolveFilename;
	const seen = new Set();
	Module._resolveFilename = function probeResolve(request, parent, ...rest) {
		const resolved = original.call(this, request, parent, ...rest);
		try {
			const from = parent && parent.filename;
			const bare = !request.startsWith('.') && !request.startsWith('/') && !request.startsWith('node:');
			if (bare && from && from.includes(`/node_modules/${marker}/`)) {
				const key = `${request}\0${resolved}`;
				if (!seen.has(key)) {
					seen.add(key);
					fs.appendFileSync(
						logFile,
						JSON.stringify({ pid: process.pid, request, from, resolved }) + '\n',
					);
				}
			}
		} catch {
			// never break n8n because of the probe
		}
		return resolved;
	};
}
