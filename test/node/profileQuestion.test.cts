import nock from 'nock';

import { getProfileQuestions, getSpaces } from '../../nodes/CommunityPlatform/methods/loadOptions';
import { searchMembers, searchProfileQuestions } from '../../nodes/CommunityPlatform/methods/listSearch';
import { getProfileAnswerFields } from '../../nodes/CommunityPlatform/methods/resourceMapping';
import { API, loadOptionsContext, runNode } from '../helpers/harness.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

const LIST = [
	{ id: 'q1', title: 'Favourite tool?', inUserProfileForm: true },
	{ id: 'q2', title: 'Where are you based?', inUserProfileForm: true },
	{ id: 'q3', title: 'Team size', inUserProfileForm: false },
	{ id: 'q4', title: 'Website', inUserProfileForm: true },
];

useVirtualClock();

describe('Profile Question', () => {
	it('Get Many returns every question with Return All', async () => {
		nock(API).get('/userProfileQuestions').reply(200, LIST);
		const out = await runNode({ parameters: { resource: 'profileQuestion', operation: 'getAll', returnAll: true } });
		expect(out.map((item) => item.json.id)).toEqual(['q1', 'q2', 'q3', 'q4']);
	});

	it('Get Many applies the limit to the unpaged list', async () => {
		nock(API).get('/userProfileQuestions').reply(200, LIST);
		const out = await runNode({ parameters: { resource: 'profileQuestion', operation: 'getAll', limit: 2 } });
		expect(out.map((item) => item.json.title)).toEqual(['Favourite tool?', 'Where are you based?']);
	});

	it('Get reads one question by id', async () => {
		const detail = { id: 'q1', title: 'Favourite tool?', type: 'Single Select', options: ['n8n', 'Zapier'], required: false };
		nock(API).get('/userProfileQuestions/q1').reply(200, detail);
		const out = await runNode({
			parameters: { resource: 'profileQuestion', operation: 'get', question: { __rl: true, mode: 'id', value: 'q1' } },
		});
		expect(out[0].json).toEqual(detail);
	});

	it('Get says which question was not found', async () => {
		nock(API).get('/userProfileQuestions/q9').reply(404, { message: 'Question not found' });
		await expect(
			runNode({
				parameters: { resource: 'profileQuestion', operation: 'get', question: { __rl: true, mode: 'id', value: 'q9' } },
			}),
		).rejects.toMatchObject({ message: 'Question not found', description: 'No profile question has the ID "q9"' });
	});

	it('Get refuses an empty question before sending', async () => {
		await expect(
			runNode({
				parameters: { resource: 'profileQuestion', operation: 'get', question: { __rl: true, mode: 'id', value: '' } },
			}),
		).rejects.toThrow('"Profile Question" is empty');
	});
});

describe('loaders', () => {
	it('the profile answer mapper has one field per question, typed from it, without Location', async () => {
		nock(API)
			.get('/userProfileQuestions')
			.reply(200, LIST)
			.get('/userProfileQuestions/q1')
			.reply(200, { ...LIST[0], type: 'Single Select', options: ['n8n', 'Zapier'], withOtherOption: false })
			.get('/userProfileQuestions/q2')
			.reply(200, { ...LIST[1], type: 'Location' })
			.get('/userProfileQuestions/q3')
			.reply(200, { ...LIST[2], type: 'Multi Select', options: ['1-10', '11-50'] })
			.get('/userProfileQuestions/q4')
			.reply(200, { ...LIST[3], type: 'URL' });
		const { fields } = await getProfileAnswerFields.call(loadOptionsContext());
		expect(fields.map((f) => [f.id, f.type])).toEqual([
			['q1', 'options'],
			['q3', 'string'],
			['q4', 'url'],
		]);
		expect(fields[0].options).toEqual([
			{ name: 'n8n', value: 'n8n' },
			{ name: 'Zapier', value: 'Zapier' },
		]);
		expect(fields[1].displayName).toBe('Team size (one or more of: 1-10; 11-50)');
		expect(fields.every((f) => f.required === false)).toBe(true);
	});

	it('a select that allows Other stays free text, its label naming the choices', async () => {
		nock(API)
			.get('/userProfileQuestions')
			.reply(200, [LIST[0], LIST[2]])
			.get('/userProfileQuestions/q1')
			.reply(200, { ...LIST[0], type: 'Single Select', options: ['n8n', 'Zapier'], withOtherOption: true })
			.get('/userProfileQuestions/q3')
			.reply(200, { ...LIST[2], type: 'Multi Select', options: ['1-10', '11-50'], withOtherOption: true });
		const { fields } = await getProfileAnswerFields.call(loadOptionsContext());
		expect(fields.map((f) => f.type)).toEqual(['string', 'string']);
		expect(fields[0].displayName).toBe(`${LIST[0].title} (one of: n8n; Zapier; or any other answer)`);
		expect(fields[1].displayName).toBe('Team size (one or more of: 1-10; 11-50; or any other answer)');
	});

	it('spaces load by name, sorted', async () => {
		nock(API)
			.get('/spaces')
			.reply(200, [{ name: 'Zebra' }, { name: 'Alpha', description: 'First' }]);
		expect(await getSpaces.call(loadOptionsContext())).toEqual([
			{ name: 'Alpha', value: 'Alpha', description: 'First' },
			{ name: 'Zebra', value: 'Zebra', description: undefined },
		]);
	});

	it('profile questions load as options', async () => {
		nock(API).get('/userProfileQuestions').reply(200, LIST.slice(0, 1));
		expect(await getProfileQuestions.call(loadOptionsContext())).toEqual([{ name: 'Favourite tool?', value: 'q1' }]);
	});

	it('profile question search filters by title', async () => {
		nock(API).get('/userProfileQuestions').reply(200, LIST);
		const { results } = await searchProfileQuestions.call(loadOptionsContext(), 'TEAM');
		expect(results).toEqual([{ name: 'Team size', value: 'q3' }]);
	});

	it('member search pages through members and filters by name or email', async () => {
		const members = Array.from({ length: 100 }, (_, i) => ({
			userId: `u${i}`,
			displayName: i === 42 ? 'Ada Lovelace' : `Member ${i}`,
			userEmail: `m${i}@example.com`,
		}));
		nock(API).get('/users').query({ pageNum: '1', pageSize: '100' }).reply(200, { results: members });
		const first = await searchMembers.call(loadOptionsContext(), 'lovelace');
		expect(first).toEqual({ results: [{ name: 'Ada Lovelace (m42@example.com)', value: 'u42' }], paginationToken: '2' });
		nock(API).get('/users').query({ pageNum: '2', pageSize: '100' }).reply(200, { results: [] });
		const second = await searchMembers.call(loadOptionsContext(), 'lovelace', '2');
		expect(second).toEqual({ results: [], paginationToken: undefined });
	});

	it('member search by email looks the member up directly; an unknown email finds nothing', async () => {
		nock(API)
			.get('/users')
			.query({ email: 'ada@example.com' })
			.reply(200, { userId: 'u1', displayName: 'Ada', userEmail: 'ada@example.com' })
			.get('/users')
			.query({ email: 'nobody@example.com' })
			.reply(404, { message: 'User not found' });
		expect((await searchMembers.call(loadOptionsContext(), 'ada@example.com')).results).toEqual([
			{ name: 'Ada (ada@example.com)', value: 'u1' },
		]);
		expect((await searchMembers.call(loadOptionsContext(), 'nobody@example.com')).results).toEqual([]);
	});
});
