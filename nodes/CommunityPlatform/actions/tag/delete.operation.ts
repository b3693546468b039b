import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readTagId, tagLocator, tagProperty } from '../../locators/tag';
import { failParameters } from '../../../shared/parameters/read';
import type { ErrorHint } from '../../../shared/transport/errors';
import { apiRequest, pathOf } from '../../../shared/transport/request';
import { deletedTag } from '../../output/tags';

const targetTag = tagLocator(
	'targetTag',
	'Target Tag',
	'The tag that takes over the deleted tag’s events, content, forum topics and pinned posts. Required when the tag is in use; leave empty to delete an unused tag.',
);

export const properties: INodeProperties[] = [tagProperty, targetTag];

export const output = deletedTag;

/** The refusals of DELETE /tags/:id, each with what to do. */
const DELETE_HINTS: ErrorHint[] = [
	{
		status: 409,
		message: (reason) =>
			`The tag is in use, so it was not deleted: set "Target Tag" to reassign its content to another tag (${reason})`,
		description:
			'A tag is in use while events or content carry it or it backs a forum topic or pinned post (Tag > Get shows its usage). Choose a Target Tag to move all of that to, then run again.',
	},
	{
		status: 400,
		match: /target/i,
		message: (reason) => `The target tag was refused: ${reason}`,
		description: '"Target Tag" must be another active tag of this community, not the tag being deleted.',
	},
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const tagId = readTagId(this, itemIndex);
	const targetTagId = readTagId(this, itemIndex, targetTag);
	if (targetTagId === tagId) {
		failParameters(
			this.getNode(),
			['"Target Tag" is the tag being deleted: choose a different tag to take over its content, or leave it empty'],
			itemIndex,
		);
	}
	return (await apiRequest.call(this, {
		method: 'DELETE',
		path: pathOf`/tags/${{ Tag: tagId }}`,
		qs: targetTagId ? { targetTagId } : undefined,
		itemIndex,
		notFound: targetTagId
			? `No active tag has the ID "${tagId}", or the target tag "${targetTagId}" is not an active tag of this community`
			: `No active tag has the ID "${tagId}"`,
		hints: DELETE_HINTS,
	})) as IDataObject;
}
