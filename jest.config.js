/**
 * Node-level tests (test/node: nock on n8n-core's real contexts), integration tests
 * (test/integration: the sandbox, the release tooling) and the sandbox's own tests (tools/sandbox).
 * The e2e and queue-mode suites (real n8n) extend this in jest.e2e.config.js and jest.queue.config.js.
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
