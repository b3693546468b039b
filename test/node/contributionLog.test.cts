import nock from 'nock';

import { API, runNode } from '../helpers/harness.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

const log = {
	contributionLogId: 'l1',
	loggedAt: '2026-03-02T08:00:00.000Z',
	type: 'manual',
	contribution: 'Answered a forum question',
	count: 3,
	occurredAt: '2026-03-01T09:30:00.000Z',
	loggedBy: 'publicApi',
	notes: 'Thanks!',
	contributorId: 'u1',
	contributorName: 'Jane Doe',
};

const base = {
	resource: 'contributionLog',
	operation: 'create',
	contributionName: 'Answered a forum question',
	userEmail: 'jane@example.com',
	contributedAt: '2026-03-01T09:30:00',
};

useVirtualClock();

describe('Contribution Log: Create', () => {
	it('posts every field, with the date in UTC ISO 8601, and outputs the log', async () => {
		const scope = nock(API)
			.post('/contributionLogs', {
				contributionName: 'Answered a forum question',
				userEmail: 'jane+c@example.com',
				contributedAt: '2026-03-01T09:30:00.000Z',
				count: 3,
				externalContributionId: 'forum-123',
				notes: 'Thanks!',
			})
			.reply(200, log);
		const out = await runNode({
			parameters: {
				...base,
				userEmail: 'jane+c@example.com',
				contributedAt: '2026-03-01T11:30:00+02:00',
				count: 3,
				additionalFields: { externalContributionId: 'forum-123', notes: 'Thanks!' },
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out).toHaveLength(1);
		expect(out[0].json).toEqual(log);
	});

	it('sends a count of 1 by default and leaves unset optional fields out', async () => {
		const scope = nock(API)
			.post('/contributionLogs', (body) => {
				expect(body).toEqual({
					contributionName: 'Answered a forum question',
					userEmail: 'jane@example.com',
					contributedAt: '2026-03-01T09:30:00.000Z',
					count: 1,
				});
				return true;
			})
			.reply(200, { ...log, count: 1 });
		await runNode({ parameters: base });
		expect(scope.isDone()).toBe(true);
	});

	it.each([
		[{ contributionName: '  ' }, '"Contribution Name" is required'],
		[{ contributionName: 'x'.repeat(301) }, '"Contribution Name" is longer than 300 characters'],
		[{ userEmail: 'jane@example' }, '"Member Email" must be an email address'],
		[{ contributedAt: '' }, '"Contributed At" is required'],
		[{ contributedAt: 'yesterday' }, '"Contributed At" must be an ISO 8601 date-time'],
		[{ count: 0 }, '"Count" must be at least 1'],
		[{ count: 1.5 }, '"Count" must be a whole number'],
		[{ additionalFields: { notes: 'n'.repeat(101) } }, '"Notes" is longer than 100 characters'],
		[{ additionalFields: { externalContributionId: ' ' } }, '"External Contribution ID" is empty'],
	])('refuses %j before sending: %s', async (override, message) => {
		await expect(runNode({ parameters: { ...base, ...override } })).rejects.toThrow(message);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('accepts a note of exactly 100 characters and a 300-character name', async () => {
		const scope = nock(API)
			.post('/contributionLogs', (body) => body.notes.length === 100 && body.contributionName.length === 300)
			.reply(200, log);
		await runNode({
			parameters: { ...base, contributionName: 'y'.repeat(300), additionalFields: { notes: 'n'.repeat(100) } },
		});
		expect(scope.isDone()).toBe(true);
	});

	it("passes on the API's message when the contribution name matches nothing", async () => {
		nock(API).post('/contributionLogs').reply(400, { message: 'no contribution named "Nope"' });
		await expect(runNode({ parameters: { ...base, contributionName: 'Nope' } })).rejects.toMatchObject({
			message: 'no contribution named "Nope"',
			httpCode: '400',
		});
	});
});
