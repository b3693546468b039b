import { z } from 'zod';

/** A tag name: the API trims it, so one that is blank after trimming is refused here. */
export const tagName = z
	.string({ required_error: 'is required: enter a tag name' })
	.trim()
	.min(1, 'is empty: enter a tag name (names are case-sensitive)');

export const tagFiltersSchema = z.object({ name: z.string().trim().optional() }).strict();
