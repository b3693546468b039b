import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { eventLocator, eventRef, eventSlugOf } from '../../locators/event';
import { email, requiredText } from '../../../shared/parameters/primitives';
import { readParameters } from '../../../shared/parameters/read';
import { apiRequest } from '../../../shared/transport/request';
import { collection, emailField } from '../../../shared/parameters/fields';
import { registration } from '../../output/attendees';

const personFields: INodeProperties[] = [
	emailField('Email address of the person to register; a new address becomes a guest member'),
	{ displayName: 'First Name', name: 'firstName', type: 'string', default: '', required: true },
	{ displayName: 'Last Name', name: 'lastName', type: 'string', default: '', required: true },
	{ displayName: 'Job Title', name: 'position', type: 'string', default: '', required: true },
	{ displayName: 'Company', name: 'company', type: 'string', default: '', required: true },
	collection('additionalFields', [
		{
			displayName: 'Ticket Option ID',
			name: 'ticketOptionId',
			type: 'string',
			default: '',
			description: 'The ticket option to register with; without it the event’s default ticket is used',
		},
	]),
];

export const properties: INodeProperties[] = [
	{
		...eventLocator,
		description:
			'The event to register for. Registration goes by the event’s slug: By URL uses the slug in the address; From List and By ID read it from the event.',
	},
	...personFields,
];

export const output = registration;

const personSchema = z
	.object({
		email,
		firstName: requiredText('the first name'),
		lastName: requiredText('the last name'),
		position: requiredText('the job title'),
		company: requiredText('the company name'),
		ticketOptionId: z.string().trim().optional(),
	})
	.strict();

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const ref = eventRef(this, itemIndex);
	const person = readParameters(this, itemIndex, personFields, personSchema);
	const eventSlug = await eventSlugOf.call(this, ref, itemIndex);
	const response = await apiRequest.call(this, {
		method: 'POST',
		path: '/registration',
		body: { eventSlug, ...person },
		itemIndex,
		notFound: `No event has the slug "${eventSlug}"`,
		hints: [
			{
				status: 400,
				match: /already registered/i,
				message: (reason) => `Already registered: ${person.email} is already registered for the event "${eventSlug}" (${reason})`,
				description:
					'Nothing was changed. To skip people who are already registered, turn on Continue On Fail (or use the error output) and filter on this message; Event Attendee > Get Many with the Email filter returns the existing registration.',
			},
			{
				status: 400,
				match: /ticket/i,
				message: (reason) => `Registration refused: ${reason}`,
				description:
					'Check "Ticket Option ID": it must be a ticket option of this event, and an invitation-only option needs an invitation for this email first.',
			},
		],
	});
	return { eventSlug, email: person.email, registered: true, ...(response as IDataObject) };
}
