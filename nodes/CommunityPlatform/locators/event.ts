import type { IDataObject, IExecuteFunctions, INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { locatorHints } from '../../shared/builderHints';
import { failParameters } from '../../shared/parameters/read';
import type { Page } from '../../shared/transport/paginate';
import { clipQuoted } from '../../shared/transport/quote';
import type { ApiContext } from '../../shared/transport/request';
import { apiRequest, pathOf } from '../../shared/transport/request';
import { oncePerExecution } from './perExecution';
import { locatorValue } from './value';

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
	builderHint: locatorHints.event,
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

/** The event a locator points at: by id (From List, By ID) or by the slug in its URL (By URL). */
export type EventRef = { eventId: string; slug?: undefined; url?: undefined } | { slug: string; url: string; eventId?: undefined };

/**
 * The slug in an event's URL: the path segment after the last `events`, as in
 * `/home/events/<slug>` and `/home/clubs/<club>/events/<slug>`. Undefined when there is none.
 */
export function slugFromEventUrl(text: string): string | undefined {
	let url: URL;
	try {
		url = new URL(text.trim());
	} catch {
		return undefined;
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
	const segments = url.pathname.split('/').filter(Boolean);
	const at = segments.lastIndexOf('events');
	if (at < 0 || at === segments.length - 1) return undefined;
	try {
		return decodeURIComponent(segments[at + 1]);
	} catch {
		return undefined;
	}
}

/** Reads an event locator parameter; an empty value or a URL without a slug is refused here. */
export function readEventRef(
	ctx: ApiContext,
	locator: INodeParameterResourceLocator | string | undefined,
	itemIndex: number,
	label = 'Event',
): EventRef {
	const { mode, value } = locatorValue(locator);
	if (!value) {
		failParameters(ctx.getNode(), [`"${label}" is empty: pick an event from the list, or enter its ID or URL`], itemIndex);
	}
	if (mode !== 'url') return { eventId: value };
	const slug = slugFromEventUrl(value);
	if (!slug) {
		failParameters(
			ctx.getNode(),
			[
				`"${label}" must be the event's address, such as https://community.example.com/home/events/launch-party (got "${value}")`,
			],
			itemIndex,
		);
	}
	return { slug, url: value };
}

const SCAN_PAGE_SIZE = 200;

/**
 * The API reads events by id only; a slug is found by paging through GET /events (200 a page)
 * until an event carries it.
 */
async function findEventBySlug(this: ApiContext, ref: { slug: string; url: string }, itemIndex?: number) {
	for (let pageNum = 1; ; pageNum++) {
		const page = (await apiRequest.call(this, {
			method: 'GET',
			path: '/events',
			qs: { pageNum, pageSize: SCAN_PAGE_SIZE },
			itemIndex,
			expect: { shape: 'page' },
		})) as Page;
		const event = page.results.find((e) => e.eventSlug === ref.slug);
		if (event) return event;
		if (page.results.length < SCAN_PAGE_SIZE) break;
	}
	throw new NodeOperationError(this.getNode(), clipQuoted(`No event has the slug "${ref.slug}" (from the URL "${ref.url}")`), {
		itemIndex,
		description: "Check the URL (open the event in the community and copy its address), or choose the event From List or By ID.",
	});
}

async function getEventById(this: ApiContext, eventId: string, itemIndex?: number): Promise<IDataObject> {
	return (await apiRequest.call(this, {
		method: 'GET',
		path: pathOf`/events/${{ Event: eventId }}`,
		itemIndex,
		notFound: `No event has the ID "${eventId}"`,
	})) as IDataObject;
}

/** The full event record: GET /events/:id, or for a URL the event found by its slug. */
export async function getEvent(this: ApiContext, ref: EventRef, itemIndex?: number): Promise<IDataObject> {
	if (ref.eventId !== undefined) {
		const { eventId } = ref;
		return await oncePerExecution(this, `event:id:${eventId}`, () => getEventById.call(this, eventId, itemIndex));
	}
	return await oncePerExecution(this, `event:slug:${ref.slug}`, () => findEventBySlug.call(this, ref, itemIndex));
}

/** The event id the attendee and invitee endpoints need; no request unless the locator is a URL. */
export async function eventIdOf(this: ApiContext, ref: EventRef, itemIndex?: number): Promise<string> {
	if (ref.eventId !== undefined) return ref.eventId;
	return String((await getEvent.call(this, ref, itemIndex)).eventId);
}

/** The slug registration needs; no request when the locator is a URL. */
export async function eventSlugOf(this: ApiContext, ref: EventRef, itemIndex?: number): Promise<string> {
	if (ref.slug !== undefined) return ref.slug;
	const event = await getEvent.call(this, ref, itemIndex);
	if (typeof event.eventSlug !== 'string' || !event.eventSlug) {
		throw new NodeOperationError(this.getNode(), clipQuoted(`The event "${ref.eventId}" has no slug, so nobody can register for it through the API`), {
			itemIndex,
		});
	}
	return event.eventSlug;
}

/** Reads the Event locator of an item. */
export function eventRef(ctx: IExecuteFunctions, itemIndex: number): EventRef {
	return readEventRef(
		ctx,
		ctx.getNodeParameter(eventLocator.name, itemIndex) as INodeParameterResourceLocator,
		itemIndex,
		eventLocator.displayName,
	);
}
