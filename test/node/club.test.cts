import nock from 'nock';

import { getClubs } from '../../nodes/CommunityPlatform/methods/options/clubs';
import { searchClubs } from '../../nodes/CommunityPlatform/methods/search/clubs';
import { tierOf } from '../../nodes/shared/transport/tiers';
import { API, loadOptionsContext, runNode } from '../helpers/harness.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

const clubs = [
	{ clubId: 'c2', name: 'Product Leaders', slug: 'product-leaders', accessType: 'Private' },
	{ clubId: 'c1', name: 'Designers', slug: 'designers', accessType: 'Open' },
	{ clubId: 'c3', name: 'Data Folks', slug: 'analytics', accessType: 'Open' },
];

const request = (n: number) => ({
	id: `r${n}`,
	status: 'Pending',
	operatedAt: null,
	createdAt: '2026-02-01T10:00:00.000Z',
	expiredAt: null,
	operator: null,
	form: { id: 'f1', questionnaire: { 'Why join?': ['To learn'] } },
	applicant: { userId: `u${n}`, userEmail: `a${n}@example.com`, displayName: `Applicant ${n}` },
});

const envelope = (results: object[], pageNumber: number, pageSize: number, totalCount: number) => ({
	totalCount,
	size: results.length,
	pageNumber,
	pageSize,
	results,
});

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const byEmail = (value: string) => ({ __rl: true, mode: 'email', value });

useVirtualClock();

describe('Club: Get Many', () => {
	it('lists every club with Return All, one item per club', async () => {
		const scope = nock(API).get('/clubs').reply(200, clubs);
		const out = await runNode({ parameters: { resource: 'club', operation: 'getAll', returnAll: true } });
		expect(scope.isDone()).toBe(true);
		expect(out.map((item) => item.json)).toEqual(clubs);
		expect(out.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('applies the limit to the single list the API returns', async () => {
		nock(API).get('/clubs').reply(200, clubs);
		const out = await runNode({ parameters: { resource: 'club', operation: 'getAll', limit: 2 } });
		expect(out.map((item) => item.json.clubId)).toEqual(['c2', 'c1']);
	});

	it('refuses a limit of 0 before sending', async () => {
		await expect(runNode({ parameters: { resource: 'club', operation: 'getAll', limit: 0 } })).rejects.toThrow(
			'"Limit" must be at least 1',
		);
	});
});

describe('Club: Get Application Requests', () => {
	it('sends every filter and the sort, and puts totalCount on each item', async () => {
		const scope = nock(API)
			.get('/clubs/c1/application-requests')
			.query({
				pageNum: '1',
				pageSize: '2',
				status: 'Declined',
				memberName: 'Jane',
				email: 'jane+club@example.com',
				title: 'CTO',
				company: 'Acme',
				memberType: 'Limited Approval',
				sort: 'NAME_DESC',
			})
			.reply(200, envelope([request(1), request(2)], 1, 2, 37));
		const out = await runNode({
			parameters: {
				resource: 'club',
				operation: 'getApplicationRequests',
				club: { __rl: true, mode: 'list', value: 'c1' },
				limit: 2,
				filters: {
					status: 'Declined',
					memberName: ' Jane ',
					email: 'jane+club@example.com',
					title: 'CTO',
					company: 'Acme',
					memberType: 'Limited Approval',
				},
				options: { sort: 'NAME_DESC' },
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out).toHaveLength(2);
		expect(out[0].json).toEqual({ ...request(1), totalCount: 37 });
		expect(out[1].json.totalCount).toBe(37);
	});

	it('percent-encodes the email filter, so its + is not read as a space', async () => {
		const scope = nock(API)
			.get((uri) => uri.startsWith('/public-api/v1/clubs/c1/application-requests?') && uri.includes('email=jane%2Bclub%40example.com'))
			.reply(200, envelope([], 1, 50, 0));
		await runNode({
			parameters: {
				resource: 'club',
				operation: 'getApplicationRequests',
				club: byId('c1'),
				filters: { email: 'jane+club@example.com' },
			},
		});
		expect(scope.isDone()).toBe(true);
	});

	it('Return All pages at 200 until a short page', async () => {
		const all = Array.from({ length: 250 }, (_, i) => request(i));
		const scope = nock(API)
			.get('/clubs/c%2F1/application-requests')
			.query({ pageNum: '1', pageSize: '200' })
			.reply(200, envelope(all.slice(0, 200), 1, 200, 250))
			.get('/clubs/c%2F1/application-requests')
			.query({ pageNum: '2', pageSize: '200' })
			.reply(200, envelope(all.slice(200), 2, 200, 250));
		const out = await runNode({
			parameters: { resource: 'club', operation: 'getApplicationRequests', club: byId('c/1'), returnAll: true },
		});
		expect(scope.isDone()).toBe(true);
		expect(out).toHaveLength(250);
		expect(out[249].json).toMatchObject({ id: 'r249', totalCount: 250 });
	});

	it("passes on the API's 400 for an unknown club", async () => {
		nock(API)
			.get('/clubs/nope/application-requests')
			.query(true)
			.reply(400, { message: 'Club not found' });
		await expect(
			runNode({ parameters: { resource: 'club', operation: 'getApplicationRequests', club: byId('nope') } }),
		).rejects.toMatchObject({ message: 'Club not found', httpCode: '400' });
	});

	it.each([
		[{ club: byId(' ') }, '"Club" is empty: pick a club from the list or enter its ID'],
		[{ filters: { status: 'pending' } }, '"Status" must be one of Pending, Accepted, Declined, Expired (got "pending")'],
		[{ filters: { memberType: 'guest' } }, '"Member Type" must be one of Standard, Guest, Limited Approval'],
		[{ options: { sort: 'NEWEST' } }, '"Sort" must be one of DEFAULT, CREATED_AT_ASC'],
		[{ filters: { company: '  ' } }, '"Company" is empty: remove the filter or enter some text'],
	])('refuses %j before sending: %s', async (override, message) => {
		await expect(
			runNode({
				parameters: { resource: 'club', operation: 'getApplicationRequests', club: byId('c1'), ...override },
			}),
		).rejects.toThrow(message);
		expect(nock.pendingMocks()).toEqual([]);
	});
});

describe("Club: Get Member's Clubs", () => {
	it('reads the clubs of a member by ID as one item', async () => {
		const answer = {
			userEmail: 'jane@example.com',
			userFirstName: 'Jane',
			userLastName: 'Doe',
			userId: 'u1',
			userClubs: [{ clubId: 'c1', name: 'Designers', slug: 'designers' }],
		};
		const scope = nock(API).get('/users/u1/clubs').reply(200, answer);
		const out = await runNode({
			parameters: { resource: 'club', operation: 'getMemberClubs', member: byId('u1') },
		});
		expect(scope.isDone()).toBe(true);
		expect(out).toHaveLength(1);
		expect(out[0].json).toEqual(answer);
	});

	it('says which member was not found', async () => {
		nock(API).get('/users/u404/clubs').reply(404, { message: 'User not found' });
		await expect(
			runNode({ parameters: { resource: 'club', operation: 'getMemberClubs', member: byId('u404') } }),
		).rejects.toMatchObject({ description: 'No member has the ID "u404"' });
	});
});

describe('Club: Add Member and Remove Member', () => {
	const byName = (value: string) => ({ __rl: true, mode: 'name', value });

	it('finds a club by name (letter case aside), reading the club list once for all items', async () => {
		const list = nock(API).get('/clubs').once().reply(200, clubs);
		const adds = nock(API).post('/clubs/c2/users').times(2).reply(200, { success: true });
		const out = await runNode({
			items: [{ email: 'a@example.com' }, { email: 'b@example.com' }],
			parameters: {
				resource: 'club',
				operation: 'addMember',
				club: byName('product leaders'),
				member: { __rl: true, mode: 'email', value: '={{ $json.email }}' },
			},
		});
		expect(list.isDone()).toBe(true);
		expect(adds.isDone()).toBe(true);
		expect(out.map((item) => item.json.clubId)).toEqual(['c2', 'c2']);
	});

	it('refuses a club name the community does not have, before adding anyone', async () => {
		nock(API).get('/clubs').reply(200, clubs);
		const add = nock(API).post('/clubs/c2/users').reply(200, { success: true });
		await expect(
			runNode({
				parameters: { resource: 'club', operation: 'addMember', club: byName('Knitting'), member: byEmail('a@example.com') },
			}),
		).rejects.toThrow('"Club" names no club of this community ("Knitting")');
		expect(add.isDone()).toBe(false);
	});

	it('adds a member by email with POST and names the club and member in the output', async () => {
		const scope = nock(API).post('/clubs/c1/users', { email: 'jane@example.com' }).reply(200, { success: true });
		const out = await runNode({
			parameters: { resource: 'club', operation: 'addMember', club: byId('c1'), member: byEmail(' jane@example.com ') },
		});
		expect(scope.isDone()).toBe(true);
		expect(out[0].json).toEqual({ clubId: 'c1', email: 'jane@example.com', success: true });
	});

	it('removes a member by ID with DELETE', async () => {
		const scope = nock(API).delete('/clubs/c1/users', { userId: 'u1' }).reply(200, { success: false });
		const out = await runNode({
			parameters: { resource: 'club', operation: 'removeMember', club: byId('c1'), member: byId('u1') },
		});
		expect(scope.isDone()).toBe(true);
		expect(out[0].json).toEqual({ clubId: 'c1', userId: 'u1', success: false });
	});

	it('says the club or the member was not found on a 404', async () => {
		nock(API).post('/clubs/c9/users', { userId: 'u1' }).reply(404, { message: 'Club not found' });
		await expect(
			runNode({ parameters: { resource: 'club', operation: 'addMember', club: byId('c9'), member: byId('u1') } }),
		).rejects.toMatchObject({
			message: 'Club not found',
			description: 'No club has the ID "c9", or no member has the ID "u1"',
		});
	});

	it('refuses an invalid member email before sending', async () => {
		await expect(
			runNode({
				parameters: { resource: 'club', operation: 'removeMember', club: byId('c1'), member: byEmail('jane@') },
			}),
		).rejects.toThrow('"Member" must be an email address');
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('with Continue On Fail, a bad item reports its error and the next item still runs', async () => {
		nock(API).post('/clubs/c1/users', { email: 'ok@example.com' }).reply(200, { success: true });
		const out = await runNode({
			continueOnFail: true,
			items: [{ email: 'not-an-email' }, { email: 'ok@example.com' }],
			parameters: {
				resource: 'club',
				operation: 'addMember',
				club: byId('c1'),
				member: { __rl: true, mode: 'email', value: '={{ $json.email }}' },
			},
		});
		expect(out).toHaveLength(2);
		expect(out[0].json.error).toMatch('"Member" must be an email address');
		expect(out[0].pairedItem).toEqual({ item: 0 });
		expect(out[1].json).toEqual({ clubId: 'c1', email: 'ok@example.com', success: true });
		expect(out[1].pairedItem).toEqual({ item: 1 });
	});
});

describe("Club: Update Member's Clubs", () => {
	const answer = {
		userEmail: 'jane@example.com',
		userId: 'u1',
		userFirstName: 'Jane',
		userLastName: 'Doe',
		oldClubs: [{ clubId: 'c1', name: 'Designers', slug: 'designers' }],
		newClubs: [
			{ clubId: 'c1', name: 'Designers', slug: 'designers' },
			{ clubId: 'c2', name: 'Product Leaders', slug: 'product-leaders' },
		],
		results: [
			{ clubName: 'Designers', clubId: 'c1', status: 'already_member' },
			{ clubName: 'Product Leaders', clubId: 'c2', status: 'success' },
			{ clubName: null, clubId: 'c404', status: 'failed', reason: 'Club not found' },
		],
	};

	it('adds clubs by ID for a member by ID, and outputs the per-club results', async () => {
		const scope = nock(API)
			.post('/updateUserClubs', { userId: 'u1', clubIds: ['c1', 'c2', 'c404'], mode: 'add' })
			.reply(200, answer);
		const out = await runNode({
			parameters: {
				resource: 'club',
				operation: 'updateMemberClubs',
				member: byId('u1'),
				clubIds: ['c1', 'c2', 'c404'],
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out).toHaveLength(1);
		expect(out[0].json).toEqual(answer);
	});

	it('overrides with clubs by name given as comma-separated text, for a member by email', async () => {
		const scope = nock(API)
			.post('/updateUserClubs', {
				email: 'jane+x@example.com',
				clubNames: ['Designers', 'Product Leaders'],
				mode: 'override',
			})
			.reply(200, answer);
		await runNode({
			parameters: {
				resource: 'club',
				operation: 'updateMemberClubs',
				member: byEmail('jane+x@example.com'),
				membershipMode: 'override',
				clubsBy: 'name',
				clubNames: 'Designers, Product Leaders',
			},
		});
		expect(scope.isDone()).toBe(true);
	});

	it('removes the member from every club only when Remove From All Clubs is on', async () => {
		const scope = nock(API)
			.post('/updateUserClubs', { userId: 'u1', clubIds: [], mode: 'override' })
			.reply(200, { ...answer, newClubs: [], results: [] });
		const out = await runNode({
			parameters: {
				resource: 'club',
				operation: 'updateMemberClubs',
				member: byId('u1'),
				membershipMode: 'override',
				removeFromAll: true,
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out[0].json.newClubs).toEqual([]);
	});

	it('refuses an override with an empty list when Remove From All Clubs is off', async () => {
		await expect(
			runNode({
				parameters: { resource: 'club', operation: 'updateMemberClubs', member: byId('u1'), membershipMode: 'override' },
			}),
		).rejects.toThrow(
			'"Club Names or IDs" is empty: in Override mode an empty list removes the member from all clubs. Add the clubs to keep, or turn on "Remove From All Clubs"',
		);
		expect(nock.pendingMocks()).toEqual([]);
	});

	const eleven = Array.from({ length: 11 }, (_, i) => `c${i}`);
	it.each([
		[{ clubIds: [] }, '"Club Names or IDs" is empty: choose at least one of the clubs to add'],
		[{ clubIds: eleven }, '"Club Names or IDs" has more than 10 clubs: give at most 10'],
		[{ clubIds: ['c1', 'c2', 'c1'] }, '"Club Names or IDs" lists "c1" more than once'],
		[{ clubsBy: 'name', clubNames: 'Designers, designers ,Designers' }, '"Club Names" lists "Designers" more than once'],
		[{ clubsBy: 'name', clubNames: 'Designers,,Data' }, '"Club Names" has an empty entry'],
		[{ membershipMode: 'replace', clubIds: ['c1'] }, '"Mode" must be one of add, override (got "replace")'],
		[{ member: byEmail('jane at example.com'), clubIds: ['c1'] }, '"Member" must be an email address'],
		[{ member: byId(''), clubIds: ['c1'] }, '"Member" is empty'],
	])('refuses %j before sending: %s', async (override, message) => {
		await expect(
			runNode({
				parameters: { resource: 'club', operation: 'updateMemberClubs', member: byId('u1'), ...override },
			}),
		).rejects.toThrow(message);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it("passes on the API's 400 for an unknown member", async () => {
		nock(API).post('/updateUserClubs').reply(400, { message: 'User not found' });
		await expect(
			runNode({
				parameters: { resource: 'club', operation: 'updateMemberClubs', member: byId('u9'), clubIds: ['c1'] },
			}),
		).rejects.toMatchObject({ message: 'User not found', httpCode: '400' });
	});
});

describe('Club loaders', () => {
	it('getClubs lists clubs by name, valued by ID', async () => {
		nock(API).get('/clubs').reply(200, clubs);
		const options = await getClubs.call(loadOptionsContext());
		expect(options).toEqual([
			{ name: 'Data Folks', value: 'c3', description: 'Open club, slug "analytics"' },
			{ name: 'Designers', value: 'c1', description: 'Open club, slug "designers"' },
			{ name: 'Product Leaders', value: 'c2', description: 'Private club, slug "product-leaders"' },
		]);
	});

	it('searchClubs matches the filter on name or slug, case-insensitively', async () => {
		nock(API).get('/clubs').times(3).reply(200, clubs);
		const ctx = loadOptionsContext();
		expect((await searchClubs.call(ctx, 'DESIGN')).results).toEqual([{ name: 'Designers', value: 'c1' }]);
		expect((await searchClubs.call(ctx, 'analytics')).results).toEqual([{ name: 'Data Folks', value: 'c3' }]);
		expect((await searchClubs.call(ctx)).results.map((r) => r.value)).toEqual(['c3', 'c1', 'c2']);
	});

	it('fails clearly when /clubs does not answer a list', async () => {
		nock(API).get('/clubs').reply(200, { results: [] });
		await expect(getClubs.call(loadOptionsContext())).rejects.toThrow('Unexpected answer from GET /clubs: expected a list of clubs');
	});
});

describe('Rate tiers of the club, space, contribution and opt-out endpoints (API documentation: Endpoints)', () => {
	it.each([
		['GET', '/clubs', 'medium'],
		['GET', '/clubs/c1/application-requests', 'medium'],
		['GET', '/users/u1/clubs', 'light'],
		['POST', '/clubs/c1/users', 'medium'],
		['DELETE', '/clubs/c1/users', 'medium'],
		['POST', '/updateUserClubs', 'medium'],
		['GET', '/spaces', 'medium'],
		['POST', '/updateUserSpacesByEmail', 'medium'],
		['POST', '/contributionLogs', 'medium'],
		['GET', '/email-unsubscribes', 'medium'],
		['GET', '/email-subscription-types', 'medium'],
	] as const)('%s %s is %s', (method, path, tier) => {
		expect(tierOf(method, path)).toBe(tier);
	});
});
