/** What the API says an email subscription type is (spec: Email subscription type). */
import { boolean, dateTime, nullable, object, string } from '../../shared/output/schema';

export const subscriptionType = object(
	{
		id: string('The subscription type ID'),
		name: string('Name; editable, so do not match on it'),
		description: nullable(string('Description; null when none')),
		hidden: boolean('Whether it is retired (its opt-outs still exist)'),
		createdAt: dateTime('When it was created'),
		updatedAt: dateTime('When it last changed'),
	},
	['id', 'description'],
	'A kind of community email members can opt out of',
);
