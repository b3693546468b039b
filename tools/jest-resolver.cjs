/**
 * Test and tool code imports other .cts files by their output name ('./harness.cjs'), as
 * TypeScript wants for CommonJS TypeScript. Jest runs the sources: a relative '.cjs' that does
 * not exist resolves to the '.cts' beside it. Real .cjs files (in node_modules too) resolve as
 * they are.
 */
module.exports = (request, options) => {
	try {
		return options.defaultResolver(request, options);
	} catch (error) {
		if (/^\.{1,2}\/.*\.cjs$/.test(request)) return options.defaultResolver(request.replace(/\.cjs$/, '.cts'), options);
		throw error;
	}
};
