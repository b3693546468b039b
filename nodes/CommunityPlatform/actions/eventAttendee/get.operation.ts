import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { eventIdOf, eventLocator, eventRef } from '../../locators/event';
import { simplifyAttendees } from '../../output/simplify';
import { requiredText } from '../../../shared/parameters/primitives';
import { readParameters } from '../../../shared/parameters/read';
import { apiRequest, pathOf } from '../../../shared/transport/request';
import { simplify } from '../../../shared/parameters/fields';
import { attendeeOutput } from '../../output/attendees';

const attendeeIdField: INodeProperties = {
	displayName: 'Attendee ID',
	name: 'attendeeId',
	type: 'string',
	default: '',
	required: true,
	description: 'The registration to read (the attendeeId of an attendee, not the member’s user ID)',
};

export const properties: INodeProperties[] = [eventLocator, attendeeIdField, simplify];

export const output = attendeeOutput;

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const ref = eventRef(this, itemIndex);
	const { attendeeId } = readParameters(
		this,
		itemIndex,
		[attendeeIdField],
		z.object({ attendeeId: requiredText('the attendee ID') }),
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
