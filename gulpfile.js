const { Transform } = require('node:stream');
const { src, dest, parallel } = require('gulp');

/** Copies what tsc does not: node and credential icons (scripts/output-schemas.cts writes the __schema__ files). */
function copyAssets() {
	return src(['nodes/**/*.{png,svg}', 'credentials/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

/**
 * Codex files live in nodes/<Node>/codex/ so that no module resolver mistakes
 * `<Node>.node.json` for the `<Node>.node` module; n8n reads them beside the built node.
 */
function copyCodex() {
	const outOfCodexFolder = new Transform({
		objectMode: true,
		transform(file, _encoding, done) {
			file.path = file.path.replace(/[\\/]codex([\\/][^\\/]+)$/, '$1');
			done(null, file);
		},
	});
	return src('nodes/*/codex/*.node.json', { base: '.' }).pipe(outOfCodexFolder).pipe(dest('dist'));
}

exports['build:assets'] = parallel(copyAssets, copyCodex);
