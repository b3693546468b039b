/**
 * The output schemas the package ships (scripts/output-schemas.cts writes them at build): one per
 * operation and one per trigger, each valid JSON Schema in the layout n8n reads, and the strict
 * check the e2e suites run on every output item (tools/n8n/outputSchemas.cts) fails on a field
 * of the wrong type, a missing field the schema says is always there, and a field it does not know.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPERATIONS } from '../helpers/description.cjs';
import { SCHEMA_VERSION, outputSchemaFiles } from '../../scripts/output-schemas.cjs';
import { outputProblems, validatorOf } from '../../tools/n8n/outputSchemas.cjs';
import type { JsonSchema } from '../../nodes/shared/output/schema';

const ROOT = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };
const files = outputSchemaFiles();

/** Every field of a schema, with its path, depth first. */
function fields(schema: JsonSchema, path = ''): Array<[string, JsonSchema]> {
	const own = Object.entries(schema.properties ?? {}).flatMap(([key, field]) => [[`${path}.${key}`, field] as [string, JsonSchema], ...fields(field, `${path}.${key}`)]);
	const items = schema.items ? fields(schema.items, `${path}[]`) : [];
	return [...own, ...items];
}

describe('output schemas', () => {
	it('exist for every operation of the action node and for each trigger, in the folder of the node that outputs them', () => {
		const operations = files.filter((f) => f.operation).map((f) => f.operation);
		expect(operations.sort()).toEqual([...OPERATIONS].sort());
		const nodeFolders = pkg.n8n.nodes.map((file) => file.split('/')[2]);
		expect([...new Set(files.map((f) => f.node))].sort()).toEqual([...nodeFolders].sort());
		for (const trigger of nodeFolders.filter((node) => node.endsWith('Trigger'))) {
			expect(files.filter((f) => f.node === trigger).map((f) => f.path)).toEqual([`__schema__/${SCHEMA_VERSION}/output.json`, `__schema__/${SCHEMA_VERSION}.json`]);
		}
		for (const file of files.filter((f) => f.operation)) {
			expect(file.path).toBe(`__schema__/${SCHEMA_VERSION}/${file.operation!.replace('.', '/')}.json`);
		}
	});

	it.each(files.map((f) => [f.operation ?? `${f.node} ${f.path}`, f.schema]))('%s: an object of typed fields, valid JSON Schema', (_what, schema) => {
		expect(schema.type).toBe('object');
		expect(Object.keys(schema.properties ?? {}).length).toBeGreaterThan(0);
		for (const [path, field] of fields(schema)) expect({ path, type: field.type }).toEqual({ path, type: expect.anything() });
		expect(() => validatorOf(schema)).not.toThrow();
	});

	describe('the check of output items', () => {
		const node = { name: 'Get member', type: 'n8n-nodes-community-platform.communityPlatform', parameters: { resource: 'member', operation: 'get' } };
		const good = { userId: 'u1', userEmail: 'ada@example.com', displayName: 'Ada Lovelace', memberType: 'Standard', signUpAt: '2026-01-02T03:04:05Z' };
		const check = (json: Record<string, unknown>, parameters: Record<string, unknown> = node.parameters) =>
			outputProblems([{ ...node, parameters }], { [node.name]: [[[{ json }]]] });

		it('passes an item that matches', () => {
			expect(check(good)).toEqual([]);
		});

		it('fails a field of the wrong type, a missing field that is always there, and a field the schema does not know', () => {
			expect(check({ ...good, userId: 42 }).join()).toMatch(/\/userId must be string/);
			const noId: Record<string, unknown> = { ...good };
			delete noId.userId;
			expect(check(noId).join()).toMatch(/must have required property 'userId'/);
			expect(check({ ...good, email: good.userEmail }).join()).toMatch(/must NOT have additional properties \(email\)/);
			expect(check({ ...good, memberType: 'Gold' }).join()).toMatch(/\/memberType must be equal to one of the allowed values/);
		});

		it('reads the parameters that shape the output: Simplify off allows the whole record', () => {
			const whole = { ...good, userLinkedIn: 'https://www.linkedin.com/in/ada', spaces: ['Makers'], questionnaire: { Role: 'Engineer' } };
			expect(check(whole).join()).toMatch(/additional properties/);
			expect(check(whole, { ...node.parameters, simplify: false })).toEqual([]);
		});

		it('leaves alone the error items of Continue On Fail, other nodes, and nodes whose shaping parameters are expressions', () => {
			expect(check({ error: 'Member not found' })).toEqual([]);
			expect(outputProblems([{ ...node, type: 'n8n-nodes-base.set' }], { [node.name]: [[[{ json: { x: 1 } }]]] })).toEqual([]);
			expect(check({ ...good, userId: 42 }, { ...node.parameters, simplify: '={{ true }}' })).toEqual([]);
		});
	});
});
