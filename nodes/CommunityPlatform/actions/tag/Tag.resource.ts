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
			toolDescription:
				'Creates a tag named Name (case-sensitive) and returns it as one item. A name that an active tag already has fails with "A tag with this name already exists"; Tag Get Many with its Name filter finds that tag. One Medium request.',
			module: create,
		},
		delete: {
			name: 'Delete',
			description: 'Delete (archive) a tag; a tag in use needs a target tag that takes over its content',
			action: 'Delete a tag',
			toolDescription:
				'Deletes (archives) a Tag, by ID or from the list. A tag used by events, content, forum topics or pinned posts is refused unless Target Tag names another active tag to take all of that over (Tag Get says whether it is in use). An unknown tag fails with "No active tag has the ID …". One Medium request.',
			module: del,
		},
		get: {
			name: 'Get',
			description: 'Get a tag by ID with its usage counts and whether it is in use',
			action: 'Get a tag',
			toolDescription:
				'Returns one active tag (by ID or from the list) as one item, with its usage counts and whether it is in use. Check it before Delete: a tag in use needs a Target Tag. A deleted or unknown tag fails with "No active tag has the ID …". One Medium request.',
			module: get,
		},
		getAll: {
			name: 'Get Many',
			description: 'List active tags, newest first, optionally those whose name contains a text',
			action: 'Get many tags',
			toolDescription:
				"Lists active tags, newest first, one item per tag; the Name filter keeps those whose name contains the text, in any letter case. Use it to find a tag's ID by name. Set Limit, or Return All to page through every tag: one Medium request (about a second) per 200.",
			module: getAll,
		},
		rename: {
			name: 'Rename',
			description: 'Change the name of a tag',
			action: 'Rename a tag',
			toolDescription:
				'Gives one Tag (by ID or from the list) the name New Name (case-sensitive) and returns it as one item; the Name filter of Get Many may find it by its old name for a short while. Fails with "No active tag has the ID …" for an unknown tag, or when another active tag has the name. One Medium request.',
			module: rename,
		},
	},
});
