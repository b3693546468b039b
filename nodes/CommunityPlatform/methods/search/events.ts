import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type { Page } from '../../transport/paginate';
import { apiRequest } from '../../transport/request';

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
	const pageNum = Number(paginationToken ?? 1);
	const page = (await apiRequest.call(this, {
		method: 'GET',
		path: '/events',
		qs: { title: (filter ?? '').trim(), pageNum, pageSize: EVENT_PAGE },
	})) as Page;
	const events = page.results ?? [];
	return {
		results: events.map((e) => ({
			name: eventLabel(e),
			value: String(e.eventId),
			url: typeof e.eventUrl === 'string' ? e.eventUrl : undefined,
		})),
		paginationToken: events.length === EVENT_PAGE ? String(pageNum + 1) : undefined,
	};
}
