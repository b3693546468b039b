/**
 * n8n Data Tables over n8n's REST API (n8n 2.x): the tables an example workflow's Data Table nodes
 * write to, created as its note tells a user to (name and columns from the nodes), and their rows.
 */
import type { N8nClient, WorkflowJson } from '../../tools/n8n/n8n.cjs';

const DATA_TABLE_NODE = 'n8n-nodes-base.dataTable';
/** A column type in a Data Table node's column mapping → the data table's column type. */
const COLUMN_TYPES: Record<string, string> = { string: 'string', number: 'number', boolean: 'boolean', dateTime: 'date' };

export interface DataTable {
	id: string;
	name: string;
	projectId: string;
}

interface MappedColumn {
	id: string;
	type: string;
}

async function personalProjectId(client: N8nClient): Promise<string> {
	return (await client.request<{ id: string }>('GET', '/rest/projects/personal')).id;
}

/** Whether a workflow has Data Table nodes (an example that needs its table created first). */
export function usesDataTables(wf: Pick<WorkflowJson, 'nodes'>): boolean {
	return wf.nodes.some((n) => n.type === DATA_TABLE_NODE);
}

/**
 * Creates, in the owner's personal project, each data table the workflow's Data Table nodes name
 * (resource locator "By Name"), with the columns their column mappings hold.
 */
export async function createDataTablesFor(client: N8nClient, wf: Pick<WorkflowJson, 'nodes'>): Promise<DataTable[]> {
	const columns = new Map<string, Map<string, string>>();
	for (const node of wf.nodes.filter((n) => n.type === DATA_TABLE_NODE)) {
		const locator = node.parameters.dataTableId as { mode?: string; value?: string } | undefined;
		if (locator?.mode !== 'name' || !locator.value) throw new Error(`node "${node.name}" does not name its data table (By Name)`);
		const table = columns.get(locator.value) ?? new Map<string, string>();
		columns.set(locator.value, table);
		const schema = ((node.parameters.columns as { schema?: MappedColumn[] } | undefined)?.schema ?? []);
		for (const column of schema) table.set(column.id, COLUMN_TYPES[column.type] ?? 'string');
	}
	const projectId = await personalProjectId(client);
	const tables: DataTable[] = [];
	for (const [name, cols] of columns) {
		if (cols.size === 0) throw new Error(`no node maps the columns of data table "${name}"`);
		const body = { name, columns: [...cols].map(([column, type]) => ({ name: column, type })) };
		const created = await client.request<{ id: string }>('POST', `/rest/projects/${projectId}/data-tables`, body);
		tables.push({ id: created.id, name, projectId });
	}
	return tables;
}

/** Every row of a data table (with its own id, createdAt, updatedAt), in pages of 250 (n8n's most). */
export async function dataTableRows(client: N8nClient, table: DataTable): Promise<Array<Record<string, unknown>>> {
	const rows: Array<Record<string, unknown>> = [];
	for (;;) {
		const page = await client.request<{ count: number; data: Array<Record<string, unknown>> }>(
			'GET',
			`/rest/projects/${table.projectId}/data-tables/${table.id}/rows`,
			undefined,
			{ skip: String(rows.length), take: '250' },
		);
		rows.push(...page.data);
		if (page.data.length === 0 || rows.length >= page.count) return rows;
	}
}
