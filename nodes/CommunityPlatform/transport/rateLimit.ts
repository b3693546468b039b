import { clock } from './clock';
import type { Tier, TierLimits } from './tiers';
import { TIER_LIMITS } from './tiers';

type Headers = Record<string, unknown>;

function numberHeader(headers: Headers, name: string): number | undefined {
	const raw = headers[name] ?? headers[name.toLowerCase()];
	const value = Number(Array.isArray(raw) ? raw[0] : raw);
	return raw === undefined || raw === '' || !Number.isFinite(value) ? undefined : value;
}

/**
 * A token bucket for one (base URL, client id, tier). Requests reserve a token when they
 * are about to be sent; a negative balance is the queue, so waiters are served in order at
 * the sustained rate. The server's X-RateLimit-* headers correct the bucket: they can only
 * lower the balance (another client may share the tenant) and they set the rates.
 */
export class Pacer {
	private limits: TierLimits;

	private tokens: number;

	private refilledAt: number;

	private blockedUntil = 0;

	private dailyRemaining: number | undefined;

	private dailyResetAt = 0;

	constructor(limits: TierLimits) {
		this.limits = { ...limits };
		this.tokens = limits.burst;
		this.refilledAt = clock.now();
	}

	get state() {
		return {
			...this.limits,
			tokens: this.tokens,
			blockedUntil: this.blockedUntil,
			dailyRemaining: this.dailyRemaining,
			dailyResetAt: this.dailyResetAt,
		};
	}

	private refill(now: number) {
		const elapsed = Math.max(0, now - this.refilledAt) / 1000;
		this.tokens = Math.min(this.limits.burst, this.tokens + elapsed * this.limits.perSecond);
		this.refilledAt = now;
	}

	/** When the daily quota is known to be spent: the time (epoch ms) it resets. */
	quotaSpentUntil(): number | undefined {
		if (this.dailyRemaining === 0 && clock.now() < this.dailyResetAt) return this.dailyResetAt;
		return undefined;
	}

	/**
	 * Takes a token, waiting for it when the bucket is empty or the server asked us to back
	 * off. Returns false when the signal aborted the wait (the token is handed back).
	 */
	async acquire(signal?: AbortSignal): Promise<boolean> {
		const now = clock.now();
		this.refill(now);
		this.tokens -= 1;
		const wait = this.tokens >= 0 ? 0 : (-this.tokens / this.limits.perSecond) * 1000;
		if (wait > 0 && !(await clock.sleep(wait, signal))) {
			this.tokens += 1;
			return false;
		}
		for (let late = this.blockedUntil - clock.now(); late > 0; late = this.blockedUntil - clock.now()) {
			if (!(await clock.sleep(late, signal))) return false;
		}
		return true;
	}

	/** Until when nobody may send on this bucket (after a 429's Retry-After); 0 when free. */
	get blockedUntilMs(): number {
		return this.blockedUntil;
	}

	/** Applies what a response's X-RateLimit-* headers say. */
	observe(headers: Headers) {
		const perSecond = numberHeader(headers, 'x-ratelimit-limit');
		const burst = numberHeader(headers, 'x-ratelimit-burst');
		const remaining = numberHeader(headers, 'x-ratelimit-remaining');
		const dailyRemaining = numberHeader(headers, 'x-ratelimit-daily-remaining');
		const dailyReset = numberHeader(headers, 'x-ratelimit-daily-reset');
		this.refill(clock.now());
		if (perSecond !== undefined && perSecond > 0) this.limits.perSecond = perSecond;
		if (burst !== undefined && burst >= 1) this.limits.burst = burst;
		if (remaining !== undefined && remaining < this.tokens) this.tokens = Math.max(remaining, 0);
		if (dailyRemaining !== undefined) this.dailyRemaining = dailyRemaining;
		if (dailyReset !== undefined) this.dailyResetAt = dailyReset * 1000;
	}

	/**
	 * After a 429: nobody sends on this bucket before `until` (the server's Retry-After), when
	 * exactly one token is there again; later requests follow at the sustained rate. Unlike the
	 * X-RateLimit headers, Retry-After states when the server accepts a request, so it sets the
	 * bucket rather than only lowering it.
	 */
	blockUntil(until: number) {
		const now = clock.now();
		this.refill(now);
		this.blockedUntil = Math.max(this.blockedUntil, until);
		const tokensAtUnblock = 1 - (Math.max(0, until - now) / 1000) * this.limits.perSecond;
		this.tokens = tokensAtUnblock;
	}
}

/** One pacer per (base URL, client id, tier) for the whole n8n process. */
const pacers = new Map<string, Pacer>();

export function pacerFor(baseUrl: string, clientId: string, tier: Tier): Pacer {
	const key = `${baseUrl}\n${clientId}\n${tier}`;
	let pacer = pacers.get(key);
	if (!pacer) {
		pacer = new Pacer(TIER_LIMITS[tier]);
		pacers.set(key, pacer);
	}
	return pacer;
}

/** Forgets every pacer (tests). */
export function resetPacers() {
	pacers.clear();
}

export { numberHeader };
