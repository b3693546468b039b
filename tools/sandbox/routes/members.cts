/** Members: reads, creation, profile updates (PATCH and by email), deletion, profile questions. */
import { type NewMember, createMember, scheduleMemberRemoval } from '../domain.cjs';
import { PROFILE_FIELDS, type ProfileUpdate, applyProfileUpdate, parseAnswer, parseProfileFields } from '../profile.cjs';
import { memberView, profileUpdateView } from '../render.cjs';
import { type RouteDef, ok } from '../router.cjs';
import type { Store } from '../store.cjs';
import { MEMBER_TYPES, type Member } from '../types.cjs';
import {
	type Json,
	assertKnownKeys,
	badRequest,
	isEmail,
	isHexId,
	notFound,
	objectBody,
	optStringArray,
	optUrl,
	optString,
	pageEnvelope,
	parsePaging,
	queryDay,
	queryEmail,
	queryEnum,
	reqEmail,
	reqString,
} from '../validate.cjs';
import { USER_NOT_FOUND, requireMemberByEmail, requireMemberById } from './common.cjs';

export const NEW_USER_KEYS = ['email', 'firstName', 'lastName', 'position', 'company', 'linkedInUrl', 'pictureUrl'] as const;

/** Creation rules shared by POST /users and POST /users/batch. */
export function parseNewUser(row: Json): NewMember {
	return {
		email: reqEmail(row, 'email'),
		firstName: reqString(row, 'firstName', { max: 100 }),
		lastName: optString(row, 'lastName', { max: 100, trim: true }),
		title: reqString(row, 'position', { max: 200 }),
		company: reqString(row, 'company', { min: 2, max: 200 }),
		avatarUrl: optUrl(row, 'pictureUrl'),
		linkedIn: optUrl(row, 'linkedInUrl'),
	};
}

/**
 * A profile-update body: listed fields plus profile question ids (`extraKeys` such as
 * `email` are allowed but not fields). 400 for an empty body or any other key.
 */
function parseProfileBody(store: Store, body: unknown, extraKeys: string[]): ProfileUpdate {
	const keys = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body).filter((k) => !extraKeys.includes(k)) : [];
	if (body === undefined || (typeof body === 'object' && body !== null && !Array.isArray(body) && keys.length === 0)) {
		badRequest('request body must contain at least one field to update');
	}
	const source = objectBody(body);
	const questionIds = new Set(store.questions.map((q) => q.id));
	assertKnownKeys(source, new Set<string>([...PROFILE_FIELDS, ...extraKeys, ...questionIds]));
	return {
		fields: parseProfileFields(source),
		answers: keys.filter((k) => questionIds.has(k)).map((id) => {
			const question = store.question(id)!;
			return { question, value: parseAnswer(question, source[id]) };
		}),
	};
}

function sortMembers(list: Member[], sortBy: 'createdAt' | 'signUpAt', direction: 'asc' | 'desc'): Member[] {
	const sign = direction === 'asc' ? 1 : -1;
	return list.sort((a, b) => {
		const av = a[sortBy];
		const bv = b[sortBy];
		if (av === bv) return a.id < b.id ? -sign : sign;
		if (av === undefined) return 1;
		if (bv === undefined) return -1;
		return (av - bv) * sign;
	});
}

export const memberRoutes: RouteDef[] = [
	{
		method: 'GET',
		path: '/users/:userId',
		tier: 'light',
		handler: ({ store, params }) => ok(memberView(store, requireMemberById(store, params.userId))),
	},
	{
		method: 'GET',
		path: '/users',
		tier: 'medium',
		handler: ({ store, query }) => {
			if (query.has('email')) {
				// single-lookup mode: one member object, not an envelope
				return ok(memberView(store, requireMemberByEmail(store, queryEmail(query, 'email') as string)));
			}
			const paging = parsePaging(query);
			const from = queryDay(query, 'signedUpFromDate', 'start');
			const to = queryDay(query, 'signedUpToDate', 'end');
			const approval = queryEnum(query, 'approvalStatus', ['Pending', 'Approved', 'Unapproved'] as const)?.toLowerCase();
			const memberType = queryEnum(query, 'memberType', MEMBER_TYPES);
			const sortBy = queryEnum(query, 'sortBy', ['createdAt', 'signUpAt'] as const) ?? 'createdAt';
			const direction = queryEnum(query, 'sortDirection', ['asc', 'desc'] as const) ?? 'desc';
			const list = store.activeMembers().filter(
				(m) =>
					(approval === undefined || m.approvalStatus === approval) &&
					(memberType === undefined || m.memberType === memberType) &&
					(from === undefined || (m.signUpAt !== undefined && m.signUpAt >= from)) &&
					(to === undefined || (m.signUpAt !== undefined && m.signUpAt <= to)),
			);
			return ok(pageEnvelope(sortMembers(list, sortBy, direction), paging, (m) => memberView(store, m)));
		},
	},
	{
		method: 'POST',
		path: '/users',
		tier: 'medium',
		handler: ({ store, body }) => {
			const b = objectBody(body);
			assertKnownKeys(b, [...NEW_USER_KEYS, 'spaces']);
			const input = parseNewUser(b);
			const spaces = optStringArray(b, 'spaces') ?? [];
			const unknown = spaces.filter((s) => !store.spaces.some((sp) => sp.name === s));
			if (unknown.length) badRequest(`unknown spaces: ${unknown.join(', ')}`);
			if (store.memberByEmail(input.email)) badRequest('a user with this email already exists');
			const m = createMember(store, { ...input, spaces });
			const view = memberView(store, m);
			return ok({
				userFirstName: m.firstName,
				userLastName: m.lastName ?? '',
				userTitle: m.title,
				userCompany: m.company,
				userLinkedIn: m.linkedIn ?? '',
				pictureUrl: m.avatarUrl ?? '',
				userId: m.id,
				memberType: m.memberType,
				approvalStatus: m.approvalStatus,
				displayName: view.displayName,
				spaces: view.spaces,
				questionnaire: view.questionnaire,
			});
		},
	},
	{
		method: 'PATCH',
		path: '/users/:userId',
		tier: 'medium',
		handler: ({ store, params, body }) => {
			if (!isHexId(params.userId)) badRequest('invalid userId');
			const update = parseProfileBody(store, body, []);
			const member = store.activeMember(params.userId) ?? notFound(USER_NOT_FOUND);
			const applied = applyProfileUpdate(store, member, update);
			return ok(profileUpdateView(member, applied.updatedQuestionAnswers));
		},
	},
	{
		method: 'POST',
		path: '/updateProfileByEmail',
		tier: 'medium',
		handler: ({ store, body }) => {
			const email = reqEmail(objectBody(body), 'email');
			const update = parseProfileBody(store, body, ['email']);
			const member = requireMemberByEmail(store, email);
			const applied = applyProfileUpdate(store, member, update);
			return ok(profileUpdateView(member, applied.updatedQuestionAnswers));
		},
	},
	{
		method: 'DELETE',
		path: '/users',
		tier: 'medium',
		handler: ({ store, body }) => {
			const b = body === undefined ? {} : objectBody(body);
			assertKnownKeys(b, ['email', 'userId']);
			if (b.email === undefined && b.userId === undefined) badRequest('email or userId is required');
			let member: Member | undefined;
			if (b.email !== undefined) {
				if (!isEmail(b.email)) badRequest('invalid email');
				member = store.memberByEmail(b.email);
			} else {
				if (!isHexId(b.userId)) badRequest('invalid userId');
				member = store.members.get(b.userId);
			}
			if (!member) notFound(USER_NOT_FOUND);
			if (member.archived) badRequest('user is archived and cannot be deleted');
			scheduleMemberRemoval(store, member);
			return ok({ success: true, message: 'User deletion accepted; the user will be removed shortly' }, 202);
		},
	},
	{
		method: 'GET',
		path: '/userProfileQuestions',
		tier: 'medium',
		handler: ({ store }) => ok(store.questions.map((q) => ({ id: q.id, title: q.title, inUserProfileForm: q.inUserProfileForm }))),
	},
	{
		method: 'GET',
		path: '/userProfileQuestions/:questionId',
		tier: 'light',
		handler: ({ store, params }) => ok(store.question(params.questionId) ?? notFound('Profile question not found')),
	},
];
