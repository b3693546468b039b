/** Events: list and read, attendees, registration by slug, invitees. */
import { activeAttendeeByEmail, createMember, registerAttendee } from '../domain.cjs';
import { attendeeView, eventView, inviteeView } from '../render.cjs';
import { type RouteDef, ok } from '../router.cjs';
import { ATTENDEE_TYPES, EVENT_ACCESS, type Invitee } from '../types.cjs';
import {
	type Json,
	assertKnownKeys,
	badRequest,
	isEmail,
	isHexId,
	notFound,
	objectBody,
	optEmail,
	optString,
	pageEnvelope,
	parsePaging,
	queryBool,
	queryDay,
	queryEmail,
	queryEnum,
	queryText,
	reqEmail,
	reqEnum,
	reqString,
} from '../validate.cjs';
import { EVENT_NOT_FOUND, requireEvent } from './common.cjs';

/** Event attendees: the spec does not state a maximum pageSize; the sandbox uses the general 200. */
const ATTENDEES_MAX_PAGE_SIZE = 200;

export const eventRoutes: RouteDef[] = [
	{
		method: 'GET',
		path: '/events',
		tier: 'medium',
		handler: ({ store, query }) => {
			const paging = parsePaging(query);
			const title = queryText(query, 'title');
			const startAfter = queryDay(query, 'startDate', 'start');
			const endBefore = queryDay(query, 'endDate', 'end');
			const status = queryEnum(query, 'status', ['Published', 'Draft'] as const);
			const access = queryEnum(query, 'access', EVENT_ACCESS);
			const unlisted = queryBool(query, 'unlisted');
			const list = store.events
				.filter(
					(e) =>
						(!title || e.title.toLowerCase().includes(title)) &&
						(startAfter === undefined || e.start > startAfter) &&
						(endBefore === undefined || e.end < endBefore) &&
						(!status || e.status === status) &&
						(!access || e.access === access) &&
						(unlisted === undefined || e.unlisted === unlisted),
				)
				.sort((a, b) => b.start - a.start);
			return ok(pageEnvelope(list, paging, (e) => eventView(store, e)));
		},
	},
	{
		method: 'GET',
		path: '/events/:eventId',
		tier: 'light',
		handler: ({ store, params }) => ok(eventView(store, requireEvent(store, params.eventId))),
	},
	{
		method: 'GET',
		path: '/events/:eventId/attendees',
		tier: 'medium',
		handler: ({ store, params, query }) => {
			const event = requireEvent(store, params.eventId);
			const paging = parsePaging(query, ATTENDEES_MAX_PAGE_SIZE);
			const email = queryEmail(query, 'userEmail')?.toLowerCase();
			const userId = query.get('userId');
			if (userId !== undefined && !isHexId(userId)) badRequest('invalid userId');
			const list = event.attendees.filter(
				(a) => !a.cancelledAt && (!email || a.email.toLowerCase() === email) && (!userId || a.userId === userId),
			);
			return ok(pageEnvelope(list, paging, attendeeView));
		},
	},
	{
		method: 'GET',
		path: '/events/:eventId/attendees/:attendeeId',
		tier: 'light',
		handler: ({ store, params }) => {
			const event = requireEvent(store, params.eventId);
			const attendee = event.attendees.find((a) => a.id === params.attendeeId && !a.cancelledAt);
			return ok(attendeeView(attendee ?? notFound('Attendee not found.')));
		},
	},
	{
		method: 'POST',
		path: '/registration',
		tier: 'medium',
		handler: ({ store, body }) => {
			const b = objectBody(body);
			assertKnownKeys(b, ['eventSlug', 'email', 'firstName', 'lastName', 'position', 'company', 'ticketOptionId']);
			const slug = reqString(b, 'eventSlug');
			const email = reqEmail(b, 'email');
			const person = {
				firstName: reqString(b, 'firstName'),
				lastName: reqString(b, 'lastName'),
				position: reqString(b, 'position'),
				company: reqString(b, 'company'),
			};
			const ticketOptionId = optString(b, 'ticketOptionId', { min: 1, trim: true });
			const event = store.eventBySlug(slug) ?? notFound(EVENT_NOT_FOUND);
			if (event.status !== 'Published') badRequest('registration is not open for this event');
			if (activeAttendeeByEmail(event, email)) badRequest('already registered for this event');
			const openInvite = (ticket?: string) =>
				event.invitees.find((i) => i.usedAt === null && i.email.toLowerCase() === email.toLowerCase() && (!ticket || i.ticketType === ticket));
			let ticketType: string;
			if (ticketOptionId !== undefined) {
				const ticket = event.ticketTypes.find((t) => t.id === ticketOptionId) ?? badRequest('ticket option not found for this event');
				if (ticket.invitationOnly && !openInvite(ticket.name)) badRequest('this ticket option is invitation-only');
				ticketType = ticket.name;
			} else {
				ticketType = openInvite()?.ticketType ?? (event.ticketTypes.find((t) => !t.invitationOnly) ?? event.ticketTypes[0]).name;
			}
			const existing = store.memberByEmail(email);
			if (existing?.archived) badRequest('this member is archived and cannot register');
			const member = existing ?? createMember(store, { email, firstName: person.firstName, lastName: person.lastName, title: person.position, company: person.company, memberType: 'Guest' });
			registerAttendee(store, event, member, { ticketType, source: 'adminPublicAPI', person });
			return ok({ message: 'Registration successful' });
		},
	},
	{
		method: 'GET',
		path: '/events/:eventId/invitees',
		tier: 'medium',
		handler: ({ store, params, query }) => {
			const event = requireEvent(store, params.eventId);
			const paging = parsePaging(query);
			const ticketType = query.get('ticketType');
			if (ticketType !== undefined && !event.ticketTypes.some((t) => t.name === ticketType)) {
				badRequest(`invalid ticketType: no ticket named "${ticketType}" on this event`);
			}
			const attendeeType = queryEnum(query, 'attendeeType', ATTENDEE_TYPES);
			const inviteeEmail = queryEmail(query, 'inviteeEmail')?.toLowerCase();
			const adminEmail = queryEmail(query, 'inviteAdminEmail');
			const admin = adminEmail === undefined ? undefined : (store.activeMemberByEmail(adminEmail) ?? badRequest('inviteAdminEmail does not belong to a community member'));
			const list = event.invitees
				.filter(
					(i) =>
						(!ticketType || i.ticketType === ticketType) &&
						(!attendeeType || i.attendeeType === attendeeType) &&
						(!inviteeEmail || i.email.toLowerCase() === inviteeEmail) &&
						(!admin || i.inviteAdminId === admin.id),
				)
				.sort((a, b) => b.createdAt - a.createdAt);
			return ok(pageEnvelope(list, paging, (i) => inviteeView(store, i)));
		},
	},
	{
		method: 'POST',
		path: '/events/:eventId/invitees',
		tier: 'medium',
		handler: ({ store, params, body }) => {
			const event = requireEvent(store, params.eventId);
			const b = objectBody(body);
			assertKnownKeys(b, ['inviteeEmail', 'ticketType', 'attendeeType', 'note', 'inviteAdminEmail', 'ccEmailAddresses']);
			const email = reqEmail(b, 'inviteeEmail');
			const ticketName = reqString(b, 'ticketType', { trim: false });
			const attendeeType = reqEnum(b, 'attendeeType', ATTENDEE_TYPES);
			const note = optString(b, 'note', { max: 200 }) ?? '';
			const adminEmail = optEmail(b, 'inviteAdminEmail');
			const cc = ccList(b);

			const ticket = event.ticketTypes.find((t) => t.name === ticketName) ?? badRequest(`ticket type "${ticketName}" not found for this event`);
			if (!ticket.invitationOnly) badRequest(`ticket type "${ticketName}" is not invitation-only`);
			if (activeAttendeeByEmail(event, email)) badRequest('invitee is already registered for this event');
			if (event.invitees.some((i) => i.email.toLowerCase() === email.toLowerCase() && i.ticketType === ticket.name)) {
				badRequest('invitee has already been invited for this ticket type');
			}
			const notMembers = cc.filter((e) => !store.activeMemberByEmail(e));
			if (notMembers.length) badRequest(`CC email is not a community member: ${notMembers.join(', ')}`);
			let inviteAdminId: string | null = null;
			if (adminEmail !== undefined) {
				const admin = store.activeMemberByEmail(adminEmail);
				if (!admin || !event.inviteAdminIds.includes(admin.id)) {
					badRequest('inviteAdminEmail must belong to a member with the Event Invite Admin permission on this event');
				}
				inviteAdminId = admin.id;
			}
			const invitee: Invitee = {
				id: store.newId(),
				email,
				attendeeType,
				ticketType: ticket.name,
				inviteAdminId,
				cc,
				note,
				createdAt: store.now(),
				usedAt: null,
				usedByUserId: null,
			};
			event.invitees.push(invitee);
			return ok({ message: 'Invitee added; the invitation email has been sent' });
		},
	},
];

function ccList(b: Json): string[] {
	const cc = b.ccEmailAddresses;
	if (cc === undefined) return [];
	if (!Array.isArray(cc) || cc.some((e) => !isEmail(e))) badRequest('ccEmailAddresses must be an array of valid emails');
	const lower = cc.map((e: string) => e.toLowerCase());
	if (new Set(lower).size !== lower.length) badRequest('duplicate values in ccEmailAddresses');
	return cc as string[];
}
