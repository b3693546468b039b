/**
 * Bad input: one table that walks every operation of the action node. The list of
 * operations is read from the node description (the Resource options and each resource's
 * Operation options), so a new operation fails the coverage test until it has cases here.
 *
 * Every case must end in a NodeOperationError whose message names the field by its label in
 * the node (looked up in the description, not copied here) and says how to fix it, and must
 * send nothing: nock has no interceptor for it and refuses real connections, and every
 * request nock sees without a match is recorded and fails the case.
 *
 * Batch operations take all input items at once and fail a bad row on its own item (the rest
 * of the batch goes on), so their cases run under Continue On Fail and read the row's error.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import nock from 'nock';

import { API, runNode } from '../helpers/harness.cjs';
import type { Key } from '../helpers/operations.cjs';
import { BASE, BatchRowFailure, OPERATIONS, isBatch, labelOf, outcomeOf, rl, withParameters } from '../helpers/operations.cjs';
import { FIELDS, formOf, type Form } from '../helpers/description.cjs';
import { useVirtualClock } from '../helpers/virtualClock.cjs';

// ------------------------------------------------------------------ the table

/** The kinds of bad input the node refuses before any request, plus required fields and other refusals. */
type Kind =
	| 'email-space'
	| 'email-no-domain'
	| 'email'
	| 'url'
	| 'date'
	| 'limit'
	| 'enum-case'
	| 'enum'
	| 'too-long'
	| 'empty-update'
	| 'unknown-question'
	| 'override-empty'
	| 'batch-empty'
	| 'required'
	| 'other';

const ISSUE_KINDS: Kind[] = [
	'email-space',
	'email-no-domain',
	'url',
	'date',
	'limit',
	'enum-case',
	'too-long',
	'empty-update',
	'unknown-question',
	'override-empty',
	'batch-empty',
];

interface BadCase {
	kind: Kind;
	/** What is wrong, for the test name. */
	what: string;
	/** Parameters set on top of the operation's base parameters (`a.b` paths allowed). */
	set?: Record<string, unknown>;
	/** Input items (default one empty item). */
	items?: IDataObject[];
	/** The parameter path the message must name by its label; null: the error is about no one field. */
	field: string | null;
	/** Words of the message or description that tell the user what to do. */
	fix: RegExp;
	/** Reads the node may make to find out the input is bad (e.g. the community's questions). */
	reads?: () => void;
}

const long = (n: number) => 'x'.repeat(n);

const EMAIL_FIX = /must be an email address such as jane@example\.com \(no spaces, with a domain\)/;
const LIMIT_FIX = /must be at least 1|must be a whole number/;
const DATE_FIX = /must be a date in the form YYYY-MM-DD/;
const ISO_FIX = /must be an ISO 8601 date-time/;
const URL_FIX = /must be a full URL starting with https:\/\/|must start with http:\/\/ or https:\/\//;

const emailCases = (field: string): BadCase[] => [
	{ kind: 'email-space', what: 'an email with a space', set: { [field]: 'jane doe@example.com' }, field, fix: EMAIL_FIX },
	{ kind: 'email-no-domain', what: 'an email without a domain', set: { [field]: 'jane@' }, field, fix: EMAIL_FIX },
];
const limitCases: BadCase[] = [
	{ kind: 'limit', what: 'a limit of 0', set: { limit: 0 }, field: 'limit', fix: LIMIT_FIX },
	{ kind: 'limit', what: 'a negative limit', set: { limit: -5 }, field: 'limit', fix: LIMIT_FIX },
	{ kind: 'limit', what: 'a fractional limit', set: { limit: 2.5 }, field: 'limit', fix: LIMIT_FIX },
];
const dayCase = (field: string, value = '31/01/2026'): BadCase => ({
	kind: 'date',
	what: `a date that is not YYYY-MM-DD ("${value}")`,
	set: { [field]: value },
	field,
	fix: DATE_FIX,
});
const urlCase = (field: string, value = 'not a url'): BadCase => ({
	kind: 'url',
	what: `a URL that is not a URL ("${value}")`,
	set: { [field]: value },
	field,
	fix: URL_FIX,
});
const enumCase = (field: string, value: string, list: string): BadCase => ({
	kind: 'enum-case',
	what: `"${value}", a value of the list in a letter case the spec does not allow`,
	set: { [field]: value },
	field,
	fix: new RegExp(`must be one of ${list}`),
});
const emptyMember = (field = 'member'): BadCase => ({
	kind: 'required',
	what: 'no member',
	set: { [field]: rl('id', '  ') },
	field,
	fix: /pick a member from the list or enter its ID/,
});
const badEventUrl: BadCase = {
	kind: 'url',
	what: 'an event URL that is not a URL',
	set: { event: rl('url', 'launch party') },
	field: 'event',
	fix: /must be the event's address, such as https:\/\//,
};
const noRows: BadCase = {
	kind: 'batch-empty',
	what: 'a batch of 0 rows',
	items: [],
	field: null,
	fix: /The batch has no rows: connect a node that outputs at least one item/,
};
const questionsRead = () => {
	nock(API).get('/userProfileQuestions').reply(200, [{ id: 'q1', title: 'Favourite tool?', inUserProfileForm: true }]);
};
const unknownQuestion: BadCase = {
	kind: 'unknown-question',
	what: 'a profile answer for an unknown question id',
	set: { profileAnswers: { mappingMode: 'defineBelow', value: { q404: 'n8n' }, matchingColumns: [], schema: [] } },
	field: 'profileAnswers',
	fix: /not a profile question of this community: open the field list, refresh it and map the answers again/,
	reads: questionsRead,
};
const emptyUpdate: BadCase = {
	kind: 'empty-update',
	what: 'an update with nothing to change',
	set: { updateFields: {} },
	field: 'updateFields',
	fix: /Nothing to update: add at least one field/,
};

/** Create or Update (one or many): every field is checked as an update checks it, before anything is sent. */
const createOrUpdateCases: BadCase[] = [
	{
		kind: 'empty-update',
		what: 'an item that sets nothing but the email',
		set: { firstName: '', position: '', company: '' },
		field: 'firstName',
		fix: /Nothing to create or update: set "First Name", "Job Title" and "Company" \(a new member needs them\)/,
	},
	{ ...unknownQuestion, set: { ...unknownQuestion.set, firstName: '', position: '', company: '' } },
	...emailCases('email'),
	urlCase('additionalFields.pictureUrl'),
	urlCase('additionalFields.linkedInUrl', 'linkedin.com/in/jane'),
	{ kind: 'enum', what: 'a member type outside the list', set: { 'additionalFields.memberType': 'VIP' }, field: 'additionalFields.memberType', fix: /must be one of Standard, Guest, Limited Approval \(got "VIP"\)/ },
];

const TABLE: Partial<Record<Key, BadCase[]>> = {
	'batchJob.get': [
		{ kind: 'required', what: 'no job id', set: { jobId: ' ' }, field: 'jobId', fix: /enter the jobId a batch operation returned/ },
		{
			kind: 'enum-case',
			what: 'a job type in the wrong letter case',
			set: { jobType: 'CreateUsers', jobId: 'j1' },
			field: 'jobType',
			fix: /Expected 'createUsers' \| 'updateUsers' \| 'addClubMembers'/,
		},
		{
			kind: 'required',
			what: 'a club job without its club',
			set: { jobType: 'addClubMembers', jobId: 'j1', clubId: '' },
			field: 'clubId',
			fix: /enter the club the job belongs to/,
		},
	],
	'club.addMember': [
		...emailCases('member').map((c) => ({ ...c, set: { member: rl('email', String(c.set?.member)) } })),
		{ kind: 'required', what: 'no club', set: { club: rl('list', '') }, field: 'club', fix: /pick a club from the list or enter its ID/ },
	],
	'club.addMembersBatch': [
		noRows,
		...emailCases('member').map((c) => ({ ...c, set: { member: rl('email', String(c.set?.member)) } })),
		{ kind: 'required', what: 'no club', set: { club: rl('id', '') }, field: 'club', fix: /pick a club from the list or enter its ID/ },
	],
	'club.getApplicationRequests': [
		...limitCases,
		enumCase('filters.status', 'pending', 'Pending, Accepted, Declined, Expired'),
		enumCase('filters.memberType', 'guest', 'Standard, Guest, Limited Approval'),
		enumCase('options.sort', 'name_asc', 'DEFAULT, CREATED_AT_ASC'),
		{ kind: 'required', what: 'no club', set: { club: rl('id', '') }, field: 'club', fix: /pick a club from the list or enter its ID/ },
	],
	'club.getAll': limitCases,
	'club.getMemberClubs': [emptyMember()],
	'club.removeMember': emailCases('member').map((c) => ({ ...c, set: { member: rl('email', String(c.set?.member)) } })),
	'club.updateMemberClubs': [
		{
			kind: 'override-empty',
			what: 'Override with an empty list, without Remove From All Clubs',
			set: { membershipMode: 'override', removeFromAll: false, clubIds: [] },
			field: 'clubIds',
			fix: /Add the clubs to keep, or turn on "Remove From All Clubs"/,
		},
		{
			kind: 'override-empty',
			what: 'Override with an empty list of names, without Remove From All Clubs',
			set: { membershipMode: 'override', removeFromAll: false, clubsBy: 'name', clubNames: '' },
			field: 'clubNames',
			fix: /turn on "Remove From All Clubs" to remove the member from every one on purpose/,
		},
		{ kind: 'other', what: 'Add with an empty list', set: { clubIds: [] }, field: 'clubIds', fix: /choose at least one of the clubs to add/ },
		{
			kind: 'other',
			what: 'more than 10 clubs',
			set: { clubIds: Array.from({ length: 11 }, (_, i) => `c${i}`) },
			field: 'clubIds',
			fix: /give at most 10/,
		},
		{ kind: 'other', what: 'a club listed twice', set: { clubIds: ['c1', 'c1'] }, field: 'clubIds', fix: /give each of the clubs once/ },
		enumCase('membershipMode', 'Override', 'add, override'),
		...emailCases('member').map((c) => ({ ...c, set: { member: rl('email', String(c.set?.member)) } })),
	],
	'content.createVideo': [
		{ kind: 'too-long', what: 'a title of 301 characters', set: { title: long(301) }, field: 'title', fix: /is longer than 300 characters: shorten it/ },
		{ kind: 'required', what: 'a blank title', set: { title: '   ' }, field: 'title', fix: /enter the video title/ },
		urlCase('videoUrl'),
		urlCase('posterUrl', 'ftp://cdn.example.com/poster-1280x720.jpg'),
		{ kind: 'other', what: 'a duration in no accepted form', set: { duration: '1h 2m' }, field: 'duration', fix: /HH:MM:SS \(01:02:03\), MM:SS \(62:03\) or a number of seconds/ },
		...emailCases('additionalFields.authorEmail'),
		{ kind: 'other', what: 'a publish flag that is not a boolean', set: { 'additionalFields.publish': 'yes' }, field: 'additionalFields.publish', fix: /must be true or false/ },
	],
	'content.getAll': [
		...limitCases,
		{
			kind: 'enum-case',
			what: 'a content type in the wrong letter case',
			set: { contentType: 'Video' },
			field: 'contentType',
			fix: /must be one of blog, collection, externalContent, podcast, resource, video \(got "Video"\)/,
		},
		dayCase('filters.fromDate'),
		dayCase('filters.toDate', '2026-02-30'),
		{
			kind: 'date',
			what: 'Created From after Created To',
			set: { 'filters.fromDate': '2026-03-01', 'filters.toDate': '2026-02-01' },
			field: 'filters.fromDate',
			fix: /swap the two dates/,
		},
	],
	'contributionLog.create': [
		{ kind: 'too-long', what: 'a note of 101 characters', set: { 'additionalFields.notes': long(101) }, field: 'additionalFields.notes', fix: /shorten the note to at most 100 characters/ },
		{ kind: 'too-long', what: 'a contribution name of 301 characters', set: { contributionName: long(301) }, field: 'contributionName', fix: /is longer than 300 characters/ },
		{ kind: 'date', what: 'a time that is not ISO 8601', set: { contributedAt: 'yesterday' }, field: 'contributedAt', fix: ISO_FIX },
		{ kind: 'date', what: 'a day that does not exist', set: { contributedAt: '2026-02-30T10:00:00Z' }, field: 'contributedAt', fix: ISO_FIX },
		...emailCases('userEmail'),
		{ kind: 'other', what: 'a count of 0', set: { count: 0 }, field: 'count', fix: /must be at least 1/ },
	],
	'emailOptOut.getAll': [
		...limitCases,
		...emailCases('filters.email'),
		{ kind: 'date', what: 'a time that is not ISO 8601', set: { 'filters.unsubscribedAfter': '31.01.2026' }, field: 'filters.unsubscribedAfter', fix: ISO_FIX },
		enumCase('filters.scope', 'All', 'all, specific'),
		{
			kind: 'other',
			what: 'scope All with a subscription type',
			set: { 'filters.scope': 'all', 'filters.subscriptionTypeId': 'st1' },
			field: 'filters.scope',
			fix: /Remove the subscription type or choose Specific/,
		},
	],
	'emailSubscriptionType.getAll': [
		...limitCases,
		{ kind: 'other', what: 'a blank system key', set: { 'filters.systemKey': '  ' }, field: 'filters.systemKey', fix: /remove the filter or enter a system key/ },
	],
	'event.get': [
		badEventUrl,
		{ kind: 'url', what: 'an event URL without a slug', set: { event: rl('url', 'https://community.example.com/home/events/') }, field: 'event', fix: /must be the event's address/ },
		{ kind: 'required', what: 'no event', set: { event: rl('list', '') }, field: 'event', fix: /pick an event from the list, or enter its ID or URL/ },
	],
	'event.getAll': [
		...limitCases,
		dayCase('filters.startDate', '2026-13-01'),
		dayCase('filters.endDate', 'next friday'),
		{
			kind: 'date',
			what: 'Start Date after End Date',
			set: { 'filters.startDate': '2026-05-02', 'filters.endDate': '2026-05-01' },
			field: 'filters.startDate',
			fix: /swap the two dates/,
		},
		enumCase('filters.status', 'published', 'Draft, Published'),
		enumCase('filters.access', 'public', 'All Members, Public, Selected Spaces Only'),
	],
	'eventAttendee.get': [
		{ kind: 'required', what: 'no attendee id', set: { attendeeId: ' ' }, field: 'attendeeId', fix: /enter the attendee ID/ },
		badEventUrl,
	],
	'eventAttendee.getAll': [...limitCases, ...emailCases('filters.userEmail'), badEventUrl],
	'eventAttendee.register': [
		...emailCases('email'),
		{ kind: 'required', what: 'a blank first name', set: { firstName: '  ' }, field: 'firstName', fix: /enter the first name/ },
		badEventUrl,
	],
	'eventInvitee.add': [
		{ kind: 'too-long', what: 'a note of 201 characters', set: { 'additionalFields.note': long(201) }, field: 'additionalFields.note', fix: /is longer than 200 characters: shorten it/ },
		enumCase('attendeeType', 'speaker', 'Attendee, Guest, Host, Press, Speaker, Sponsor, Staff'),
		...emailCases('inviteeEmail'),
		...emailCases('additionalFields.inviteAdminEmail'),
		{
			kind: 'email',
			what: 'a CC list with an address that is not one',
			set: { 'additionalFields.ccEmailAddresses': 'host@example.com, jane@' },
			field: 'additionalFields.ccEmailAddresses',
			fix: /has "jane@", which is not an email address/,
		},
		{ kind: 'required', what: 'a blank ticket type', set: { ticketType: '  ' }, field: 'ticketType', fix: /choose a ticket type of the event/ },
		badEventUrl,
	],
	'eventInvitee.getAll': [
		...limitCases,
		enumCase('filters.attendeeType', 'GUEST', 'Attendee, Guest, Host'),
		...emailCases('filters.inviteeEmail'),
		...emailCases('filters.inviteAdminEmail'),
		{
			kind: 'required',
			what: 'a blank ticket type filter',
			set: { 'filters.ticketType': '  ' },
			field: 'filters.ticketType',
			fix: /choose a ticket type of the event/,
		},
		badEventUrl,
	],
	'member.create': [
		...emailCases('email'),
		urlCase('additionalFields.pictureUrl'),
		urlCase('additionalFields.linkedInUrl', 'www.linkedin.com/in/jane'),
		{
			kind: 'other',
			what: 'an empty entry in the spaces',
			set: { 'additionalFields.spaces': ['General', ' '] },
			field: 'additionalFields.spaces',
			fix: /has an empty entry: remove it/,
		},
		{ kind: 'required', what: 'no company', set: { company: ' ' }, field: 'company', fix: /enter the company name/ },
	],
	'member.createMany': [
		noRows,
		...emailCases('email'),
		urlCase('additionalFields.pictureUrl', 'photo.png'),
		urlCase('additionalFields.linkedInUrl'),
		{ kind: 'other', what: 'a one-letter company (batch rows need 2)', set: { company: 'A' }, field: 'company', fix: /must be at least 2 characters long/ },
	],
	'member.createOrUpdate': createOrUpdateCases,
	'member.createOrUpdateMany': [
		noRows,
		...createOrUpdateCases,
		...emailCases('batchOptions.operatorEmail'),
	],
	'member.delete': [
		...emailCases('member').map((c) => ({ ...c, set: { member: rl('email', String(c.set?.member)) } })),
		emptyMember(),
	],
	'member.get': [emptyMember()],
	'member.getByEmail': [
		...emailCases('email'),
		{ kind: 'required', what: 'no email', set: { email: '' }, field: 'email', fix: /enter an email address such as jane@example\.com/ },
	],
	'member.getAll': [
		...limitCases,
		dayCase('filters.signedUpFromDate', '2026/01/31'),
		dayCase('filters.signedUpToDate', 'Jan 31 2026'),
		{
			kind: 'date',
			what: 'Signed Up From after Signed Up To',
			set: { 'filters.signedUpFromDate': '2026-02-01', 'filters.signedUpToDate': '2026-01-01' },
			field: 'filters.signedUpFromDate',
			fix: /swap the two dates/,
		},
		enumCase('filters.approvalStatus', 'approved', 'Pending, Approved, Unapproved'),
		enumCase('filters.memberType', 'guest', 'Standard, Guest, Limited Approval'),
		enumCase('options.sortDirection', 'DESC', 'asc, desc'),
		enumCase('options.sortBy', 'signupAt', 'createdAt, signUpAt'),
	],
	'member.update': [
		emptyUpdate,
		{ ...emptyUpdate, what: 'an update whose only field is an empty text', set: { updateFields: { company: '' } } },
		unknownQuestion,
		emptyMember(),
		{ kind: 'enum', what: 'a member type outside the list', set: { 'updateFields.memberType': 'VIP' }, field: 'updateFields.memberType', fix: /must be one of Standard, Guest, Limited Approval \(got "VIP"\)/ },
		urlCase('updateFields.pictureUrl', 'photo.png'),
		urlCase('updateFields.linkedInUrl', 'linkedin/jane'),
		{ kind: 'other', what: 'a blank first name', set: { 'updateFields.firstName': '  ' }, field: 'updateFields.firstName', fix: /remove the field or enter a value/ },
	],
	'member.updateByEmail': [
		emptyUpdate,
		unknownQuestion,
		...emailCases('email'),
		{ kind: 'enum', what: 'an approval status outside the list', set: { 'updateFields.approvalStatus': 'maybe' }, field: 'updateFields.approvalStatus', fix: /must be one of approved, pending, unapproved/ },
		urlCase('updateFields.pictureUrl'),
		urlCase('updateFields.linkedInUrl'),
	],
	'member.updateMany': [
		noRows,
		emptyUpdate,
		{ ...unknownQuestion, set: { ...unknownQuestion.set, updateFields: {} } },
		...emailCases('email'),
		...emailCases('batchOptions.operatorEmail'),
		urlCase('updateFields.pictureUrl'),
		urlCase('updateFields.linkedInUrl', 'jane'),
	],
	'profileQuestion.get': [
		{ kind: 'required', what: 'no question', set: { question: rl('list', '') }, field: 'question', fix: /pick a question from the list or enter its ID/ },
	],
	'profileQuestion.getAll': limitCases,
	'space.getAll': limitCases,
	'space.updateMemberSpaces': [
		{
			kind: 'override-empty',
			what: 'Override with an empty list, without Remove From All Spaces',
			set: { membershipMode: 'override', removeFromAll: false, spaces: [] },
			field: 'spaces',
			fix: /Add the spaces to keep, or turn on "Remove From All Spaces"/,
		},
		{ kind: 'other', what: 'Add with an empty list', set: { spaces: [] }, field: 'spaces', fix: /choose at least one of the spaces to add/ },
		{ kind: 'other', what: 'a space listed twice', set: { spaces: 'General, General' }, field: 'spaces', fix: /give each of the spaces once/ },
		enumCase('membershipMode', 'OVERRIDE', 'add, override'),
		...emailCases('email'),
	],
	'tag.create': [{ kind: 'required', what: 'a blank name', set: { name: '   ' }, field: 'name', fix: /enter a tag name/ }],
	'tag.delete': [
		{ kind: 'required', what: 'no tag', set: { tag: rl('list', '') }, field: 'tag', fix: /pick a tag from the list or enter its ID/ },
		{ kind: 'other', what: 'the tag itself as target', set: { targetTag: rl('id', 't1') }, field: 'targetTag', fix: /choose a different tag to take over its content, or leave it empty/ },
	],
	'tag.get': [{ kind: 'required', what: 'no tag', set: { tag: rl('id', ' ') }, field: 'tag', fix: /pick a tag from the list or enter its ID/ }],
	'tag.getAll': limitCases,
	'tag.rename': [
		{ kind: 'required', what: 'a blank new name', set: { name: ' ' }, field: 'name', fix: /enter a tag name/ },
		{ kind: 'required', what: 'no tag', set: { tag: rl('id', '') }, field: 'tag', fix: /pick a tag from the list or enter its ID/ },
	],
};

/**
 * Operations with no parameter that can be bad, each with the reason. Empty today: every
 * operation has at least a locator, a limit or a field to check.
 */
const NO_BAD_INPUT: Partial<Record<Key, string>> = {};

/**
 * Email, URL, date and limit fields (found in the description) that need no case of their
 * kind, with the reason.
 */
const EXEMPT_FIELDS: Record<string, string> = {
	'club.getApplicationRequests filters.email':
		'a "contains" text filter on the applicant email (the spec lists it as free text), so part of an address is valid',
};

/** The kinds of case that show a field of each form refuses a bad value. */
const KINDS_OF: Record<Form, Kind[]> = {
	date: ['date'],
	limit: ['limit'],
	email: ['email-space', 'email-no-domain', 'email'],
	'email list': ['email-space', 'email-no-domain', 'email'],
	'email locator': ['email-space', 'email-no-domain'],
	url: ['url'],
};

// ------------------------------------------------------------------ running a case

/** Requests nock saw with no interceptor to answer them: requests the node should not have sent. */
const unmatched: string[] = [];
const onNoMatch = (req: { method?: string; path?: string; href?: string }) => {
	unmatched.push(`${req.method ?? '?'} ${req.href ?? req.path ?? '?'}`);
};

useVirtualClock();
beforeAll(() => {
	nock.emitter.on('no match', onNoMatch);
});
afterAll(() => {
	nock.emitter.removeListener('no match', onNoMatch);
});
beforeEach(() => {
	unmatched.length = 0;
	nock.cleanAll();
});

/** Runs the case and hands back the error it ended with (thrown, or on the row of a batch). */
async function failureOf(key: Key, badCase: BadCase): Promise<unknown> {
	const { error, out } = await outcomeOf(key, withParameters(BASE[key] ?? {}, badCase.set), badCase.items);
	return error ?? new Error(`no error; the output was ${JSON.stringify(out?.map((item) => item.json))}`);
}

// ------------------------------------------------------------------ the tests

describe('the bad-input table covers the whole node', () => {
	it('reads the operations from the node description', () => {
		expect(OPERATIONS.length).toBeGreaterThanOrEqual(38);
		expect(OPERATIONS).toEqual(expect.arrayContaining(['member.create', 'batchJob.get', 'tag.rename', 'club.addMembersBatch']));
	});

	it('every operation has bad-input cases, or a reason why none can be bad', () => {
		const missing = OPERATIONS.filter((key) => !TABLE[key]?.length && !NO_BAD_INPUT[key]);
		expect(missing).toEqual([]);
		const stale = [...Object.keys(TABLE), ...Object.keys(NO_BAD_INPUT)].filter((key) => !OPERATIONS.includes(key as Key));
		expect(stale).toEqual([]);
	});

	it('every kind of bad input has at least one case', () => {
		const kinds = new Set(Object.values(TABLE).flatMap((cases) => (cases ?? []).map((c) => c.kind)));
		expect(ISSUE_KINDS.filter((kind) => !kinds.has(kind))).toEqual([]);
	});

	it('every email, URL, date and limit field of every operation has a case of its kind', () => {
		const needs = FIELDS.flatMap(({ key, field, property }) => {
			const form = formOf(field, property);
			return form ? [{ key, field, kinds: KINDS_OF[form] }] : [];
		});
		expect(needs.length).toBeGreaterThan(50);
		const uncovered = needs
			.filter(({ key, field }) => !EXEMPT_FIELDS[`${key} ${field}`])
			.filter(({ key, field, kinds }) => !(TABLE[key] ?? []).some((c) => c.field === field && kinds.includes(c.kind)))
			.map(({ key, field, kinds }) => `${key} ${field} (${kinds.join(' or ')})`);
		expect(uncovered).toEqual([]);
	});
});

describe.each(OPERATIONS.filter((key) => TABLE[key]?.length))('%s refuses bad input before sending anything', (key) => {
	const cases = TABLE[key as Key] ?? [];
	it.each(cases.map((c) => [c.what, c] as const))('%s', async (_what, badCase) => {
		badCase.reads?.();
		const error = await failureOf(key as Key, badCase);

		// Nothing was sent: no request nock could not answer, and no connection attempt refused.
		expect(unmatched).toEqual([]);
		expect(String((error as Error)?.stack ?? error)).not.toMatch(/NetConnectNotAllowedError|Nock: (Disallowed|No match)/);
		expect(error).not.toBeInstanceOf(NodeApiError);
		if (!(error instanceof BatchRowFailure)) expect(error).toBeInstanceOf(NodeOperationError);

		const { message, description } = error as NodeOperationError;
		if (badCase.field !== null) expect(message).toContain(`"${labelOf(key as Key, badCase.field)}"`);
		expect(`${message}\n${description ?? ''}`).toMatch(badCase.fix);
		if (!badCase.reads) expect(nock.pendingMocks()).toEqual([]);
	});
});

// ------------------------------------------------------------------ what is not bad input

const page = { size: 0, pageNumber: 1, pageSize: 50, results: [] };

describe('a + in an email is valid: it is sent percent-encoded in a query and as-is in a body', () => {
	const PLUS = 'jane+news@example.com';
	const ENCODED = 'jane%2Bnews%40example.com';

	it.each([
		['member.getByEmail', { email: PLUS }, 'email', { userId: 'u1', userEmail: PLUS }],
		['emailOptOut.getAll', { filters: { email: PLUS } }, 'email', page],
		['eventAttendee.getAll', { event: rl('id', 'e1'), filters: { userEmail: PLUS } }, 'userEmail', page],
		['eventInvitee.getAll', { event: rl('id', 'e1'), filters: { inviteeEmail: PLUS } }, 'inviteeEmail', page],
		['eventInvitee.getAll', { event: rl('id', 'e1'), filters: { inviteAdminEmail: PLUS } }, 'inviteAdminEmail', page],
		['club.getApplicationRequests', { club: rl('id', 'c1'), filters: { email: PLUS } }, 'email', page],
	] as const)('%s sends %s with the + as %%2B', async (key, _parameters, name, answer) => {
		const parameters = _parameters as INodeParameters;
		const seen: string[] = [];
		nock(API)
			.get(() => true)
			.query(true)
			.reply(200, (uri) => {
				seen.push(uri);
				return answer;
			});
		const [resource, operation] = key.split('.');
		await runNode({ parameters: { resource, operation, ...parameters } });
		expect(seen).toHaveLength(1);
		expect(seen[0]).toContain(`${name}=${ENCODED}`);
		expect(seen[0]).not.toContain('+');
		expect(unmatched).toEqual([]);
	});

	it.each([
		['member.create', { ...BASE['member.create'], email: PLUS }, { email: PLUS }],
		['member.updateByEmail', { email: PLUS, updateFields: { company: 'Acme' } }, { email: PLUS }],
		['member.delete', { member: rl('email', PLUS) }, { email: PLUS }],
		['club.addMember', { club: rl('id', 'c1'), member: rl('email', PLUS) }, { email: PLUS }],
		['space.updateMemberSpaces', { ...BASE['space.updateMemberSpaces'], email: PLUS }, { email: PLUS }],
		['contributionLog.create', { ...BASE['contributionLog.create'], userEmail: PLUS }, { userEmail: PLUS }],
		['eventInvitee.add', { ...BASE['eventInvitee.add'], inviteeEmail: PLUS }, { inviteeEmail: PLUS }],
	] as const)('%s keeps the + in the JSON body', async (key, parameters, expected) => {
		const bodies: unknown[] = [];
		const record = (_uri: string, body: unknown) => {
			bodies.push(body);
			return { success: true };
		};
		nock(API).persist().post(() => true).reply(200, record).patch(() => true).reply(200, record).delete(() => true).reply(200, record);
		const [resource, operation] = key.split('.');
		await runNode({ parameters: { resource, operation, ...(parameters as INodeParameters) } });
		expect(bodies).toEqual([expect.objectContaining(expected)]);
		expect(unmatched).toEqual([]);
	});
});

describe('the base parameters are accepted, so each case above fails for its one bad value', () => {
	const answers: Record<string, unknown> = {
		'GET /users/u1/clubs': { userId: 'u1', userClubs: [] },
		'GET /events/e1/attendees/a1': { attendeeId: 'a1' },
		'GET /events/e1': { eventId: 'e1', eventSlug: 'launch' },
		'GET /users': { userId: 'u1', userEmail: 'a@example.com' },
		'GET /userProfileQuestions/q1': { id: 'q1', title: 'Favourite tool?', type: 'Single Line Text' },
	};
	it.each(Object.keys(BASE).filter((key) => !isBatch(key as Key)))('%s', async (key) => {
		const sent: string[] = [];
		const answer = (method: string) => (uri: string) => {
			const path = uri.replace('/public-api/v1', '').split('?')[0];
			sent.push(`${method} ${path}`);
			return answers[`${method} ${path}`] ?? (method === 'GET' ? page : { success: true });
		};
		const scope = nock(API).persist();
		scope.get(() => true).query(true).reply(200, answer('GET'));
		for (const method of ['post', 'patch', 'delete'] as const) scope[method](() => true).query(true).reply(200, answer(method.toUpperCase()));
		const [resource, operation] = key.split('.');
		const out = await runNode({ parameters: { resource, operation, ...BASE[key as Key] } });
		expect(out.every((item) => item.json.error === undefined)).toBe(true);
		expect(sent.length).toBeGreaterThan(0);
	});
});

describe('letter case: values the spec takes in any case are accepted', () => {
	it('Update: Member Type and Approval Status in any case are sent in the spec’s spelling', async () => {
		let body: IDataObject = {};
		nock(API)
			.patch('/users/u1', (b: IDataObject) => {
				body = b;
				return true;
			})
			.reply(200, { user: { id: 'u1' } });
		await runNode({
			parameters: {
				resource: 'member',
				operation: 'update',
				member: rl('id', 'u1'),
				updateFields: { memberType: 'limited APPROVAL', approvalStatus: 'Pending' },
			},
		});
		expect(body).toEqual({ memberType: 'Limited Approval', approvalStatus: 'pending' });
	});
});

describe('a Resource or Operation the node does not have (a workflow written by hand or by an AI builder)', () => {
	it.each([
		[{ resource: 'member', operation: 'fetchAll' }, 'Invalid parameter: Operation "fetchAll" does not exist for Resource "Member"', /^Set Operation to one of: (?=.*\bgetAll\b)(?=.*\bgetByEmail\b)/],
		[{ resource: 'members', operation: 'getAll' }, 'Invalid parameter: Resource "members" does not exist', /^Set Resource to one of: .*\bmember\b.*\btag\b/],
	])('%j fails before any request, naming the field and the values it takes', async (parameters, message, description) => {
		const error = (await runNode({ parameters }).catch((e: unknown) => e)) as NodeOperationError;
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(message);
		expect(error.description).toMatch(description);
		expect(nock.pendingMocks()).toEqual([]);
	});
});
