import type {
	ICredentialDataDecryptedObject,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

/** Said when the base URL answers 2xx with something other than the API's page of events. */
export const NOT_THE_API =
	'The base URL does not look like the Community Platform API: it answered, but not with the API\'s list of events. Use the address of your community (for example https://community.example.com), not the address of n8n or of another site.';

/**
 * The base URL rule, one for the credential test and the node: surrounding spaces, trailing
 * slashes and a pasted /public-api/v1 (any case) are removed.
 */
export const TRAILING_SLASHES = /\/+$/;
export const PASTED_API_PATH = /\/public-api\/v1$/i;

/**
 * A base URL whose requests would carry the token unencrypted: http:// to a host other than
 * this machine. The credential form shows a warning for it (a display condition's regex).
 */
export const INSECURE_BASE_URL = '^\\s*[hH][tT][tT][pP]://(?!(localhost|127\\.[0-9.]+|\\[::1\\])(:[0-9]+)?(/|$))';

/** Keys of the API's page envelope; `results.length` is there only when `results` is a list. */
const ENVELOPE_KEYS = ['size', 'pageNumber', 'pageSize', 'results.length'];

export class CommunityPlatformApi implements ICredentialType {
	name = 'communityPlatformApi';

	displayName = 'Community Platform API';

	documentationUrl = 'https://github.com/community-platform/n8n-nodes-community-platform#credentials';

	icon: Icon = {
		light: 'file:../nodes/shared/communityPlatform.svg',
		dark: 'file:../nodes/shared/communityPlatform.dark.svg',
	};

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			placeholder: 'https://community.example.com',
			description:
				'Address of your community, without the /public-api/v1 path (it is added for you)',
			hint: 'Use https://. Over http:// the access token travels unencrypted; only a local address (localhost, 127.0.0.1) is safe that way.',
			required: true,
		},
		{
			displayName:
				'This base URL uses http:// to another machine: every request would send the access token unencrypted. Use https://.',
			name: 'insecureNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { baseUrl: [{ _cnd: { regex: INSECURE_BASE_URL } }] } },
		},
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			description: 'Sent as the x-client-id header',
			required: true,
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Sent as a Bearer token in the Authorization header',
			required: true,
		},
	];

	/**
	 * Adds the two headers. A function rather than n8n's generic `={{…}}` headers: those are
	 * expressions, which n8n evaluates in the workflow's expression isolate on every request, and
	 * a poll must not need that isolate after it has started (see feeds/overlap.ts).
	 */
	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		return {
			...requestOptions,
			headers: {
				...requestOptions.headers,
				'x-client-id': String(credentials.clientId ?? ''),
				Authorization: `Bearer ${String(credentials.accessToken ?? '')}`,
			},
		};
	}

	/**
	 * Reads one event, whose answer is the API's page envelope. n8n applies `responseCode`
	 * rules to an error answer, and `responseSuccessBody` rules to a 2xx answer, failing the
	 * test when the body's `key` equals `value`: a key missing from the body (an HTML page, some
	 * other JSON) reads as undefined, so any 2xx that is not the envelope fails.
	 */
	test: ICredentialTestRequest = {
		request: {
			baseURL: `={{$credentials.baseUrl.trim().replace(${String(TRAILING_SLASHES)}, "").replace(${String(PASTED_API_PATH)}, "")}}`,
			url: '/public-api/v1/events',
			method: 'GET',
			qs: { pageNum: 1, pageSize: 1 },
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'The client ID or access token was refused (401). Copy both again from your community admin settings.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'No Community Platform API at this base URL (404). Use the address of your community, for example https://community.example.com.',
				},
			},
			...ENVELOPE_KEYS.map((key) => ({
				type: 'responseSuccessBody' as const,
				properties: { key, value: undefined, message: NOT_THE_API },
			})),
		] as ICredentialTestRequest['rules'],
	};
}
