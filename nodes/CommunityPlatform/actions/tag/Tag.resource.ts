import { defineResource } from '../operation';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as rename from './rename.operation';

export const tag = defineResource({
	resource: {
		name: 'Tag',
		value: 'tag',
		description: 'Tags shared by events, content, courses and forum posts',
	},
	default: 'getAll',
	operations: {
		create: {
			name: 'Create',
			description: 'Create a tag with a name that no active tag has',
			action: 'Create a tag',
			module: create,
		},
		delete: {
			name: 'Delete',
			description: 'Delete (archive) a tag; a tag in use needs a target tag that takes over its content',
			action: 'Delete a tag',
			module: del,
		},
		get: {
			name: 'Get',
			description: 'Get a tag by ID with its usage counts and whether it is in use',
			action: 'Get a tag',
			module: get,
		},
		getAll: {
			name: 'Get Many',
			description: 'List active tags, newest first, optionally those whose name contains a text',
			action: 'Get many tags',
			module: getAll,
		},
		rename: {
			name: 'Rename',
			description: 'Change the name of a tag',
			action: 'Rename a tag',
			module: rename,
		},
	},
});
