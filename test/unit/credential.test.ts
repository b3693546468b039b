import nock from 'nock';

import { CommunityPlatformApi } from '../../credentials/CommunityPlatformApi.credentials';
import { CommunityPlatform } from '../../nodes/CommunityPlatform/CommunityPlatform.node';
import { API, runNode } from '../helpers/harness';
import { installVirtualClock } from '../helpers/virtualClock';

describe('credential', () => {
	const credential = new CommunityPlatformApi();

	it('is the type the node asks for, with a password field for the token', () => {
		expect(credential.name).toBe('communityPlatformApi');
		expect(new CommunityPlatform().description.credentials).toEqual([{ name: 'communityPlatformApi', required: true }]);
		const token = credential.properties.find((p) => p.name === 'accessToken');
		expect(token?.typeOptions?.password).toBe(true);
		expect(credential.properties.map((p) => p.name)).toEqual(['baseUrl', 'clientId', 'accessToken']);
	});

	it('authenticates with x-client-id and a Bearer token', () => {
		expect(credential.authenticate).toEqual({
			type: 'generic',
			properties: {
				headers: {
					'x-client-id': '={{$credentials.clientId}}',
					Authorization: '=Bearer {{$credentials.accessToken}}',
				},
			},
		});
	});

	it('tests against a cheap endpoint and explains a 401', () => {
		expect(credential.test.request.url).toBe('/public-api/v1/userProfileQuestions');
		const rule = credential.test.rules?.find((r) => r.type === 'responseCode' && r.properties.value === 401);
		expect(rule?.properties.message).toContain('client ID or access token was refused');
	});

	it('the test base URL expression strips a trailing slash and a pasted /public-api/v1', () => {
		// The expression body is plain JavaScript over $credentials; evaluate it the way n8n would.
		const body = String(credential.test.request.baseURL).replace(/^=\{\{/, '').replace(/\}\}$/, '');
		const evaluate = new Function('$credentials', `return ${body};`) as (c: object) => string;
		expect(evaluate({ baseUrl: 'https://c.example.com/' })).toBe('https://c.example.com');
		expect(evaluate({ baseUrl: ' https://c.example.com/public-api/v1/ ' })).toBe('https://c.example.com');
	});

	describe('base URL as users paste it', () => {
		let clock: ReturnType<typeof installVirtualClock>;
		beforeEach(() => {
			clock = installVirtualClock();
		});
		afterEach(() => {
			clock.restore();
			nock.cleanAll();
		});

		it('works with a trailing slash or the API prefix included', async () => {
			for (const baseUrl of ['https://community.test/', 'https://community.test/public-api/v1']) {
				const scope = nock(API).get('/users/u1').reply(200, { userId: 'u1' });
				await runNode({
					credentials: { baseUrl, clientId: 'c', accessToken: 'tok-123456' },
					parameters: { resource: 'member', operation: 'get', member: { __rl: true, mode: 'id', value: 'u1' } },
				});
				expect(scope.isDone()).toBe(true);
			}
		});
	});
});
