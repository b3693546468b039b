import type { INodeProperties } from 'n8n-workflow';

export const simplify: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};

const COLLECTIONS = {
	filters: { displayName: 'Filters', placeholder: 'Add Filter' },
	options: { displayName: 'Options', placeholder: 'Add Option' },
	additionalFields: { displayName: 'Additional Fields', placeholder: 'Add Field' },
} as const;

/** An operation's optional fields: its Filters, Options or Additional Fields collection. */
export function collection(
	kind: keyof typeof COLLECTIONS,
	options: INodeProperties[],
	more: Partial<INodeProperties> = {},
): INodeProperties {
	return { ...COLLECTIONS[kind], name: kind, type: 'collection', default: {}, ...more, options };
}

/** A required email address field named `email`. */
export function emailField(description?: string, displayName = 'Email'): INodeProperties {
	return {
		displayName,
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		...(description ? { description } : {}),
	};
}
