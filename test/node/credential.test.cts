import nock from 'nock';
import { ExecuteContext, RoutingNode } from 'n8n-core';
import type { ICredentialDataDecryptedObject, IHttpRequestOptions, INode, INodeType, IRunExecutionData } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { CommunityPlatformApi, INSECURE_BASE_URL, NOT_THE_API } from '../../credentials/CommunityPlatformApi.credentials';
import { normalizeBaseUrl } from '../../nodes/shared/transport/request';
import { CommunityPlatform } from '../../nodes/CommunityPlatform/CommunityPlatform.node';
import { API, BASE_URL, CREDENTIALS, runNode } from '../helpers/harness.cjs';
import { additionalData, nodeTypesFor } from '../helpers/n8nContext.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

/**
 * Runs the credential's test the way n8n's credentials tester does: the test request goes
 * through n8n-core's real RoutingNode (expressions, authentication, JSON or text parsing); an
 * error answer is matched against the `responseCode` rules, and a 2xx answer fails when the
 * first item's value at a `responseSuccessBody` rule's key equals the rule's value. The e2e
 * test (test/e2e/loaders-credential.e2e.test.cts) runs the same cases through n8n itself.
 */
async function testCredential(data: ICredentialDataDecryptedObject): Promise<{ status: 'OK' | 'Error'; message: string }> {
	const { test } = new CommunityPlatformApi();
	const nodeType: INodeType = {
		description: {
			displayName: 'Credential Test',
			name: 'credentialTest',
			group: [],
			version: 1,
			description: '',
			defaults: {},
			inputs: [],
			outputs: [],
			credentials: [{ name: 'communityPlatformApi', required: true }],
			properties: [{ displayName: 'Temp', name: 'temp', type: 'string', default: '', routing: { request: test.request } }],
		},
	};
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		type: 'credentialTest',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { communityPlatformApi: { id: '1', name: 'Community Platform account' } },
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: nodeTypesFor(nodeType) });
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData(data),
		'internal',
		{ resultData: { runData: {} } } as IRunExecutionData,
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	const rules = test.rules ?? [];
	let items;
	try {
		items = await new RoutingNode(context, nodeType, { id: '1', name: 'c', type: 'communityPlatformApi', data }).runNode();
	} catch (error) {
		const status = (error as { cause?: { response?: { status?: number } } }).cause?.response?.status;
		const rule = rules.find((r) => r.type === 'responseCode' && r.properties.value === status);
		return { status: 'Error', message: rule ? rule.properties.message : `HTTP ${status ?? '(no answer)'}` };
	}
	const body: unknown = items?.[0]?.[0]?.json;
	for (const rule of rules) {
		if (rule.type !== 'responseSuccessBody') continue;
		const value = String(rule.properties.key)
			.split('.')
			.reduce<unknown>((at, key) => (at === null || at === undefined ? undefined : (at as Record<string, unknown>)[key]), body);
		if (value === rule.properties.value) return { status: 'Error', message: rule.properties.message };
	}
	return { status: 'OK', message: 'Connection successful!' };
}

useVirtualClock();

describe('credential', () => {
	const credential = new CommunityPlatformApi();

	it('is the type the node asks for, with a password field for the token', () => {
		expect(credential.name).toBe('communityPlatformApi');
		expect(new CommunityPlatform().description.credentials).toEqual([{ name: 'communityPlatformApi', required: true }]);
		const token = credential.properties.find((p) => p.name === 'accessToken');
		expect(token?.typeOptions?.password).toBe(true);
		expect(credential.properties.map((p) => p.name)).toEqual(['baseUrl', 'insecureNotice', 'clientId', 'accessToken']);
	});

	it('authenticates with x-client-id and a Bearer token, without expressions (a poll must not need n8n\'s expression isolate)', async () => {
		expect(typeof credential.authenticate).toBe('function');
		const authenticate = credential.authenticate as (c: ICredentialDataDecryptedObject, o: IHttpRequestOptions) => Promise<IHttpRequestOptions>;
		const options = await authenticate(CREDENTIALS, { url: 'https://c.example.com/x', headers: { accept: 'application/json' } });
		expect(options).toEqual({
			url: 'https://c.example.com/x',
			headers: { accept: 'application/json', 'x-client-id': CREDENTIALS.clientId, Authorization: `Bearer ${String(CREDENTIALS.accessToken)}` },
		});
	});

	it('warns in the form when the base URL would send the token unencrypted to another machine', () => {
		const notice = credential.properties.find((p) => p.name === 'insecureNotice');
		expect(notice?.type).toBe('notice');
		expect(notice?.displayOptions?.show?.baseUrl).toEqual([{ _cnd: { regex: INSECURE_BASE_URL } }]);
		expect(credential.properties.find((p) => p.name === 'baseUrl')?.hint).toContain('unencrypted');
		const insecure = new RegExp(INSECURE_BASE_URL);
		for (const url of ['http://community.example.com', ' HTTP://community.example.com/', 'http://10.0.0.5:8080', 'http://localhost.example.com']) {
			expect([url, insecure.test(url)]).toEqual([url, true]);
		}
		for (const url of ['https://community.example.com', 'http://localhost', 'http://localhost:4010/', 'http://127.0.0.1:4010', 'http://[::1]:4010', '']) {
			expect([url, insecure.test(url)]).toEqual([url, false]);
		}
	});

	describe('the Test button (n8n\'s test rules, evaluated over real requests)', () => {
		const envelope = { size: 1, pageNumber: 1, pageSize: 1, results: [{ eventId: 'e1', title: 'Launch' }] };

		it('succeeds on the API\'s page of one event, asked with the credential\'s headers', async () => {
			const scope = nock(API, { reqheaders: { 'x-client-id': 'client-123', authorization: 'Bearer secret-token-abc123' } })
				.get('/events')
				.query({ pageNum: '1', pageSize: '1' })
				.reply(200, envelope);
			expect(await testCredential(CREDENTIALS)).toEqual({ status: 'OK', message: 'Connection successful!' });
			expect(scope.isDone()).toBe(true);
		});

		it('succeeds on an empty page too (a community with no events yet)', async () => {
			nock(API).get('/events').query(true).reply(200, { size: 0, pageNumber: 1, pageSize: 1, results: [] });
			expect((await testCredential(CREDENTIALS)).status).toBe('OK');
		});

		// Each host answers 200 on any path, as the n8n editor and most web sites do.
		it.each([
			['an HTML page (a web site, the n8n editor)', '<!DOCTYPE html><html><head><title>n8n.io - Workflow Automation</title></head><body></body></html>', { 'content-type': 'text/html; charset=utf-8' }],
			['JSON of another application', { data: [{ id: 'wf1', name: 'My workflow' }], nextCursor: null }, {}],
			['a bare list (no envelope)', [{ id: 'q1', title: 'Favourite tool?', inUserProfileForm: true }], {}],
			['an envelope-like object whose results is not a list', { size: 1, pageNumber: 1, pageSize: 1, results: {} }, {}],
			['an empty JSON object', {}, {}],
			['an empty answer', '', {}],
		])('fails on %s, saying the base URL is not the API', async (_what, body, headers) => {
			nock(BASE_URL).get(() => true).reply(200, body, headers);
			expect(await testCredential(CREDENTIALS)).toEqual({ status: 'Error', message: NOT_THE_API });
		});

		it('keeps the 401 and 404 explanations', async () => {
			// n8n sends a request answered 401 once more (its credential refresh), as in the real tester.
			nock(API).get('/events').query(true).times(2).reply(401, { message: 'Unauthorized' });
			expect((await testCredential(CREDENTIALS)).message).toContain('client ID or access token was refused (401)');
			nock(API).get('/events').query(true).reply(404, 'Not Found');
			expect((await testCredential(CREDENTIALS)).message).toContain('No Community Platform API at this base URL (404)');
		});
	});

	it('the test base URL expression strips a trailing slash and a pasted /public-api/v1', () => {
		// The expression body is plain JavaScript over $credentials; evaluate it the way n8n would.
		const body = String(credential.test.request.baseURL).replace(/^=\{\{/, '').replace(/\}\}$/, '');
		const evaluate = new Function('$credentials', `return ${body};`) as (c: object) => string;
		expect(evaluate({ baseUrl: 'https://c.example.com/' })).toBe('https://c.example.com');
		expect(evaluate({ baseUrl: ' https://c.example.com/public-api/v1/ ' })).toBe('https://c.example.com');
		// One rule for the test and the node, whatever the case of a pasted path.
		for (const baseUrl of ['https://c.example.com/Public-API/V1', ' https://c.example.com/public-api/v1// ', 'https://c.example.com/public-api']) {
			expect([baseUrl, evaluate({ baseUrl })]).toEqual([baseUrl, normalizeBaseUrl(baseUrl)]);
		}
		expect(evaluate({ baseUrl: 'https://c.example.com/PUBLIC-API/v1' })).toBe('https://c.example.com');
	});

	describe('base URL as users paste it', () => {
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
