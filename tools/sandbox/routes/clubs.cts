/** Clubs (list, application requests, memberships, updateUserClubs) and spaces. */
import { applicationView, clubEntry } from '../render.cjs';
import { type RouteDef, ok } from '../router.cjs';
import type { Store } from '../store.cjs';
import { APPLICATION_STATUSES, type ApplicationRequest, type Club, MEMBER_TYPES, type Member } from '../types.cjs';
import {
	type Json,
	assertKnownKeys,
	badRequest,
	isHexId,
	notFound,
	objectBody,
	optStringArray,
	pageEnvelope,
	parsePaging,
	queryEnum,
	queryText,
	reqEmail,
	reqEnum,
} from '../validate.cjs';
import { requireMemberByEmail, requireMemberById, requireMemberRef } from './common.cjs';

const MODES = ['add', 'override'] as const;

function clubsOf(store: Store, member: Member): Json[] {
	return store.clubs.filter((c) => c.memberIds.has(member.id)).map(clubEntry);
}

/** Single add/remove membership: error cases are not in the spec; the sandbox answers 404. */
function requireClub404(store: Store, clubId: string): Club {
	return (isHexId(clubId) && store.club(clubId)) || notFound('Club not found');
}

function applicationSorter(store: Store, sort: string): (a: ApplicationRequest, b: ApplicationRequest) => number {
	const newestFirst = (a: ApplicationRequest, b: ApplicationRequest) => b.createdAt - a.createdAt;
	if (sort === 'CREATED_AT_ASC') return (a, b) => a.createdAt - b.createdAt;
	if (sort === 'NAME_ASC' || sort === 'NAME_DESC') {
		const sign = sort === 'NAME_ASC' ? 1 : -1;
		const name = (app: ApplicationRequest) => {
			const m = store.activeMember(app.applicantId);
			return m ? [m.firstName, m.lastName].filter(Boolean).join(' ') : undefined;
		};
		return (a, b) => {
			const an = name(a);
			const bn = name(b);
			if (an === bn) return newestFirst(a, b);
			if (an === undefined) return 1;
			if (bn === undefined) return -1;
			return an.localeCompare(bn) * sign || newestFirst(a, b);
		};
	}
	return newestFirst;
}

export const clubRoutes: RouteDef[] = [
	{
		method: 'GET',
		path: '/clubs',
		tier: 'medium',
		handler: ({ store }) => ok(store.clubs.map((c) => ({ clubId: c.clubId, name: c.name, slug: c.slug, accessType: c.accessType }))),
	},
	{
		method: 'GET',
		path: '/clubs/:clubId/application-requests',
		tier: 'medium',
		handler: ({ store, params, query }) => {
			if (!isHexId(params.clubId)) badRequest('invalid clubId');
			const club = store.club(params.clubId) ?? badRequest('Club not found');
			const status = queryEnum(query, 'status', APPLICATION_STATUSES);
			const paging = parsePaging(query);
			const sort = queryEnum(query, 'sort', ['DEFAULT', 'CREATED_AT_ASC', 'CREATED_AT_DESC', 'NAME_ASC', 'NAME_DESC'] as const) ?? 'DEFAULT';
			const memberType = queryEnum(query, 'memberType', MEMBER_TYPES);
			const text = {
				name: queryText(query, 'memberName'),
				email: queryText(query, 'email'),
				title: queryText(query, 'title'),
				company: queryText(query, 'company'),
			};
			const textFilter = Object.values(text).some(Boolean) || memberType !== undefined;
			const list = club.applications.filter((app) => {
				if (status && app.status !== status) return false;
				if (!textFilter) return true;
				const m = store.activeMember(app.applicantId);
				if (!m) return false;
				const has = (value: string | undefined, needle: string | undefined) => !needle || (value ?? '').toLowerCase().includes(needle);
				return (
					has([m.firstName, m.lastName].filter(Boolean).join(' '), text.name) &&
					has(m.email, text.email) &&
					has(m.title, text.title) &&
					has(m.company, text.company) &&
					(!memberType || m.memberType === memberType)
				);
			});
			list.sort(applicationSorter(store, sort));
			return ok({ totalCount: list.length, ...pageEnvelope(list, paging, (app) => applicationView(store, app)) });
		},
	},
	{
		method: 'GET',
		path: '/users/:userId/clubs',
		tier: 'light',
		handler: ({ store, params }) => {
			const m = requireMemberById(store, params.userId);
			return ok({ userEmail: m.email, userFirstName: m.firstName, userLastName: m.lastName ?? '', userId: m.id, userClubs: clubsOf(store, m) });
		},
	},
	{
		method: 'POST',
		path: '/clubs/:clubId/users',
		tier: 'medium',
		handler: ({ store, params, body }) => {
			const b = objectBody(body);
			assertKnownKeys(b, ['email', 'userId']);
			const club = requireClub404(store, params.clubId);
			club.memberIds.add(requireMemberRef(store, b).id);
			return ok({ success: true });
		},
	},
	{
		method: 'DELETE',
		path: '/clubs/:clubId/users',
		tier: 'medium',
		handler: ({ store, params, body }) => {
			const b = objectBody(body);
			assertKnownKeys(b, ['email', 'userId']);
			const club = requireClub404(store, params.clubId);
			return ok({ success: club.memberIds.delete(requireMemberRef(store, b).id) });
		},
	},
	{
		method: 'POST',
		path: '/updateUserClubs',
		tier: 'medium',
		handler: ({ store, body }) => {
			const b = objectBody(body);
			assertKnownKeys(b, ['email', 'userId', 'clubIds', 'clubNames', 'mode']);
			const mode = reqEnum(b, 'mode', MODES);
			if (b.email === undefined && b.userId === undefined) badRequest('email or userId is required');
			const clubIds = optStringArray(b, 'clubIds', 10);
			const clubNames = optStringArray(b, 'clubNames', 10);
			if (!clubIds && !clubNames) badRequest('clubIds or clubNames is required');
			const member = requireMemberRef(store, b, 400);

			const results: Json[] = [];
			const wanted: Club[] = [];
			const want = (club: Club) => !wanted.includes(club) && wanted.push(club);
			for (const id of clubIds ?? []) {
				const club = store.club(id);
				if (club) want(club);
				else results.push({ clubName: null, clubId: id, status: 'failed', reason: 'Club not found' });
			}
			for (const name of clubNames ?? []) {
				const club = store.clubs.find((c) => c.name === name);
				if (club) want(club);
				else results.push({ clubName: name, clubId: null, status: 'failed', reason: 'Club not found' });
			}
			if (mode === 'add' && wanted.length === 0) badRequest('none of the given clubs exists');

			const oldClubs = clubsOf(store, member);
			if (mode === 'override') {
				for (const club of store.clubs) if (!wanted.includes(club)) club.memberIds.delete(member.id);
			}
			for (const club of wanted) {
				const already = club.memberIds.has(member.id);
				club.memberIds.add(member.id);
				results.push({ clubName: club.name, clubId: club.clubId, status: already ? 'already_member' : 'success' });
			}
			return ok({
				userEmail: member.email,
				userId: member.id,
				userFirstName: member.firstName,
				userLastName: member.lastName ?? '',
				oldClubs,
				newClubs: clubsOf(store, member),
				results,
			});
		},
	},
	{
		method: 'GET',
		path: '/spaces',
		// the spec does not give the spaces endpoints a tier: the sandbox uses Medium
		tier: 'medium',
		handler: ({ store }) => ok(store.spaces.map((s) => ({ ...s }))),
	},
	{
		method: 'POST',
		path: '/updateUserSpacesByEmail',
		tier: 'medium',
		handler: ({ store, body }) => {
			const b = objectBody(body);
			assertKnownKeys(b, ['email', 'spaces', 'mode']);
			const email = reqEmail(b, 'email');
			const spaces = optStringArray(b, 'spaces') ?? badRequest('spaces is required');
			const mode = reqEnum(b, 'mode', MODES);
			const unknown = spaces.filter((s) => !store.spaces.some((sp) => sp.name === s));
			if (unknown.length) badRequest(`unknown spaces: ${unknown.join(', ')}`);
			const member = requireMemberByEmail(store, email);
			const oldSpaces = [...member.spaces];
			const next = mode === 'override' ? [...spaces] : [...oldSpaces, ...spaces.filter((s) => !oldSpaces.includes(s))];
			const changed = next.length !== oldSpaces.length || next.some((s, i) => s !== oldSpaces[i]);
			member.spaces = next;
			if (changed) store.emitMember(member);
			return ok({ userId: member.id, userFirstName: member.firstName, userLastName: member.lastName ?? '', oldSpaces, newSpaces: [...next] });
		},
	},
];
