import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { z } from 'zod';

import { eventIdOf, eventRef } from '../locators/event';
import { readLimit } from '../../shared/parameters/limit';
import { readParameters } from '../../shared/parameters/read';
import type { ErrorHint } from '../../shared/transport/errors';
import { paginate } from '../../shared/transport/paginate';
import { pathOf } from '../../shared/transport/request';

/**
 * What Get Many of event attendees and of event invitees share: the rows of one event's list,
 * Return All or up to Limit, with the operation's Filters as the query. The event locator,
 * the limit and the filters are all checked before the first request.
 */
export async function readEventRows(
	ctx: IExecuteFunctions,
	itemIndex: number,
	rows: {
		list: 'attendees' | 'invitees';
		filters: INodeProperties;
		schema: z.ZodTypeAny;
		maxPageSize?: number;
		hints?: ErrorHint[];
	},
): Promise<IDataObject[]> {
	const ref = eventRef(ctx, itemIndex);
	const { returnAll, limit } = readLimit(ctx, itemIndex);
	const qs = readParameters(ctx, itemIndex, [rows.filters], rows.schema) as IDataObject;
	const eventId = await eventIdOf.call(ctx, ref, itemIndex);
	return (await paginate.call(ctx, {
		path:
			rows.list === 'attendees'
				? pathOf`/events/${{ Event: eventId }}/attendees`
				: pathOf`/events/${{ Event: eventId }}/invitees`,
		qs,
		returnAll,
		limit,
		maxPageSize: rows.maxPageSize,
		itemIndex,
		notFound: `No event has the ID "${eventId}"`,
		hints: rows.hints,
	})) as IDataObject[];
}
