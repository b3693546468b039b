const { src, dest } = require('gulp');

/** Copies what tsc does not: node and credential icons, and any __schema__ JSON. */
function buildAssets() {
	return src(['nodes/**/*.{png,svg}', 'nodes/**/*.node.json', 'credentials/**/*.{png,svg}', 'nodes/**/__schema__/**/*.json'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

exports['build:assets'] = buildAssets;
