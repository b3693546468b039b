import { chosenIds } from './filters';
import type { FeedDefinition } from './types';

export type AttendeeChange = 'registered' | 'joined' | 'checkedIn' | 'cancelled';

/** Registrations made with the API's POST /registration (and so by the Register operation). */
export const API_REGISTRATION_SOURCE = 'adminPublicAPI';

/**
 * The event attendees feed (/incremental/event-attendees): one row per registration, with
 * eventId and cancelledAt. Each kind is a timestamp on the row (registeredAt, joinedAt,
 * checkedInAt, cancelledAt) that the trigger has not announced for that registration.
 */
export const eventAttendeesFeed: FeedDefinition<AttendeeChange> = {
	path: '/incremental/event-attendees',
	noun: 'event attendee',
	kinds: ['registered', 'joined', 'checkedIn', 'cancelled'],
	signals: (row) => [
		{ kind: 'registered', at: row.registeredAt },
		{ kind: 'joined', at: row.joinedAt },
		{ kind: 'checkedIn', at: row.checkedInAt },
		{ kind: 'cancelled', at: row.cancelledAt },
	],
	scope(ctx) {
		const eventIds = chosenIds(ctx, 'filters.eventIds');
		const ignoreApi = ctx.getNodeParameter('options.ignoreApiRegistrations', true) as boolean;
		return {
			qs: {},
			inScope: (row) => eventIds.length === 0 || eventIds.includes(String(row.eventId)),
			suppress: (row, kind) => ignoreApi && kind === 'registered' && row.registrationSource === API_REGISTRATION_SOURCE,
		};
	},
};
