/**
 * The editor suite: n8n's editor in a real browser (Debian's Chromium, driven by
 * playwright-core) against n8n 2.41.1 with the packed package and the sandbox, the stack of
 * `npm run dev`. Run with `npm run test:ui` (serial).
 */
const e2e = require('./jest.e2e.config.js');

module.exports = {
	...e2e,
	roots: ['<rootDir>/test/ui'],
	testMatch: ['**/*.ui.test.cts'],
	testTimeout: 300000,
};
