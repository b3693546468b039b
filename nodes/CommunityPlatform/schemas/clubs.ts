import { z } from 'zod';

import { oneOf } from './common';
import { MEMBER_TYPES } from './member';
import { membershipChangeSchema, nameList } from './membership';

export const APPLICATION_STATUSES = ['Pending', 'Accepted', 'Declined', 'Expired'] as const;
export const APPLICATION_SORTS = ['DEFAULT', 'CREATED_AT_ASC', 'CREATED_AT_DESC', 'NAME_ASC', 'NAME_DESC'] as const;

/** The API's limit on clubIds and on clubNames in one update. */
export const MAX_CLUBS_PER_UPDATE = 10;

const filterText = z.string().trim().min(1, 'is empty: remove the filter or enter some text').optional();

/** Query of GET /clubs/:clubId/application-requests (the text filters are partial matches). */
export const applicationRequestQuerySchema = z
	.object({
		status: oneOf(APPLICATION_STATUSES).optional(),
		memberName: filterText,
		email: filterText,
		title: filterText,
		company: filterText,
		memberType: oneOf(MEMBER_TYPES).optional(),
		sort: oneOf(APPLICATION_SORTS).optional(),
	})
	.strict();

export const clubIdSchema = z.object({
	clubId: z.string().trim().min(1, 'is empty: pick a club from the list or enter its ID'),
});

/** Update Member's Clubs: clubs by ID or by name, up to 10, no duplicates, explicit empty override. */
export const updateMemberClubsSchema = membershipChangeSchema(
	nameList('clubs', MAX_CLUBS_PER_UPDATE),
	'clubs',
	'Remove From All Clubs',
);
