import nock from 'nock';

import { getSpaces } from '../../nodes/CommunityPlatform/methods/options/spaces';
import { API, loadOptionsContext, runNode } from '../helpers/harness.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

const spaces = [
	{ name: 'General', description: 'Everyone' },
	{ name: 'Builders' },
	{ name: 'Partners', description: 'Agencies and resellers' },
];

useVirtualClock();

describe('Space: Get Many', () => {
	it('lists every space with Return All', async () => {
		const scope = nock(API).get('/spaces').reply(200, spaces);
		const out = await runNode({ parameters: { resource: 'space', operation: 'getAll', returnAll: true } });
		expect(scope.isDone()).toBe(true);
		expect(out.map((item) => item.json)).toEqual(spaces);
	});

	it('applies the limit to the single list the API returns', async () => {
		nock(API).get('/spaces').reply(200, spaces);
		const out = await runNode({ parameters: { resource: 'space', operation: 'getAll', limit: 1 } });
		expect(out.map((item) => item.json.name)).toEqual(['General']);
	});

	it('fails clearly when /spaces does not answer a list', async () => {
		nock(API).get('/spaces').reply(200, { spaces: [] });
		await expect(runNode({ parameters: { resource: 'space', operation: 'getAll', returnAll: true } })).rejects.toThrow(
			'Unexpected answer from GET /spaces: expected a list of spaces',
		);
	});

	it('the Space loader offers the spaces by name', async () => {
		nock(API).get('/spaces').reply(200, spaces);
		const options = await getSpaces.call(loadOptionsContext());
		expect(options.map((o) => o.value)).toEqual(['Builders', 'General', 'Partners']);
	});
});

describe("Space: Update Member's Spaces", () => {
	const answer = {
		userId: 'u1',
		userFirstName: 'Jane',
		userLastName: 'Doe',
		oldSpaces: ['General'],
		newSpaces: ['General', 'Builders'],
	};

	it('adds spaces for a member by email and outputs old and new spaces', async () => {
		const scope = nock(API)
			.post('/updateUserSpacesByEmail', { email: 'jane+s@example.com', spaces: ['Builders'], mode: 'add' })
			.reply(200, answer);
		const out = await runNode({
			parameters: {
				resource: 'space',
				operation: 'updateMemberSpaces',
				email: 'jane+s@example.com',
				spaces: ['Builders'],
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out[0].json).toEqual({ userEmail: 'jane+s@example.com', ...answer });
	});

	it('overrides with the listed spaces', async () => {
		const scope = nock(API)
			.post('/updateUserSpacesByEmail', { email: 'jane@example.com', spaces: ['Partners', 'General'], mode: 'override' })
			.reply(200, { ...answer, newSpaces: ['Partners', 'General'] });
		await runNode({
			parameters: {
				resource: 'space',
				operation: 'updateMemberSpaces',
				email: 'jane@example.com',
				membershipMode: 'override',
				spaces: ['Partners', 'General'],
			},
		});
		expect(scope.isDone()).toBe(true);
	});

	it('removes the member from every space only when Remove From All Spaces is on', async () => {
		const scope = nock(API)
			.post('/updateUserSpacesByEmail', { email: 'jane@example.com', spaces: [], mode: 'override' })
			.reply(200, { ...answer, newSpaces: [] });
		const out = await runNode({
			parameters: {
				resource: 'space',
				operation: 'updateMemberSpaces',
				email: 'jane@example.com',
				membershipMode: 'override',
				removeFromAll: true,
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out[0].json.newSpaces).toEqual([]);
	});

	it.each([
		[
			{ membershipMode: 'override' },
			'"Space Names or IDs" is empty: in Override mode an empty list removes the member from all spaces. Add the spaces to keep, or turn on "Remove From All Spaces"',
		],
		[{ spaces: [] }, '"Space Names or IDs" is empty: choose at least one of the spaces to add'],
		[{ spaces: ['General', 'General'] }, '"Space Names or IDs" lists "General" more than once'],
		[{ email: 'jane', spaces: ['General'] }, '"Member Email" must be an email address'],
		[{ email: '', spaces: ['General'] }, '"Member Email" is required'],
	])('refuses %j before sending: %s', async (override, message) => {
		await expect(
			runNode({
				parameters: { resource: 'space', operation: 'updateMemberSpaces', email: 'jane@example.com', ...override },
			}),
		).rejects.toThrow(message);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('says which member was not found', async () => {
		nock(API).post('/updateUserSpacesByEmail').reply(404, { message: 'User not found' });
		await expect(
			runNode({
				parameters: {
					resource: 'space',
					operation: 'updateMemberSpaces',
					email: 'ghost@example.com',
					spaces: ['General'],
				},
			}),
		).rejects.toMatchObject({ message: 'User not found', description: 'No member has the email "ghost@example.com"' });
	});
});
