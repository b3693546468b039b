/** What the API says of a contribution log (spec: Contribution log). */
import { dateTime, integer, object, string } from '../../shared/output/schema';

/** The contribution log POST /contributionLogs created. */
export const contributionLog = object(
	{
		contributionLogId: string('The contribution log ID'),
		loggedAt: dateTime('When it was logged'),
		type: string('How it was logged: manual'),
		contribution: string('The contribution name'),
		count: integer('How many times the member made the contribution'),
		occurredAt: dateTime('When the contribution happened'),
		loggedBy: string('Who logged it: publicApi'),
		notes: string('The note kept with it; may be empty'),
		contributorId: string("The contributor's member ID"),
		contributorName: string("The contributor's name"),
	},
	[
		'contributionLogId',
		'loggedAt',
		'type',
		'contribution',
		'count',
		'occurredAt',
		'loggedBy',
		'notes',
		'contributorId',
		'contributorName',
	],
	'A contribution log',
);
