import type { IDataObject, ILoadOptionsFunctions, INodeParameterResourceLocator, INodePropertyOptions } from 'n8n-workflow';

import { eventIdOf, readEventRef } from '../../locators/event';
import { ATTENDEES_MAX_PAGE_SIZE, paginate } from '../../../shared/transport/paginate';
import { pathOf } from '../../../shared/transport/request';

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

/** A ticket type seen on the chosen event, with how many invitations and registrations hold it. */
interface TicketTypeSeen {
	name: string;
	invitations: number;
	registrations: number;
}

/**
 * Ticket types of the chosen event, by name. The API has no list of them, so they are the names
 * seen on the event's invitations and registrations; a ticket type nobody holds yet is not there
 * (the field's description says to type it in an expression).
 */
async function ticketTypesSeen(this: ILoadOptionsFunctions): Promise<TicketTypeSeen[]> {
	const locator = currentEvent(this);
	const value = typeof locator === 'object' && locator !== null ? locator.value : locator;
	if (!String(value ?? '').trim() || String(value).startsWith('=')) return [];
	const eventId = await eventIdOf.call(this, readEventRef(this, locator, 0));
	const read = async (what: 'invitees' | 'attendees', maxPageSize: number) =>
		(await paginate.call(this, {
			path: what === 'invitees' ? pathOf`/events/${{ Event: eventId }}/invitees` : pathOf`/events/${{ Event: eventId }}/attendees`,
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
		.map(([name, seen]) => ({ name, ...seen }));
}

const seenOn = (type: TicketTypeSeen) =>
	`Seen on ${type.invitations} invitation(s) and ${type.registrations} registration(s)`;

/**
 * Ticket types of the chosen event, by name; types seen on invitations are invitation-only
 * (the API accepts an invitation only for those).
 */
export async function getEventTicketTypes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await ticketTypesSeen.call(this)).map((type) => ({
		name: type.name,
		value: type.name,
		description: `${type.invitations ? 'Invitation-only. ' : ''}${seenOn(type)}`,
	}));
}

/**
 * Ticket types for a new invitation (Event Invitee → Add): the invitation-only ones first, then
 * the types seen only on registrations, marked. Those are most likely open to registration,
 * which the API refuses for an invitation; they are kept, not left out, because a type held only
 * through code-based invitations (which the invitee list leaves out) looks the same.
 */
export async function getEventInvitationTicketTypes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const seen = await ticketTypesSeen.call(this);
	const invitationOnly = seen.filter((type) => type.invitations > 0);
	const others = seen.filter((type) => type.invitations === 0);
	return [
		...invitationOnly.map((type) => ({
			name: type.name,
			value: type.name,
			description: `Invitation-only. ${seenOn(type)}.`,
		})),
		...others.map((type) => ({
			name: `${type.name} (not seen on invitations)`,
			value: type.name,
			description: `${seenOn(type)}, none on invitations: probably open to registration, which the API refuses for an invitation. Choose it only if you know it is invitation-only.`,
		})),
	];
}
