import nock from 'nock';

import { API, page, runNode } from '../helpers/harness.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

const attendee = (n: number) => ({
	attendeeId: `a${n}`,
	userId: `u${n}`,
	attendeeFirstName: 'Ada',
	attendeeLastName: String(n),
	attendeeDisplayName: `Ada ${n}`,
	attendeeEmail: `ada${n}@example.com`,
	attendeeType: 'Attendee',
	ticketType: 'General',
	registeredAt: '2026-02-01T10:00:00.000Z',
	joinedAt: '',
	lastOnlineAt: '',
	checkedInAt: '',
	registrationSource: 'adminPublicAPI',
	attendeeLinkedUrl: '',
	attendeeCompanyName: 'Acme',
	attendeePosition: 'Engineer',
	eventQuestions: 'Diet: none;',
});

const byId = { __rl: true, mode: 'id', value: 'e1' };
const byUrl = { __rl: true, mode: 'url', value: 'https://community.example.com/home/events/launch-party' };

useVirtualClock();

describe('Event Attendee: Get Many', () => {
	it('filters by an encoded email and user id and simplifies the attendees', async () => {
		const scope = nock(API)
			.get((uri) => uri === '/public-api/v1/events/e1/attendees?userEmail=ada%2B1%40example.com&userId=u1&pageNum=1&pageSize=50')
			.reply(200, page([attendee(1)], 1, 50));
		const out = await runNode({
			parameters: {
				resource: 'eventAttendee',
				operation: 'getAll',
				event: byId,
				filters: { userEmail: 'ada+1@example.com', userId: 'u1' },
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out.map((item) => item.json)).toEqual([
			{
				attendeeId: 'a1',
				userId: 'u1',
				attendeeDisplayName: 'Ada 1',
				attendeeEmail: 'ada1@example.com',
				attendeeType: 'Attendee',
				ticketType: 'General',
				registeredAt: '2026-02-01T10:00:00.000Z',
				joinedAt: '',
				checkedInAt: '',
				registrationSource: 'adminPublicAPI',
			},
		]);
	});

	it('Return All pages by 100 (the attendees’ page size) and resolves a URL to the event id', async () => {
		const all = Array.from({ length: 150 }, (_, i) => attendee(i));
		const scope = nock(API)
			.get('/events')
			.query({ pageNum: '1', pageSize: '200' })
			.reply(200, page([{ eventId: 'e9', eventSlug: 'launch-party' }], 1, 200))
			.get('/events/e9/attendees')
			.query({ pageNum: '1', pageSize: '100' })
			.reply(200, page(all.slice(0, 100), 1, 100))
			.get('/events/e9/attendees')
			.query({ pageNum: '2', pageSize: '100' })
			.reply(200, page(all.slice(100), 2, 100));
		const out = await runNode({
			parameters: { resource: 'eventAttendee', operation: 'getAll', event: byUrl, returnAll: true, simplify: false },
		});
		expect(scope.isDone()).toBe(true);
		expect(out).toHaveLength(150);
		expect(out[149].json.eventQuestions).toBe('Diet: none;');
	});

	it('refuses a bad email filter before sending', async () => {
		await expect(
			runNode({
				parameters: { resource: 'eventAttendee', operation: 'getAll', event: byId, filters: { userEmail: 'ada@' } },
			}),
		).rejects.toThrow('Invalid parameter: "Email" must be an email address');
		expect(nock.pendingMocks()).toEqual([]);
	});
});

describe('Event Attendee: Get', () => {
	it('reads one attendee of the event', async () => {
		const scope = nock(API).get('/events/e1/attendees/a5').reply(200, attendee(5));
		const out = await runNode({
			parameters: { resource: 'eventAttendee', operation: 'get', event: byId, attendeeId: ' a5 ', simplify: false },
		});
		expect(scope.isDone()).toBe(true);
		expect(out[0].json).toEqual(attendee(5));
	});

	it('requires the attendee id, and says what was not found', async () => {
		await expect(
			runNode({ parameters: { resource: 'eventAttendee', operation: 'get', event: byId, attendeeId: '' } }),
		).rejects.toThrow('"Attendee ID" is required');
		nock(API).get('/events/e1/attendees/a404').reply(404, { message: 'Attendee not found.' });
		await expect(
			runNode({ parameters: { resource: 'eventAttendee', operation: 'get', event: byId, attendeeId: 'a404' } }),
		).rejects.toMatchObject({
			message: 'Attendee not found.',
			description: 'No attendee with the ID "a404" is registered for the event "e1" (or the event does not exist)',
		});
	});
});

describe('Event Attendee: Register', () => {
	const person = {
		email: 'grace+events@example.com',
		firstName: 'Grace',
		lastName: 'Hopper',
		position: 'Rear Admiral',
		company: 'US Navy',
	};

	it('registers by the slug in the event URL, without reading the event', async () => {
		const scope = nock(API)
			.post('/registration', { eventSlug: 'launch-party', ...person, ticketOptionId: 't1' })
			.reply(200, { message: 'Registration successful' });
		const out = await runNode({
			parameters: {
				resource: 'eventAttendee',
				operation: 'register',
				event: byUrl,
				...person,
				additionalFields: { ticketOptionId: 't1' },
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(out[0].json).toEqual({
			eventSlug: 'launch-party',
			email: 'grace+events@example.com',
			registered: true,
			message: 'Registration successful',
		});
	});

	it('reads the slug of an event chosen by id', async () => {
		const scope = nock(API)
			.get('/events/e1')
			.reply(200, { eventId: 'e1', eventSlug: 'spring-summit' })
			.post('/registration', { eventSlug: 'spring-summit', ...person })
			.reply(200, { message: 'Registration successful' });
		await runNode({ parameters: { resource: 'eventAttendee', operation: 'register', event: byId, ...person } });
		expect(scope.isDone()).toBe(true);
	});

	it('"already registered" is a clear error, and a catchable one under Continue On Fail', async () => {
		nock(API)
			.post('/registration', (body) => body.email === 'grace@example.com')
			.times(2)
			.reply(400, { message: 'already registered for this event' })
			.post('/registration', (body) => body.email === 'ada@example.com')
			.reply(200, { message: 'Registration successful' });
		const params = { resource: 'eventAttendee', operation: 'register', event: byUrl, ...person, email: '={{ $json.email }}' };
		await expect(runNode({ items: [{ email: 'grace@example.com' }], parameters: params })).rejects.toMatchObject({
			message:
				'Already registered: grace@example.com is already registered for the event "launch-party" (already registered for this event)',
			httpCode: '400',
			description: expect.stringContaining('Continue On Fail'),
		});
		const out = await runNode({
			continueOnFail: true,
			items: [{ email: 'grace@example.com' }, { email: 'ada@example.com' }],
			parameters: params,
		});
		expect(out[0].json.error).toMatch(/^Already registered: grace@example.com/);
		expect(out[1].json).toMatchObject({ registered: true, email: 'ada@example.com' });
	});

	it('keeps other 400s as the API said them', async () => {
		nock(API).post('/registration').reply(400, { message: 'registration is not open for this event' });
		await expect(
			runNode({ parameters: { resource: 'eventAttendee', operation: 'register', event: byUrl, ...person } }),
		).rejects.toMatchObject({ message: 'registration is not open for this event', httpCode: '400' });
	});

	it.each([
		[{ email: 'grace at navy' }, '"Email" must be an email address'],
		[{ lastName: '  ' }, '"Last Name" is required'],
		[{ company: '' }, '"Company" is required'],
	])('refuses %j before sending: %s', async (override, message) => {
		await expect(
			runNode({ parameters: { resource: 'eventAttendee', operation: 'register', event: byUrl, ...person, ...override } }),
		).rejects.toThrow(message);
		expect(nock.pendingMocks()).toEqual([]);
	});
});
