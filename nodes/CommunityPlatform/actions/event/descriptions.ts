import type { IExecuteFunctions, INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';

import type { EventRef } from '../../helpers/events';
import { readEventRef } from '../../helpers/events';

/**
 * The event to act on: From List (searchable by title), By ID, or By URL. A URL carries the
 * event's slug; each operation resolves the id or slug its endpoint needs.
 */
export const eventLocator: INodeProperties = {
	displayName: 'Event',
	name: 'event',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The event, picked from the list (searchable by title), by its ID, or by its address in the community',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select an event...',
			typeOptions: { searchListMethod: 'searchEvents', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 65a1f0c2e4b0a1b2c3d4e5f6',
		},
		{
			displayName: 'By URL',
			name: 'url',
			type: 'string',
			placeholder: 'e.g. https://community.example.com/home/events/launch-party',
			validation: [
				{
					type: 'regex',
					properties: {
						regex: '^https?://[^\\s/]+/(?:[^\\s?#]*/)?events/[^\\s/?#]+.*$',
						errorMessage: 'Not an event address: it should contain /events/<event-slug>',
					},
				},
			],
		},
	],
};

/** Reads the Event parameter of an item. */
export function eventRef(ctx: IExecuteFunctions, itemIndex: number): EventRef {
	return readEventRef(ctx, ctx.getNodeParameter('event', itemIndex) as INodeParameterResourceLocator, itemIndex);
}
