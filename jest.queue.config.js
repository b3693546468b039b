/**
 * The queue-mode suite: the packed package in n8n 2.41.1 queue mode (a main instance, two
 * workers, PostgreSQL and Redis, all started by the suite on 127.0.0.1) against the sandbox.
 * Run with `npm run test:queue` (serial; one stack per file). Needs redis-server and PostgreSQL
 * 13 or newer: `scripts/check-system.sh postgres redis` says where it finds them.
 */
const base = require('./jest.config.js');

module.exports = {
	...base,
	roots: ['<rootDir>/test/e2e/queue'],
	testMatch: ['**/*.queue.test.cts'],
	testPathIgnorePatterns: ['/node_modules/'],
	globalSetup: '<rootDir>/test/e2e/global-setup.cjs',
	maxWorkers: 1,
	testTimeout: 300000,
	slowTestThreshold: 120,
};
