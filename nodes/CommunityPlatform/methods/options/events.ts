import type { IDataObject, ILoadOptionsFunctions, INodeParameterResourceLocator, INodePropertyOptions } from 'n8n-workflow';

import { ATTENDEES_MAX_PAGE_SIZE, eventIdOf, readEventRef } from '../../helpers/events';
import { paginate } from '../../transport/paginate';
import { pathOf } from '../../transport/request';

/**
 * How many invitees and attendees are read to find ticket types: 5 pages each at most, so
 * opening the list costs no more than the Medium tier's burst of 10 requests.
 */
const TICKET_SCAN = { invitees: 5 * 200, attendees: 5 * ATTENDEES_MAX_PAGE_SIZE };

function currentEvent(ctx: ILoadOptionsFunctions): INodeParameterResourceLocator | string | undefined {
	try {
		return (ctx.getCurrentNodeParameter('event') ?? ctx.getNodeParameter('event', undefined)) as
			| INodeParameterResourceLocator
			| string
			| undefined;
	} catch {
		return undefined;
	}
}

/**
 * Ticket types of the chosen event. The API has no list of them, so they are the names seen on
 * the event's invitations and registrations; a ticket type nobody holds yet is not listed (enter
 * it with an expression). Types seen on invitations are invitation-only.
 */
export async function getEventTicketTypes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const locator = currentEvent(this);
	const value = typeof locator === 'object' && locator !== null ? locator.value : locator;
	if (!String(value ?? '').trim() || String(value).startsWith('=')) return [];
	const eventId = await eventIdOf.call(this, readEventRef(this, locator, 0));
	const read = async (what: 'invitees' | 'attendees', maxPageSize: number) =>
		(await paginate.call(this, {
			path: pathOf`/events/${eventId}/${what}`,
			returnAll: false,
			limit: TICKET_SCAN[what],
			maxPageSize,
			notFound: `No event has the ID "${eventId}"`,
		})) as IDataObject[];
	const counts = new Map<string, { invitations: number; registrations: number }>();
	const count = (rows: IDataObject[], key: 'invitations' | 'registrations') => {
		for (const row of rows) {
			const name = typeof row.ticketType === 'string' ? row.ticketType : '';
			if (!name) continue;
			const entry = counts.get(name) ?? { invitations: 0, registrations: 0 };
			entry[key]++;
			counts.set(name, entry);
		}
	};
	count(await read('invitees', 200), 'invitations');
	count(await read('attendees', ATTENDEES_MAX_PAGE_SIZE), 'registrations');
	return [...counts.entries()]
		.sort(([a], [b]) => a.localeCompare(b))
		.map(([name, seen]) => ({
			name,
			value: name,
			description: `${seen.invitations ? 'Invitation-only. ' : ''}Seen on ${seen.invitations} invitation(s) and ${seen.registrations} registration(s)`,
		}));
}
