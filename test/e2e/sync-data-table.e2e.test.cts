/**
 * examples/members-data-table.json in a real n8n, on a new user's path and through overlapping
 * executions. The example is imported as n8n's editor imports it, the one credential it needs is
 * chosen, and it is published (its trigger polling every 5 s instead of every minute: the only
 * change). Nothing else is set up: the workflow makes its table, "Community members", at its first
 * execution, with the columns and types its note lists, and every later execution reuses it.
 *
 * Then members are created, edited, deactivated and deleted in the sandbox in two rounds, and the
 * feed's versions of every member before, between and after them are sent through the example's own
 * nodes as overlapping executions (copies of the workflow with those versions pinned on the trigger,
 * started together and beside the trigger's own execution of the changes), and again after that
 * execution succeeded, as a retried older execution would. The table must then equal the
 * sandbox: every member at its latest version, deactivated ones with archived true, each deleted one
 * a tombstone (removed true), one row per member: 0 missing, 0 stale, 0 extra, 0 duplicated.
 *
 * Last, the daily branch: rows a PostgreSQL-backed n8n could leave (a second row for a member, one
 * older, one empty) are added by hand, and one run of it removes them, keeping the newest.
 */
import { join } from 'node:path';
import { EXAMPLES_DIR } from '../../tools/n8n/runtime.cjs';
import type { SandboxAdmin } from '../../tools/sandbox/admin.cjs';
import { dataTableColumns, dataTableRows, dataTablesNamed, insertDataTableRows, type DataTable } from './dataTables.cjs';
import { asTheEditorImports } from './editorImport.cjs';
import { E2E, readWorkflowFile } from './harness.cjs';
import type { ExecutionSummary, WorkflowJson } from '../../tools/n8n/n8n.cjs';

const EXAMPLE = join(EXAMPLES_DIR, 'members-data-table.json');
const TABLE = 'Community members';
const TRIGGER = 'Member Trigger';
const HOLD_BACK_PLUS = 2 * 60_000 + 5_000;
const FEED = '/incremental/users';
const FINISHED = ['success', 'error', 'crashed', 'canceled'];

const report = (line: string) => process.stderr.write(`\n[data table] ${line}\n`);

/** The example's column ← the feed row's field, and the column's type in the table the workflow makes. */
const COLUMNS: Array<[column: string, field: string, type: string]> = [
	['memberId', 'id', 'string'],
	['email', 'userEmail', 'string'],
	['firstName', 'userFirstName', 'string'],
	['lastName', 'userLastName', 'string'],
	['company', 'userCompany', 'string'],
	['title', 'userTitle', 'string'],
	['memberType', 'memberType', 'string'],
	['approvalStatus', 'approvalStatus', 'string'],
	['archived', 'archived', 'boolean'],
	['removed', 'removed', 'boolean'],
	['memberUpdatedAt', 'updatedAt', 'date'],
];

type Row = Record<string, unknown>;

/** A column's value as compared: dates as instants, absent as null, removed false when the feed row has none. */
function comparable(column: string, value: unknown): unknown {
	if (value === undefined || value === null) return column === 'removed' ? false : null;
	return column === 'memberUpdatedAt' ? new Date(String(value)).toISOString() : value;
}

/** What the table should hold for a feed row: the row for a live member, the tombstone (removed, the rest empty) for a deleted one. */
function expectedRow(feedRow: Row): Row {
	return Object.fromEntries(COLUMNS.map(([column, field]) => [column, comparable(column, feedRow[field])]));
}

/** The trigger's item for a feed row (Emit = Every Change): the row, what to do with it and its change key. */
function asItem(feedRow: Row): { json: Row } {
	return { json: { ...feedRow, syncAction: feedRow.removed === true ? 'delete' : 'upsert', changeKey: `${String(feedRow.id)}:${String(feedRow.updatedAt)}` } };
}

describe('examples/members-data-table.json: members kept in an n8n Data Table', () => {
	let e2e: E2E;

	beforeAll(async () => {
		// A small community: the first copy is every member, a few Data Table statements each.
		e2e = await E2E.start({ shared: true, sandboxOptions: { members: 60, optOuts: 20 } });
	});
	afterAll(async () => {
		await e2e?.stop();
	});

	it('imported as shipped, one credential chosen, published: it makes its table, and overlapping executions with older versions and deletions leave it equal to the sandbox', async () => {
		const started = Date.now();
		const client = e2e.client;
		const sandbox = e2e.sandbox!;
		const admin = sandbox.admin as SandboxAdmin;
		/** Every row of the members feed now, none held back (copies: the log's rows change). */
		const feedNow = () => JSON.parse(JSON.stringify(admin.store.feeds.users.read({}, Number.MAX_SAFE_INTEGER, Number.POSITIVE_INFINITY).rows)) as Row[];

		// A new user: no table of that name, and nothing made by hand.
		expect(await dataTablesNamed(client, TABLE)).toEqual([]);
		const shipped = readWorkflowFile(EXAMPLE);
		// The one credential to choose: the trigger's. The Data Table nodes need none.
		const needing = await nodesNeedingCredentials(shipped);
		expect(needing).toEqual([TRIGGER]);
		const imported = await asTheEditorImports(client, shipped);
		const wf = await e2e.activateWorkflow(imported, { pollSeconds: 5 });
		const finished = (since: Set<string>, what: string) =>
			e2e.until(what, async () => (await client.listExecutions(wf.id)).find((x) => !since.has(String(x.id)) && FINISHED.includes(x.status)), 60_000);

		// The first copy lands in the table the workflow made: its columns and their types.
		const first = await finished(new Set(), 'the first copy');
		expect(first.status).toBe('success');
		const tables = await dataTablesNamed(client, TABLE);
		expect(tables).toHaveLength(1);
		const [table] = tables;
		expect(await dataTableColumns(client, table)).toEqual(COLUMNS.map(([name, , type]) => ({ name, type })));
		const firstCopy = (await dataTableRows(client, table)).length;
		expect(firstCopy).toBeGreaterThan(0);
		const before = feedNow();

		// Round 1: two new members (one edited again), edits, a deactivation, a deletion.
		const tag = Date.now();
		const change = (c: Record<string, unknown>) => sandbox.feedMemberChange(c);
		const pool = admin.store.activeMembers().filter((m) => m.email).map((m) => m.id);
		const [edited, deactivated, deleted, editedTwice, laterDeleted, laterDeactivated] = pool;
		const a = await change({ kind: 'created', email: `sync-a-${tag}@example.com` });
		const b = await change({ kind: 'created', email: `sync-b-${tag}@example.com`, memberType: 'Guest' });
		await change({ kind: 'edited', userId: a.id, company: 'Round One Ltd' });
		await change({ kind: 'edited', userId: edited, position: 'Edited Once' });
		await change({ kind: 'edited', userId: editedTwice, firstName: 'Renamed' });
		await change({ kind: 'deactivated', userId: deactivated });
		await change({ kind: 'deleted', userId: deleted });
		const between = feedNow();

		// Round 2: a member made in round 1 deleted, the deactivated one edited, a member created and
		// deleted (only its tombstone is ever in the feed), more edits, deletions and deactivations.
		await change({ kind: 'deleted', userId: a.id });
		await change({ kind: 'edited', userId: deactivated, company: 'Edited While Deactivated' });
		await change({ kind: 'edited', userId: editedTwice, lastName: 'Twice' });
		await change({ kind: 'edited', userId: b.id, position: 'Round Two' });
		const c = await change({ kind: 'created', email: `sync-c-${tag}@example.com` });
		await change({ kind: 'deleted', userId: c.id });
		await change({ kind: 'deleted', userId: laterDeleted });
		await change({ kind: 'deactivated', userId: laterDeactivated });
		const after = feedNow();

		// The feed's versions before, between and after the rounds of every member the rounds changed, each
		// pinned on the trigger of a copy of the example (the example's nodes as shipped, the items the
		// trigger would emit). Only those: the others would repeat one version three times.
		const key = (r: Row) => `${String(r.id)}:${String(r.updatedAt)}`;
		const unchanged = new Set(before.map(key).filter((k) => between.some((r) => key(r) === k) && after.some((r) => key(r) === k)));
		const changed = (rows: Row[]) => rows.filter((r) => !unchanged.has(key(r)));
		const copies: Record<string, string> = {};
		const pinned: Record<string, number> = {};
		for (const [name, rows] of [['before', changed(before)], ['between', changed(between)], ['after', changed(after)]] as const) {
			expect({ name, some: rows.length > 0 }).toEqual({ name, some: true });
			const copy = structuredClone(imported);
			const created = await e2e.importWorkflow({ ...copy, pinData: { [TRIGGER]: rows.map(asItem) } } as WorkflowJson, { pollSeconds: false, name: `${shipped.name} [versions ${name} the changes]` });
			copies[name] = created.id;
			pinned[name] = rows.length;
		}
		const runCopy = async (name: string) => {
			const id = await client.startManualRun(copies[name], TRIGGER);
			return { name, id };
		};

		// The changes come out of the hold-back: the trigger's own execution writes them while the three
		// copies, started together, write their versions of the same members (the older ones among them,
		// and members before their deletion).
		const mark = admin.getRequests().reduce((max, r) => Math.max(max, r.id), 0);
		const seen = await e2e.executionIds(wf.id);
		await sandbox.advanceClock(HOLD_BACK_PLUS);
		const together = await Promise.all(['before', 'between', 'after'].map(runCopy));
		const overlapped = await Promise.all(together.map(async ({ name, id }) => ({ name, status: await ended(id) })));
		expect(overlapped).toEqual(together.map(({ name }) => ({ name, status: 'success' })));

		// The trigger reads to the end: the same feed query three times in a row after the mark (an
		// empty page each time; a poll here emits far fewer than its item cap, so it never stops mid-page).
		await e2e.until('the members feed read to its end', async () => {
			const queries = admin.getRequests().filter((r) => r.id > mark && r.status === 200 && r.path.endsWith(FEED)).map((r) => JSON.stringify(r.query));
			return queries.some((q, i) => i > 1 && q === queries[i - 1] && q === queries[i - 2]);
		}, 45_000);
		await e2e.until('every execution finished', async () => (await client.listExecutions(wf.id)).every((x) => FINISHED.includes(x.status)));
		const ofTheChanges = (await client.listExecutions(wf.id)).filter((x) => !seen.has(String(x.id)));
		expect(ofTheChanges.map((x) => x.status)).toEqual(['success']);

		// The three copies ran at the same time: each one's run overlaps the two others'.
		const summaries = new Map<string, ExecutionSummary>();
		for (const id of Object.values(copies)) for (const x of await client.listExecutions(id)) summaries.set(String(x.id), x);
		const spans = together.map(({ name, id }) => ({ name, from: Date.parse(summaries.get(id)!.startedAt!), to: Date.parse(summaries.get(id)!.stoppedAt!) }));
		for (const x of spans) for (const y of spans) if (x !== y) expect({ x: x.name, y: y.name, overlap: x.from < y.to && y.from < x.to }).toEqual({ x: x.name, y: y.name, overlap: true });

		// Older executions retried after the newer one succeeded: the versions before and between the changes again.
		for (const name of ['between', 'before']) {
			expect({ name, status: await ended((await runCopy(name)).id) }).toEqual({ name, status: 'success' });
		}

		// The sandbox's truth: every row of the feed, none held back; a tombstone is a deleted member.
		const truth = feedNow();
		const live = truth.filter((r) => r.removed !== true);
		const tombstones = truth.filter((r) => r.removed === true).map((r) => String(r.id));
		// The feed agrees with the store: every member in it (deactivated ones archived), no deleted one.
		expect(live.map((r) => String(r.id)).sort()).toEqual([...admin.store.members.keys()].sort());
		expect(tombstones).toEqual(expect.arrayContaining([deleted, laterDeleted, String(a.id), String(c.id)]));

		const compare = async () => {
			const rows = await dataTableRows(client, table);
			const byMember = new Map<string, Row[]>();
			for (const row of rows) byMember.set(String(row.memberId), [...(byMember.get(String(row.memberId)) ?? []), row]);
			const expected = new Map(truth.map((r) => [String(r.id), expectedRow(r)]));
			const missing = [...expected.keys()].filter((id) => !byMember.has(id));
			const extra = [...byMember.keys()].filter((id) => !expected.has(id));
			const duplicated = [...byMember].filter(([, list]) => list.length > 1).map(([id]) => id);
			const stale: string[] = [];
			for (const [id, want] of expected) {
				const got = byMember.get(id)?.[0];
				if (!got) continue;
				const differ = COLUMNS.filter(([column]) => comparable(column, got[column]) !== want[column]);
				if (differ.length) stale.push(`${id} (${differ.map(([column]) => column).join(', ')})`);
			}
			return { rows, byMember, found: { missing, stale, extra, duplicated } };
		};
		const { rows, byMember, found } = await compare();
		const executions = await client.listExecutions(wf.id);
		report(
			`${live.length} members in the sandbox (${live.filter((r) => r.archived === true).length} deactivated) + ${tombstones.length} deleted; ` +
				`first copy ${firstCopy} rows in ${Date.parse(first.stoppedAt!) - Date.parse(first.startedAt!)} ms; table ${rows.length} rows: ${found.missing.length} missing, ${found.stale.length} stale, ${found.extra.length} extra, ${found.duplicated.length} duplicated; ` +
				`${executions.length} executions of the published workflow, 5 of its copies (${Object.keys(copies).map((n) => `${n} ${pinned[n]} items`).join(', ')}; side by side: ${spans.map((s) => `${s.name} ${s.to - s.from} ms`).join(', ')}); ${((Date.now() - started) / 1000).toFixed(0)} s`,
		);
		expect(found).toEqual({ missing: [], stale: [], extra: [], duplicated: [] });
		expect(executions.filter((x) => x.status !== 'success')).toEqual([]);
		// What the rounds did shows in the table.
		for (const id of [deleted, laterDeleted, String(a.id), String(c.id)]) expect(byMember.get(id)?.[0]).toMatchObject({ removed: true, email: null });
		for (const id of [deactivated, laterDeactivated]) expect(byMember.get(id)?.[0]).toMatchObject({ archived: true, removed: false });
		expect(byMember.get(deactivated)?.[0].company).toBe('Edited While Deactivated');
		expect(byMember.get(editedTwice)?.[0]).toMatchObject({ firstName: 'Renamed', lastName: 'Twice' });
		expect(byMember.get(String(b.id))?.[0]).toMatchObject({ memberType: 'Guest', title: 'Round Two', archived: false });
		// One table all along: every execution and copy reused the one the first execution made.
		expect((await dataTablesNamed(client, TABLE)).map((t) => t.id)).toEqual([table.id]);

		// The daily branch: a second row for a member, at its version before the changes, and an empty
		// one for another (what two executions meeting a new member at once can leave on PostgreSQL).
		await repairAfterExtraRows(table, before, String(edited), String(b.id));
		expect((await compare()).found).toEqual({ missing: [], stale: [], extra: [], duplicated: [] });
		await client.deactivateWorkflow(wf.id);

		async function repairAfterExtraRows(t: DataTable, older: Row[], olderFor: string, emptyFor: string): Promise<void> {
			const old = expectedRow(older.find((r) => String(r.id) === olderFor)!);
			await insertDataTableRows(client, t, [{ ...old, memberUpdatedAt: String(old.memberUpdatedAt) }, { memberId: emptyFor }]);
			expect((await compare()).found.duplicated.sort()).toEqual([olderFor, emptyFor].sort());
			const daily = shipped.nodes.find((n) => n.type === 'n8n-nodes-base.scheduleTrigger')!.name;
			expect(await ended(await client.startManualRun(copies.after, daily))).toBe('success');
		}
	});

	/**
	 * The status of an execution once it has ended. Its items are not decoded: the harness would check
	 * the trigger's items against its declared output schema, which does not describe Emit = Every
	 * Change items (nodes/shared/triggers/outputs.ts); what the executions wrote is checked in the table.
	 */
	async function ended(id: string): Promise<string> {
		return (await e2e.until(`execution ${id} ended`, async () => {
			const raw = await e2e.client.getExecutionRaw(id);
			return FINISHED.includes(raw.status) && raw.stoppedAt ? raw : undefined;
		}, 90_000)).status;
	}

	/** The nodes of a workflow whose type needs a credential. */
	async function nodesNeedingCredentials(json: WorkflowJson): Promise<string[]> {
		const types = await e2e.client.nodeTypes();
		return json.nodes.filter((n) => (types.find((t) => t.name === n.type)?.credentials ?? []).length > 0).map((n) => n.name);
	}
});
