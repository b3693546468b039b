/** The four change feeds: cursor flow, hold-back, moved rows, tombstones, deactivation, cursor errors, startTime. */
import { type Sandbox, startSandbox } from './server.cjs';
import { type ApiClient, type Body, HOLD_BACK_PLUS, apiClient } from './testClient.cjs';

let sandbox: Sandbox;
let api: ApiClient;

beforeAll(async () => {
	sandbox = await startSandbox({ rateLimits: false, members: 150 });
	api = apiClient(sandbox);
});
afterAll(() => sandbox.close());

const cursorOf = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');

/** Pages a feed from a cursor (or from the start) until hasMore is false. */
async function drain(path: string, query: Record<string, string | number> = {}): Promise<{ rows: Body[]; cursor?: string; pages: Body[] }> {
	const rows: Body[] = [];
	const pages: Body[] = [];
	let cursor = query.cursor as string | undefined;
	for (;;) {
		const r = await api.get(path, { pageSize: 100, ...query, ...(cursor ? { cursor } : {}) });
		expect(r.status).toBe(200);
		pages.push(r.body);
		rows.push(...r.body.results);
		if (r.body.nextCursor) cursor = r.body.nextCursor;
		if (!r.body.hasMore) return { rows, cursor, pages };
	}
}

describe('members feed', () => {
	it('starts with history older than the hold-back', async () => {
		const r = await api.get('/incremental/users', { pageSize: 10 });
		expect(r.status).toBe(200);
		expect(Object.keys(r.body)).toEqual(['results', 'nextCursor', 'hasMore', 'serverTimestamp', 'size']);
		expect(r.body.size).toBe(10);
		expect(r.body.hasMore).toBe(true);
		const row = r.body.results[0];
		expect(row.id).toBe(row.userId);
		expect(row.removed).toBe(false);
		for (const key of ['questionnaire', 'spaces', 'lifetimePoints', 'remainingPoints']) expect(row).not.toHaveProperty(key);
		const times = r.body.results.map((x: Body) => Date.parse(x.updatedAt));
		expect(times).toEqual([...times].sort((a, b) => a - b));
		expect(Math.max(...times)).toBeLessThan(sandbox.store.now() - 2 * 60 * 1000);
	});

	it('follows the cursor to the end; an empty page has no nextCursor', async () => {
		const { rows, cursor, pages } = await drain('/incremental/users');
		expect(rows.length).toBe(sandbox.store.feeds.users.size);
		expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
		expect(pages.slice(0, -1).every((p) => p.hasMore === true)).toBe(true);
		const empty = await api.get('/incremental/users', { cursor: cursor! });
		expect(empty.body).toEqual({ results: [], hasMore: false, serverTimestamp: expect.any(String), size: 0 });
		expect(Date.parse(empty.body.serverTimestamp)).toBeCloseTo(sandbox.store.now() - 120_000, -3);
	});

	it('holds back changes of the last two minutes, then delivers them', async () => {
		const { cursor } = await drain('/incremental/users');
		const created = sandbox.admin.feedMembers({ kind: 'created', firstName: 'Fresh' });
		const held = await api.get('/incremental/users', { cursor: cursor! });
		expect(held.body.size).toBe(0);
		sandbox.admin.advanceClock(60_000);
		expect((await api.get('/incremental/users', { cursor: cursor! })).body.size).toBe(0);
		sandbox.admin.advanceClock(HOLD_BACK_PLUS - 60_000);
		const delivered = await api.get('/incremental/users', { cursor: cursor! });
		expect(delivered.body.results.map((r: Body) => r.id)).toEqual([created.id]);
		expect(delivered.body.results[0]).toMatchObject({ userFirstName: 'Fresh', removed: false, archived: false });
	});

	it('moves a changed row to the end: read rows come again, unread rows come once at the end', async () => {
		const all = (await drain('/incremental/users')).rows.map((r) => r.id);
		const first = await api.get('/incremental/users', { pageSize: 50 });
		expect(first.body.hasMore).toBe(true);
		const alreadyRead = all[10];
		const notYetRead = all[80];
		sandbox.admin.feedMembers({ kind: 'edited', userId: notYetRead, company: 'Moved Co' });
		sandbox.admin.feedMembers({ kind: 'edited', userId: alreadyRead, company: 'Moved Again' });
		sandbox.admin.advanceClock(HOLD_BACK_PLUS);
		const rest = (await drain('/incremental/users', { cursor: first.body.nextCursor, pageSize: 30 })).rows.map((r) => r.id);
		expect(rest.length).toBe(all.length - 50 + 1);
		expect(rest.filter((id) => id === notYetRead)).toHaveLength(1);
		expect(rest.slice(-2)).toEqual([notYetRead, alreadyRead]);
	});

	it('emits a tombstone after an accepted DELETE /users', async () => {
		const { cursor } = await drain('/incremental/users');
		const victim = sandbox.store.activeMembers().find((m) => m.email)!;
		expect((await api.del('/users', { userId: victim.id })).status).toBe(202);
		sandbox.admin.advanceClock(5000);
		expect((await api.get(`/users/${victim.id}`)).status).toBe(404);
		sandbox.admin.advanceClock(HOLD_BACK_PLUS);
		const r = await api.get('/incremental/users', { cursor: cursor!, includes: 'questionnaire,spaces,points' });
		expect(r.body.results).toHaveLength(1);
		const tombstone = r.body.results[0];
		expect(Object.keys(tombstone).sort()).toEqual(['id', 'removed', 'removedAt', 'updatedAt']);
		expect(tombstone).toMatchObject({ id: victim.id, removed: true });
	});

	it('shows a deactivation as removed false with archived true', async () => {
		const { cursor } = await drain('/incremental/users');
		const target = sandbox.store.activeMembers()[3];
		const changed = await fetch(`${sandbox.url}/__admin/feed/members`, { method: 'POST', body: JSON.stringify({ kind: 'deactivated', userId: target.id }) });
		expect(changed.status).toBe(200);
		sandbox.admin.advanceClock(HOLD_BACK_PLUS);
		const r = await api.get('/incremental/users', { cursor: cursor! });
		expect(r.body.results).toEqual([expect.objectContaining({ id: target.id, removed: false, archived: true })]);
		expect((await api.get(`/users/${target.id}`)).status).toBe(404);
	});

	it('an admin can edit a deactivated member named by id: the row stays archived and moves to the end', async () => {
		const { cursor } = await drain('/incremental/users');
		const target = sandbox.store.activeMembers()[5];
		sandbox.admin.feedMembers({ kind: 'deactivated', userId: target.id });
		const edited = sandbox.admin.feedMembers({ kind: 'edited', userId: target.id, company: 'Archive Co' });
		expect(edited).toMatchObject({ id: target.id, archived: true, userCompany: 'Archive Co' });
		sandbox.admin.advanceClock(HOLD_BACK_PLUS);
		const r = await api.get('/incremental/users', { cursor: cursor! });
		expect(r.body.results).toEqual([expect.objectContaining({ id: target.id, archived: true, userCompany: 'Archive Co' })]);
		expect(() => sandbox.admin.feedMembers({ kind: 'edited', userId: 'no-such-member' })).toThrow('User not found');
	});

	it('does not re-emit for a profile-answer-only edit, but does for a field edit', async () => {
		const { cursor } = await drain('/incremental/users');
		const m = sandbox.store.activeMembers()[7];
		const text = sandbox.store.questions.find((q) => q.type === 'Single Line Text' && q.visibility === 'Public')!;
		await api.patch(`/users/${m.id}`, { [text.id]: 'Elixir' });
		sandbox.admin.advanceClock(HOLD_BACK_PLUS);
		expect((await api.get('/incremental/users', { cursor: cursor! })).body.size).toBe(0);
		await api.patch(`/users/${m.id}`, { company: 'Answer Co' });
		sandbox.admin.advanceClock(HOLD_BACK_PLUS);
		const r = await api.get('/incremental/users', { cursor: cursor!, includes: 'questionnaire' });
		expect(r.body.results[0]).toMatchObject({ id: m.id, userCompany: 'Answer Co' });
		expect(r.body.results[0].questionnaire[text.title]).toBe('Elixir');
	});

	it('adds included keys only when asked', async () => {
		const r = await api.get('/incremental/users', { pageSize: 5, includes: 'questionnaire,spaces,points' });
		for (const key of ['questionnaire', 'spaces', 'lifetimePoints', 'remainingPoints']) expect(r.body.results[0]).toHaveProperty(key);
		const points = await api.get('/incremental/users', { pageSize: 5, includes: 'points' });
		expect(points.body.results[0]).toHaveProperty('lifetimePoints');
		expect(points.body.results[0]).not.toHaveProperty('spaces');
		expect((await api.get('/incremental/users', { includes: 'questionnaire,friends' })).status).toBe(400);
	});

	it('starts from startTime (at or after); a cursor takes precedence', async () => {
		const { rows } = await drain('/incremental/users');
		const pivot = rows[40].updatedAt;
		const r = await api.get('/incremental/users', { startTime: pivot, pageSize: 100 });
		expect(r.body.results[0].updatedAt >= pivot).toBe(true);
		expect(r.body.results.every((x: Body) => x.updatedAt >= pivot)).toBe(true);
		expect(r.body.results.map((x: Body) => x.id)).toEqual(rows.filter((x) => x.updatedAt >= pivot).slice(0, 100).map((x) => x.id));
		const page = await api.get('/incremental/users', { pageSize: 2 });
		const both = await api.get('/incremental/users', { cursor: page.body.nextCursor, startTime: pivot, pageSize: 1 });
		expect(both.body.results[0].id).toBe(rows[2].id);
		expect((await api.get('/incremental/users', { startTime: 'yesterday' })).status).toBe(400);
		const future = await api.get('/incremental/users', { startTime: new Date(sandbox.store.now() + 86_400_000).toISOString() });
		expect(future.body).toMatchObject({ results: [], size: 0, hasMore: false });
		expect(future.body).not.toHaveProperty('nextCursor');
	});

	it('rejects malformed cursors and cursors of another version', async () => {
		for (const bad of ['not a cursor!', 'aGVsbG8', cursorOf({ foo: 1 }), cursorOf({ v: 1, f: 'users' }), cursorOf([1]), '']) {
			const r = await api.get('/incremental/users', { cursor: bad });
			expect([bad, r.status, r.body]).toEqual([bad, 400, { message: 'invalid cursor' }]);
		}
		const v2 = await api.get('/incremental/users', { cursor: cursorOf({ v: 2, f: 'users', s: 10 }) });
		expect(v2.status).toBe(400);
		expect(v2.body).toEqual({ message: 'invalid cursor: unsupported version, restart from startTime' });
		const attendeeCursor = (await api.get('/incremental/event-attendees', { pageSize: 1 })).body.nextCursor;
		expect((await api.get('/incremental/users', { cursor: attendeeCursor })).body).toEqual({ message: 'invalid cursor' });
	});

	it('a cursor format upgrade makes every outstanding cursor unsupported, and new cursors work', async () => {
		const old = (await api.get('/incremental/users', { pageSize: 1 })).body.nextCursor;
		sandbox.admin.bumpCursorVersion();
		const refused = await api.get('/incremental/users', { cursor: old });
		expect([refused.status, refused.body]).toEqual([400, { message: 'invalid cursor: unsupported version, restart from startTime' }]);
		const fresh = (await api.get('/incremental/users', { pageSize: 1 })).body.nextCursor;
		expect((await api.get('/incremental/users', { cursor: fresh })).status).toBe(200);
	});

	it('serverTimestamp of a page with more waiting: the last row by default, the hold-back cutoff on request', async () => {
		const lastRow = await api.get('/incremental/users', { pageSize: 5 });
		expect(lastRow.body.hasMore).toBe(true);
		expect(lastRow.body.serverTimestamp).toBe(lastRow.body.results[4].updatedAt);
		const changed = await fetch(`${sandbox.url}/__admin/feeds/server-timestamp`, { method: 'POST', body: JSON.stringify({ mode: 'cutoff' }) });
		expect([changed.status, await changed.json()]).toEqual([200, { serverTimestamp: 'cutoff' }]);
		try {
			const cutoff = await api.get('/incremental/users', { pageSize: 5 });
			expect(cutoff.body.results).toEqual(lastRow.body.results);
			expect(Date.parse(cutoff.body.serverTimestamp)).toBeCloseTo(sandbox.store.now() - 120_000, -3);
			expect(() => sandbox.admin.setServerTimestampMode('sometimes' as never)).toThrow('mode must be one of last-row, cutoff');
		} finally {
			sandbox.admin.setServerTimestampMode('last-row');
		}
	});

	it('limits pageSize to 1-100', async () => {
		expect((await api.get('/incremental/users', { pageSize: 101 })).status).toBe(400);
		expect((await api.get('/incremental/users', { pageSize: 0 })).status).toBe(400);
		expect((await api.get('/incremental/users', { pageSize: 100 })).body.size).toBe(100);
		expect((await api.get('/incremental/users')).body.size).toBe(50);
	});
});

describe('attendee, enrollment and certificate feeds', () => {
	it('reject includes', async () => {
		for (const feed of ['event-attendees', 'course-enrollments', 'course-certificates']) {
			expect((await api.get(`/incremental/${feed}`, { includes: 'points' })).status).toBe(400);
			expect((await api.get(`/incremental/${feed}`)).status).toBe(200);
		}
	});

	it('attendees: API registration, then cancellation, with cancelledAt and removed false', async () => {
		const { cursor } = await drain('/incremental/event-attendees');
		const event = sandbox.store.events.find((e) => e.status === 'Published')!;
		const m = sandbox.store.activeMembers().find((x) => x.email && !event.attendees.some((a) => a.userId === x.id))!;
		await api.post('/registration', { eventSlug: event.slug, email: m.email, firstName: m.firstName, lastName: 'X', position: 'P', company: 'C' });
		sandbox.admin.advanceClock(HOLD_BACK_PLUS);
		const registered = await api.get('/incremental/event-attendees', { cursor: cursor! });
		expect(registered.body.results).toHaveLength(1);
		const row = registered.body.results[0];
		expect(row).toMatchObject({ eventId: event.id, userId: m.id, registrationSource: 'adminPublicAPI', cancelledAt: '', removed: false });
		expect(row.id).toBe(row.attendeeId);
		sandbox.admin.feedAttendees({ kind: 'cancelled', attendeeId: row.attendeeId });
		sandbox.admin.feedAttendees({ kind: 'registered', eventId: event.id, source: 'selfSignUp' });
		sandbox.admin.advanceClock(HOLD_BACK_PLUS);
		const later = await api.get('/incremental/event-attendees', { cursor: registered.body.nextCursor });
		expect(later.body.results).toHaveLength(2);
		expect(later.body.results[0]).toMatchObject({ id: row.id, removed: false, cancelledAt: expect.stringMatching(/Z$/) });
		expect(later.body.results[1]).toMatchObject({ eventId: event.id, registrationSource: 'selfSignUp', cancelledAt: '' });
	});

	it('attendees: joined and checked in', async () => {
		const { cursor } = await drain('/incremental/event-attendees');
		const joined = sandbox.admin.feedAttendees({ kind: 'joined' });
		const checked = sandbox.admin.feedAttendees({ kind: 'checkedIn' });
		sandbox.admin.advanceClock(HOLD_BACK_PLUS);
		const r = await api.get('/incremental/event-attendees', { cursor: cursor! });
		const byId = new Map(r.body.results.map((x: Body) => [x.id, x]));
		expect((byId.get(joined.id) as Body).joinedAt).not.toBe('');
		expect((byId.get(joined.id) as Body).lastOnlineAt).not.toBe('');
		expect((byId.get(checked.id) as Body).checkedInAt).not.toBe('');
	});

	it('enrollments: enrolled, completed, reset (a new enrollment after reset is a new row)', async () => {
		const { cursor } = await drain('/incremental/course-enrollments');
		const m = sandbox.store.activeMembers()[2];
		const course = sandbox.store.courses[0];
		const enrolled = await adminPost('/feed/enrollments', { kind: 'enrolled', userId: m.id, courseId: course.id });
		expect(enrolled).toMatchObject({ userId: m.id, courseId: course.id, activeStatus: 'ACTIVE', terminatedAt: '', progressStatus: 'In Progress', completedAt: '' });
		sandbox.admin.feedEnrollments({ kind: 'completed', enrollmentId: enrolled.id });
		sandbox.admin.feedEnrollments({ kind: 'reset', enrollmentId: enrolled.id });
		const again = sandbox.admin.feedEnrollments({ kind: 'enrolled', userId: m.id, courseId: course.id });
		expect(again.id).not.toBe(enrolled.id);
		sandbox.admin.advanceClock(HOLD_BACK_PLUS);
		const rows = (await api.get('/incremental/course-enrollments', { cursor: cursor! })).body.results;
		expect(rows.map((r: Body) => r.id)).toEqual([enrolled.id, again.id]);
		expect(rows[0]).toMatchObject({ activeStatus: 'RESET', progressStatus: 'Completed', progress: '100%', removed: false });
		expect(rows[0].terminatedAt).not.toBe('');
		const cancelled = sandbox.admin.feedEnrollments({ kind: 'cancelled', enrollmentId: again.id as string, by: 'user' });
		expect(cancelled.activeStatus).toBe('CANCELLED_BY_USER');
	});

	it('certificates: issued, revoked, expired', async () => {
		const { cursor } = await drain('/incremental/course-certificates');
		const issued = sandbox.admin.feedCertificates({ kind: 'issued', validDays: 365 });
		expect(issued).toMatchObject({ certificateStatus: 'Issued', revokedAt: '', revocationReason: '' });
		expect(issued.id).toBe(issued.certificateId);
		const revoked = sandbox.admin.feedCertificates({ kind: 'revoked', certificateId: issued.id as string, reason: 'Fraud' });
		expect(revoked).toMatchObject({ certificateStatus: 'Revoked', revocationReason: 'Fraud' });
		const other = sandbox.admin.feedCertificates({ kind: 'issued' });
		const expired = sandbox.admin.feedCertificates({ kind: 'expired', certificateId: other.id as string });
		expect(expired.certificateStatus).toBe('Expired');
		sandbox.admin.advanceClock(HOLD_BACK_PLUS);
		const rows = (await api.get('/incremental/course-certificates', { cursor: cursor! })).body.results;
		expect(rows.map((r: Body) => [r.id, r.certificateStatus])).toEqual([
			[issued.id, 'Revoked'],
			[other.id, 'Expired'],
		]);
	});

	it('certificates: a cohort issued, then expired at one instant with one earlier expiryDate, held back like any change', async () => {
		const { cursor } = await drain('/incremental/course-certificates');
		const { certificates: issued } = await adminPost('/feed/certificate-cohort', { kind: 'issued', count: 150 });
		expect(issued).toHaveLength(150);
		expect(new Set(issued.map((c: Body) => c.id)).size).toBe(150);
		expect(new Set(issued.map((c: Body) => c.courseId)).size).toBe(1);
		expect(new Set(issued.map((c: Body) => c.updatedAt))).toEqual(new Set([issued[0].issuedAt]));
		expect((await api.get('/incremental/course-certificates', { cursor: cursor! })).body.results).toEqual([]);
		sandbox.admin.advanceClock(HOLD_BACK_PLUS);
		const shown = await drain('/incremental/course-certificates', { cursor: cursor! });
		expect(shown.rows.map((r: Body) => [r.id, r.certificateStatus])).toEqual(issued.map((c: Body) => [c.id, 'Issued']));

		const ids = issued.map((c: Body) => c.id as string);
		const expiryDate = new Date(sandbox.store.now()).toISOString();
		sandbox.admin.advanceClock(3 * 60_000);
		// Refused whole: an unknown id, an expiry date to come or before the issue.
		const refused = async (body: unknown, status: number, message: RegExp) => {
			const r = await fetch(`${sandbox.url}/__admin/feed/certificate-cohort`, { method: 'POST', body: JSON.stringify(body) });
			expect([r.status, ((await r.json()) as Body).message]).toEqual([status, expect.stringMatching(message)]);
		};
		await refused({ kind: 'expired', certificateIds: [...ids, 'nope'] }, 404, /certificate not found: nope/);
		await refused({ kind: 'expired', certificateIds: ids, expiryDate: new Date(sandbox.store.now() + 60_000).toISOString() }, 400, /not be in the future/);
		await refused({ kind: 'expired', certificateIds: ids, expiryDate: new Date(Date.parse(issued[0].issuedAt) - 1).toISOString() }, 400, /before a certificate's issuedAt/);
		expect((await drain('/incremental/course-certificates', { cursor: shown.cursor! })).rows).toEqual([]);

		const { certificates: expired } = await adminPost('/feed/certificate-cohort', { kind: 'expired', certificateIds: ids, expiryDate });
		expect(expired.map((c: Body) => [c.id, c.certificateStatus, c.expiryDate])).toEqual(ids.map((id: string) => [id, 'Expired', expiryDate]));
		const changedAt = expired[0].updatedAt as string;
		expect(expired.every((c: Body) => c.updatedAt === changedAt)).toBe(true);
		expect(Date.parse(changedAt) - Date.parse(expiryDate)).toBeGreaterThanOrEqual(3 * 60_000);
		// Held back for two minutes like any change, then every row once, in the order changed.
		sandbox.admin.advanceClock(HOLD_BACK_PLUS - 10_000);
		expect((await drain('/incremental/course-certificates', { cursor: shown.cursor! })).rows).toEqual([]);
		sandbox.admin.advanceClock(10_000);
		const after = await drain('/incremental/course-certificates', { cursor: shown.cursor! });
		expect(after.rows.map((r: Body) => [r.id, r.certificateStatus, r.expiryDate])).toEqual(ids.map((id: string) => [id, 'Expired', expiryDate]));
		expect(after.pages.map((p) => p.size)).toEqual([100, 50]);
	});
});

async function adminPost(path: string, body: unknown): Promise<Body> {
	const r = await fetch(`${sandbox.url}/__admin${path}`, { method: 'POST', body: JSON.stringify(body) });
	expect(r.status).toBe(200);
	return r.json();
}
