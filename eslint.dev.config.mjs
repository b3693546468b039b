/**
 * Lint for the code that is not shipped: tests, the sandbox and the n8n runner (tools/), and
 * scripts. It is CommonJS TypeScript (.cts), which n8n's own config (eslint.config.mjs, used by
 * `n8n-node lint` on the shipped nodes and credentials) leaves alone: that config applies
 * n8n Cloud's rules to every .ts file, and this code starts servers and processes, so it cannot
 * meet them. It gets typescript-eslint's recommended rules instead. `npm run lint` runs both.
 */
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{ ignores: ['**/node_modules/**', 'dist/**', '.e2e/**'] },
	...tseslint.configs.recommended.map((config) => ({ ...config, files: ['**/*.cts'] })),
);
