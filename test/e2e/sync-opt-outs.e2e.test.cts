/**
 * examples/email-opt-outs-postgres.json and .sql in a real n8n, on a PostgreSQL the test starts
 * (tools/n8n/postgres.cts: a throwaway cluster, a few seconds). Opt-outs are a list, not a feed:
 * the 15-minute branch brings the new ones, the daily re-read deletes the ones gone. Both branches
 * are run by hand, in turns, while members opt out, re-subscribe, change preferences (an `all` row
 * comes again, newer) and are deactivated (their rows leave the API); after the re-read the table
 * equals what GET /email-unsubscribes lists: 0 missing, 0 stale, 0 extra.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Postgres } from '../../tools/n8n/postgres.cjs';
import { EXAMPLES_DIR } from '../../tools/n8n/runtime.cjs';
import type { SandboxAdmin } from '../../tools/sandbox/admin.cjs';
import { optOutView } from '../../tools/sandbox/render.cjs';
import { E2E, errorText, readWorkflowFile, type ImportedWorkflow } from './harness.cjs';

const EXAMPLE = join(EXAMPLES_DIR, 'email-opt-outs-postgres.json');
const SQL = join(EXAMPLES_DIR, 'email-opt-outs-postgres.sql');
const DATABASE = 'opt_outs';
const NEW_ONES = 'Every 15 minutes';
const RE_READ = 'Every day at 04:00';

const report = (line: string) => process.stderr.write(`\n[opt-outs] ${line}\n`);

type Row = { userId: string; subscriptionTypeId: string | null; subscriptionTypeName: string | null; userEmail: string | null; scope: string; unsubscribedAt: string };
const isActive = (store: SandboxAdmin['store'], userId: string) => {
	const member = store.members.get(userId);
	return member !== undefined && !member.archived;
};
const keyOf = (r: Pick<Row, 'userId' | 'subscriptionTypeId'>) => `${r.userId}/${r.subscriptionTypeId ?? 'all'}`;

interface Figures {
	api: number;
	table: number;
	missing: string[];
	stale: string[];
	extra: string[];
}

describe('examples/email-opt-outs-postgres.json: email opt-outs kept in PostgreSQL', () => {
	let e2e: E2E;
	let pg: Postgres;
	let wf: ImportedWorkflow;

	beforeAll(async () => {
		[pg, e2e] = await Promise.all([Postgres.start(), E2E.start({ shared: true, sandboxOptions: { members: 40, optOuts: 60 } })]);
		pg.createDatabase(DATABASE);
		await pg.psql(DATABASE, readFileSync(SQL, 'utf8'));
		const credential = await e2e.client.createCredential('Opt-outs database', 'postgres', {
			host: pg.host,
			port: pg.port,
			database: DATABASE,
			user: pg.user,
			password: 'postgres',
			ssl: 'disable',
		});
		const json = readWorkflowFile(EXAMPLE);
		for (const node of json.nodes) if (node.credentials?.postgres) node.credentials.postgres = { id: credential.id, name: credential.name };
		// Not published: the test runs each branch from its schedule trigger, by hand.
		wf = await e2e.importWorkflow(json);
	}, 120_000);
	afterAll(async () => {
		await e2e?.stop();
		await pg?.stop();
	});

	const admin = () => e2e.sandbox!.admin as SandboxAdmin;
	const change = (c: Record<string, unknown>) => e2e.sandbox!.adminRequest<Row>('POST', 'opt-outs', c);

	async function run(trigger: string) {
		const result = await e2e.n8n.waitForExecution(await e2e.client.startManualRun(wf.id, trigger), 60_000);
		expect({ trigger, status: result.status, error: errorText(result) }).toEqual({ trigger, status: 'success', error: '(no error recorded)' });
		return result;
	}

	/** The table against what the API lists now (rule 2: removed and deactivated members' rows are gone). */
	async function compare(): Promise<Figures> {
		const store = admin().store;
		const api = new Map(
			store.optOuts
				.filter((o) => isActive(store, o.userId))
				.map((o) => optOutView(store, o) as unknown as Row)
				.map((r) => [keyOf(r), r]),
		);
		const text = await pg.psql(
			DATABASE,
			`SELECT coalesce(json_agg(json_build_object('userId', user_id, 'subscriptionTypeId', subscription_type_id, 'subscriptionTypeName', subscription_type_name,
			  'userEmail', user_email, 'scope', scope, 'unsubscribedAt', to_char(unsubscribed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))), '[]')
			 FROM community_email_opt_outs;`,
		);
		const table = new Map((JSON.parse(text) as Row[]).map((r) => [keyOf(r), r]));
		const fields = ['subscriptionTypeName', 'userEmail', 'scope', 'unsubscribedAt'] as const;
		return {
			api: api.size,
			table: table.size,
			missing: [...api.keys()].filter((k) => !table.has(k)).sort(),
			extra: [...table.keys()].filter((k) => !api.has(k)).sort(),
			stale: [...api].filter(([k, r]) => table.has(k) && fields.some((f) => table.get(k)![f] !== r[f])).map(([k]) => k).sort(),
		};
	}

	const describeFigures = (what: string, f: Figures) =>
		`${what}: API ${f.api} rows, table ${f.table}: ${f.missing.length} missing, ${f.stale.length} stale, ${f.extra.length} extra`;

	it('the new ones every 15 minutes, the gone ones at the daily re-read: the table equals the API', async () => {
		const started = Date.now();
		const store = admin().store;
		const types = store.subscriptionTypes.map((t) => t.id);
		// Members with an email and no opt-out yet, and rows there are: an `all` row, specific ones.
		const optedOut = new Set(store.optOuts.map((o) => o.userId));
		const fresh = store.activeMembers().filter((m) => m.email && !optedOut.has(m.id)).map((m) => m.id);
		const active = (o: { userId: string }) => isActive(store, o.userId);
		const allRows = store.optOuts.filter((o) => o.typeId === null && active(o)).map((o) => o.userId);
		const specific = store.optOuts.filter((o) => o.typeId !== null && active(o) && !allRows.includes(o.userId));
		expect({ fresh: fresh.length >= 4, allRows: allRows.length >= 3, specific: specific.length >= 3 }).toEqual({ fresh: true, allRows: true, specific: true });

		// The first run of the 15-minute branch, on an empty table: every opt-out.
		await run(NEW_ONES);
		const first = await compare();
		report(describeFigures('first 15-minute run', first));
		expect(first).toEqual({ api: first.api, table: first.api, missing: [], stale: [], extra: [] });

		// Opt-outs, an `all` row changing, a re-subscription; the 15-minute branch brings what is new,
		// and cannot see the re-subscription (the row is just gone from the API).
		await change({ kind: 'unsubscribed', userId: fresh[0], subscriptionTypeId: types[0] });
		await change({ kind: 'unsubscribed', userId: fresh[0], subscriptionTypeId: types[1] });
		await change({ kind: 'unsubscribed', userId: fresh[1] });
		await change({ kind: 'preferencesChanged', userId: allRows[0] });
		const gone = await change({ kind: 'resubscribed', userId: specific[0].userId, subscriptionTypeId: specific[0].typeId });
		const second = (await run(NEW_ONES)).output['Read new opt-outs']?.length ?? 0;
		const afterNew = await compare();
		report(`${describeFigures('second 15-minute run', afterNew)} (${second} rows read)`);
		expect(afterNew).toEqual({ api: afterNew.api, table: afterNew.api + 1, missing: [], stale: [], extra: [keyOf(gone)] });

		// More of each, a member deactivated (all their rows leave the API), then the daily re-read.
		await change({ kind: 'resubscribed', userId: fresh[1] });
		await change({ kind: 'resubscribed', userId: fresh[0], subscriptionTypeId: types[0] });
		await change({ kind: 'unsubscribed', userId: fresh[2] });
		await change({ kind: 'preferencesChanged', userId: allRows[1] });
		await change({ kind: 'resubscribed', userId: specific[1].userId, subscriptionTypeId: specific[1].typeId });
		const deactivated = allRows[2];
		await e2e.sandbox!.feedMemberChange({ kind: 'deactivated', userId: deactivated });
		const reRead = await run(RE_READ);
		const afterReRead = await compare();
		report(`${describeFigures('daily re-read', afterReRead)} (${reRead.output['Read every opt-out']?.length ?? 0} rows read, twice)`);
		expect(afterReRead).toEqual({ api: afterReRead.api, table: afterReRead.api, missing: [], stale: [], extra: [] });
		expect(afterReRead.api).toBeGreaterThan(0);

		// Another turn of both: an `all` row again and again, new opt-outs, a re-subscription.
		await change({ kind: 'preferencesChanged', userId: allRows[0] });
		await change({ kind: 'unsubscribed', userId: fresh[3], subscriptionTypeId: types[2] });
		await change({ kind: 'unsubscribed', userId: fresh[2] });
		await change({ kind: 'resubscribed', userId: specific[2].userId, subscriptionTypeId: specific[2].typeId });
		await run(NEW_ONES);
		await run(RE_READ);
		const last = await compare();
		report(`${describeFigures('second turn', last)}; ${((Date.now() - started) / 1000).toFixed(0)} s`);
		expect(last).toEqual({ api: last.api, table: last.api, missing: [], stale: [], extra: [] });
		// The deactivated member's rows left the table with the re-read.
		const deactivatedRows = await pg.psql(DATABASE, `SELECT count(*) FROM community_email_opt_outs WHERE user_id = '${deactivated}';`);
		expect(deactivatedRows.trim()).toBe('0');
	});
});
