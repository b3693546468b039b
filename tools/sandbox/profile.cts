/**
 * Profile updates shared by PATCH /users/:userId, POST /updateProfileByEmail and the
 * batch-update job: field validation, profile-answer validation, and applying the
 * change. A change to a listed field re-emits the member's feed row; a change that
 * only touches profile answers does not (the spec says it "may not").
 */
import type { Store } from './store.cjs';
import { APPROVAL_STATUSES, type ApprovalStatus, MEMBER_TYPES, type Member, type MemberType, type ProfileQuestion } from './types.cjs';
import { type Json, badRequest, caseInsensitiveEnum, isUrl, optString, optUrl } from './validate.cjs';

export const PROFILE_FIELDS = ['firstName', 'lastName', 'position', 'company', 'pictureUrl', 'bio', 'linkedInUrl', 'memberType', 'approvalStatus'] as const;

export interface ProfileFields {
	firstName?: string;
	lastName?: string;
	title?: string;
	company?: string;
	avatarUrl?: string;
	bio?: string;
	linkedIn?: string;
	memberType?: MemberType;
	approvalStatus?: ApprovalStatus;
}

export interface ProfileUpdate {
	fields: ProfileFields;
	answers: Array<{ question: ProfileQuestion; value: string }>;
}

/** Validates the listed profile fields present in `source`; 400 on a bad value. */
export function parseProfileFields(source: Json): ProfileFields {
	const fields: ProfileFields = {
		firstName: optString(source, 'firstName', { min: 1, max: 100, trim: true }),
		lastName: optString(source, 'lastName', { max: 100, trim: true }),
		title: optString(source, 'position', { max: 200, trim: true }),
		company: optString(source, 'company', { max: 200, trim: true }),
		avatarUrl: optUrl(source, 'pictureUrl'),
		bio: optString(source, 'bio', { max: 2000 }),
		linkedIn: optUrl(source, 'linkedInUrl'),
	};
	if (source.memberType !== undefined) fields.memberType = caseInsensitiveEnum(source.memberType, 'memberType', MEMBER_TYPES);
	if (source.approvalStatus !== undefined) {
		fields.approvalStatus = caseInsensitiveEnum(source.approvalStatus, 'approvalStatus', APPROVAL_STATUSES);
	}
	for (const key of Object.keys(fields) as Array<keyof ProfileFields>) if (fields[key] === undefined) delete fields[key];
	return fields;
}

/** Validates one answer against its question; answers the stored form (multi-select joined with `;`). */
export function parseAnswer(question: ProfileQuestion, raw: unknown): string {
	if (typeof raw !== 'string') badRequest(`answer for question ${question.id} must be a string`);
	if (question.type === 'Location') {
		badRequest(`question ${question.id} ("${question.title}") is a Location question; answering it through the API is not supported`);
	}
	const value = raw.trim();
	if (value === '') return '';
	const matchOption = (v: string): string | undefined => {
		const found = question.options?.find((o) => o.toLowerCase() === v.toLowerCase());
		if (found) return found;
		if (question.withOtherOption) return v;
		return badRequest(`invalid answer for question ${question.id}: "${v}" is not one of ${question.options?.join(', ')}`);
	};
	switch (question.type) {
		case 'Single Select':
			return matchOption(value) as string;
		case 'Multi Select': {
			const picks = value
				.split(/[;,]/)
				.map((v) => v.trim())
				.filter(Boolean)
				.map((v) => matchOption(v) as string);
			const min = question.minNumOfSelection ?? 0;
			const max = question.maxNumOfSelection ?? Infinity;
			if (picks.length < min || picks.length > max) {
				badRequest(`invalid answer for question ${question.id}: select between ${min} and ${max} options`);
			}
			return picks.join(';');
		}
		case 'URL':
			if (!isUrl(value)) badRequest(`invalid answer for question ${question.id}: must be a valid URL`);
			return value;
		default:
			if (question.maxLength !== undefined && value.length > question.maxLength) {
				badRequest(`invalid answer for question ${question.id}: at most ${question.maxLength} characters`);
			}
			if (question.minLength !== undefined && value.length < question.minLength) {
				badRequest(`invalid answer for question ${question.id}: at least ${question.minLength} characters`);
			}
			return value;
	}
}

export interface AppliedUpdate {
	changed: boolean;
	fieldsChanged: boolean;
	updatedQuestionAnswers: Record<string, string>;
}

const FIELD_KEYS: Array<keyof ProfileFields> = ['firstName', 'lastName', 'title', 'company', 'avatarUrl', 'bio', 'linkedIn', 'memberType', 'approvalStatus'];

const OPTIONAL_FIELDS = new Set<keyof ProfileFields>(['lastName', 'avatarUrl', 'linkedIn']);

export function applyProfileUpdate(store: Store, member: Member, update: ProfileUpdate): AppliedUpdate {
	let fieldsChanged = false;
	for (const key of FIELD_KEYS) {
		const value = update.fields[key];
		if (value === undefined) continue;
		const current = member[key] ?? '';
		if (current !== value) {
			(member as unknown as Record<string, unknown>)[key] = value === '' && OPTIONAL_FIELDS.has(key) ? undefined : value;
			fieldsChanged = true;
		}
	}
	let answersChanged = false;
	const updatedQuestionAnswers: Record<string, string> = {};
	for (const { question, value } of update.answers) {
		const current = member.answers.get(question.id) ?? '';
		if (current !== value) {
			if (value === '') member.answers.delete(question.id);
			else member.answers.set(question.id, value);
			answersChanged = true;
		}
		updatedQuestionAnswers[question.title] = value;
	}
	if (fieldsChanged) store.emitMember(member);
	return { changed: fieldsChanged || answersChanged, fieldsChanged, updatedQuestionAnswers };
}
