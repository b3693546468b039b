import { z } from 'zod';

import { requiredText, timestamp } from './common';

/** A date-time from the picker (text) or from an expression (Date or Luxon DateTime), as ISO text. */
function isoText(value: unknown): unknown {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
	if (value && typeof value === 'object' && typeof (value as { toISO?: unknown }).toISO === 'function') {
		return (value as { toISO: () => string | null }).toISO() ?? 'Invalid DateTime';
	}
	return value;
}

/** An optional ISO 8601 date-time, sent in UTC with milliseconds. */
export const optionalDateTime = z.preprocess(isoText, timestamp.optional());

/** A required ISO 8601 date-time; `what` completes "is required: enter …". */
export const requiredDateTime = (what: string) => z.preprocess(isoText, requiredText(what).pipe(timestamp));
