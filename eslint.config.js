const tseslint = require('typescript-eslint');
const n8nNodesBase = require('eslint-plugin-n8n-nodes-base');
const jsoncParser = require('jsonc-eslint-parser');

/**
 * nodes/, credentials/ and package.json get n8n's community-node rules (both plugins);
 * test/ gets ordinary TypeScript rules.
 */
module.exports = (async () => {
	const { default: communityNodes } = await import('@n8n/eslint-plugin-community-nodes');
	const recommended = communityNodes.configs.recommended;
	return [
		{ ignores: ['dist/**', 'node_modules/**', '.e2e/**', 'coverage/**', '**/*.js', '!eslint.config.js'] },
		{
			files: ['package.json'],
			languageOptions: { parser: jsoncParser },
			plugins: { 'n8n-nodes-base': n8nNodesBase, ...recommended.plugins },
			rules: { ...n8nNodesBase.configs.community.rules, ...recommended.rules },
		},
		{
			files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
			languageOptions: { parser: tseslint.parser, parserOptions: { sourceType: 'module' } },
			plugins: { 'n8n-nodes-base': n8nNodesBase, ...recommended.plugins },
			rules: { ...recommended.rules },
		},
		{
			files: ['credentials/**/*.ts'],
			rules: {
				...n8nNodesBase.configs.credentials.rules,
				// Meant for n8n's own repository (a camelCase docs slug); a community credential links a
				// full URL, which @n8n/community-nodes/credential-documentation-url checks instead.
				'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
			},
		},
		{
			files: ['nodes/**/*.ts'],
			rules: {
				...n8nNodesBase.configs.nodes.rules,
				// These two want the string 'main'; @n8n/community-nodes/node-connection-type-literal
				// wants NodeConnectionTypes.Main. The newer rule wins; both say "one main input/output".
				'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
				'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			},
		},
		...tseslint.configs.recommended.map((config) => ({ ...config, files: ['test/**/*.ts'] })),
	];
})();
