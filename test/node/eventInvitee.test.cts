import nock from 'nock';

import { CommunityPlatform } from '../../nodes/CommunityPlatform/CommunityPlatform.node';
import { getEventInvitationTicketTypes, getEventTicketTypes } from '../../nodes/CommunityPlatform/methods/options/events';
import { fieldsOf } from '../helpers/description.cjs';
import { API, loadOptionsContext, page, runNode } from '../helpers/harness.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

const invitee = (n: number, ticketType = 'VIP') => ({
	inviteeId: `i${n}`,
	inviteeEmail: `guest${n}@example.com`,
	attendeeType: 'Speaker',
	ticketType,
	inviteAdmin: null,
	ccEmailAddresses: [],
	note: '',
	createdAt: '2026-02-01T10:00:00.000Z',
	usedAt: null,
	usedBy: null,
});

const byId = { __rl: true, mode: 'id', value: 'e1' };

useVirtualClock();

describe('Event Invitee: Get Many', () => {
	it('sends the four filters, emails percent-encoded, and returns one item per invitee', async () => {
		const scope = nock(API)
			.get(
				(uri) =>
					uri ===
					'/public-api/v1/events/e1/invitees?ticketType=Speaker%20Pass&attendeeType=Press&inviteeEmail=a%2Bb%40example.com&inviteAdminEmail=admin%40example.com&pageNum=1&pageSize=10',
			)
			.reply(200, page([invitee(1), invitee(2)], 1, 10));
		const out = await runNode({
			parameters: {
				resource: 'eventInvitee',
				operation: 'getAll',
				event: byId,
				limit: 10,
				filters: {
					ticketType: 'Speaker Pass',
					attendeeType: 'Press',
					inviteeEmail: 'a+b@example.com',
					inviteAdminEmail: 'admin@example.com',
				},
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out.map((item) => item.json)).toEqual([invitee(1), invitee(2)]);
	});

	it('explains a ticket type the event does not have', async () => {
		nock(API)
			.get('/events/e1/invitees')
			.query(true)
			.reply(400, { message: 'invalid ticketType: no ticket named "Vip" on this event' });
		await expect(
			runNode({
				parameters: { resource: 'eventInvitee', operation: 'getAll', event: byId, filters: { ticketType: 'Vip' } },
			}),
		).rejects.toMatchObject({
			message: 'The ticket type was not found on the event: invalid ticketType: no ticket named "Vip" on this event',
			description: expect.stringContaining('must match a ticket of this event exactly'),
		});
	});

	it('refuses an attendee type outside the seven values, in the wrong case too', async () => {
		await expect(
			runNode({
				parameters: { resource: 'eventInvitee', operation: 'getAll', event: byId, filters: { attendeeType: 'speaker' } },
			}),
		).rejects.toThrow('"Attendee Type" must be one of Attendee, Guest, Host, Press, Speaker, Sponsor, Staff (got "speaker")');
	});
});

describe('Event Invitee: Add', () => {
	const base = {
		resource: 'eventInvitee',
		operation: 'add',
		event: byId,
		inviteeEmail: 'guest@example.com',
		ticketType: 'Speaker Pass',
		attendeeType: 'Speaker',
	};

	it('posts the invitation with note, invite admin and CC emails', async () => {
		const scope = nock(API)
			.post('/events/e1/invitees', {
				inviteeEmail: 'guest@example.com',
				ticketType: 'Speaker Pass',
				attendeeType: 'Speaker',
				note: 'See you there',
				inviteAdminEmail: 'admin@example.com',
				ccEmailAddresses: ['host@example.com', 'team@example.com'],
			})
			.reply(200, { message: 'Invitee added; the invitation email has been sent' });
		const out = await runNode({
			parameters: {
				...base,
				additionalFields: {
					note: 'See you there',
					inviteAdminEmail: 'admin@example.com',
					ccEmailAddresses: 'host@example.com, team@example.com',
				},
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out[0].json).toEqual({
			eventId: 'e1',
			inviteeEmail: 'guest@example.com',
			ticketType: 'Speaker Pass',
			attendeeType: 'Speaker',
			note: 'See you there',
			inviteAdminEmail: 'admin@example.com',
			ccEmailAddresses: ['host@example.com', 'team@example.com'],
			invited: true,
			message: 'Invitee added; the invitation email has been sent',
		});
	});

	it.each([
		['invitee has already been invited for this ticket type', 'Invitee not added, already invited for this ticket type:', 'Get Many with the Invitee Email filter'],
		['invitee is already registered for this event', 'Invitee not added, already registered for the event:', 'Event Attendee > Get Many'],
		['ticket type "General" is not invitation-only', 'Invitee not added, the ticket type is not invitation-only:', 'invitation-only ticket type'],
		['ticket type "Nope" not found for this event', 'The ticket type was not found on the event:', 'must match a ticket of this event exactly'],
		['CC email is not a community member: stranger@example.com', 'Invitee not added, a CC email was refused:', 'Remove the address'],
		[
			'inviteAdminEmail must belong to a member with the Event Invite Admin permission on this event',
			'The invite admin email was refused:',
			'Event Invite Admin permission',
		],
	])('reports the 400 "%s" with its reason and the fix', async (apiMessage, lead, fix) => {
		nock(API).post('/events/e1/invitees').reply(400, { message: apiMessage });
		await expect(runNode({ parameters: base })).rejects.toMatchObject({
			message: `${lead} ${apiMessage}`,
			httpCode: '400',
			description: expect.stringContaining(fix),
		});
	});

	it('says the event was not found on a 404', async () => {
		nock(API).post('/events/e404/invitees').reply(404, { message: 'Event not found.' });
		await expect(
			runNode({ parameters: { ...base, event: { __rl: true, mode: 'id', value: 'e404' } } }),
		).rejects.toMatchObject({ message: 'Event not found.', description: 'No event has the ID "e404"' });
	});

	it.each([
		[{ inviteeEmail: 'guest' }, '"Invitee Email" must be an email address'],
		[{ ticketType: '' }, '"Ticket Type Name or ID" is required'],
		[{ attendeeType: 'VIP' }, '"Attendee Type" must be one of Attendee, Guest, Host, Press, Speaker, Sponsor, Staff'],
		[{ additionalFields: { note: 'x'.repeat(201) } }, '"Note" is longer than 200 characters'],
		[{ additionalFields: { inviteAdminEmail: 'admin' } }, '"Invite Admin Email" must be an email address'],
		[{ additionalFields: { ccEmailAddresses: 'a@example.com; nope' } }, '"CC Emails" has "nope", which is not an email address'],
		[{ additionalFields: { ccEmailAddresses: 'a@example.com, A@example.com' } }, '"CC Emails" has "A@example.com" twice'],
	])('refuses %j before sending: %s', async (override, message) => {
		const scope = nock(API).post('/events/e1/invitees').reply(200, {});
		await expect(runNode({ parameters: { ...base, ...override } })).rejects.toThrow(message);
		expect(scope.isDone()).toBe(false);
	});

	it('accepts a note of exactly 200 characters', async () => {
		const scope = nock(API)
			.post('/events/e1/invitees', (body) => body.note.length === 200)
			.reply(200, { message: 'ok' });
		await runNode({ parameters: { ...base, additionalFields: { note: 'x'.repeat(200) } } });
		expect(scope.isDone()).toBe(true);
	});
});

describe('ticket types of an event (loader)', () => {
	it('derives them from the invitees and attendees, invitation-only ones marked', async () => {
		const scope = nock(API)
			.get('/events/e1/invitees')
			.query({ pageNum: '1', pageSize: '200' })
			.reply(200, page([invitee(1, 'Speaker Pass'), invitee(2, 'Speaker Pass'), invitee(3, 'Press Pass')], 1, 200))
			.get('/events/e1/attendees')
			.query({ pageNum: '1', pageSize: '100' })
			.reply(200, page([{ ticketType: 'General' }, { ticketType: 'Speaker Pass' }, { ticketType: 'General' }, { ticketType: '' }], 1, 100));
		const ctx = loadOptionsContext({ resource: 'eventInvitee', operation: 'add', event: byId });
		const options = await getEventTicketTypes.call(ctx);
		expect(scope.isDone()).toBe(true);
		expect(options).toEqual([
			{ name: 'General', value: 'General', description: 'Seen on 0 invitation(s) and 2 registration(s)' },
			{ name: 'Press Pass', value: 'Press Pass', description: 'Invitation-only. Seen on 1 invitation(s) and 0 registration(s)' },
			{ name: 'Speaker Pass', value: 'Speaker Pass', description: 'Invitation-only. Seen on 2 invitation(s) and 1 registration(s)' },
		]);
	});

	it('reads at most 5 pages of each list (the Medium burst)', async () => {
		const full = (size: number, ticket: string) => Array.from({ length: size }, () => ({ ticketType: ticket }));
		const scope = nock(API);
		for (let p = 1; p <= 5; p++) {
			scope.get('/events/e1/invitees').query({ pageNum: String(p), pageSize: '200' }).reply(200, page(full(200, `T${p}`), p, 200));
			scope.get('/events/e1/attendees').query({ pageNum: String(p), pageSize: '100' }).reply(200, page(full(100, 'General'), p, 100));
		}
		const options = await getEventTicketTypes.call(loadOptionsContext({ resource: 'eventInvitee', operation: 'add', event: byId }));
		expect(scope.isDone()).toBe(true);
		expect(options.map((o) => o.name)).toEqual(['General', 'T1', 'T2', 'T3', 'T4', 'T5']);
	});

	it('resolves an event given by URL to its id first', async () => {
		const scope = nock(API)
			.get('/events')
			.query({ pageNum: '1', pageSize: '200' })
			.reply(200, page([{ eventId: 'e5', eventSlug: 'summit' }], 1, 200))
			.get('/events/e5/invitees')
			.query(true)
			.reply(200, page([invitee(1, 'VIP')], 1, 200))
			.get('/events/e5/attendees')
			.query(true)
			.reply(200, page([], 1, 100));
		const ctx = loadOptionsContext({
			resource: 'eventInvitee',
			operation: 'getAll',
			event: { __rl: true, mode: 'url', value: 'https://community.example.com/home/events/summit' },
		});
		expect((await getEventTicketTypes.call(ctx)).map((o) => o.value)).toEqual(['VIP']);
		expect(scope.isDone()).toBe(true);
	});

	it('for Event Invitee > Add, lists invitation-only types first and marks the types no invitation holds', async () => {
		const scope = nock(API)
			.get('/events/e1/invitees')
			.query({ pageNum: '1', pageSize: '200' })
			.reply(200, page([invitee(1, 'Speaker Pass'), invitee(2, 'Press Pass')], 1, 200))
			.get('/events/e1/attendees')
			.query({ pageNum: '1', pageSize: '100' })
			.reply(200, page([{ ticketType: 'General' }, { ticketType: 'Speaker Pass' }, { ticketType: 'Early Bird' }], 1, 100));
		const options = await getEventInvitationTicketTypes.call(loadOptionsContext({ resource: 'eventInvitee', operation: 'add', event: byId }));
		expect(scope.isDone()).toBe(true);
		expect(options.map((o) => [o.name, o.value])).toEqual([
			['Press Pass', 'Press Pass'],
			['Speaker Pass', 'Speaker Pass'],
			['Early Bird (not seen on invitations)', 'Early Bird'],
			['General (not seen on invitations)', 'General'],
		]);
		expect(options[1].description).toBe('Invitation-only. Seen on 1 invitation(s) and 1 registration(s).');
		expect(options[3].description).toBe(
			'Seen on 0 invitation(s) and 1 registration(s), none on invitations: probably open to registration, which the API refuses for an invitation. Choose it only if you know it is invitation-only.',
		);
	});

	it('lists nothing (and sends nothing) until an event is chosen', async () => {
		const ctx = loadOptionsContext({ resource: 'eventInvitee', operation: 'add', event: { __rl: true, mode: 'list', value: '' } });
		expect(await getEventTicketTypes.call(ctx)).toEqual([]);
	});
});

describe('the Ticket Type field', () => {
	/** The Ticket Type field of an Event Invitee operation, at the top or inside a collection. */
	const ticketTypeField = (operation: 'add' | 'getAll') =>
		[...fieldsOf(`eventInvitee.${operation}`).values()].find((p) => p.name === 'ticketType');

	it.each(['add', 'getAll'] as const)('of %s says the list holds only types someone holds, and how to type another in', (operation) => {
		const description = ticketTypeField(operation)?.description;
		expect(description).toContain('The list shows only the ticket types someone already holds on this event');
		expect(description).toContain('for one nobody holds yet, switch the field to Expression and type its exact name');
	});

	it('of Add lists invitation ticket types; the Get Many filter lists them all', () => {
		expect(ticketTypeField('add')?.typeOptions?.loadOptionsMethod).toBe('getEventInvitationTicketTypes');
		expect(ticketTypeField('getAll')?.typeOptions?.loadOptionsMethod).toBe('getEventTicketTypes');
	});

	it('is a loader the node has', () => {
		expect(Object.keys(new CommunityPlatform().methods.loadOptions)).toEqual(
			expect.arrayContaining(['getEventTicketTypes', 'getEventInvitationTicketTypes']),
		);
	});
});
