import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { eventLocator } from '../../locators/event';
import { simplifyAttendees } from '../../output/simplify';
import { returnAllAndLimit } from '../../../shared/parameters/limit';
import { email } from '../../../shared/parameters/primitives';
import { ATTENDEES_MAX_PAGE_SIZE } from '../../../shared/transport/paginate';
import { collection, simplify } from '../../../shared/parameters/fields';
import { readEventRows } from '../eventRows';
import { attendeeOutput } from '../../output/attendees';

const filters: INodeProperties = collection('filters', [
	{
		displayName: 'Email',
		name: 'userEmail',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		description: 'Only the registration of the member with this email address',
	},
	{
		displayName: 'User ID',
		name: 'userId',
		type: 'string',
		default: '',
		description: 'Only the registration of the member with this ID',
	},
]);

export const properties: INodeProperties[] = [eventLocator, ...returnAllAndLimit, filters, simplify];

export const output = attendeeOutput;

const filtersSchema = z
	.object({
		userEmail: email.optional(),
		userId: z.string().trim().optional(),
	})
	.strict();

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const list = { list: 'attendees', filters, schema: filtersSchema, maxPageSize: ATTENDEES_MAX_PAGE_SIZE } as const;
	const attendees = await readEventRows(this, itemIndex, list);
	return simplifyAttendees(attendees, this.getNodeParameter('simplify', itemIndex, true) as boolean);
}
