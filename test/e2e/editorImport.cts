/**
 * An example workflow as n8n's editor imports it, for the e2e files that follow a user's path
 * (dev-command, sync-data-table).
 */
import type { N8nClient, WorkflowJson } from '../../tools/n8n/n8n.cjs';

/**
 * What n8n's editor does with an imported workflow before the user saves it (n8n 2.41.1,
 * useCanvasOperations: importWorkflowData): a node's credential whose id this n8n does not have is
 * dropped, and a node left with none gets the user's credential of the type it needs, the one updated
 * last ("Credentials auto-added"). The examples name the id `sandbox`, which no n8n has.
 */
export async function asTheEditorImports(client: N8nClient, json: WorkflowJson): Promise<WorkflowJson> {
	const wf = structuredClone(json);
	const credentials = await client.request<Array<{ id: string; name: string; type: string; updatedAt: string }>>('GET', '/rest/credentials');
	const types = await client.nodeTypes();
	for (const node of wf.nodes) {
		for (const [type, ref] of Object.entries(node.credentials ?? {})) {
			if (!credentials.some((c) => c.id === ref.id)) delete node.credentials![type];
		}
		if (Object.keys(node.credentials ?? {}).length > 0) continue;
		const needs = (types.find((t) => t.name === node.type)?.credentials ?? []).map((c) => c.name);
		const candidates = credentials.filter((c) => needs.includes(c.type));
		if (candidates.length === 0) continue;
		const last = candidates.reduce((a, b) => (a.updatedAt > b.updatedAt ? a : b));
		node.credentials = { [last.type]: { id: last.id, name: last.name } };
	}
	return wf;
}
