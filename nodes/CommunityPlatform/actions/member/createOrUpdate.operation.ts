import type { IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { apiRequest, pathOf } from '../../transport/request';
import { shownFor } from '../operation';
import { createMemberSchema } from './createFields';
import { createOrUpdateProperties, readCreateOrUpdate, setAfterCreate } from './createOrUpdateFields';

export const displayOptions = shownFor('member', 'createOrUpdate');

export const description = updateDisplayOptions(displayOptions, createOrUpdateProperties);

/**
 * Updates the member with the item's email, or creates one when there is none (`action` says
 * which). The update goes first: a member who exists costs one request, and "no member has
 * this email" is the API's documented 404. A new member costs two (three when it also gets
 * fields that creation cannot set: they follow as an update of the new member).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const input = await readCreateOrUpdate(this, itemIndex, createMemberSchema);
	try {
		const updated = (await apiRequest.call(this, {
			method: 'POST',
			path: '/updateProfileByEmail',
			body: { ...input.fields, ...input.answers, email: input.email },
			itemIndex,
		})) as IDataObject;
		return { action: 'updated', userId: (updated.user as IDataObject | undefined)?.id, email: input.email, ...updated };
	} catch (error) {
		// Re-wrapping an n8n error hands back the original.
		if (!(error instanceof NodeApiError)) throw new NodeOperationError(this.getNode(), error as Error, { itemIndex });
		if (error.httpCode !== '404') throw new NodeApiError(this.getNode(), error as unknown as JsonObject);
	}

	if (!input.create) {
		throw new NodeOperationError(this.getNode(), `No member has the email "${input.email}", and a new member cannot be created from this item`, {
			itemIndex,
			description: `${input.cannotCreate}. Fix this to create the member; nothing was created.`,
		});
	}
	const created = (await apiRequest.call(this, { method: 'POST', path: '/users', body: input.create, itemIndex })) as IDataObject;
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
			`The member was created (ID ${userId}), but setting its other fields failed: ${(error as Error).message}`,
			{
				itemIndex,
				description: `${(error as NodeApiError).description ?? ''} Run the item again once fixed: the member now exists, so it is updated.`.trim(),
			},
		);
	}
}
