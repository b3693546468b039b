import { clip } from './quote';

/**
 * Paths below /public-api/v1. A path is either one of the API's fixed endpoints, typed as a
 * literal, or built by `pathOf` from literal parts and labelled values. A plain string is
 * neither, so no caller can put a value into a path without it being checked here.
 *
 * Why: n8n's HTTP client resolves `.` and `..` segments, and percent-encoding leaves dots
 * alone, so a club id of `..` would turn DELETE /clubs/../users into DELETE /users. Every
 * value is checked before anything is sent; a bad one fails the item, naming the field.
 */

/** The endpoints without a value in their path (API documentation: Endpoints). */
export type FixedPath =
	| '/users'
	| '/users/batch'
	| '/users/batch-update'
	| '/updateProfileByEmail'
	| '/userProfileQuestions'
	| '/contributionLogs'
	| '/clubs'
	| '/updateUserClubs'
	| '/spaces'
	| '/updateUserSpacesByEmail'
	| '/events'
	| '/registration'
	| '/collections'
	| '/videos'
	| '/blogs'
	| '/podcasts'
	| '/resources'
	| '/external-contents'
	| '/tags'
	| '/email-unsubscribes'
	| '/email-subscription-types'
	| '/incremental/users'
	| '/incremental/event-attendees'
	| '/incremental/course-enrollments'
	| '/incremental/course-certificates';

/**
 * A value for a path, labelled with the name of the field it came from as the node shows it:
 * pathOf`/clubs/${{ Club: clubId }}/users`. The label is what an error names.
 */
export type PathValue = Readonly<Record<string, string | number>>;

/** Ids of this API are short (24-character object ids, UUIDs); anything far longer is not one. */
export const MAX_PATH_VALUE_LENGTH = 128;

/** A path built by `pathOf`: its text, or why one of its values cannot be sent. */
export class CheckedPath {
	constructor(
		readonly text: string,
		/** Set when a value is unusable: the message that names its field. */
		readonly problem?: string,
	) {}

	toString(): string {
		return this.text;
	}
}

export type ApiPath = FixedPath | CheckedPath;

/** C0 and C1 control characters (line breaks, tabs, NUL...). */
function hasControlCharacter(value: string): boolean {
	for (let i = 0; i < value.length; i++) {
		const code = value.charCodeAt(i);
		if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
	}
	return false;
}

/** Why a value cannot go into a path, or undefined when it can. */
function problemOf(label: string, raw: string | number): string | undefined {
	const value = String(raw).trim();
	const named = `"${label}"`;
	if (value === '') return `${named} is empty: enter the ID to use, or pick one from the list`;
	if (value === '.' || value === '..') {
		return `${named} cannot be "${value}": enter the ID of a record, such as 64f1c2a9e4b0a1b2c3d4e5f6`;
	}
	if (hasControlCharacter(value)) return `${named} contains a control character (such as a line break or a tab): remove it`;
	if (value.length > MAX_PATH_VALUE_LENGTH) {
		return `${named} is ${value.length} characters long; IDs of this API have at most ${MAX_PATH_VALUE_LENGTH}: check that the field holds an ID and not another value`;
	}
	return undefined;
}

/**
 * Builds a path from literal parts and labelled values. Each value is trimmed, checked (not
 * empty, not `.` or `..`, no control characters, at most MAX_PATH_VALUE_LENGTH characters) and
 * percent-encoded. The check's verdict travels with the path: the transport refuses a path
 * with a problem before sending anything, with the item's index.
 */
export function pathOf(strings: TemplateStringsArray, ...values: PathValue[]): CheckedPath {
	let text = '';
	let problem: string | undefined;
	strings.forEach((part, i) => {
		text += part;
		if (i >= values.length) return;
		const [label, raw] = Object.entries(values[i])[0] ?? ['value', ''];
		problem ??= problemOf(label, raw);
		text += encodeURIComponent(String(raw).trim());
	});
	return new CheckedPath(problem ? clip(text, 80) : text, problem);
}

export const pathText = (path: ApiPath): string => (path instanceof CheckedPath ? path.text : path);
