import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { searchEvents } from '../search/events';

/** Events offered: the API's first pages of events (an expression reaches the rest). */
const EVENT_OPTION_PAGES = 5;

/**
 * Events for the Event Attendee Trigger's filter, newest pages first as the API lists them.
 * The trigger's loader, not the action node's: loadOptions.ts does not list it.
 */
export async function getFeedEvents(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const options: INodePropertyOptions[] = [];
	let token: string | undefined;
	for (let page = 0; page < EVENT_OPTION_PAGES; page++) {
		const found = await searchEvents.call(this, '', token);
		options.push(...found.results.map(({ name, value }) => ({ name, value: String(value) })));
		token = found.paginationToken as string | undefined;
		if (!token) break;
	}
	return options;
}
