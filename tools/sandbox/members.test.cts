/** Members: reads, email encoding, filters, creation, PATCH rules, updateProfileByEmail, deletion, questions. */
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

const activeMember = (pred: (m: Member) => boolean = () => true): Member => {
	const m = sandbox.store.activeMembers().find((x) => x.email && pred(x));
	if (!m) throw new Error('no such member in the seed');
	return m;
};
const question = (type: string) => sandbox.store.questions.find((q) => q.type === type && q.visibility !== 'Secret')!;

describe('GET /users/:userId', () => {
	it('answers the member object', async () => {
		const m = activeMember();
		const r = await api.get(`/users/${m.id}`);
		expect(r.status).toBe(200);
		expect(r.body).toMatchObject({ userId: m.id, userEmail: m.email, userFirstName: m.firstName, memberType: m.memberType });
		expect(Array.isArray(r.body.spaces)).toBe(true);
		expect(typeof r.body.questionnaire).toBe('object');
	});

	it('400 invalid userId, 404 User not found', async () => {
		expect((await api.get('/users/123')).body).toEqual({ message: 'invalid userId' });
		const r = await api.get('/users/0123456789abcdef01234567');
		expect(r.status).toBe(404);
		expect(r.body.message).toBe('User not found');
	});
});

describe('GET /users email lookup', () => {
	it('finds a plus-address when it is URL-encoded', async () => {
		const m = activeMember((x) => x.email!.includes('+'));
		const r = await api.get('/users', { email: m.email });
		expect(r.status).toBe(200);
		expect(r.body.userId).toBe(m.id);
		expect(r.body.results).toBeUndefined();
	});

	it('rejects an unencoded + (decoded as a space) with 400 invalid email', async () => {
		const m = activeMember((x) => x.email!.includes('+'));
		const r = await api.get(`/users?email=${m.email}`);
		expect(r.status).toBe(400);
		expect(r.body).toEqual({ message: 'invalid email' });
	});

	it('is case-insensitive and answers 404 for an unknown email', async () => {
		const m = activeMember();
		expect((await api.get('/users', { email: m.email!.toUpperCase() })).body.userId).toBe(m.id);
		const r = await api.get('/users', { email: 'nobody@nowhere.example' });
		expect(r.status).toBe(404);
		expect(r.body.message).toBe('User not found');
	});

	it('rejects an empty or malformed email', async () => {
		expect((await api.get('/users', { email: '' })).status).toBe(400);
		expect((await api.get('/users', { email: 'not-an-email' })).status).toBe(400);
	});
});

describe('GET /users filters', () => {
	it('filters by approvalStatus and memberType', async () => {
		const r = await api.get('/users', { approvalStatus: 'Pending', pageSize: 200 });
		expect(r.body.size).toBeGreaterThan(0);
		expect(r.body.results.every((m: Body) => m.approvalStatus === 'pending')).toBe(true);
		const g = await api.get('/users', { memberType: 'Guest', pageSize: 200 });
		expect(g.body.size).toBeGreaterThan(0);
		expect(g.body.results.every((m: Body) => m.memberType === 'Guest')).toBe(true);
	});

	it('filters by sign-up dates (inclusive) and sorts', async () => {
		const from = '2020-01-01';
		const now = new Date(sandbox.store.now());
		const to = new Date(now.getTime() - 90 * 86_400_000).toISOString().slice(0, 10);
		const r = await api.get('/users', { signedUpFromDate: from, signedUpToDate: to, sortBy: 'signUpAt', sortDirection: 'asc', pageSize: 200 });
		expect(r.status).toBe(200);
		const times = r.body.results.map((m: Body) => Date.parse(m.signUpAt));
		expect(times.every((t: number) => t <= Date.parse(`${to}T23:59:59.999Z`))).toBe(true);
		expect(times).toEqual([...times].sort((a, b) => a - b));
	});

	it.each([
		[{ approvalStatus: 'pending' }],
		[{ approvalStatus: 'Maybe' }],
		[{ memberType: 'Admin' }],
		[{ signedUpFromDate: '2024-13-01' }],
		[{ signedUpToDate: '01/02/2024' }],
		[{ sortBy: 'name' }],
		[{ sortDirection: 'up' }],
	])('400 for an invalid value %j', async (query) => {
		expect((await api.get('/users', query)).status).toBe(400);
	});
});

describe('POST /users', () => {
	const valid = { email: 'new.person@example.com', firstName: 'New', lastName: 'Person', position: 'Engineer', company: 'Acme' };

	it('creates a member', async () => {
		const r = await api.post('/users', { ...valid, spaces: ['Members'], linkedInUrl: 'https://www.linkedin.com/in/new' });
		expect(r.status).toBe(200);
		expect(r.body).toMatchObject({ userFirstName: 'New', userLastName: 'Person', userTitle: 'Engineer', userCompany: 'Acme', spaces: ['Members'], displayName: 'New Person' });
		expect(r.body.userId).toMatch(/^[0-9a-f]{24}$/);
		expect((await api.get(`/users/${r.body.userId}`)).body.userEmail).toBe(valid.email);
	});

	it('rejects a duplicate email', async () => {
		expect((await api.post('/users', valid)).status).toBe(400);
	});

	it.each([
		[{ ...valid, email: 'x@y' }],
		[{ ...valid, email: undefined }],
		[{ ...valid, firstName: '' }],
		[{ ...valid, position: undefined }],
		[{ ...valid, company: 'A' }],
		[{ ...valid, pictureUrl: 'not a url' }],
		[{ ...valid, spaces: ['No Such Space'] }],
		[{ ...valid, favouriteColour: 'blue' }],
	])('400 for %j', async (body) => {
		expect((await api.post('/users', { ...body, email: body.email === valid.email ? 'other.one@example.com' : body.email })).status).toBe(400);
	});
});

describe('PATCH /users/:userId', () => {
	it('400 for an empty body or no body', async () => {
		const m = activeMember();
		expect((await api.patch(`/users/${m.id}`, {})).status).toBe(400);
		expect((await api.call('PATCH', `/users/${m.id}`)).status).toBe(400);
	});

	it('400 listing unknown keys; userId in the body is unrecognised', async () => {
		const m = activeMember();
		const r = await api.patch(`/users/${m.id}`, { firstName: 'A', foo: 1, bar: 2 });
		expect(r.status).toBe(400);
		expect(r.body.message).toContain('foo');
		expect(r.body.message).toContain('bar');
		const u = await api.patch(`/users/${m.id}`, { userId: m.id, firstName: 'A' });
		expect(u.status).toBe(400);
		expect(u.body.message).toContain('userId');
	});

	it('400 invalid userId; 404 User not found for unknown and archived members', async () => {
		expect((await api.patch('/users/not-an-id', { firstName: 'A' })).body).toEqual({ message: 'invalid userId' });
		expect((await api.patch('/users/0123456789abcdef01234567', { firstName: 'A' })).body).toEqual({ message: 'User not found' });
		const archived = [...sandbox.store.members.values()].find((m) => m.archived)!;
		const r = await api.patch(`/users/${archived.id}`, { firstName: 'A' });
		expect(r.status).toBe(404);
		expect(r.body.message).toBe('User not found');
	});

	it('400 for answering a Location question', async () => {
		const m = activeMember();
		const r = await api.patch(`/users/${m.id}`, { [question('Location').id]: 'Berlin' });
		expect(r.status).toBe(400);
		expect(r.body.message).toMatch(/Location/);
	});

	it('updates fields and answers, normalising enums and multi-select', async () => {
		const m = activeMember((x) => x.memberType === 'Standard');
		const multi = question('Multi Select');
		const r = await api.patch(`/users/${m.id}`, { firstName: 'Grace', position: 'Admiral', memberType: 'guest', approvalStatus: 'PENDING', [multi.id]: 'ai, Cloud' });
		expect(r.status).toBe(200);
		expect(r.body.user).toMatchObject({ id: m.id, firstName: 'Grace', position: 'Admiral', memberType: 'Guest' });
		expect(r.body.user.approvalStatus.toLowerCase()).toBe('pending');
		expect(r.body.updatedQuestionAnswers).toEqual({ [multi.title]: 'AI;Cloud' });
		const read = await api.get(`/users/${m.id}`);
		expect(read.body).toMatchObject({ userFirstName: 'Grace', userTitle: 'Admiral', memberType: 'Guest', approvalStatus: 'pending' });
		expect(read.body.questionnaire[multi.title]).toBe('AI;Cloud');
	});

	it.each([
		['memberType', 'Admin'],
		['approvalStatus', 'maybe'],
		['pictureUrl', 'nope'],
		['firstName', 42],
	])('400 for %s = %j', async (key, value) => {
		expect((await api.patch(`/users/${activeMember().id}`, { [key]: value })).status).toBe(400);
	});

	it('400 for an answer outside a select question’s options', async () => {
		const single = sandbox.store.questions.find((q) => q.type === 'Single Select' && !q.withOtherOption)!;
		expect((await api.patch(`/users/${activeMember().id}`, { [single.id]: 'Forever' })).status).toBe(400);
	});
});

describe('POST /updateProfileByEmail', () => {
	it('updates by email', async () => {
		const m = activeMember((x) => x.email!.includes('+'));
		const r = await api.post('/updateProfileByEmail', { email: m.email, company: 'Initech', bio: 'Hello' });
		expect(r.status).toBe(200);
		expect(r.body.user).toMatchObject({ id: m.id, company: 'Initech', bio: 'Hello' });
	});

	it('404 for an unknown member, 400 with nothing to update or bad keys', async () => {
		expect((await api.post('/updateProfileByEmail', { email: 'ghost@example.com', company: 'X Co' })).status).toBe(404);
		expect((await api.post('/updateProfileByEmail', { email: activeMember().email })).status).toBe(400);
		expect((await api.post('/updateProfileByEmail', { email: activeMember().email, userId: 'x' })).status).toBe(400);
		expect((await api.post('/updateProfileByEmail', { company: 'X Co' })).status).toBe(400);
	});
});

describe('DELETE /users', () => {
	it('400 without email or userId, 400 for malformed values, 404 when nobody matches', async () => {
		expect((await api.del('/users', {})).status).toBe(400);
		expect((await api.del('/users')).status).toBe(400);
		expect((await api.del('/users', { email: 'bad' })).body).toEqual({ message: 'invalid email' });
		expect((await api.del('/users', { userId: 'bad' })).body).toEqual({ message: 'invalid userId' });
		expect((await api.del('/users', { email: 'ghost@example.com' })).status).toBe(404);
		expect((await api.del('/users', { userId: '0123456789abcdef01234567' })).status).toBe(404);
	});

	it('answers 202 and removes the member later (email wins over userId)', async () => {
		const m = activeMember();
		const other = activeMember((x) => x.id !== m.id);
		const r = await api.del('/users', { email: m.email, userId: other.id });
		expect(r.status).toBe(202);
		expect(r.body.success).toBe(true);
		expect(typeof r.body.message).toBe('string');
		expect((await api.get(`/users/${m.id}`)).status).toBe(200);
		sandbox.admin.advanceClock(5000);
		expect((await api.get(`/users/${m.id}`)).status).toBe(404);
		expect((await api.get(`/users/${other.id}`)).status).toBe(200);
	});

	it('refuses an archived member', async () => {
		const archived = [...sandbox.store.members.values()].find((m) => m.archived)!;
		expect((await api.del('/users', { userId: archived.id })).status).toBe(400);
	});
});

describe('profile questions', () => {
	it('lists questions and reads one; 404 for unknown', async () => {
		const list = await api.get('/userProfileQuestions');
		expect(list.body.length).toBe(sandbox.store.questions.length);
		expect(Object.keys(list.body[0]).sort()).toEqual(['id', 'inUserProfileForm', 'title']);
		const multi = question('Multi Select');
		const one = await api.get(`/userProfileQuestions/${multi.id}`);
		expect(one.body).toMatchObject({ id: multi.id, type: 'Multi Select', options: multi.options, minNumOfSelection: 1, maxNumOfSelection: 3 });
		expect((await api.get('/userProfileQuestions/0123456789abcdef01234567')).status).toBe(404);
	});
});
