/**
 * The operation registry is checked by the compiler: a resource index that files an operation
 * under another name than the one its fields are shown for, gives it another value in the
 * Operation list, or names a default it does not have, and an operation the registry does not
 * know for a resource (NodeMap), fail to compile. Each case is a small TypeScript file
 * compiled with the project's own options, next to a correct one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ts from 'typescript';

import { RESOURCES, operationOf } from '../../nodes/CommunityPlatform/actions/resources';

const ACTIONS = resolve(__dirname, '../../nodes/CommunityPlatform/actions');

/** A tag resource with Get and Rename, its Operation list shaped by `entries` and `default`. */
const tagResource = (entries: string, defaultOperation = 'get') => `
import { defineResource } from '${ACTIONS}/operation';
import * as get from '${ACTIONS}/tag/get.operation';
import * as rename from '${ACTIONS}/tag/rename.operation';
export const tag = defineResource({
	resource: { name: 'Tag', value: 'tag', description: 'Tags' },
	default: '${defaultOperation}',
	operations: {
		get: { name: 'Get', value: 'get', description: 'Get a tag', action: 'Get a tag', module: get },
		${entries}
	},
});
`;

const RENAME = `rename: { name: 'Rename', value: 'rename', description: 'Rename a tag', action: 'Rename a tag', module: rename },`;

const CASES: Record<string, string> = {
	correct: `${tagResource(RENAME)}
import type { NodeMap } from '${ACTIONS}/resources';
export const chosen: NodeMap['tag'] = 'rename';`,
	misspeltKey: tagResource(RENAME.replace('rename:', 'renme:').replace("value: 'rename'", "value: 'renme'")),
	misspeltValue: tagResource(RENAME.replace("value: 'rename'", "value: 'renme'")),
	misspeltDefault: tagResource(RENAME, 'getAl'),
	wrongModule: tagResource(RENAME.replace('module: rename', 'module: get')),
	unknownPair: `import type { NodeMap } from '${ACTIONS}/resources';
export const chosen: NodeMap['tag'] = 'renme';`,
};

/** The compiler's messages for each case file, with the options the build uses. */
function compile(): Record<string, string[]> {
	const dir = mkdtempSync(join(tmpdir(), 'cpn-registry-'));
	try {
		const files = Object.fromEntries(
			Object.entries(CASES).map(([name, source]) => {
				const file = join(dir, `${name}.ts`);
				writeFileSync(file, source);
				return [name, file];
			}),
		);
		const configFile = resolve(__dirname, '../../tsconfig.json');
		const config = ts.parseJsonConfigFileContent(ts.readConfigFile(configFile, ts.sys.readFile).config, ts.sys, resolve(configFile, '..'));
		const program = ts.createProgram(Object.values(files), { ...config.options, noEmit: true, rootDir: undefined });
		return Object.fromEntries(
			Object.entries(files).map(([name, file]) => [
				name,
				ts
					.getPreEmitDiagnostics(program, program.getSourceFile(file))
					.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
			]),
		);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

describe('the operation registry', () => {
	let messages: Record<string, string[]>;
	beforeAll(() => {
		messages = compile();
	}, 120_000);

	it('compiles a resource whose operations are filed under their own names', () => {
		expect(messages.correct).toEqual([]);
	});

	it('refuses an operation filed under another name than its fields are shown for', () => {
		expect(messages.misspeltKey.join('\n')).toMatch(/Type '"rename"' is not assignable to type '"renme"'/);
		expect(messages.wrongModule.join('\n')).toMatch(/Type '"get"' is not assignable to type '"rename"'/);
	});

	it('refuses an Operation list value other than the key', () => {
		expect(messages.misspeltValue.join('\n')).toMatch(/Type '"renme"' is not assignable to type '"rename"'/);
	});

	it('refuses a default operation the resource does not have', () => {
		expect(messages.misspeltDefault.join('\n')).toMatch(/Type '"getAl"' is not assignable to type '"get" \| "rename"'/);
	});

	it('refuses an operation the registry does not know for a resource', () => {
		expect(messages.unknownPair.join('\n')).toMatch(/Type '"renme"' is not assignable to type/);
	});

	it("lists each resource's operations in alphabetical order of their names, as n8n's lint wants of an options list", () => {
		for (const { properties } of RESOURCES) {
			const names = (properties[0].options ?? []).map((option) => option.name);
			expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		}
	});

	it('finds every operation of the Operation lists at run time, and nothing else', () => {
		expect(operationOf('tag', 'rename')).toHaveProperty('execute');
		expect(operationOf('member', 'createMany')).toHaveProperty('executeBatch');
		expect(operationOf('tag', 'renme')).toBeUndefined();
		expect(operationOf('tag', 'toString')).toBeUndefined();
		expect(operationOf('constructor', 'get')).toBeUndefined();
	});
});
