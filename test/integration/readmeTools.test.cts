/**
 * The tool descriptions the README quotes in "AI agents" (`- **<Resource> → <Operation>**: <text>`)
 * are what an agent reads of those operations today: the package's text for each, fields sentence
 * included. An operation's text or its output schema cannot change without the README following.
 */
import { readReadme, readmeSection } from '../e2e/readme.cjs';
import { description } from '../helpers/description.cjs';
import { packageText } from '../helpers/toolDescriptions.cjs';

interface Quote {
	label: string;
	text: string;
}

/** The quoted tool descriptions of a text: one list entry each. */
function quotes(markdown: string): Quote[] {
	return [...markdown.matchAll(/^- \*\*(.+? → .+?)\*\*: (.+)$/gm)].map(([, label, text]) => ({ label, text }));
}

type Option = { name: string; value: string };

/** The resource and operation a label such as "Member → Get by Email" names, by their names in the node. */
function operationOf(label: string): { resource: string; operation: string } {
	const [resourceName, operationName] = label.split(' → ');
	const resources = (description.properties.find((p) => p.name === 'resource')?.options ?? []) as Option[];
	const resource = resources.find((r) => r.name === resourceName)?.value;
	if (!resource) throw new Error(`the README quotes a tool of "${resourceName}", which is no resource of the node`);
	const operations = description.properties
		.filter((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource))
		.flatMap((p) => (p.options ?? []) as Option[]);
	const operation = operations.find((o) => o.name === operationName)?.value;
	if (!operation) throw new Error(`the README quotes "${label}", but ${resourceName} has no operation "${operationName}"`);
	return { resource, operation };
}

describe('the tool descriptions the README quotes', () => {
	const quoted = quotes(readmeSection('AI agents', readReadme()));

	it('are three, each of a different operation', () => {
		expect(quoted).toHaveLength(3);
		expect(new Set(quoted.map((q) => q.label)).size).toBe(3);
	});

	it.each(quoted.map((q) => [q.label, q.text]))('%s is quoted as an agent reads it now', (label, text) => {
		const { resource, operation } = operationOf(label);
		expect(text).toBe(packageText(resource, operation));
		expect(text).toMatch(/ Each item returned has: .+\.$/);
	});

	it('reads a quote and finds its operation by the names the node shows', () => {
		expect(quotes('- **Tag → Delete**: Deletes a tag. Each item returned has: tagId.\n- not a quote')).toEqual([
			{ label: 'Tag → Delete', text: 'Deletes a tag. Each item returned has: tagId.' },
		]);
		expect(operationOf('Member → Create or Update Many (Batch)')).toEqual({ resource: 'member', operation: 'createOrUpdateMany' });
		expect(() => operationOf('Member → Fetch')).toThrow(/no operation "Fetch"/);
	});
});
