import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

/** Said when the base URL answers 2xx with something other than the API's page of events. */
export const NOT_THE_API =
	'The base URL does not look like the Community Platform API: it answered, but not with the API\'s list of events. Use the address of your community (for example https://community.example.com), not the address of n8n or of another site.';

/** Keys of the API's page envelope; `results.length` is there only when `results` is a list. */
const ENVELOPE_KEYS = ['size', 'pageNumber', 'pageSize', 'results.length'];

export class CommunityPlatformApi implements ICredentialType {
	name = 'communityPlatformApi';

	displayName = 'Community Platform API';

	documentationUrl = 'https://github.com/community-platform/n8n-nodes-community-platform#credentials';

	icon: Icon = {
		light: 'file:../nodes/CommunityPlatform/communityPlatform.svg',
		dark: 'file:../nodes/CommunityPlatform/communityPlatform.dark.svg',
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
			required: true,
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

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				'x-client-id': '={{$credentials.clientId}}',
				Authorization: '=Bearer {{$credentials.accessToken}}',
			},
		},
	};

	/**
	 * Reads one event, whose answer is the API's page envelope. n8n applies `responseCode`
	 * rules to an error answer, and `responseSuccessBody` rules to a 2xx answer, failing the
	 * test when the body's `key` equals `value`: a key missing from the body (an HTML page, some
	 * other JSON) reads as undefined, so any 2xx that is not the envelope fails.
	 */
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.trim().replace(/\\/+$/, "").replace(/\\/public-api\\/v1$/, "")}}',
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
