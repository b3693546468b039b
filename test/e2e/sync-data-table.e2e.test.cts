/**
 * examples/members-data-table.json in a real n8n: the Member Trigger (Emit: Every Change, Start
 * From: Beginning) keeping the members in an n8n Data Table. The table is created as the example's
 * note says, the workflow published (polls every 5 s), and members are created, edited,
 * deactivated and deleted in the sandbox in two rounds while it runs (the sandbox clock moved past
 * the feed's two-minute hold-back after each). Then the table must hold every member the sandbox
 * has, deactivated ones with archived true, deleted ones absent, each at its latest version:
 * 0 missing, 0 stale, 0 extra.
 */
import { join } from 'node:path';
import { EXAMPLES_DIR } from '../../tools/n8n/runtime.cjs';
import type { SandboxAdmin } from '../../tools/sandbox/admin.cjs';
import { createDataTablesFor, dataTableRows } from './dataTables.cjs';
import { E2E, readWorkflowFile } from './harness.cjs';

const EXAMPLE = join(EXAMPLES_DIR, 'members-data-table.json');
const HOLD_BACK_PLUS = 2 * 60_000 + 5_000;
const FEED = '/incremental/users';
const FINISHED = ['success', 'error', 'crashed', 'canceled'];

const report = (line: string) => process.stderr.write(`\n[data table] ${line}\n`);

/** The example's column ← the feed row's field. */
const COLUMNS: Record<string, string> = {
	memberId: 'id',
	email: 'userEmail',
	firstName: 'userFirstName',
	lastName: 'userLastName',
	company: 'userCompany',
	title: 'userTitle',
	memberType: 'memberType',
	approvalStatus: 'approvalStatus',
	archived: 'archived',
	memberUpdatedAt: 'updatedAt',
};

/** A column's value as compared: dates as instants, absent as null. */
function comparable(column: string, value: unknown): unknown {
	if (value === undefined || value === null) return null;
	return column === 'memberUpdatedAt' ? new Date(String(value)).toISOString() : value;
}

describe('examples/members-data-table.json: members kept in an n8n Data Table', () => {
	let e2e: E2E;

	beforeAll(async () => {
		// A small community: the first copy is every member, one Data Table lookup and write each.
		e2e = await E2E.start({ shared: true, sandboxOptions: { members: 60, optOuts: 20 } });
	});
	afterAll(async () => {
		await e2e?.stop();
	});

	it('holds every member at its latest version after creates, edits, deactivations and deletions: 0 missing, 0 stale, 0 extra', async () => {
		const started = Date.now();
		const sandbox = e2e.sandbox!;
		const admin = sandbox.admin as SandboxAdmin;
		const json = readWorkflowFile(EXAMPLE);
		const [table] = await createDataTablesFor(e2e.client, json);
		expect(table.name).toBe('Community members');

		const wf = await e2e.activateWorkflow(json, { pollSeconds: 5 });
		/**
		 * The next execution not in `since`, once finished: its summary only. What the executions
		 * wrote is checked in the table; their items are not decoded (the harness would check the
		 * trigger's items against its declared output schema, which does not describe Emit = Every
		 * Change items: nodes/shared/triggers/outputs.ts).
		 */
		const nextRun = (since: Set<string>, what: string) =>
			e2e.until(what, async () => (await e2e.client.listExecutions(wf.id)).find((x) => !since.has(String(x.id)) && FINISHED.includes(x.status)), 60_000);
		// The first copy: every member the feed holds, at the first poll.
		const first = await nextRun(new Set(), 'the first copy');
		expect(first.status).toBe('success');
		const firstCopy = (await dataTableRows(e2e.client, table)).length;
		expect(firstCopy).toBeGreaterThan(0);
		let seen = await e2e.executionIds(wf.id);

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
		await sandbox.advanceClock(HOLD_BACK_PLUS);
		const second = await nextRun(seen, 'the changes of round 1');
		expect(second.status).toBe('success');
		seen = await e2e.executionIds(wf.id);

		// Round 2: a member copied in round 1 deleted, the deactivated one edited, a member created
		// and deleted before any poll saw it (only its tombstone in the feed), more edits and deactivations.
		await change({ kind: 'deleted', userId: a.id });
		await change({ kind: 'edited', userId: deactivated, company: 'Edited While Deactivated' });
		await change({ kind: 'edited', userId: editedTwice, lastName: 'Twice' });
		await change({ kind: 'edited', userId: b.id, position: 'Round Two' });
		const c = await change({ kind: 'created', email: `sync-c-${tag}@example.com` });
		await change({ kind: 'deleted', userId: c.id });
		await change({ kind: 'deleted', userId: laterDeleted });
		await change({ kind: 'deactivated', userId: laterDeactivated });
		const mark = admin.getRequests().reduce((max, r) => Math.max(max, r.id), 0);
		await sandbox.advanceClock(HOLD_BACK_PLUS);

		// Read to the end: the same feed query three times in a row after the mark (an empty page
		// each time; a poll here emits far fewer than its item cap, so it never stops mid-page).
		await e2e.until('the members feed read to its end', async () => {
			const queries = admin.getRequests().filter((r) => r.id > mark && r.status === 200 && r.path.endsWith(FEED)).map((r) => JSON.stringify(r.query));
			return queries.some((q, i) => i > 1 && q === queries[i - 1] && q === queries[i - 2]);
		}, 45_000);
		await e2e.until('every execution finished', async () => (await e2e.client.listExecutions(wf.id)).every((x) => FINISHED.includes(x.status)));

		// The sandbox's truth: every row of the feed, none held back; tombstones are deleted members.
		const feedRows = admin.store.feeds.users.read({}, Number.MAX_SAFE_INTEGER, Number.POSITIVE_INFINITY).rows as Array<Record<string, unknown>>;
		const live = new Map(feedRows.filter((r) => r.removed !== true).map((r) => [String(r.id), r]));
		const tombstones = feedRows.filter((r) => r.removed === true).map((r) => String(r.id));
		// The feed agrees with the store: every member in it (deactivated ones archived), no deleted one.
		expect([...live.keys()].sort()).toEqual([...admin.store.members.keys()].sort());
		for (const [id, row] of live) expect({ id, archived: row.archived }).toEqual({ id, archived: admin.store.members.get(id)!.archived === true });

		const rows = await dataTableRows(e2e.client, table);
		const byMember = new Map<string, Array<Record<string, unknown>>>();
		for (const row of rows) byMember.set(String(row.memberId), [...(byMember.get(String(row.memberId)) ?? []), row]);
		const missing = [...live.keys()].filter((id) => !byMember.has(id));
		const extra = [...byMember.keys()].filter((id) => !live.has(id));
		const duplicated = [...byMember].filter(([, list]) => list.length > 1).map(([id]) => id);
		const stale: string[] = [];
		for (const [id, row] of live) {
			const got = byMember.get(id)?.[0];
			if (!got) continue;
			const differ = Object.entries(COLUMNS).filter(([column, field]) => comparable(column, got[column]) !== comparable(column, row[field]));
			if (differ.length) stale.push(`${id} (${differ.map(([column]) => column).join(', ')})`);
		}
		const executions = await e2e.client.listExecutions(wf.id);
		report(
			`${live.size} members in the sandbox (${[...live.values()].filter((r) => r.archived === true).length} deactivated) + ${tombstones.length} deleted; ` +
				`first copy ${firstCopy} rows; table ${rows.length} rows: ${missing.length} missing, ${stale.length} stale, ${extra.length} extra, ${duplicated.length} duplicated; ` +
				`${executions.length} executions; ${((Date.now() - started) / 1000).toFixed(0)} s`,
		);
		expect({ missing, stale, extra, duplicated }).toEqual({ missing: [], stale: [], extra: [], duplicated: [] });
		expect(executions.filter((x) => x.status !== 'success')).toEqual([]);
		// What the rounds did shows in the table.
		expect(tombstones).toEqual(expect.arrayContaining([deleted, laterDeleted, String(a.id), String(c.id)]));
		for (const id of [deactivated, laterDeactivated]) expect(byMember.get(id)?.[0].archived).toBe(true);
		expect(byMember.get(deactivated)?.[0].company).toBe('Edited While Deactivated');
		expect(byMember.get(editedTwice)?.[0]).toMatchObject({ firstName: 'Renamed', lastName: 'Twice' });
		expect(byMember.get(String(b.id))?.[0]).toMatchObject({ memberType: 'Guest', title: 'Round Two', archived: false });
		await e2e.client.deactivateWorkflow(wf.id);
	});
});
