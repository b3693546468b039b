/**
 * The e2e suite: the packed package in a real n8n (Node 24 + n8n 2.41.1, installed once into
 * ~/.cache/n8n-nodes-community-platform by scripts/ensure-runtime.sh) against the sandbox.
 * Run with `npm run test:e2e` (serial). The files that ask for it share one n8n, started by the
 * first of them and stopped by the global teardown (test/e2e/harness.cts, sharedN8n); the others
 * start their own.
 */
const base = require('./jest.config.js');

module.exports = {
	...base,
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.test.cts'],
	testPathIgnorePatterns: ['/node_modules/'],
	globalSetup: '<rootDir>/test/e2e/global-setup.cjs',
	globalTeardown: '<rootDir>/test/e2e/global-teardown.cjs',
	maxWorkers: 1,
	testTimeout: 180000,
	slowTestThreshold: 60,
};
