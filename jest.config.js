/**
 * `npm test`, the quick suite: node-level tests (test/node: nock on n8n-core's real contexts),
 * integration tests (test/integration: the sandbox, the release tooling) and the sandbox's own
 * tests (tools/sandbox). No root, browser, database or n8n: anything that needs one belongs to the
 * suites of `npm run test:all`, which extend this in jest.e2e.config.js, jest.ui.config.js and
 * jest.queue.config.js.
 *
 * Test and tool code is CommonJS TypeScript (.cts): it imports other .cts files as '.cjs', which
 * tools/jest-resolver.cjs resolves to the source.
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test', '<rootDir>/tools'],
	testMatch: ['**/*.test.cts'],
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/', '<rootDir>/test/bench/', '<rootDir>/test/ui/'],
	moduleFileExtensions: ['ts', 'cts', 'js', 'cjs', 'json'],
	resolver: '<rootDir>/tools/jest-resolver.cjs',
	transform: {
		'^.+\\.c?ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
	},
	testTimeout: 20000,
};
