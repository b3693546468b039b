/**
 * What both test harnesses need to run the package's nodes in n8n-core's real execution
 * contexts: the test credentials, nock switched on per test file, and the additional data
 * n8n would pass (a credentials helper that applies the credential's own `authenticate` block).
 */
import type {
	ICredentialDataDecryptedObject,
	IHttpRequestOptions,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import nock from 'nock';

import { CommunityPlatformApi } from '../../credentials/CommunityPlatformApi.credentials';

export const BASE_URL = 'https://community.test';
export const API = `${BASE_URL}/public-api/v1`;
export const CREDENTIALS = {
	baseUrl: BASE_URL,
	clientId: 'client-123',
	accessToken: 'secret-token-abc123',
};

const credentialType = new CommunityPlatformApi();

// Jest runs several test files in one worker, each with its own copy of nock: a file must
// switch its copy on, and off again when done, or the next file's mocks are never seen.
// Outside jest (benchmarks) the harness runs against a real server and nock stays off.
if (typeof beforeAll === 'function') {
	beforeAll(() => {
		if (!nock.isActive()) nock.activate();
		nock.disableNetConnect();
	});
	afterEach(() => {
		nock.cleanAll();
	});
	afterAll(() => {
		nock.cleanAll();
		nock.restore();
	});
}

/**
 * Applies the credential's generic `authenticate` block the way n8n does: each value is an
 * expression over $credentials.
 */
function authenticate(credentials: ICredentialDataDecryptedObject, options: IHttpRequestOptions) {
	const headers = { ...(options.headers ?? {}) };
	for (const [name, template] of Object.entries(credentialType.authenticate.properties.headers ?? {})) {
		const text = String(template).replace(/^=/, '');
		headers[name] = text.replace(/\{\{\s*\$credentials\.(\w+)\s*\}\}/g, (_, key: string) => String(credentials[key]));
	}
	return { ...options, headers };
}

export function additionalData(credentials: ICredentialDataDecryptedObject): IWorkflowExecuteAdditionalData {
	const known: Record<string, unknown> = {
		credentialsHelper: {
			getParentTypes: () => [],
			isCredentialUsableByNode: () => true,
			getDecrypted: async () => credentials,
			authenticate: async (creds: ICredentialDataDecryptedObject, _type: string, options: IHttpRequestOptions) =>
				authenticate(creds, options),
			preAuthentication: async () => undefined,
			runPreAuthentication: async () => undefined,
		},
		ssrfBridge: {
			validateIp: () => ({ ok: true, result: undefined }),
			validateUrl: async () => ({ ok: true, result: undefined }),
			validateConnectionHost: () => ({ ok: true, result: undefined }),
			validateRedirectSync: () => undefined,
			createSecureLookup: () => undefined,
		},
		evalLlmMockHandler: undefined,
		hooks: undefined,
		executionId: 'test-execution',
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678/',
		variables: {},
		webhookBaseUrl: '',
		webhookTestBaseUrl: '',
		webhookWaitingBaseUrl: '',
		formWaitingBaseUrl: '',
		currentNodeParameters: undefined,
		userId: 'user',
	};
	return known as unknown as IWorkflowExecuteAdditionalData;
}

