import type { IDataObject, IExecuteFunctions, JsonObject, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { apiRequest, pathOf } from '../../../shared/transport/request';
import { createMemberSchema } from './createFields';
import type { CreateOrUpdateInput } from './createOrUpdateFields';
import {
	EMAIL_TAKEN,
	cannotCreateMessage,
	createOrUpdateProperties,
	heldByInactiveMember,
	readCreateOrUpdate,
	setAfterCreate,
} from './createOrUpdateFields';
import { createdOrUpdatedMember } from '../../output/members';

export const properties: INodeProperties[] = createOrUpdateProperties;

export const output = createdOrUpdatedMember;

/** The member with the item's email, updated; undefined when no member has it (the API's documented 404). */
async function updateByEmail(ctx: IExecuteFunctions, input: CreateOrUpdateInput, itemIndex: number): Promise<IDataObject | undefined> {
	try {
		const updated = (await apiRequest.call(ctx, {
			method: 'POST',
			path: '/updateProfileByEmail',
			body: { ...input.fields, ...input.answers, email: input.email },
			itemIndex,
		})) as IDataObject;
		return { action: 'updated', userId: (updated.user as IDataObject | undefined)?.id, email: input.email, ...updated };
	} catch (error) {
		// Re-wrapping an n8n error hands back the original.
		if (!(error instanceof NodeApiError)) throw new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
		if (error.httpCode !== '404') throw new NodeApiError(ctx.getNode(), error as unknown as JsonObject);
		return undefined;
	}
}

/**
 * Updates the member with the item's email, or creates one when there is none (`action` says
 * which). The update goes first: a member who exists costs one request, and "no member has
 * this email" is the API's documented 404. A new member costs two (three when it also gets
 * fields that creation cannot set: they follow as an update of the new member).
 *
 * Between the update and the creation another execution may create a member with the email:
 * a creation refused (400 or 409) sends the update again, which then updates that member (one
 * request more). When the update still finds no one and the refusal says the email is in use,
 * a member the API does not update holds it (a deactivated one): the item fails saying so.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const input = await readCreateOrUpdate(this, itemIndex, createMemberSchema);
	const updated = await updateByEmail(this, input, itemIndex);
	if (updated) return updated;

	if (!input.create) {
		throw new NodeOperationError(this.getNode(), cannotCreateMessage(input.email, input.cannotCreate), { itemIndex });
	}
	let created: IDataObject;
	try {
		created = (await apiRequest.call(this, { method: 'POST', path: '/users', body: input.create, itemIndex })) as IDataObject;
	} catch (error) {
		if (!(error instanceof NodeApiError)) throw new NodeOperationError(this.getNode(), error as Error, { itemIndex });
		// Re-wrapping an n8n error hands back the original.
		if (!['400', '409'].includes(error.httpCode ?? '')) throw new NodeApiError(this.getNode(), error as unknown as JsonObject);
		const raced = await updateByEmail(this, input, itemIndex);
		if (raced) return raced;
		if (EMAIL_TAKEN.test(error.message)) {
			throw new NodeOperationError(this.getNode(), heldByInactiveMember(input.email, error.message), { itemIndex });
		}
		const message = `No member has the email "${input.email}", and the API refused to create one: ${error.message}. Nothing was created; fix what the API names and run the item again`;
		throw new NodeApiError(this.getNode(), { message, httpCode: error.httpCode } as JsonObject, {
			message,
			description: error.description ?? undefined,
			httpCode: error.httpCode ?? undefined,
			itemIndex,
		});
	}
	const userId = String(created.userId);
	const result = { action: 'created', userId, email: input.email, ...created };
	const later = setAfterCreate(input);
	if (!later) return result;
	try {
		const completed = (await apiRequest.call(this, {
			method: 'PATCH',
			path: pathOf`/users/${{ 'New Member ID': userId }}`,
			body: { ...later.fields, ...later.answers },
			itemIndex,
		})) as IDataObject;
		return { ...result, ...completed };
	} catch (error) {
		throw new NodeOperationError(
			this.getNode(),
			`The member was created (ID ${userId}), but setting its other fields failed: ${(error as Error).message}. Fix this and run the item again: the member now exists, so it is updated`,
			{ itemIndex, description: (error as NodeApiError).description ?? undefined },
		);
	}
}
