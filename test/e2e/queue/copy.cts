/**
 * Keeping a copy in PostgreSQL (examples/community-copy-postgres.json and .sql) in the queue
 * suite: the copy's database, the changes made on the sandbox's four feeds, and the comparison
 * of the copy's tables with the sandbox, row for row.
 *
 * The sandbox's truth for a record is the feed row it renders now (its latest version, with
 * updatedAt), except a member's `questionnaire`, which is the member's current answers: an edit
 * of an answer alone does not re-emit the member (as the API says), so the copy can have it only
 * from the workflow's daily re-read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import type { Postgres } from '../../../tools/n8n/postgres.cjs';
import { EXAMPLES_DIR } from '../../../tools/n8n/runtime.cjs';
import type { Sandbox } from '../../../tools/n8n/sandbox.cjs';
import type { SandboxAdmin } from '../../../tools/sandbox/admin.cjs';
import { FEED_NAMES, type FeedName } from '../../../tools/sandbox/feeds.cjs';
import { questionnaireOf } from '../../../tools/sandbox/render.cjs';
import { apiClient } from '../../../tools/sandbox/testClient.cjs';

export const COPY_WORKFLOW = join(EXAMPLES_DIR, 'community-copy-postgres.json');
const COPY_SQL = join(EXAMPLES_DIR, 'community-copy-postgres.sql');

/** The copy's table of each feed (the .sql file's). */
export const COPY_TABLES: Record<FeedName, string> = {
	users: 'community_members',
	'event-attendees': 'community_event_attendees',
	'course-enrollments': 'community_course_enrollments',
	'course-certificates': 'community_course_certificates',
};

type Row = Record<string, unknown>;
const adminOf = (sandbox: Sandbox) => sandbox.admin as SandboxAdmin;

/** A database of its own on the suite's PostgreSQL, with the example's tables. */
export async function createCopyDatabase(pg: Postgres, name: string): Promise<void> {
	pg.createDatabase(name);
	await pg.psql(name, readFileSync(COPY_SQL, 'utf8'));
}

/** Rows in each table of the copy, and records (live or deleted) in each feed of the sandbox, in FEED_NAMES order. */
export async function copySizes(pg: Postgres, database: string, sandbox: Sandbox): Promise<{ copy: number[]; feeds: number[] }> {
	const counts = FEED_NAMES.map((feed) => `(SELECT count(*) FROM ${COPY_TABLES[feed]})`).join(` || ',' || `);
	const copy = (await pg.psql(database, `SELECT ${counts};`)).trim().split(',').map(Number);
	return { copy, feeds: FEED_NAMES.map((feed) => adminOf(sandbox).store.feeds[feed].size) };
}

export interface TableFigures {
	table: string;
	/** Records the sandbox has (live) and has deleted (a tombstone in the feed). */
	live: number;
	deleted: number;
	/** Rows in the copy, and those holding a tombstone. */
	rows: number;
	tombstones: number;
	/** Ids of live records the copy lacks (or holds as deleted). */
	missing: string[];
	/** Ids the copy holds as live that the sandbox does not (deleted or unknown). */
	extra: string[];
	/** Ids whose copy differs from the sandbox's row (with the fields that differ, or its version); `staleAnswers`: only in `questionnaire`. */
	stale: string[];
	staleAnswers: string[];
	/** Members whose latest feed row's answers differ from their current ones (the feed cannot bring those). */
	answersNotInFeed: string[];
}

/** Each table of the copy against the sandbox, now. */
export async function compareCopy(pg: Postgres, database: string, sandbox: Sandbox): Promise<TableFigures[]> {
	const store = adminOf(sandbox).store;
	const out: TableFigures[] = [];
	for (const feed of FEED_NAMES) {
		const table = COPY_TABLES[feed];
		const text = await pg.psql(
			database,
			`SELECT coalesce(json_agg(json_build_array(id, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), removed, row)), '[]') FROM ${table};`,
		);
		const copy = new Map((JSON.parse(text) as Array<[string, string, boolean, Row]>).map(([id, updatedAt, removed, row]) => [id, { updatedAt, removed, row }]));
		// Every row the feed holds, none held back.
		const rows = store.feeds[feed].read({}, Number.MAX_SAFE_INTEGER, Number.POSITIVE_INFINITY).rows as Row[];
		const live = rows.filter((r) => r.removed !== true);
		const liveIds = new Set(live.map((r) => String(r.id)));
		const f: TableFigures = {
			table,
			live: live.length,
			deleted: rows.length - live.length,
			rows: copy.size,
			tombstones: [...copy.values()].filter((c) => c.removed).length,
			missing: [],
			extra: [...copy.entries()].filter(([id, c]) => !c.removed && !liveIds.has(id)).map(([id]) => id),
			stale: [],
			staleAnswers: [],
			answersNotInFeed: [],
		};
		for (const row of live) {
			const id = String(row.id);
			const member = feed === 'users' ? store.members.get(id) : undefined;
			// As JSON carries it (no undefined values).
			const expected = JSON.parse(JSON.stringify(member ? { ...row, questionnaire: questionnaireOf(store, member) } : row)) as Row;
			if (member && !isDeepStrictEqual(row.questionnaire, expected.questionnaire)) f.answersNotInFeed.push(id);
			const got = copy.get(id);
			if (!got || got.removed) f.missing.push(id);
			else if (got.updatedAt !== row.updatedAt || !isDeepStrictEqual(got.row, expected)) {
				const fields = [...new Set([...Object.keys(got.row), ...Object.keys(expected)])].filter((k) => !isDeepStrictEqual(got.row[k], expected[k]));
				if (got.updatedAt === row.updatedAt && fields.join() === 'questionnaire') f.staleAnswers.push(id);
				else f.stale.push(`${id} (${got.updatedAt === row.updatedAt ? fields.join(', ') : `${got.updatedAt}, not ${String(row.updatedAt)}`})`);
			}
		}
		for (const list of [f.missing, f.extra, f.stale, f.staleAnswers, f.answersNotInFeed]) list.sort();
		out.push(f);
	}
	return out;
}

/** One line per table: `community_members 11,650 live + 4 deleted; copy 11,654 rows (4 deleted): 0 missing, …`. */
export function describeCopy(figures: TableFigures[]): string {
	const n = (x: number) => x.toLocaleString('en-US');
	return figures
		.map(
			(f) =>
				`${f.table} ${n(f.live)} live + ${n(f.deleted)} deleted; copy ${n(f.rows)} rows (${n(f.tombstones)} deleted): ` +
				`${f.missing.length} missing, ${f.extra.length} extra, ${f.stale.length} stale, ${f.staleAnswers.length} stale answers`,
		)
		.join('\n        ');
}

/**
 * Changes of every kind on all four feeds, in rounds. The members changed are each picked once
 * (explicit ids), so that an answer-only edit is not re-emitted by a later change of ours.
 */
export class FeedChanges {
	/** Members whose answer was edited alone (PATCH /users/:id with a profile question only). */
	readonly answerEdits: string[] = [];
	made = 0;
	private picked = new Set<string>();
	private readonly api;

	constructor(private readonly sandbox: Sandbox) {
		this.api = apiClient({ apiUrl: `${sandbox.url}/public-api/v1` });
	}

	private pick(): string {
		const member = adminOf(this.sandbox).store.activeMembers().find((m) => m.email && !this.picked.has(m.id));
		if (!member) throw new Error('no active member left to change');
		this.picked.add(member.id);
		return member.id;
	}

	private async admin(path: string, change: Record<string, unknown>): Promise<Row> {
		this.made++;
		return this.sandbox.adminRequest<Row>('POST', path, change);
	}

	/** Through the API, as a client would (the triggers share the Medium tier: a 429 is waited out). */
	private async editAnswerOnly(userId: string, answer: string): Promise<void> {
		const question = adminOf(this.sandbox).store.questions.find((q) => q.type === 'Single Line Text' && q.visibility === 'Public');
		if (!question) throw new Error('the sandbox has no public Single Line Text question');
		for (let attempt = 1; ; attempt++) {
			const res = await this.api.patch(`/users/${userId}`, { [question.id]: answer });
			if (res.status === 200) break;
			if (res.status !== 429 || attempt === 30) throw new Error(`PATCH /users/${userId} → ${res.status}: ${res.text}`);
			await sleep(1000 * Number(res.headers.get('retry-after') ?? 1));
		}
		this.made++;
		this.answerEdits.push(userId);
	}

	/** Members created, edited, answer-only edited, deactivated, deleted; registrations, cancellations, check-ins, joins; enrollments, completions, cancellations, resets; certificates issued, revoked, expired. */
	async round(label: string): Promise<void> {
		const tag = `${label.replace(/\W+/g, '-')}-${Date.now()}`;
		const created = await this.admin('feed/members', { kind: 'created', email: `copy-${tag}@example.com`, position: `Copy ${label}` });
		await this.admin('feed/members', { kind: 'created', email: `copy-${tag}-2@example.com` });
		await this.admin('feed/members', { kind: 'edited', userId: String(created.id), company: `Copy ${label} Ltd` });
		await this.admin('feed/members', { kind: 'edited', userId: this.pick(), position: `Edited ${label}` });
		await this.editAnswerOnly(this.pick(), `Answer ${label}`);
		await this.admin('feed/members', { kind: 'deactivated', userId: this.pick() });
		await this.admin('feed/members', { kind: 'deleted', userId: this.pick() });

		await this.admin('feed/attendees', { kind: 'registered', source: 'selfSignUp' });
		await this.admin('feed/attendees', { kind: 'registered', source: 'adminPublicAPI' });
		for (const kind of ['cancelled', 'checkedIn', 'joined']) await this.admin('feed/attendees', { kind });

		await this.admin('feed/enrollments', { kind: 'enrolled' });
		await this.admin('feed/enrollments', { kind: 'enrolled' });
		await this.admin('feed/enrollments', { kind: 'completed' });
		await this.admin('feed/enrollments', { kind: 'cancelled', by: 'user' });
		await this.admin('feed/enrollments', { kind: 'reset' });

		await this.admin('feed/certificates', { kind: 'issued' });
		await this.admin('feed/certificates', { kind: 'issued', validDays: 30 });
		await this.admin('feed/certificates', { kind: 'revoked', reason: `Revoked ${label}` });
		await this.admin('feed/certificates', { kind: 'expired' });
	}
}

/** The id of the sandbox's last logged API request (to look at what came after it). */
export function lastRequestId(sandbox: Sandbox): number {
	return adminOf(sandbox).getRequests().reduce((max, r) => Math.max(max, r.id), 0);
}

/** The feed reads after request `mark`, per feed: how many the sandbox answered with each status. */
export function feedStatusesSince(sandbox: Sandbox, mark: number): Record<FeedName, Record<number, number>> {
	const out = Object.fromEntries(FEED_NAMES.map((feed) => [feed, {}])) as Record<FeedName, Record<number, number>>;
	for (const r of adminOf(sandbox).getRequests()) {
		const feed = FEED_NAMES.find((name) => r.path.endsWith(`/incremental/${name}`));
		if (feed && r.id > mark) out[feed][r.status] = (out[feed][r.status] ?? 0) + 1;
	}
	return out;
}

/**
 * Whether each feed has been read three times in a row with the same query since request `mark`:
 * the triggers have read everything the feeds showed at the mark. A poll that stops in the middle
 * of a page (its item cap) makes the next poll read that page again, once; the same query a third
 * time means the page was empty, or the cursor would have moved.
 */
export async function feedsReadToTheEnd(sandbox: Sandbox, mark: number): Promise<boolean> {
	const later = adminOf(sandbox).getRequests().filter((r) => r.id > mark && r.status === 200);
	return FEED_NAMES.every((feed) => {
		const queries = later.filter((r) => String(r.path).endsWith(`/incremental/${feed}`)).map((r) => JSON.stringify(r.query));
		return queries.some((q, i) => i > 1 && q === queries[i - 1] && q === queries[i - 2]);
	});
}
