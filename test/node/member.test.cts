import nock from 'nock';

import { API, CREDENTIALS, page, runNode } from '../helpers/harness.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

const member = (n: number) => ({
	userId: `u${n}`,
	userEmail: `member${n}@example.com`,
	userFirstName: 'Member',
	userLastName: String(n),
	displayName: `Member ${n}`,
	userTitle: 'Engineer',
	userCompany: 'Acme',
	memberType: 'Standard',
	approvalStatus: 'approved',
	spaces: ['General'],
	questionnaire: { 'Favourite tool?': 'n8n' },
	signUpAt: '2026-01-02T03:04:05.000Z',
});

useVirtualClock();

describe('Member: Get', () => {
	it('reads one member by id with both auth headers and simplifies it', async () => {
		const scope = nock(API, {
			reqheaders: { 'x-client-id': CREDENTIALS.clientId, authorization: `Bearer ${CREDENTIALS.accessToken}` },
		})
			.get('/users/u1')
			.reply(200, member(1));
		const out = await runNode({
			parameters: { resource: 'member', operation: 'get', member: { __rl: true, mode: 'id', value: 'u1' } },
		});
		expect(scope.isDone()).toBe(true);
		expect(out).toHaveLength(1);
		expect(out[0].json).toEqual({
			userId: 'u1',
			userEmail: 'member1@example.com',
			displayName: 'Member 1',
			userFirstName: 'Member',
			userLastName: '1',
			userTitle: 'Engineer',
			userCompany: 'Acme',
			memberType: 'Standard',
			approvalStatus: 'approved',
			signUpAt: '2026-01-02T03:04:05.000Z',
		});
		expect(out[0].pairedItem).toEqual({ item: 0 });
	});

	it('returns the raw member when Simplify is off', async () => {
		nock(API).get('/users/u1').reply(200, member(1));
		const out = await runNode({
			parameters: {
				resource: 'member',
				operation: 'get',
				member: { __rl: true, mode: 'list', value: 'u1' },
				simplify: false,
			},
		});
		expect(out[0].json.questionnaire).toEqual({ 'Favourite tool?': 'n8n' });
	});

	it('says which member was not found', async () => {
		nock(API).get('/users/nobody').reply(404, { message: 'User not found' });
		await expect(
			runNode({ parameters: { resource: 'member', operation: 'get', member: { __rl: true, mode: 'id', value: 'nobody' } } }),
		).rejects.toMatchObject({ message: 'User not found', description: 'No member has the ID "nobody"', httpCode: '404' });
	});
});

describe('Member: Get by Email', () => {
	it('percent-encodes the email, so a + survives', async () => {
		const scope = nock(API)
			.get((uri) => uri === '/public-api/v1/users?email=jane%2Btest%40example.com')
			.reply(200, member(7));
		const out = await runNode({
			parameters: { resource: 'member', operation: 'getByEmail', email: 'jane+test@example.com' },
		});
		expect(scope.isDone()).toBe(true);
		expect(out[0].json.userId).toBe('u7');
	});

	it('rejects an email with a space before sending anything', async () => {
		await expect(
			runNode({ parameters: { resource: 'member', operation: 'getByEmail', email: 'jane doe@example.com' } }),
		).rejects.toThrow('Invalid parameter: "Email" must be an email address');
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('rejects an email without a domain', async () => {
		await expect(
			runNode({ parameters: { resource: 'member', operation: 'getByEmail', email: 'jane@' } }),
		).rejects.toThrow('"Email" must be an email address');
	});
});

describe('Member: Get Many', () => {
	it('Return All reads pages of 200 until a short page, and nothing more', async () => {
		const all = Array.from({ length: 413 }, (_, i) => member(i));
		const scope = nock(API)
			.get('/users')
			.query({ pageNum: '1', pageSize: '200' })
			.reply(200, page(all.slice(0, 200), 1, 200))
			.get('/users')
			.query({ pageNum: '2', pageSize: '200' })
			.reply(200, page(all.slice(200, 400), 2, 200))
			.get('/users')
			.query({ pageNum: '3', pageSize: '200' })
			.reply(200, page(all.slice(400), 3, 200));
		const out = await runNode({ parameters: { resource: 'member', operation: 'getAll', returnAll: true } });
		expect(scope.isDone()).toBe(true);
		expect(out).toHaveLength(413);
		expect(out[412].json.userId).toBe('u412');
		expect(out.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('stops on an empty page when the total is a multiple of the page size', async () => {
		const scope = nock(API)
			.get('/users')
			.query({ pageNum: '1', pageSize: '200' })
			.reply(200, page(Array.from({ length: 200 }, (_, i) => member(i)), 1, 200))
			.get('/users')
			.query({ pageNum: '2', pageSize: '200' })
			.reply(200, page([], 2, 200));
		const out = await runNode({ parameters: { resource: 'member', operation: 'getAll', returnAll: true } });
		expect(scope.isDone()).toBe(true);
		expect(out).toHaveLength(200);
	});

	it('a limit asks for just that many rows, with the filters and sort in the query', async () => {
		const scope = nock(API)
			.get('/users')
			.query({
				pageNum: '1',
				pageSize: '5',
				signedUpFromDate: '2026-01-01',
				signedUpToDate: '2026-03-31',
				approvalStatus: 'Pending',
				memberType: 'Guest',
				sortBy: 'signUpAt',
				sortDirection: 'asc',
			})
			.reply(200, page([member(1), member(2), member(3), member(4), member(5)], 1, 5));
		const out = await runNode({
			parameters: {
				resource: 'member',
				operation: 'getAll',
				limit: 5,
				filters: {
					signedUpFromDate: '2026-01-01T00:00:00',
					signedUpToDate: '2026-03-31',
					approvalStatus: 'Pending',
					memberType: 'Guest',
				},
				options: { sortBy: 'signUpAt', sortDirection: 'asc' },
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out).toHaveLength(5);
	});

	it.each([
		[{ limit: 0 }, '"Limit" must be at least 1'],
		[{ limit: 2.5 }, '"Limit" must be a whole number'],
		[{ filters: { signedUpFromDate: 'last tuesday' } }, '"Signed Up From" must be a date in the form YYYY-MM-DD'],
		[
			{ filters: { signedUpFromDate: '2026-05-01', signedUpToDate: '2026-01-01' } },
			'"Signed Up From" is after "Signed Up To"',
		],
		[{ filters: { memberType: 'guest' } }, '"Member Type" must be one of Standard, Guest, Limited Approval'],
		[{ filters: { approvalStatus: 'Maybe' } }, '"Approval Status" must be one of Pending, Approved, Unapproved'],
	])('refuses %j before sending: %s', async (parameters, message) => {
		await expect(
			runNode({ parameters: { resource: 'member', operation: 'getAll', ...parameters } }),
		).rejects.toThrow(message);
	});
});

describe('Member: Create', () => {
	it('posts the member with its optional fields', async () => {
		const scope = nock(API)
			.post('/users', {
				email: 'new@example.com',
				firstName: 'New',
				position: 'CTO',
				company: 'Acme',
				lastName: 'Person',
				linkedInUrl: 'https://www.linkedin.com/in/new',
				spaces: ['General', 'Builders'],
			})
			.reply(200, { userId: 'u99', userFirstName: 'New', spaces: ['General', 'Builders'] });
		const out = await runNode({
			parameters: {
				resource: 'member',
				operation: 'create',
				email: ' new@example.com ',
				firstName: 'New',
				position: 'CTO',
				company: 'Acme',
				additionalFields: {
					lastName: 'Person',
					linkedInUrl: 'https://www.linkedin.com/in/new',
					spaces: ['General', 'Builders'],
				},
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out[0].json.userId).toBe('u99');
	});

	it.each([
		[{ email: 'not-an-email' }, '"Email" must be an email address'],
		[{ firstName: '' }, '"First Name" is required'],
		[{ company: ' ' }, '"Company" is required'],
		[{ additionalFields: { pictureUrl: 'photo.png' } }, '"Picture URL" must be a full URL'],
	])('refuses %j before sending: %s', async (override, message) => {
		await expect(
			runNode({
				parameters: {
					resource: 'member',
					operation: 'create',
					email: 'ok@example.com',
					firstName: 'Ok',
					position: 'Dev',
					company: 'Acme',
					...override,
				},
			}),
		).rejects.toThrow(message);
	});
});

describe('Member: Update and Update by Email', () => {
	const questions = [
		{ id: 'q1', title: 'Favourite tool?', inUserProfileForm: true },
		{ id: 'q2', title: 'Where are you?', inUserProfileForm: true },
	];
	const mockQuestions = () =>
		nock(API)
			.get('/userProfileQuestions')
			.reply(200, questions)
			.get('/userProfileQuestions/q1')
			.reply(200, { id: 'q1', title: 'Favourite tool?', type: 'Multi Select', options: ['n8n', 'Zapier'] });

	it('patches fields and profile answers by id (multi-select joined with ;)', async () => {
		mockQuestions();
		const scope = nock(API)
			.patch('/users/u1', { position: 'Head of Ops', memberType: 'Limited Approval', q1: 'n8n;Zapier' })
			.reply(200, { user: { id: 'u1', position: 'Head of Ops' }, updatedQuestionAnswers: { 'Favourite tool?': 'n8n;Zapier' } });
		const out = await runNode({
			parameters: {
				resource: 'member',
				operation: 'update',
				member: { __rl: true, mode: 'id', value: 'u1' },
				updateFields: { position: 'Head of Ops', memberType: 'limited approval' },
				profileAnswers: { mappingMode: 'defineBelow', value: { q1: ['n8n', 'Zapier'] }, matchingColumns: [], schema: [] },
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out[0].json.updatedQuestionAnswers).toEqual({ 'Favourite tool?': 'n8n;Zapier' });
	});

	it('updates by email through POST /updateProfileByEmail', async () => {
		const scope = nock(API)
			.post('/updateProfileByEmail', { approvalStatus: 'approved', email: 'jane+ops@example.com' })
			.reply(200, { user: { id: 'u2', approvalStatus: 'approved' }, updatedQuestionAnswers: {} });
		const out = await runNode({
			parameters: {
				resource: 'member',
				operation: 'updateByEmail',
				email: 'jane+ops@example.com',
				updateFields: { approvalStatus: 'approved' },
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out[0].json.user).toEqual({ id: 'u2', approvalStatus: 'approved' });
	});

	it('refuses an empty update before sending', async () => {
		await expect(
			runNode({
				parameters: { resource: 'member', operation: 'update', member: { __rl: true, mode: 'id', value: 'u1' } },
			}),
		).rejects.toThrow('Nothing to update: add at least one field under "Update Fields" or one profile answer');
	});

	it('refuses an answer for a question the community does not have', async () => {
		nock(API).get('/userProfileQuestions').reply(200, questions);
		const patch = nock(API).patch('/users/u1').reply(200, {});
		await expect(
			runNode({
				parameters: {
					resource: 'member',
					operation: 'update',
					member: { __rl: true, mode: 'id', value: 'u1' },
					profileAnswers: { mappingMode: 'defineBelow', value: { q404: 'x' }, matchingColumns: [], schema: [] },
				},
			}),
		).rejects.toThrow('"Profile Answers" has an answer for "q404", which is not a profile question of this community');
		expect(patch.isDone()).toBe(false);
	});

	it('refuses an answer to a Location question', async () => {
		nock(API)
			.get('/userProfileQuestions')
			.reply(200, questions)
			.get('/userProfileQuestions/q2')
			.reply(200, { id: 'q2', title: 'Where are you?', type: 'Location' });
		await expect(
			runNode({
				parameters: {
					resource: 'member',
					operation: 'update',
					member: { __rl: true, mode: 'id', value: 'u1' },
					profileAnswers: { mappingMode: 'defineBelow', value: { q2: 'Paris' }, matchingColumns: [], schema: [] },
				},
			}),
		).rejects.toThrow('the API does not support answering Location questions');
	});

	it('refuses a bad enum and a bad URL, naming the field', async () => {
		await expect(
			runNode({
				parameters: {
					resource: 'member',
					operation: 'update',
					member: { __rl: true, mode: 'id', value: 'u1' },
					updateFields: { approvalStatus: 'maybe' },
				},
			}),
		).rejects.toThrow('"Approval Status" must be one of approved, pending, unapproved');
		await expect(
			runNode({
				parameters: {
					resource: 'member',
					operation: 'updateByEmail',
					email: 'a@example.com',
					updateFields: { linkedInUrl: 'linkedin/jane' },
				},
			}),
		).rejects.toThrow('"LinkedIn URL" must be a full URL');
	});

	it("surfaces the API's message for an invalid user id", async () => {
		nock(API).patch('/users/bad%20id').reply(400, { message: 'invalid userId' });
		await expect(
			runNode({
				parameters: {
					resource: 'member',
					operation: 'update',
					member: { __rl: true, mode: 'id', value: 'bad id' },
					updateFields: { bio: 'Hello' },
				},
			}),
		).rejects.toMatchObject({ message: 'invalid userId', httpCode: '400' });
	});
});

describe('Member: Delete', () => {
	it('deletes by email and says the removal is asynchronous', async () => {
		const scope = nock(API)
			.delete('/users', { email: 'gone@example.com' })
			.reply(202, { success: true, message: 'User deletion scheduled' });
		const out = await runNode({
			parameters: {
				resource: 'member',
				operation: 'delete',
				member: { __rl: true, mode: 'email', value: 'gone@example.com' },
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out[0].json).toMatchObject({ email: 'gone@example.com', success: true, removal: 'pending' });
	});

	it('deletes by id', async () => {
		const scope = nock(API).delete('/users', { userId: 'u5' }).reply(202, { success: true, message: 'ok' });
		await runNode({
			parameters: { resource: 'member', operation: 'delete', member: { __rl: true, mode: 'id', value: 'u5' } },
		});
		expect(scope.isDone()).toBe(true);
	});
});

describe('per item: pairedItem and Continue On Fail', () => {
	it('one failing item becomes an error item and the others still run', async () => {
		nock(API)
			.get('/users/u1')
			.reply(200, member(1))
			.get('/users/missing')
			.reply(404, { message: 'User not found' })
			.get('/users/u3')
			.reply(200, member(3));
		const out = await runNode({
			continueOnFail: true,
			items: [{ id: 'u1' }, { id: 'missing' }, { id: 'u3' }],
			parameters: { resource: 'member', operation: 'get', member: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
		});
		expect(out.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(out[0].json.userId).toBe('u1');
		expect(out[1].json).toEqual({ error: 'User not found' });
		expect(out[2].json.userId).toBe('u3');
	});

	it('a validation error under Continue On Fail is reported on its item without a request', async () => {
		const scope = nock(API).get('/users').query(true).reply(200, member(2));
		const out = await runNode({
			continueOnFail: true,
			items: [{ email: 'bad email' }, { email: 'ok@example.com' }],
			parameters: { resource: 'member', operation: 'getByEmail', email: '={{ $json.email }}' },
		});
		expect(scope.isDone()).toBe(true);
		expect(out[0].json.error).toContain('"Email" must be an email address');
		expect(out[1].json.userId).toBe('u2');
	});
});
