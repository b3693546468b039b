import type { IHttpRequestMethods } from 'n8n-workflow';

/** The API's rate tiers (API documentation: Limits). Each endpoint belongs to exactly one. */
export type Tier = 'light' | 'medium' | 'heavy';

export interface TierLimits {
	/** Requests that may be sent at once before pacing starts. */
	burst: number;
	/** Sustained requests per second. */
	perSecond: number;
	/** Requests allowed per UTC day. */
	daily: number;
}

export const TIER_LIMITS: Record<Tier, TierLimits> = {
	light: { burst: 100, perSecond: 10, daily: 300_000 },
	medium: { burst: 10, perSecond: 1, daily: 25_000 },
	heavy: { burst: 5, perSecond: 10 / 60, daily: 200 },
};

const ID = '[^/]+';
const route = (pattern: string) => new RegExp(`^${pattern}$`);

/** Single-resource reads and job polls (API documentation: Light). Only for GET. */
const LIGHT_READS = [
	route(`/users/(?!batch$|batch-update$)${ID}`),
	route(`/users/${ID}/clubs`),
	route(`/users/batch/${ID}`),
	route(`/users/batch-update/${ID}`),
	route(`/userProfileQuestions/${ID}`),
	route(`/events/${ID}`),
	route(`/events/${ID}/attendees/${ID}`),
	route(`/clubs/${ID}/users/batch/${ID}`),
];

/** Batch submissions (API documentation: Heavy). Only for POST. */
const HEAVY_WRITES = [route('/users/batch'), route('/users/batch-update'), route(`/clubs/${ID}/users/batch`)];

/**
 * The tier of an endpoint. Everything that is neither a single-resource read nor a batch
 * submission is Medium: lists, writes, feeds, and the spaces endpoints, whose tier the spec
 * does not give (Medium is the safe guess: it is the slower of the two candidates).
 */
export function tierOf(method: IHttpRequestMethods, path: string): Tier {
	const bare = path.split('?')[0];
	if (method === 'GET' && LIGHT_READS.some((r) => r.test(bare))) return 'light';
	if (method === 'POST' && HEAVY_WRITES.some((r) => r.test(bare))) return 'heavy';
	return 'medium';
}
