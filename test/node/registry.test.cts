/**
 * The operation registry at run time. Its compile-time checks (a default operation a resource
 * does not have, an operation the registry does not know) are in registry.types.cts, which
 * `npm run lint` compiles; an operation's Operation value and its fields' display options are
 * made from its key, so they cannot disagree with it.
 */
import { updateDisplayOptions } from 'n8n-workflow';

import { RESOURCES, operationOf } from '../../nodes/CommunityPlatform/actions/resources';

describe('the operation registry', () => {
	it('gives each operation its key as its Operation value and shows its fields for that resource and operation only', () => {
		for (const { option, operations, properties } of RESOURCES) {
			const values = (properties[0].options ?? []).map((o) => (o as { value: string }).value);
			expect(values).toEqual(Object.keys(operations));
			for (const [key, { module }] of Object.entries(operations)) {
				const shown = properties.filter((p) => !['operation', 'toolDescription'].includes(p.name) && p.displayOptions?.show?.resource?.includes(option.value) && p.displayOptions.show.operation?.includes(key));
				expect(shown).toEqual(updateDisplayOptions({ show: { resource: [option.value], operation: [key] } }, module.properties));
			}
		}
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
