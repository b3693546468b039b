/** Clubs (application requests, memberships, updateUserClubs modes) and spaces modes. */
import { type Sandbox, startSandbox } from './server.cjs';
import { type ApiClient, type Body, apiClient } from './testClient.cjs';
import type { Member } from './types.cjs';

let sandbox: Sandbox;
let api: ApiClient;

beforeAll(async () => {
	sandbox = await startSandbox({ rateLimits: false });
	api = apiClient(sandbox);
});
afterAll(() => sandbox.close());

let pickIndex = 0;
/** a different active member with an email each call */
const nextMember = (): Member => sandbox.store.activeMembers().filter((m) => m.email)[pickIndex++ * 3 + 1];
const clubs = () => sandbox.store.clubs;
const clubsOf = async (m: Member): Promise<string[]> => (await api.get(`/users/${m.id}/clubs`)).body.userClubs.map((c: Body) => c.clubId).sort();

describe('clubs', () => {
	it('lists clubs without an envelope', async () => {
		const r = await api.get('/clubs');
		expect(r.body.length).toBe(clubs().length);
		expect(Object.keys(r.body[0]).sort()).toEqual(['accessType', 'clubId', 'name', 'slug']);
	});

	it('reads a member’s clubs; 400 invalid userId, 404 unknown', async () => {
		const m = nextMember();
		const r = await api.get(`/users/${m.id}/clubs`);
		expect(r.body).toMatchObject({ userId: m.id, userEmail: m.email, userFirstName: m.firstName });
		expect((await api.get('/users/xyz/clubs')).status).toBe(400);
		expect((await api.get('/users/0123456789abcdef01234567/clubs')).status).toBe(404);
	});

	it('adds and removes a single membership', async () => {
		const m = nextMember();
		const club = clubs().find((c) => !c.memberIds.has(m.id))!;
		expect((await api.post(`/clubs/${club.clubId}/users`, { email: m.email })).body).toEqual({ success: true });
		expect(await clubsOf(m)).toContain(club.clubId);
		expect((await api.del(`/clubs/${club.clubId}/users`, { userId: m.id })).body).toEqual({ success: true });
		expect(await clubsOf(m)).not.toContain(club.clubId);
		expect((await api.post(`/clubs/${club.clubId}/users`, {})).status).toBe(400);
		expect((await api.post('/clubs/0123456789abcdef01234567/users', { userId: m.id })).status).toBe(404);
	});
});

describe('application requests', () => {
	it('answers the envelope with totalCount, newest first by default', async () => {
		const club = clubs()[0];
		const r = await api.get(`/clubs/${club.clubId}/application-requests`, { pageSize: 5 });
		expect(r.status).toBe(200);
		expect(r.body.totalCount).toBe(club.applications.length);
		expect(r.body.size).toBe(5);
		const created = r.body.results.map((a: Body) => Date.parse(a.createdAt));
		expect(created).toEqual([...created].sort((a, b) => b - a));
		expect(r.body.results[0]).toHaveProperty('applicant');
		expect(r.body.results[0]).toHaveProperty('operator');
	});

	it('filters by status and sorts by name', async () => {
		const club = clubs()[1];
		const r = await api.get(`/clubs/${club.clubId}/application-requests`, { status: 'Pending', pageSize: 200 });
		expect(r.body.totalCount).toBe(club.applications.filter((a) => a.status === 'Pending').length);
		expect(r.body.results.every((a: Body) => a.status === 'Pending')).toBe(true);
		const byName = await api.get(`/clubs/${club.clubId}/application-requests`, { sort: 'NAME_ASC', pageSize: 200 });
		const names = byName.body.results.filter((a: Body) => a.applicant).map((a: Body) => a.applicant.displayName);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
	});

	it('400 for a malformed or unknown club and for invalid values', async () => {
		const club = clubs()[0];
		expect((await api.get('/clubs/abc/application-requests')).status).toBe(400);
		expect((await api.get('/clubs/0123456789abcdef01234567/application-requests')).status).toBe(400);
		expect((await api.get(`/clubs/${club.clubId}/application-requests`, { status: 'Open' })).status).toBe(400);
		expect((await api.get(`/clubs/${club.clubId}/application-requests`, { sort: 'NEWEST' })).status).toBe(400);
		expect((await api.get(`/clubs/${club.clubId}/application-requests`, { memberType: 'Boss' })).status).toBe(400);
	});
});

describe('POST /updateUserClubs', () => {
	it('add keeps memberships and reports already_member', async () => {
		const m = nextMember();
		const [a, b] = clubs().filter((c) => !c.memberIds.has(m.id));
		const before = await clubsOf(m);
		const first = await api.post('/updateUserClubs', { userId: m.id, clubIds: [a.clubId], mode: 'add' });
		expect(first.status).toBe(200);
		expect(first.body.results).toEqual([{ clubName: a.name, clubId: a.clubId, status: 'success' }]);
		const second = await api.post('/updateUserClubs', { email: m.email, clubIds: [a.clubId], clubNames: [b.name, 'No Such Club'], mode: 'add' });
		expect(second.body.results).toEqual(
			expect.arrayContaining([
				{ clubName: a.name, clubId: a.clubId, status: 'already_member' },
				{ clubName: b.name, clubId: b.clubId, status: 'success' },
				expect.objectContaining({ clubName: 'No Such Club', status: 'failed' }),
			]),
		);
		expect(second.body.oldClubs.map((c: Body) => c.clubId).sort()).toEqual([...before, a.clubId].sort());
		expect(await clubsOf(m)).toEqual([...before, a.clubId, b.clubId].sort());
	});

	it('override removes other clubs; an empty override removes all', async () => {
		const m = nextMember();
		const [a, b, c] = clubs();
		await api.post('/updateUserClubs', { userId: m.id, clubIds: [a.clubId, b.clubId], mode: 'add' });
		const r = await api.post('/updateUserClubs', { userId: m.id, clubIds: [c.clubId], mode: 'override' });
		expect(r.body.newClubs.map((x: Body) => x.clubId)).toEqual([c.clubId]);
		expect(await clubsOf(m)).toEqual([c.clubId]);
		const empty = await api.post('/updateUserClubs', { userId: m.id, clubIds: [], mode: 'override' });
		expect(empty.status).toBe(200);
		expect(empty.body.oldClubs.map((x: Body) => x.clubId)).toEqual([c.clubId]);
		expect(empty.body.newClubs).toEqual([]);
		expect(await clubsOf(m)).toEqual([]);
	});

	it.each([
		['duplicate clubIds', (m: Member) => ({ userId: m.id, clubIds: [clubs()[0].clubId, clubs()[0].clubId], mode: 'add' })],
		['duplicate clubNames', (m: Member) => ({ userId: m.id, clubNames: [clubs()[0].name, clubs()[0].name], mode: 'add' })],
		['more than 10 ids', (m: Member) => ({ userId: m.id, clubIds: Array.from({ length: 11 }, (_, i) => `${i}`), mode: 'add' })],
		['no valid club in add mode', (m: Member) => ({ userId: m.id, clubNames: ['Nope'], mode: 'add' })],
		['no user', () => ({ clubIds: [clubs()[0].clubId], mode: 'add' })],
		['no clubs', (m: Member) => ({ userId: m.id, mode: 'add' })],
		['bad mode', (m: Member) => ({ userId: m.id, clubIds: [clubs()[0].clubId], mode: 'replace' })],
		['unknown user', () => ({ email: 'ghost@example.com', clubIds: [clubs()[0].clubId], mode: 'add' })],
		['archived user', () => ({ userId: [...sandbox.store.members.values()].find((x) => x.archived)!.id, clubIds: [clubs()[0].clubId], mode: 'add' })],
	])('400 for %s', async (_label, body) => {
		expect((await api.post('/updateUserClubs', body(nextMember()))).status).toBe(400);
	});
});

describe('spaces', () => {
	it('lists spaces as {name, description?}', async () => {
		const r = await api.get('/spaces');
		expect(r.body.map((s: Body) => s.name)).toEqual(sandbox.store.spaces.map((s) => s.name));
		expect(r.body.some((s: Body) => s.description === undefined)).toBe(true);
	});

	it('add, override and empty override', async () => {
		const m = nextMember();
		await api.post('/updateUserSpacesByEmail', { email: m.email, spaces: ['Members'], mode: 'override' });
		const add = await api.post('/updateUserSpacesByEmail', { email: m.email, spaces: ['Partners', 'Members'], mode: 'add' });
		expect(add.body).toMatchObject({ userId: m.id, oldSpaces: ['Members'], newSpaces: ['Members', 'Partners'] });
		const override = await api.post('/updateUserSpacesByEmail', { email: m.email, spaces: ['Staff'], mode: 'override' });
		expect(override.body).toMatchObject({ oldSpaces: ['Members', 'Partners'], newSpaces: ['Staff'] });
		const empty = await api.post('/updateUserSpacesByEmail', { email: m.email, spaces: [], mode: 'override' });
		expect(empty.body.newSpaces).toEqual([]);
		expect((await api.get(`/users/${m.id}`)).body.spaces).toEqual([]);
	});

	it('400 for unknown spaces, duplicates, bad mode or missing email; 404 unknown member', async () => {
		const m = nextMember();
		expect((await api.post('/updateUserSpacesByEmail', { email: m.email, spaces: ['Nowhere'], mode: 'add' })).status).toBe(400);
		expect((await api.post('/updateUserSpacesByEmail', { email: m.email, spaces: ['Staff', 'Staff'], mode: 'add' })).status).toBe(400);
		expect((await api.post('/updateUserSpacesByEmail', { email: m.email, spaces: ['Staff'], mode: 'merge' })).status).toBe(400);
		expect((await api.post('/updateUserSpacesByEmail', { spaces: ['Staff'], mode: 'add' })).status).toBe(400);
		expect((await api.post('/updateUserSpacesByEmail', { email: 'ghost@example.com', spaces: ['Staff'], mode: 'add' })).status).toBe(404);
	});
});
