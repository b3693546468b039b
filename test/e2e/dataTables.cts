/**
 * n8n Data Tables over n8n's REST API (n8n 2.x): the tables of the owner's personal project, their
 * columns and their rows.
 */
import type { N8nClient } from '../../tools/n8n/n8n.cjs';

export interface DataTable {
	id: string;
	name: string;
	projectId: string;
}

export async function personalProjectId(client: N8nClient): Promise<string> {
	return (await client.request<{ id: string }>('GET', '/rest/projects/personal')).id;
}

/** The data tables of the owner's personal project named exactly `name` (n8n's own filter matches parts of names). */
export async function dataTablesNamed(client: N8nClient, name: string): Promise<DataTable[]> {
	const projectId = await personalProjectId(client);
	const page = await client.request<{ count: number; data: Array<{ id: string; name: string; projectId: string }> }>('GET', `/rest/projects/${projectId}/data-tables`, undefined, {
		filter: JSON.stringify({ name }),
		take: '100',
	});
	return page.data.filter((t) => t.name === name).map((t) => ({ id: t.id, name: t.name, projectId }));
}

/** A data table's own columns (not id, createdAt, updatedAt), in order: name → type. */
export async function dataTableColumns(client: N8nClient, table: DataTable): Promise<Array<{ name: string; type: string }>> {
	const columns = await client.request<Array<{ name: string; type: string; index: number }>>('GET', `/rest/projects/${table.projectId}/data-tables/${table.id}/columns`);
	return [...columns].sort((a, b) => a.index - b.index).map(({ name, type }) => ({ name, type }));
}

/** Adds rows to a data table as they are (what a workflow could write), returning their ids. */
export async function insertDataTableRows(client: N8nClient, table: DataTable, rows: Array<Record<string, unknown>>): Promise<number[]> {
	const inserted = await client.request<Array<{ id: number }>>('POST', `/rest/projects/${table.projectId}/data-tables/${table.id}/insert`, { data: rows, returnType: 'id' });
	return inserted.map((r) => r.id);
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
