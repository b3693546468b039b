/**
 * The three asynchronous batch endpoints and their job-status reads. Submission
 * validates the whole batch (the spec's whole-batch 400s) and answers 202; rows are
 * then processed by the job runner, independently and in input order.
 */
import { type NewMember, createMember } from '../domain.cjs';
import type { JobKind, JobResult } from '../jobs.cjs';
import { jobView } from '../jobs.cjs';
import { PROFILE_FIELDS, applyProfileUpdate, parseAnswer, parseProfileFields } from '../profile.cjs';
import { type RouteContext, type RouteDef, type RouteResult, ok } from '../router.cjs';
import type { Store } from '../store.cjs';
import type { Club } from '../types.cjs';
import { ApiError, type Json, assertKnownKeys, badRequest, isEmail, isHexId, notFound, objectBody, unknownKeys } from '../validate.cjs';
import { NEW_USER_KEYS, parseNewUser } from './members.cjs';

export const MAX_BATCH = 100;
/** What creating an email a member (active or deactivated) has answers: the row's reason, or the 400's. */
const TAKEN = 'a user with this email already exists';

/** The `users` array of a batch body: 1-100 objects; other top-level keys give 400. */
function batchRows(body: unknown, topLevelKeys: string[]): Json[] {
	const b = objectBody(body);
	assertKnownKeys(b, topLevelKeys);
	const users = b.users;
	if (users === undefined) badRequest('users is required');
	if (!Array.isArray(users)) badRequest('users must be an array');
	if (users.length < 1 || users.length > MAX_BATCH) badRequest(`users must contain between 1 and ${MAX_BATCH} items`);
	const bad = users.findIndex((u) => !u || typeof u !== 'object' || Array.isArray(u));
	if (bad >= 0) badRequest(`users[${bad}] must be an object`);
	return users as Json[];
}

/** Runs `check` on every row and answers one 400 listing every failing row. */
function validateRows(rows: Json[], label: string, check: (row: Json, index: number) => void): void {
	const problems: string[] = [];
	rows.forEach((row, i) => {
		try {
			check(row, i);
		} catch (error) {
			if (!(error instanceof ApiError)) throw error;
			problems.push(`users[${i}]: ${error.message}`);
		}
	});
	if (problems.length) badRequest(`${label}: ${problems.join('; ')}`);
}

function assertNoDuplicateEmails(rows: Json[]): void {
	const seen = new Map<string, number[]>();
	rows.forEach((row, i) => {
		if (typeof row.email !== 'string') return;
		const key = row.email.toLowerCase();
		seen.set(key, [...(seen.get(key) ?? []), i]);
	});
	const dupes = [...seen].filter(([, idx]) => idx.length > 1);
	if (dupes.length) {
		badRequest(`duplicate emails in batch: ${dupes.map(([email, idx]) => `${email} (rows ${idx.join(', ')})`).join('; ')}`);
	}
}

function submitted(ctx: RouteContext, kind: JobKind, rowCount: number, processRow: (i: number) => JobResult, owner?: string): RouteResult {
	const job = ctx.store.jobs.submit(kind, rowCount, processRow, ctx.store.now(), owner);
	return ok({ jobId: job.id, status: job.status }, 202);
}

function jobStatus(ctx: RouteContext, kind: JobKind, owner?: string): RouteResult {
	const job = ctx.store.jobs.get(ctx.params.jobId);
	if (!job || job.kind !== kind || job.owner !== owner) notFound('Job not found');
	return ok(jobView(job));
}

// ------------------------------------------------------------ row processors

function processCreate(store: Store, input: NewMember, index: number): JobResult {
	if (store.memberByEmail(input.email)) return { recordPosition: index, status: 'failed', reason: TAKEN };
	const member = createMember(store, input);
	return { recordPosition: index, tenantUserId: member.id, status: 'created' };
}

function processUpdate(store: Store, row: Json, index: number): JobResult {
	const member = store.activeMemberByEmail(row.email as string);
	if (!member) return { recordPosition: index, status: 'not_found' };
	try {
		const answers = Object.entries((row.questionAnswers ?? {}) as Record<string, unknown>).map(([id, value]) => {
			const question = store.question(id);
			if (!question) badRequest(`unknown question id ${id}`);
			return { question, value: parseAnswer(question, value) };
		});
		const applied = applyProfileUpdate(store, member, { fields: parseProfileFields(row), answers });
		return { recordPosition: index, tenantUserId: member.id, status: applied.changed ? 'updated' : 'noop' };
	} catch (error) {
		if (!(error instanceof ApiError)) throw error;
		return { recordPosition: index, tenantUserId: member.id, status: 'failed', reason: error.message };
	}
}

function processClubAdd(store: Store, club: Club, row: Json, index: number): JobResult {
	const result: JobResult = { recordPosition: index };
	if (row.email !== undefined) result.email = row.email;
	if (row.userId !== undefined) result.userId = row.userId;
	const fail = (reason: string): JobResult => ({ ...result, status: 'failed', reason });
	if (row.email === undefined && row.userId === undefined) return fail('email or userId is required');
	let member;
	if (row.email !== undefined) {
		if (!isEmail(row.email)) return fail('invalid email');
		member = store.activeMemberByEmail(row.email);
	} else {
		if (!isHexId(row.userId)) return fail('invalid userId');
		member = store.activeMember(row.userId);
	}
	if (!member) return fail('User not found');
	club.memberIds.add(member.id);
	return { ...result, status: 'success' };
}

// ------------------------------------------------------------ routes

const UPDATE_ROW_KEYS = new Set<string>(['email', ...PROFILE_FIELDS, 'questionAnswers']);

export const batchRoutes: RouteDef[] = [
	{
		method: 'POST',
		path: '/users/batch',
		tier: 'heavy',
		handler: (ctx) => {
			const rows = batchRows(ctx.body, ['users']);
			const rules = ctx.store.createJobRules;
			// Someone else creates these members just before this job arrives (admin: a race).
			for (const email of rules.takeEmailsFirst.splice(0)) {
				if (!ctx.store.memberByEmail(email)) createMember(ctx.store, { email, firstName: 'Taken', lastName: 'Meanwhile', title: 'Member', company: 'Elsewhere Co' });
			}
			const inputs: NewMember[] = [];
			// creation: any invalid row rejects the whole batch before processing
			validateRows(rows, 'invalid users', (row, i) => {
				assertKnownKeys(row, NEW_USER_KEYS);
				inputs[i] = parseNewUser(row);
				if (rules.existingEmail === 'refuse-job' && ctx.store.memberByEmail(inputs[i].email)) badRequest(TAKEN);
			});
			assertNoDuplicateEmails(rows);
			return submitted(ctx, 'users-create', rows.length, (i) => processCreate(ctx.store, inputs[i], i));
		},
	},
	{ method: 'GET', path: '/users/batch/:jobId', tier: 'light', handler: (ctx) => jobStatus(ctx, 'users-create') },
	{
		method: 'POST',
		path: '/users/batch-update',
		tier: 'heavy',
		handler: (ctx) => {
			const rows = batchRows(ctx.body, ['users', 'reason', 'operatorEmail']);
			const b = ctx.body as Json;
			if (b.reason !== undefined && typeof b.reason !== 'string') badRequest('reason must be a string');
			// unknown row keys: one 400 listing every offending row and its keys
			const extra = rows.map((row, i) => ({ i, keys: unknownKeys(row, UPDATE_ROW_KEYS) })).filter((r) => r.keys.length);
			if (extra.length) badRequest(`unknown keys: ${extra.map((r) => `users[${r.i}]: ${r.keys.join(', ')}`).join('; ')}`);
			validateRows(rows, 'invalid users', (row) => {
				if (row.email === undefined) badRequest('email is required');
				if (!isEmail(row.email)) badRequest('invalid email');
				const answers = row.questionAnswers;
				if (answers === undefined) return;
				if (!answers || typeof answers !== 'object' || Array.isArray(answers)) badRequest('questionAnswers must be an object');
				const nonString = Object.entries(answers).filter(([, v]) => typeof v !== 'string');
				if (nonString.length) badRequest(`questionAnswers values must be strings (${nonString.map(([k]) => k).join(', ')})`);
			});
			assertNoDuplicateEmails(rows);
			const snapshot = rows.map((row) => structuredClone(row));
			return submitted(ctx, 'users-update', rows.length, (i) => processUpdate(ctx.store, snapshot[i], i));
		},
	},
	{ method: 'GET', path: '/users/batch-update/:jobId', tier: 'light', handler: (ctx) => jobStatus(ctx, 'users-update') },
	{
		method: 'POST',
		path: '/clubs/:clubId/users/batch',
		tier: 'heavy',
		handler: (ctx) => {
			const { clubId } = ctx.params;
			if (!isHexId(clubId)) badRequest('invalid clubId');
			const club = ctx.store.club(clubId) ?? badRequest('Club not found');
			const rows = batchRows(ctx.body, ['users']);
			// individual users are validated while the job runs; only the row shape is checked here
			validateRows(rows, 'invalid users', (row) => assertKnownKeys(row, ['email', 'userId']));
			const snapshot = rows.map((row) => structuredClone(row));
			return submitted(ctx, 'club-users-add', rows.length, (i) => processClubAdd(ctx.store, club, snapshot[i], i), club.clubId);
		},
	},
	{
		method: 'GET',
		path: '/clubs/:clubId/users/batch/:jobId',
		tier: 'light',
		handler: (ctx) => jobStatus(ctx, 'club-users-add', ctx.params.clubId),
	},
];
