import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { eventIdOf } from '../../helpers/events';
import { simplifyAttendees } from '../../output/simplify';
import { parseParameters, requiredText } from '../../schemas/common';
import { apiRequest, pathOf } from '../../transport/request';
import { simplify } from '../common.descriptions';
import { eventLocator, eventRef } from '../event/descriptions';

const properties: INodeProperties[] = [
	eventLocator,
	{
		displayName: 'Attendee ID',
		name: 'attendeeId',
		type: 'string',
		default: '',
		required: true,
		description: 'The registration to read (the attendeeId of an attendee, not the member’s user ID)',
	},
	simplify,
];

export const description = updateDisplayOptions({ show: { resource: ['eventAttendee'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const ref = eventRef(this, itemIndex);
	const { attendeeId } = parseParameters(
		this.getNode(),
		z.object({ attendeeId: requiredText('the attendee ID') }),
		{ attendeeId: this.getNodeParameter('attendeeId', itemIndex) },
		itemIndex,
		{ attendeeId: 'Attendee ID' },
	);
	const eventId = await eventIdOf.call(this, ref, itemIndex);
	const attendee = (await apiRequest.call(this, {
		method: 'GET',
		path: pathOf`/events/${{ Event: eventId }}/attendees/${{ 'Attendee ID': attendeeId }}`,
		itemIndex,
		notFound: `No attendee with the ID "${attendeeId}" is registered for the event "${eventId}" (or the event does not exist)`,
	})) as IDataObject;
	return simplifyAttendees([attendee], this.getNodeParameter('simplify', itemIndex, true) as boolean);
}
