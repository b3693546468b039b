import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { locatorHints } from '../../shared/builderHints';
import { email } from '../../shared/parameters/primitives';
import { parseParameters } from '../../shared/parameters/read';
import type { ApiContext } from '../../shared/transport/request';
import { apiRequest } from '../../shared/transport/request';
import { readLocator } from './value';

/** The Member locator: From List, By ID, and (where the API takes one) By Email. */

const memberListMode = {
	displayName: 'From List',
	name: 'list',
	type: 'list' as const,
	placeholder: 'Select a member...',
	typeOptions: { searchListMethod: 'searchMembers', searchable: true },
};

const memberIdMode = {
	displayName: 'By ID',
	name: 'id',
	type: 'string' as const,
	placeholder: 'e.g. 64f1c2a9e4b0a1b2c3d4e5f6',
};

const memberEmailMode = {
	displayName: 'By Email',
	name: 'email',
	type: 'string' as const,
	placeholder: 'e.g. jane@example.com',
	validation: [
		{
			type: 'regex' as const,
			properties: { regex: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', errorMessage: 'Not a valid email address' },
		},
	],
};

/** The member to act on: from a searchable list, by ID, and (where the API takes one) by email. */
export function memberLocator(withEmail: boolean): INodeProperties {
	return {
		displayName: 'Member',
		name: 'member',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The member to act on',
		builderHint: withEmail ? locatorHints.member : locatorHints.memberById,
		modes: withEmail ? [memberListMode, memberIdMode, memberEmailMode] : [memberListMode, memberIdMode],
	};
}

/** A member as an item names it: by ID, or (where allowed) by email. */
export interface MemberRef {
	userId?: string;
	email?: string;
	/** What a request body names the member by: `{ email }` or `{ userId }`. */
	body: { email: string } | { userId: string };
	/** The member in a message: the email "…" or the ID "…". */
	named: string;
	/** The message of a 404 about this member. */
	notFound: string;
	/** One key per member, whatever the letter case of an email (batch rows are told apart by it). */
	key: string;
}

/** The reference of a member named by `{ email }` or `{ userId }`. */
export function memberRef(body: { email: string } | { userId: string }): MemberRef {
	const byEmail = 'email' in body;
	const named = byEmail ? `the email "${body.email}"` : `the ID "${body.userId}"`;
	return {
		...body,
		body,
		named,
		notFound: `No member has ${named}`,
		key: byEmail ? body.email.toLowerCase() : `id:${body.userId}`,
	};
}

const idSchema = z.object({ userId: z.string().min(1, 'is empty: pick a member from the list or enter its ID') });

/** Reads the Member locator of an item: an id (From List or By ID) or, where allowed, an email. */
export function readMember(ctx: IExecuteFunctions, itemIndex: number, withEmail: true): MemberRef;
export function readMember(ctx: IExecuteFunctions, itemIndex: number, withEmail: false): MemberRef & { userId: string };
export function readMember(ctx: IExecuteFunctions, itemIndex: number, withEmail: boolean): MemberRef {
	const { mode, value, label } = readLocator(ctx, itemIndex, memberLocator(withEmail));
	if (withEmail && mode === 'email') {
		return memberRef(parseParameters(ctx.getNode(), z.object({ email }), { email: value }, itemIndex, { email: label }));
	}
	const { userId } = parseParameters(ctx.getNode(), idSchema, { userId: value }, itemIndex, { userId: label });
	return memberRef({ userId });
}

/** GET /users in single-lookup mode: one member object, or a 404 saying who was not found. */
export async function findMemberByEmail(this: ApiContext, email: string, itemIndex?: number): Promise<IDataObject> {
	return (await apiRequest.call(this, {
		method: 'GET',
		path: '/users',
		qs: { email },
		itemIndex,
		notFound: `No member has the email "${email}"`,
		expect: { shape: 'object', of: 'one member for an email lookup' },
	})) as IDataObject;
}
