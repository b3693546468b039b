import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { searchPage } from './searchPage';

const EVENT_PAGE = 100;

function eventLabel(event: IDataObject): string {
	const day = typeof event.eventStartTime === 'string' ? event.eventStartTime.slice(0, 10) : '';
	const draft = event.eventStatus === 'Draft' ? ', draft' : '';
	return day || draft ? `${String(event.eventTitle)} (${day}${draft})` : String(event.eventTitle);
}

/** Events for the Event locator, searched by title on the API's side. */
export async function searchEvents(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const list = { path: '/events', qs: { title: (filter ?? '').trim() }, pageSize: EVENT_PAGE } as const;
	return await searchPage(this, list, paginationToken, (events) =>
		events.map((e) => ({
			name: eventLabel(e),
			value: String(e.eventId),
			url: typeof e.eventUrl === 'string' ? e.eventUrl : undefined,
		})),
	);
}
