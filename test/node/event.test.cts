import nock from 'nock';

import { slugFromEventUrl } from '../../nodes/CommunityPlatform/locators/event';
import { searchEvents } from '../../nodes/shared/search/events';
import { tierOf } from '../../nodes/shared/transport/tiers';
import { API, loadOptionsContext, page, runNode } from '../helpers/harness.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

const event = (n: number, extra: object = {}) => ({
	eventId: `e${n}`,
	eventTitle: `Event ${n}`,
	eventType: 'Livestream',
	eventTimezone: 'Europe/Paris',
	eventStartTime: '2026-03-01T17:00:00.000Z',
	eventEndTime: '2026-03-01T18:00:00.000Z',
	eventCreatedTime: '2026-01-01T09:00:00.000Z',
	eventCreatedFrom: 'CommunityDashboard',
	eventSlug: `event-${n}`,
	eventUrl: `https://community.example.com/home/events/event-${n}`,
	eventStatus: 'Published',
	eventCoverUrl: 'https://cdn.example.com/cover.png',
	eventTag: ['Design'],
	eventLocation: '',
	access: 'All Members',
	spaces: [],
	ownership: 'Community',
	unlisted: false,
	...extra,
});

useVirtualClock();

describe('Event: Get Many', () => {
	it('sends every filter in the API’s form and simplifies the events', async () => {
		const scope = nock(API)
			.get('/events')
			.query({
				pageNum: '1',
				pageSize: '2',
				title: 'launch',
				startDate: '2026-03-01',
				endDate: '2026-03-31',
				status: 'Draft',
				access: 'Selected Spaces Only',
				unlisted: 'true',
			})
			.reply(200, page([event(1), event(2)], 1, 2));
		const out = await runNode({
			parameters: {
				resource: 'event',
				operation: 'getAll',
				limit: 2,
				filters: {
					title: ' launch ',
					startDate: '2026-03-01T00:00:00',
					endDate: '2026-03-31',
					status: 'Draft',
					access: 'Selected Spaces Only',
					unlisted: true,
				},
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out).toHaveLength(2);
		expect(out[0].json).toEqual({
			eventId: 'e1',
			eventTitle: 'Event 1',
			eventType: 'Livestream',
			eventStartTime: '2026-03-01T17:00:00.000Z',
			eventEndTime: '2026-03-01T18:00:00.000Z',
			eventTimezone: 'Europe/Paris',
			eventSlug: 'event-1',
			eventUrl: 'https://community.example.com/home/events/event-1',
			eventStatus: 'Published',
			access: 'All Members',
			unlisted: false,
			ownership: 'Community',
		});
		expect(out[1].pairedItem).toEqual({ item: 0 });
	});

	it('sends unlisted=false when the filter is added and left off', async () => {
		const scope = nock(API)
			.get('/events')
			.query({ pageNum: '1', pageSize: '50', unlisted: 'false' })
			.reply(200, page([event(1)], 1, 50));
		await runNode({ parameters: { resource: 'event', operation: 'getAll', filters: { unlisted: false } } });
		expect(scope.isDone()).toBe(true);
	});

	it('Return All pages by 200 and returns raw events with Simplify off', async () => {
		const all = Array.from({ length: 201 }, (_, i) => event(i));
		const scope = nock(API)
			.get('/events')
			.query({ pageNum: '1', pageSize: '200' })
			.reply(200, page(all.slice(0, 200), 1, 200))
			.get('/events')
			.query({ pageNum: '2', pageSize: '200' })
			.reply(200, page(all.slice(200), 2, 200));
		const out = await runNode({
			parameters: { resource: 'event', operation: 'getAll', returnAll: true, simplify: false },
		});
		expect(scope.isDone()).toBe(true);
		expect(out).toHaveLength(201);
		expect(out[200].json.eventCoverUrl).toBe('https://cdn.example.com/cover.png');
	});

	it.each([
		[{ status: 'published' }, '"Status" must be one of Draft, Published (got "published")'],
		[{ access: 'Members' }, '"Access" must be one of All Members, Public, Selected Spaces Only'],
		[{ startDate: '01/03/2026' }, '"Start Date" must be a date in the form YYYY-MM-DD'],
		[{ startDate: '2026-04-01', endDate: '2026-03-01' }, '"Start Date" is after "End Date"'],
		[{ unlisted: 'yes' }, '"Unlisted" must be true or false'],
	])('refuses %j before sending: %s', async (filters, message) => {
		const scope = nock(API).get('/events').query(true).reply(200, page([], 1, 50));
		await expect(runNode({ parameters: { resource: 'event', operation: 'getAll', filters } })).rejects.toThrow(message);
		expect(scope.isDone()).toBe(false);
	});
});

describe('Event: Get', () => {
	it('reads an event by id (Simplify on)', async () => {
		const scope = nock(API).get('/events/e7').reply(200, event(7));
		const out = await runNode({
			parameters: { resource: 'event', operation: 'get', event: { __rl: true, mode: 'id', value: 'e7' } },
		});
		expect(scope.isDone()).toBe(true);
		expect(out).toHaveLength(1);
		expect(out[0].json.eventId).toBe('e7');
		expect(out[0].json.eventCoverUrl).toBeUndefined();
	});

	it('finds an event by its URL: the slug of a club event, paging through the events', async () => {
		const first = Array.from({ length: 200 }, (_, i) => event(i + 100));
		const wanted = event(3, {
			eventSlug: 'design-meetup',
			eventUrl: 'https://community.example.com/home/clubs/design/events/design-meetup',
		});
		const scope = nock(API)
			.get('/events')
			.query({ pageNum: '1', pageSize: '200' })
			.reply(200, page(first, 1, 200))
			.get('/events')
			.query({ pageNum: '2', pageSize: '200' })
			.reply(200, page([event(1), wanted], 2, 200));
		const out = await runNode({
			parameters: {
				resource: 'event',
				operation: 'get',
				simplify: false,
				event: { __rl: true, mode: 'url', value: 'https://community.example.com/home/clubs/design/events/design-meetup?ref=mail' },
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out[0].json).toEqual(wanted);
	});

	it('says no event has the slug when the URL matches nothing', async () => {
		nock(API).get('/events').query({ pageNum: '1', pageSize: '200' }).reply(200, page([event(1)], 1, 200));
		await expect(
			runNode({
				parameters: {
					resource: 'event',
					operation: 'get',
					event: { __rl: true, mode: 'url', value: 'https://community.example.com/home/events/gone' },
				},
			}),
		).rejects.toThrow('No event has the slug "gone" (from the URL "https://community.example.com/home/events/gone")');
	});

	it('refuses a URL without an event slug, and an empty event, before sending', async () => {
		await expect(
			runNode({
				parameters: {
					resource: 'event',
					operation: 'get',
					event: { __rl: true, mode: 'url', value: 'https://community.example.com/home/videos/intro' },
				},
			}),
		).rejects.toThrow('"Event" must be the event\'s address');
		await expect(
			runNode({ parameters: { resource: 'event', operation: 'get', event: { __rl: true, mode: 'list', value: '' } } }),
		).rejects.toThrow('"Event" is empty: pick an event from the list, or enter its ID or URL');
	});

	it('says which event was not found', async () => {
		nock(API).get('/events/nope').reply(404, { message: 'Event not found.' });
		await expect(
			runNode({ parameters: { resource: 'event', operation: 'get', event: { __rl: true, mode: 'id', value: 'nope' } } }),
		).rejects.toMatchObject({ message: 'Event not found.', description: 'No event has the ID "nope"' });
	});

	it('reads the same event once for many items', async () => {
		const scope = nock(API).get('/events/e1').once().reply(200, event(1));
		const out = await runNode({
			items: [{}, {}, {}],
			parameters: { resource: 'event', operation: 'get', event: { __rl: true, mode: 'id', value: 'e1' } },
		});
		expect(scope.isDone()).toBe(true);
		expect(out.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});

describe('event URLs and the event search', () => {
	it.each([
		['https://community.example.com/home/events/launch-party', 'launch-party'],
		['https://community.example.com/home/clubs/design/events/meetup-2026/', 'meetup-2026'],
		['https://community.example.com/home/events/caf%C3%A9-night?utm=x#top', 'café-night'],
		['https://community.example.com/home/events/', undefined],
		['community.example.com/home/events/launch', undefined],
		['ftp://community.example.com/home/events/launch', undefined],
	])('%s → %s', (url, slug) => {
		expect(slugFromEventUrl(url)).toBe(slug);
	});

	it('searches events by title on the API and offers the next page', async () => {
		const results = Array.from({ length: 100 }, (_, i) => event(i));
		results[0] = event(0, { eventStatus: 'Draft' });
		const scope = nock(API)
			.get('/events')
			.query({ title: 'launch', pageNum: '2', pageSize: '100' })
			.reply(200, page(results, 2, 100));
		const list = await searchEvents.call(loadOptionsContext(), ' launch ', '2');
		expect(scope.isDone()).toBe(true);
		expect(list.results[0]).toEqual({
			name: 'Event 0 (2026-03-01, draft)',
			value: 'e0',
			url: 'https://community.example.com/home/events/event-0',
		});
		expect(list.paginationToken).toBe('3');
	});
});

describe('rate tiers of the event endpoints (API documentation: Events)', () => {
	it.each([
		['GET', '/events', 'medium'],
		['GET', '/events/e1', 'light'],
		['GET', '/events/e1/attendees', 'medium'],
		['GET', '/events/e1/attendees/a1', 'light'],
		['POST', '/registration', 'medium'],
		['GET', '/events/e1/invitees', 'medium'],
		['POST', '/events/e1/invitees', 'medium'],
	] as const)('%s %s is %s', (method, path, tier) => {
		expect(tierOf(method, path)).toBe(tier);
	});
});
