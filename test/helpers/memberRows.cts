/**
 * Member → Create or Update Many (Batch) with each field taken from the row's json (email,
 * first, title, company): the parameters the node-level and the e2e tests both run it with.
 */
export const CREATE_OR_UPDATE_FROM_ROWS = {
	resource: 'member',
	operation: 'createOrUpdateMany',
	email: '={{ $json.email }}',
	firstName: '={{ $json.first }}',
	position: '={{ $json.title }}',
	company: '={{ $json.company }}',
};
