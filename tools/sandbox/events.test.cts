/** Events, attendees, registration by slug and invitees (all five 400s and the 404). */
import { type Sandbox, startSandbox } from './server.cjs';
import { type ApiClient, type Body, apiClient } from './testClient.cjs';
import type { CommunityEvent, Member } from './types.cjs';

let sandbox: Sandbox;
let api: ApiClient;

beforeAll(async () => {
	sandbox = await startSandbox({ rateLimits: false });
	api = apiClient(sandbox);
});
afterAll(() => sandbox.close());

const published = (i = 0): CommunityEvent => sandbox.store.events.filter((e) => e.status === 'Published')[i];
const draft = (): CommunityEvent => sandbox.store.events.find((e) => e.status === 'Draft')!;
/** an active member neither registered for nor invited to the event */
const outsider = (event: CommunityEvent, skip = 0): Member =>
	sandbox.store
		.activeMembers()
		.filter((m) => m.email && !event.attendees.some((a) => a.userId === m.id) && !event.invitees.some((i) => i.email === m.email))[skip];
const registration = (event: CommunityEvent, m: Member) => ({
	eventSlug: event.slug,
	email: m.email,
	firstName: m.firstName,
	lastName: m.lastName ?? 'Doe',
	position: m.title,
	company: m.company,
});

describe('events', () => {
	it('reads one event; 404 Event not found.', async () => {
		const e = published();
		const r = await api.get(`/events/${e.id}`);
		expect(r.body).toMatchObject({ eventId: e.id, eventSlug: e.slug, eventStatus: 'Published', eventCreatedFrom: 'CommunityDashboard' });
		expect(r.body.eventUrl).toMatch(new RegExp(`/home/(clubs/[^/]+/)?events/${e.slug}$`));
		const missing = await api.get('/events/0123456789abcdef01234567');
		expect(missing.status).toBe(404);
		expect(missing.body).toEqual({ message: 'Event not found.' });
	});

	it('filters by status, title, dates, access and unlisted', async () => {
		const drafts = await api.get('/events', { status: 'Draft' });
		expect(drafts.body.size).toBeGreaterThan(0);
		expect(drafts.body.results.every((e: Body) => e.eventStatus === 'Draft')).toBe(true);
		const word = published().title.split(' ')[1];
		const byTitle = await api.get('/events', { title: word.toLowerCase() });
		expect(byTitle.body.results.every((e: Body) => e.eventTitle.toLowerCase().includes(word.toLowerCase()))).toBe(true);
		const today = new Date(sandbox.store.now()).toISOString().slice(0, 10);
		const upcoming = await api.get('/events', { startDate: today, pageSize: 200 });
		expect(upcoming.body.results.every((e: Body) => Date.parse(e.eventStartTime) > Date.parse(`${today}T00:00:00.000Z`))).toBe(true);
		const pastOnes = await api.get('/events', { endDate: today, pageSize: 200 });
		expect(pastOnes.body.results.every((e: Body) => Date.parse(e.eventEndTime) < Date.parse(`${today}T23:59:59.999Z`))).toBe(true);
		expect(upcoming.body.size + pastOnes.body.size).toBeGreaterThan(0);
		const unlisted = await api.get('/events', { unlisted: 'false', access: 'All Members' });
		expect(unlisted.body.results.every((e: Body) => e.unlisted === false && e.access === 'All Members')).toBe(true);
	});

	it.each([[{ status: 'draft' }], [{ access: 'Members' }], [{ unlisted: 'yes' }], [{ startDate: '2024-02-30' }], [{ endDate: 'tomorrow' }]])('400 for %j', async (q) => {
		expect((await api.get('/events', q)).status).toBe(400);
	});
});

describe('attendees', () => {
	it('lists attendees with empty strings for missing times, filters by email and userId', async () => {
		const e = published();
		const r = await api.get(`/events/${e.id}/attendees`, { pageSize: 200 });
		expect(r.body.size).toBe(e.attendees.filter((a) => !a.cancelledAt).length);
		for (const a of r.body.results) {
			for (const key of ['joinedAt', 'lastOnlineAt', 'checkedInAt', 'registrationSource']) expect(typeof a[key]).toBe('string');
		}
		const one = r.body.results[0];
		const byEmail = await api.get(`/events/${e.id}/attendees`, { userEmail: one.attendeeEmail });
		expect(byEmail.body.results.map((a: Body) => a.attendeeId)).toEqual([one.attendeeId]);
		const byUser = await api.get(`/events/${e.id}/attendees`, { userId: one.userId });
		expect(byUser.body.results[0].attendeeId).toBe(one.attendeeId);
		expect((await api.get(`/events/${e.id}/attendees/${one.attendeeId}`)).body).toEqual(one);
	});

	it('400 for an unencoded + and an invalid userId; 404 unknown event or attendee', async () => {
		const e = published();
		expect((await api.get(`/events/${e.id}/attendees?userEmail=a+b@example.com`)).body).toEqual({ message: 'invalid email' });
		expect((await api.get(`/events/${e.id}/attendees`, { userId: 'nope' })).status).toBe(400);
		expect((await api.get('/events/0123456789abcdef01234567/attendees')).status).toBe(404);
		expect((await api.get(`/events/${e.id}/attendees/0123456789abcdef01234567`)).status).toBe(404);
	});
});

describe('POST /registration', () => {
	it('registers by slug; the attendee appears with registrationSource adminPublicAPI', async () => {
		const e = published(1);
		const m = outsider(e);
		const r = await api.post('/registration', registration(e, m));
		expect(r.status).toBe(200);
		expect(typeof r.body.message).toBe('string');
		const list = await api.get(`/events/${e.id}/attendees`, { userEmail: m.email });
		expect(list.body.results).toHaveLength(1);
		expect(list.body.results[0]).toMatchObject({ userId: m.id, registrationSource: 'adminPublicAPI', ticketType: 'General Admission' });
	});

	it('400 when already registered', async () => {
		const e = published(1);
		const m = outsider(e, 1);
		expect((await api.post('/registration', registration(e, m))).status).toBe(200);
		const again = await api.post('/registration', registration(e, m));
		expect(again.status).toBe(400);
		expect(again.body.message).toMatch(/already registered/);
	});

	it('creates a member for an unknown email', async () => {
		const e = published(1);
		const body = { eventSlug: e.slug, email: 'walk.in@example.com', firstName: 'Walk', lastName: 'In', position: 'Visitor', company: 'Nowhere Inc' };
		expect((await api.post('/registration', body)).status).toBe(200);
		expect((await api.get('/users', { email: 'walk.in@example.com' })).body.userFirstName).toBe('Walk');
	});

	it('404 for an unknown slug, 400 for a draft, missing fields or an invitation-only ticket', async () => {
		const e = published(2);
		const m = outsider(e);
		expect((await api.post('/registration', { ...registration(e, m), eventSlug: 'no-such-event' })).status).toBe(404);
		expect((await api.post('/registration', registration(draft(), m))).status).toBe(400);
		expect((await api.post('/registration', { ...registration(e, m), company: undefined })).status).toBe(400);
		expect((await api.post('/registration', { ...registration(e, m), email: 'a b@example.com' })).status).toBe(400);
		const vip = e.ticketTypes.find((t) => t.invitationOnly)!;
		expect((await api.post('/registration', { ...registration(e, m), ticketOptionId: vip.id })).status).toBe(400);
		expect((await api.post('/registration', { ...registration(e, m), ticketOptionId: '0123456789abcdef01234567' })).status).toBe(400);
	});
});

describe('invitees', () => {
	const body = (email: string, extra: Record<string, unknown> = {}) => ({ inviteeEmail: email, ticketType: 'VIP', attendeeType: 'Guest', ...extra });

	it('adds an invitee; registration redeems it', async () => {
		const e = published(3);
		const m = outsider(e);
		const admin = sandbox.store.members.get(e.inviteAdminIds[0])!;
		const cc = outsider(e, 5).email!;
		const r = await api.post(`/events/${e.id}/invitees`, body(m.email!, { note: 'Welcome', inviteAdminEmail: admin.email, ccEmailAddresses: [cc] }));
		expect(r.status).toBe(200);
		expect(typeof r.body.message).toBe('string');
		const list = await api.get(`/events/${e.id}/invitees`, { inviteeEmail: m.email });
		expect(list.body.results[0]).toMatchObject({
			inviteeEmail: m.email,
			ticketType: 'VIP',
			attendeeType: 'Guest',
			note: 'Welcome',
			ccEmailAddresses: [cc],
			inviteAdmin: `${admin.firstName}${admin.lastName ? ` ${admin.lastName}` : ''}`,
			usedAt: null,
			usedBy: null,
		});
		expect((await api.post('/registration', registration(e, m))).status).toBe(200);
		const after = await api.get(`/events/${e.id}/invitees`, { inviteeEmail: m.email });
		expect(after.body.results[0].usedAt).not.toBeNull();
		expect(after.body.results[0].usedBy).toEqual({ userId: m.id, displayName: expect.any(String) });
		const attendee = await api.get(`/events/${e.id}/attendees`, { userEmail: m.email });
		expect(attendee.body.results[0].ticketType).toBe('VIP');
	});

	it('answers each of the five 400s with a message', async () => {
		const e = published(4);
		const m = outsider(e);
		expect((await api.post(`/events/${e.id}/invitees`, body(m.email!))).status).toBe(200);
		const registered = e.attendees.find((a) => !a.cancelledAt)!;
		const cases: Array<[string, Record<string, unknown>]> = [
			['already invited for that ticket type', body(m.email!)],
			['already registered', body(registered.email)],
			['ticket not invitation-only', body(outsider(e, 1).email!, { ticketType: 'General Admission' })],
			['ticket not found', body(outsider(e, 1).email!, { ticketType: 'Backstage' })],
			['CC not a member', body(outsider(e, 1).email!, { ccEmailAddresses: ['stranger@elsewhere.example'] })],
		];
		for (const [label, payload] of cases) {
			const r = await api.post(`/events/${e.id}/invitees`, payload);
			expect([label, r.status]).toEqual([label, 400]);
			expect(typeof r.body.message).toBe('string');
		}
	});

	it('400 for validation failures, 404 for an unknown event', async () => {
		const e = published(4);
		const email = outsider(e, 2).email!;
		expect((await api.post('/events/0123456789abcdef01234567/invitees', body(email))).body).toEqual({ message: 'Event not found.' });
		expect((await api.post(`/events/${e.id}/invitees`, body(email, { attendeeType: 'Boss' }))).status).toBe(400);
		expect((await api.post(`/events/${e.id}/invitees`, body(email, { note: 'x'.repeat(201) }))).status).toBe(400);
		expect((await api.post(`/events/${e.id}/invitees`, body('not-an-email'))).status).toBe(400);
		expect((await api.post(`/events/${e.id}/invitees`, body(email, { inviteAdminEmail: outsider(e, 3).email }))).status).toBe(400);
		expect((await api.post(`/events/${e.id}/invitees`, body(email, { extra: 1 }))).status).toBe(400);
	});

	it('lists with filters; 400 for bad filters; 404 for an unknown event', async () => {
		const e = sandbox.store.events.find((x) => x.invitees.length > 1)!;
		const r = await api.get(`/events/${e.id}/invitees`, { pageSize: 200 });
		expect(r.body.size).toBe(e.invitees.length);
		const vip = await api.get(`/events/${e.id}/invitees`, { ticketType: 'VIP', attendeeType: 'Guest' });
		expect(vip.body.results.every((i: Body) => i.ticketType === 'VIP' && i.attendeeType === 'Guest')).toBe(true);
		expect((await api.get(`/events/${e.id}/invitees`, { ticketType: 'vip' })).status).toBe(400);
		expect((await api.get(`/events/${e.id}/invitees`, { attendeeType: 'Boss' })).status).toBe(400);
		expect((await api.get(`/events/${e.id}/invitees`, { inviteAdminEmail: 'nobody@elsewhere.example' })).status).toBe(400);
		expect((await api.get(`/events/${e.id}/invitees?inviteeEmail=a+b@example.com`)).status).toBe(400);
		expect((await api.get('/events/0123456789abcdef01234567/invitees')).status).toBe(404);
	});
});
