/**
 * Values that go into a request's path, emails, and long input.
 *
 * n8n's HTTP client resolves `.` and `..` segments and percent-encoding leaves dots alone, so
 * an id of `..` once turned DELETE /clubs/{clubId}/users into DELETE /users. Here:
 *
 * - PATH_FIELDS lists, per operation, the fields whose value lands in a path. It is checked
 *   against the node itself: every locator and ID field of every operation is run with a probe
 *   value, and the fields whose probe reached a request path must be exactly the listed ones,
 *   so a new operation that puts a value in a path fails here until it has its cases.
 * - Each listed field refuses `..`, `.`, control characters and over-long values with a
 *   NodeOperationError naming the field as the node labels it, and sends nothing at all.
 * - Every email field refuses an address over 254 characters, before any request.
 * - A 1 MB value in any field, or a 1 MB answer from the server, never makes a message of more
 *   than a few hundred characters, and a request too long to succeed is never sent.
 */
import type { INodeParameters } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import nock from 'nock';

import { getEventTicketTypes } from '../../nodes/CommunityPlatform/methods/options/events';
import { getProfileAnswerFields } from '../../nodes/CommunityPlatform/methods/resourceMapping';
import { MAX_PATH_VALUE_LENGTH } from '../../nodes/shared/transport/path';
import { API, loadOptionsContext, runNode } from '../helpers/harness.cjs';
import type { Key } from '../helpers/operations.cjs';
import { BASE, BatchRowFailure, OPERATIONS, fieldsOf, labelOf, outcomeOf, rl, withParameters } from '../helpers/operations.cjs';
import { FIELDS, formOf } from '../helpers/description.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

/** Per operation, the fields whose value goes into the request path. */
const PATH_FIELDS: Partial<Record<Key, string[]>> = {
	'batchJob.get': ['jobId', 'clubId'],
	'club.addMember': ['club'],
	'club.addMembersBatch': ['club'],
	'club.getApplicationRequests': ['club'],
	'club.getMemberClubs': ['member'],
	'club.removeMember': ['club'],
	'event.get': ['event'],
	'eventAttendee.get': ['event', 'attendeeId'],
	'eventAttendee.getAll': ['event'],
	'eventAttendee.register': ['event'],
	'eventInvitee.add': ['event'],
	'eventInvitee.getAll': ['event'],
	'member.get': ['member'],
	'member.update': ['member'],
	'profileQuestion.get': ['question'],
	'tag.delete': ['tag'],
	'tag.get': ['tag'],
	'tag.rename': ['tag'],
};

/** Parameters under which an operation's path fields are all in use. */
const PROBE_BASE: Partial<Record<Key, INodeParameters>> = {
	'batchJob.get': { jobType: 'addClubMembers', jobId: 'j1', clubId: 'c1' },
};

const baseOf = (key: Key): INodeParameters => PROBE_BASE[key] ?? BASE[key] ?? {};

const isLocator = (key: Key, field: string) => fieldsOf(key).get(field)?.type === 'resourceLocator';

/** A value for a field: a locator in its By ID mode, or the plain value. */
const valueFor = (key: Key, field: string, value: string) => (isLocator(key, field) ? rl('id', value) : value);

/** The fields a value of which could end up in a path: locators, and top-level ID fields. */
function candidateFields(key: Key): string[] {
	return [...fieldsOf(key)]
		.filter(([name, property]) => !name.includes('.') && (property.type === 'resourceLocator' || /Id$/.test(name)))
		.map(([name]) => name);
}

// ------------------------------------------------------------------ every request, recorded

interface Seen {
	method: string;
	path: string;
	length: number;
}
const seen: Seen[] = [];

/** Answers every request with `reply` and records it. */
function recordEverything(status = 200, body: unknown = {}) {
	const record = (method: string) =>
		function (this: unknown, uri: string, requestBody: unknown) {
			// Create or Update Many's quota probe (an update job with no rows) is not a request sent twice.
			const probe = (requestBody as { users?: unknown[] } | undefined)?.users?.length === 0;
			seen.push({ method, path: `${decodeURIComponent(uri)}${probe ? ' (quota probe)' : ''}`, length: uri.length });
			return body as nock.Body;
		};
	const scope = nock(API).persist();
	for (const method of ['get', 'post', 'patch', 'delete', 'put'] as const) {
		scope[method](() => true).query(true).reply(status, record(method.toUpperCase()));
	}
}

useVirtualClock();
beforeEach(() => {
	seen.length = 0;
	nock.cleanAll();
});

const PROBE = 'probe7f3a';

// ------------------------------------------------------------------ the table covers the node

describe('the path-value table covers every operation that puts a value in a path', () => {
	it('lists exactly the fields whose value reaches a request path', async () => {
		const found: string[] = [];
		for (const key of OPERATIONS) {
			for (const field of candidateFields(key)) {
				seen.length = 0;
				nock.cleanAll();
				recordEverything(200, { jobId: 'j1', status: 'pending', results: [] });
				await outcomeOf(key, withParameters(baseOf(key), { [field]: valueFor(key, field, PROBE) }));
				if (seen.some((request) => request.path.split('?')[0].includes(PROBE))) found.push(`${key} ${field}`);
			}
		}
		const listed = Object.entries(PATH_FIELDS).flatMap(([key, fields]) => (fields ?? []).map((field) => `${key} ${field}`));
		expect(found.sort()).toEqual(listed.sort());
	});
});

// ------------------------------------------------------------------ bad path values

const BAD_PATH_VALUES: Array<[string, string, RegExp]> = [
	['..', '..', /cannot be "\.\.": enter the ID of a record/],
	['.', '.', /cannot be "\.": enter the ID of a record/],
	['" .. " (spaces around)', ' .. ', /cannot be "\.\."/],
	['a line break', 'u1\nu2', /contains a control character/],
	['a NUL character', 'u1\u0000', /contains a control character/],
	[`${MAX_PATH_VALUE_LENGTH + 1} characters`, 'x'.repeat(MAX_PATH_VALUE_LENGTH + 1), /IDs of this API have at most 128/],
	['1 MB', 'x'.repeat(1_000_000), /IDs of this API have at most 128/],
];

const PATH_CASES = Object.entries(PATH_FIELDS).flatMap(([key, fields]) =>
	(fields ?? []).flatMap((field) =>
		BAD_PATH_VALUES.map(([what, value, fix]) => [`${key} ${field}: ${what}`, key as Key, field, value, fix] as const),
	),
);

describe('a value that would change the endpoint is refused before any request', () => {
	it.each(PATH_CASES)('%s', async (_name, key, field, value, fix) => {
		recordEverything();
		const { error } = await outcomeOf(key, withParameters(baseOf(key), { [field]: valueFor(key, field, value) }));

		expect(seen).toEqual([]);
		if (!(error instanceof BatchRowFailure)) expect(error).toBeInstanceOf(NodeOperationError);
		expect(error).not.toBeInstanceOf(NodeApiError);
		const { message, description } = error as NodeOperationError;
		expect(message).toContain(`"${labelOf(key, field)}"`);
		expect(`${message}\n${description ?? ''}`).toMatch(fix);
		expect(message.length).toBeLessThan(400);
	});

	it('Club → Remove Member with club ".." sends no DELETE at all (it once removed the member)', async () => {
		recordEverything(202, { success: true });
		const { error } = await outcomeOf('club.removeMember', { club: rl('id', '..'), member: rl('email', 'jane@example.com') });
		expect(seen).toEqual([]);
		expect((error as Error).message).toBe('Invalid parameter: "Club" cannot be "..": enter the ID of a record, such as 64f1c2a9e4b0a1b2c3d4e5f6');
	});

	it('a good id is trimmed and percent-encoded, and stays one segment', async () => {
		recordEverything(200, { id: 'x' });
		await outcomeOf('member.get', { member: rl('id', ' a/b?c#d '), simplify: false });
		expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /public-api/v1/users/a/b?c#d']);
		nock.cleanAll();
		const raw: string[] = [];
		nock(API)
			.get(() => true)
			.times(2)
			.reply(200, (uri) => {
				raw.push(uri);
				return { id: 'x' };
			});
		await outcomeOf('member.get', { member: rl('id', '...'), simplify: false });
		await outcomeOf('member.get', { member: rl('id', 'a/b'), simplify: false });
		expect(raw).toEqual(['/public-api/v1/users/...', '/public-api/v1/users/a%2Fb']);
	});

	it("the ticket-type loader refuses an event ID of '..' without a request", async () => {
		recordEverything(200, { size: 0, pageNumber: 1, pageSize: 200, results: [] });
		const ctx = loadOptionsContext({ resource: 'eventInvitee', operation: 'add', event: rl('id', '..') });
		await expect(getEventTicketTypes.call(ctx)).rejects.toThrow('Invalid parameter: "Event" cannot be ".."');
		expect(seen).toEqual([]);
	});

	it("the profile-answer mapper never reads a question whose ID from the API is '..' (GET /userProfileQuestions/.. is the list)", async () => {
		recordEverything(200, [{ id: '..', title: 'Odd', inUserProfileForm: true }]);
		const ctx = loadOptionsContext({ resource: 'member', operation: 'update' });
		await expect(getProfileAnswerFields.call(ctx)).rejects.toThrow('"Profile Question" cannot be ".."');
		expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /public-api/v1/userProfileQuestions']);
	});

	it("a job ID of '..' answered by the API is never polled as a path", async () => {
		recordEverything(202, { jobId: '..', status: 'pending' });
		const out = await runNode({
			parameters: { resource: 'member', operation: 'createMany', ...BASE['member.createMany'], maxWaitMinutes: 1 },
			continueOnFail: true,
		});
		expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /public-api/v1/users/batch']);
		expect(JSON.stringify(out[0].json)).toContain('\\"Job ID\\" cannot be \\"..\\"');
	});
});

// ------------------------------------------------------------------ emails

/** Every email field of every operation, as the bad-input table finds them. */
const EMAIL_FIELDS = FIELDS.filter(({ field, property }) => ['email', 'email locator'].includes(formOf(field, property) ?? ''))
	.map(({ key, field }) => [key, field] as const)
	.filter(([key, field]) => `${key} ${field}` !== 'club.getApplicationRequests filters.email');

const emailOfLength = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

describe('an email address longer than 254 characters is refused before any request', () => {
	it('finds the email fields', () => expect(EMAIL_FIELDS.length).toBeGreaterThan(15));

	it.each(EMAIL_FIELDS.flatMap(([key, field]) => [[key, field, 255] as const, [key, field, 1_000_000] as const]))(
		'%s %s: %d characters',
		async (key, field, length) => {
			recordEverything();
			const isMode = isLocator(key, field);
			const value = emailOfLength(length);
			const { error } = await outcomeOf(key, withParameters(baseOf(key), { [field]: isMode ? rl('email', value) : value }));
			expect(seen).toEqual([]);
			if (!(error instanceof BatchRowFailure)) expect(error).toBeInstanceOf(NodeOperationError);
			const { message } = error as NodeOperationError;
			expect(message).toContain(`"${labelOf(key, field)}" is longer than 254 characters`);
			expect(message.length).toBeLessThan(400);
		},
	);

	it('254 characters is still an address', async () => {
		const value = emailOfLength(254);
		recordEverything(200, { userId: 'u1', userEmail: value });
		const { error } = await outcomeOf('member.getByEmail', { email: value });
		expect(error).toBeUndefined();
		expect(seen).toHaveLength(1);
	});
});

// ------------------------------------------------------------------ 1 MB anywhere

const MB = 'x'.repeat(1_000_000);

/** Every text field of every operation (top level and in collections), with a 1 MB value. */
const TEXT_FIELDS = FIELDS.filter(({ property }) => ['string', 'resourceLocator'].includes(property.type)).map(({ key, field }) => [key, field] as const);

describe('no message quotes more than about 200 characters of input or of an answer', () => {
	it('finds the text fields', () => expect(TEXT_FIELDS.length).toBeGreaterThan(60));

	it.each(TEXT_FIELDS)('%s %s = 1 MB, answered with a 1 MB message', async (key, field) => {
		recordEverything(400, { message: `refused: ${'y'.repeat(1_000_000)}` });
		const value = isLocator(key, field) ? rl('id', MB) : MB;
		const { error } = await outcomeOf(key, withParameters(baseOf(key), { [field]: value }));
		if (error !== undefined) {
			const { message, description } = error as NodeOperationError;
			expect(message.length).toBeLessThan(1000);
			expect(String(description ?? '').length).toBeLessThan(1500);
		}
		// Nothing that long is sent as an address, and no request is sent twice.
		expect(seen.filter((request) => request.length > 8000)).toEqual([]);
		const keys = seen.map((request) => `${request.method} ${request.path}`);
		expect(new Set(keys).size).toBe(keys.length);
	});

	it('a GET whose address would be over 8,000 characters is refused, naming the parameter, and never retried', async () => {
		recordEverything(200, { size: 0, pageNumber: 1, pageSize: 50, results: [] });
		const { error } = await outcomeOf('event.getAll', { filters: { title: MB } });
		expect(seen).toEqual([]);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as Error).message).toMatch(/^The request is too long to send \(\d+ characters, at most 8000\)$/);
		expect((error as NodeOperationError).description).toMatch(/The value sent as "title" is \d+ characters long: shorten it/);
	});

	it('a 1 MB error answer is quoted to 200 characters', async () => {
		recordEverything(400, { message: 'z'.repeat(1_000_000) });
		const { error } = await outcomeOf('member.get', { member: rl('id', 'u1') });
		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as Error).message).toBe(`${'z'.repeat(200)}… (1000000 characters in all)`);
	});
});
