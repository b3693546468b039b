import type { IExecuteFunctions, INodeParameterResourceLocator } from 'n8n-workflow';
import { z } from 'zod';

import { email } from '../../parameters/primitives';
import { parseParameters } from '../../parameters/read';

export type MemberTarget = { userId: string; email?: undefined } | { email: string; userId?: undefined };

/** Reads the Member locator: an id (From List or By ID) or, where allowed, an email. */
export function memberTarget(ctx: IExecuteFunctions, itemIndex: number, withEmail: true): MemberTarget;
export function memberTarget(ctx: IExecuteFunctions, itemIndex: number, withEmail: false): { userId: string };
export function memberTarget(ctx: IExecuteFunctions, itemIndex: number, withEmail: boolean): MemberTarget {
	const locator = ctx.getNodeParameter('member', itemIndex) as INodeParameterResourceLocator;
	const value = String(locator.value ?? '').trim();
	if (withEmail && locator.mode === 'email') {
		return parseParameters(ctx.getNode(), z.object({ email }), { email: value }, itemIndex, { email: 'Member' });
	}
	const { userId } = parseParameters(
		ctx.getNode(),
		z.object({ userId: z.string().min(1, 'is empty: pick a member from the list or enter its ID') }),
		{ userId: value },
		itemIndex,
		{ userId: 'Member' },
	);
	return { userId };
}
