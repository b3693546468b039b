import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

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

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.trim().replace(/\\/+$/, "").replace(/\\/public-api\\/v1$/, "")}}',
			url: '/public-api/v1/userProfileQuestions',
			method: 'GET',
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
		],
	};
}
