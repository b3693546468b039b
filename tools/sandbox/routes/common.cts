/** Lookups that several route modules share, with the spec's error statuses and messages. */
import type { Store } from '../store.cjs';
import type { CommunityEvent, Member } from '../types.cjs';
import { ApiError, type Json, badRequest, isEmail, isHexId, notFound } from '../validate.cjs';

export const USER_NOT_FOUND = 'User not found';
export const EVENT_NOT_FOUND = 'Event not found.';

/** 400 `invalid userId` for a malformed id; 404 `User not found` for an unknown or archived member. */
export function requireMemberById(store: Store, userId: string): Member {
	if (!isHexId(userId)) badRequest('invalid userId');
	return store.activeMember(userId) ?? notFound(USER_NOT_FOUND);
}

export function requireMemberByEmail(store: Store, email: string): Member {
	return store.activeMemberByEmail(email) ?? notFound(USER_NOT_FOUND);
}

/**
 * A member named in a body by `email` and/or `userId` (email wins when both are sent).
 * `missingStatus` is the status for an unknown or archived member.
 */
export function requireMemberRef(store: Store, body: Json, missingStatus: 400 | 404 = 404): Member {
	const { email, userId } = body;
	if (email === undefined && userId === undefined) badRequest('email or userId is required');
	let member: Member | undefined;
	if (email !== undefined) {
		if (!isEmail(email)) badRequest('invalid email');
		member = store.activeMemberByEmail(email);
	} else {
		if (!isHexId(userId)) badRequest('invalid userId');
		member = store.activeMember(userId);
	}
	if (!member) throw new ApiError(missingStatus, USER_NOT_FOUND);
	return member;
}

export function requireEvent(store: Store, eventId: string): CommunityEvent {
	return store.event(eventId) ?? notFound(EVENT_NOT_FOUND);
}
