/**
 * Rate tiers per (client id, tier): a token bucket (burst, sustained refill) plus a
 * daily quota that resets at midnight UTC. With `timeScale: k` buckets refill k
 * times faster and Retry-After is divided by k (fractional seconds allowed). The
 * buckets run on real time (the headers are compared with the client's clock);
 * the daily quota is not scaled.
 */
import type { Tier } from './types.cjs';

export interface TierLimits {
	burst: number;
	/** sustained requests per second (unscaled) */
	perSecond: number;
	daily: number;
}

export const TIER_LIMITS: Record<Tier, TierLimits> = {
	light: { burst: 100, perSecond: 10, daily: 300_000 },
	medium: { burst: 10, perSecond: 1, daily: 25_000 },
	heavy: { burst: 5, perSecond: 10 / 60, daily: 200 },
};

export const TIERS = Object.keys(TIER_LIMITS) as Tier[];

/** How X-RateLimit-Remaining rounds the bucket's tokens: the spec does not say. */
export type RemainingRounding = 'down' | 'nearest';

/**
 * What the X-RateLimit-Limit, -Burst and -Remaining headers announce: the tier's numbers
 * (`tiers`, the default), or, with the limits off, a tier no client needs to pace for
 * (`unlimited`: 1,000,000 a second, burst and remaining 1,000,000), so that a client that paces
 * by the headers, as the package does, runs at full speed. The daily headers are unchanged.
 */
export type AdvertisedLimits = 'tiers' | 'unlimited';

/** The rate, burst and remaining the headers announce with `advertisedLimits: 'unlimited'`. */
export const UNLIMITED = 1_000_000;

interface Bucket {
	tokens: number;
	last: number;
	day: string;
	dailyUsed: number;
	/** the daily remaining was set by the admin surface: enforced even with rate limits off */
	dailyForced: boolean;
}

export interface RateDecision {
	allowed: boolean;
	headers: Record<string, string>;
	/** the 429's Retry-After value when not allowed */
	retryAfter?: string;
	reason?: 'burst' | 'daily';
}

const DAY_MS = 86_400_000;

function utcDay(ms: number): string {
	return new Date(ms).toISOString().slice(0, 10);
}

function formatNumber(n: number): string {
	return String(Number(n.toFixed(4)));
}

export class RateLimiter {
	private readonly buckets = new Map<string, Bucket>();

	constructor(
		private readonly timeScale = 1,
		private readonly enabled = true,
		private readonly realNow: () => number = Date.now,
		private readonly remainingRounding: RemainingRounding = 'down',
		private readonly advertised: AdvertisedLimits = 'tiers',
	) {
		if (advertised === 'unlimited' && enabled) throw new Error('advertisedLimits "unlimited" needs rateLimits: false');
	}

	private bucket(clientId: string, tier: Tier, now: number): Bucket {
		const key = `${clientId}\u0000${tier}`;
		let b = this.buckets.get(key);
		if (!b) {
			b = { tokens: TIER_LIMITS[tier].burst, last: now, day: utcDay(now), dailyUsed: 0, dailyForced: false };
			this.buckets.set(key, b);
		}
		const limits = TIER_LIMITS[tier];
		b.tokens = Math.min(limits.burst, b.tokens + ((now - b.last) / 1000) * limits.perSecond * this.timeScale);
		b.last = now;
		if (b.day !== utcDay(now)) {
			b.day = utcDay(now);
			b.dailyUsed = 0;
			b.dailyForced = false;
		}
		return b;
	}

	/** Counts one request against the tier (when allowed) and answers the headers. */
	take(clientId: string, tier: Tier): RateDecision {
		const now = this.realNow();
		const b = this.bucket(clientId, tier, now);
		const limits = TIER_LIMITS[tier];
		if ((this.enabled || b.dailyForced) && b.dailyUsed >= limits.daily) {
			const nextMidnight = Date.parse(`${b.day}T00:00:00.000Z`) + DAY_MS;
			return { allowed: false, reason: 'daily', retryAfter: String(Math.ceil((nextMidnight - now) / 1000)), headers: this.headers(b, tier, now) };
		}
		if (this.enabled && b.tokens < 1) {
			const seconds = (1 - b.tokens) / (limits.perSecond * this.timeScale);
			const retryAfter = this.timeScale === 1 ? String(Math.max(1, Math.ceil(seconds))) : String(Math.max(0.001, Math.ceil(seconds * 1000) / 1000));
			return { allowed: false, reason: 'burst', retryAfter, headers: this.headers(b, tier, now) };
		}
		if (this.enabled) b.tokens -= 1;
		b.dailyUsed += 1;
		return { allowed: true, headers: this.headers(b, tier, now) };
	}

	/** The headers without counting a request (401 answers, injected faults). */
	peek(clientId: string, tier: Tier): Record<string, string> {
		const now = this.realNow();
		return this.headers(this.bucket(clientId, tier, now), tier, now);
	}

	/**
	 * An injected 429 (tools/sandbox/faults.cts) as the real limiter gives one: a refusal of a
	 * bucket that someone else spent. The bucket keeps no more than the limiter's own 429 with
	 * this Retry-After would find (its next token comes when the Retry-After ends), so the answer's
	 * X-RateLimit-Remaining is 0, a request sent before the Retry-After ends is refused by the
	 * limiter itself, and one sent after it is served. Takes no token and no daily count.
	 */
	refuse(clientId: string, tier: Tier, retryAfterSec: number): void {
		if (!this.enabled) return;
		const b = this.bucket(clientId, tier, this.realNow());
		const rate = TIER_LIMITS[tier].perSecond * this.timeScale;
		// 1e-9: a retry exactly at the Retry-After finds a whole token despite rounding.
		b.tokens = Math.min(b.tokens, 1 - retryAfterSec * rate + 1e-9);
	}

	setDailyRemaining(clientId: string, tier: Tier, remaining: number): void {
		const b = this.bucket(clientId, tier, this.realNow());
		b.dailyUsed = Math.max(0, TIER_LIMITS[tier].daily - remaining);
		b.dailyForced = true;
	}

	private headers(b: Bucket, tier: Tier, now: number): Record<string, string> {
		const limits = TIER_LIMITS[tier];
		const rate = limits.perSecond * this.timeScale;
		const tokens = this.enabled ? b.tokens : limits.burst;
		const fullAt = now + ((limits.burst - tokens) / rate) * 1000;
		if (this.advertised === 'unlimited') {
			return {
				...this.dailyHeaders(b, tier),
				'X-RateLimit-Limit': String(UNLIMITED),
				'X-RateLimit-Remaining': String(UNLIMITED),
				'X-RateLimit-Burst': String(UNLIMITED),
				'X-RateLimit-Reset': String(Math.ceil(now / 1000)),
			};
		}
		return {
			'X-RateLimit-Limit': formatNumber(rate),
			'X-RateLimit-Remaining': String(Math.max(0, this.remainingRounding === 'nearest' ? Math.round(tokens) : Math.floor(tokens))),
			'X-RateLimit-Burst': String(limits.burst),
			'X-RateLimit-Reset': String(Math.ceil(fullAt / 1000)),
			...this.dailyHeaders(b, tier),
		};
	}

	private dailyHeaders(b: Bucket, tier: Tier): Record<string, string> {
		const limits = TIER_LIMITS[tier];
		return {
			'X-RateLimit-Daily-Limit': String(limits.daily),
			'X-RateLimit-Daily-Remaining': String(Math.max(0, limits.daily - b.dailyUsed)),
			'X-RateLimit-Daily-Reset': String(Math.floor((Date.parse(`${b.day}T00:00:00.000Z`) + DAY_MS) / 1000)),
		};
	}
}
