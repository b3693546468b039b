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
 * How the pacer shares a tier with other clients of the same tenant (other n8n workers, other
 * tools), which it cannot see. Exported so the tests and the README quote the same numbers.
 */
export const PACE = {
	/**
	 * The pace is kept this far under the rate the API advertises: the API's clock and ours
	 * drift, and a request that arrives a hair early is refused.
	 */
	margin: 0.98,
	/** After a 429, this process's share of the rate is multiplied by this. */
	backOff: 0.7,
	/** After a cut for contention, the share grows back this fast per answer, up to the last 429's level. */
	recovery: 1.1,
	/** Above that level it grows by this much per answer, probing for room (the additive increase). */
	probe: 0.001,
	/**
	 * An answer showing at least this many more tokens than this process expects: the tenant has
	 * room nobody uses, so the share grows by `headroom` per token of room.
	 */
	headroomTokens: 3,
	headroom: 0.02,
	/** An answer showing this many fewer tokens than this process expects: others are spending, shrink by `contention`. */
	contentionTokens: 2,
	contention: 0.9,
	/** The share never goes below this. */
	minShare: 1 / 16,
};

/**
 * The pace of one (base URL, client id, tier) in this process: a FIFO queue served by a
 * token bucket (kept as a generic cell rate: `tat` is when the bucket would be full again).
 * Each waiter keeps its place in the queue whatever happens, a 429 included.
 *
 * The API's limits are per tenant, and other processes may spend the same budget without this
 * one seeing it. So the bucket runs at `share` of the advertised rate and burst, and the share
 * moves with what the API says (additive increase, multiplicative decrease, as TCP does):
 * a 429 halves it; answers whose `X-RateLimit-Remaining` is well below what this process expects
 * shrink it a little; answers with headroom, or none at all after a while, grow it back. Alone,
 * a process stays at the full rate (less the margin); two or more converge on their part.
 */
export class Pacer {
	private limits: TierLimits;

	/** This process's part of the tier's rate and burst (AIMD). */
	private share = 1;

	/** The share set by the last 429's cut, where quick growth stops and probing starts. */
	private ceiling = 1;

	/** Generic cell rate: the time at which the local bucket would be full again. */
	private tat: number;

	private blockedUntil = 0;

	private lastContentionAt = Number.NEGATIVE_INFINITY;

	private lastBackOffAt = Number.NEGATIVE_INFINITY;

	private queue: Promise<unknown> = Promise.resolve();

	private dailyRemaining: number | undefined;

	private dailyResetAt = 0;

	constructor(limits: TierLimits) {
		this.limits = { ...limits };
		this.tat = clock.now();
	}

	/** Milliseconds between two requests at this process's pace. */
	private get interval(): number {
		return 1000 / (this.limits.perSecond * PACE.margin * this.share);
	}

	/** Requests this process may send at once. */
	private get burst(): number {
		return Math.max(1, Math.round(this.limits.burst * this.share));
	}

	/** Tokens in the local bucket at `now` (requests that may go at once). */
	private tokensAt(now: number): number {
		return this.burst - Math.max(0, this.tat - now) / this.interval;
	}

	get state() {
		return {
			...this.limits,
			share: this.share,
			tokens: this.tokensAt(clock.now()),
			blockedUntil: this.blockedUntil,
			dailyRemaining: this.dailyRemaining,
			dailyResetAt: this.dailyResetAt,
		};
	}

	/** When the daily quota is known to be spent: the time (epoch ms) it resets. */
	quotaSpentUntil(): number | undefined {
		if (this.dailyRemaining === 0 && clock.now() < this.dailyResetAt) return this.dailyResetAt;
		return undefined;
	}

	/** Until when nobody may send on this bucket (after a 429's Retry-After); 0 when free. */
	get blockedUntilMs(): number {
		return this.blockedUntil;
	}

	/**
	 * Waits for this request's turn: first in, first out, at the pace. Returns false when the
	 * signal aborted the wait (the place is given up, no token is taken).
	 */
	async acquire(signal?: AbortSignal): Promise<boolean> {
		const turn = this.queue.then(async () => await this.waitForSlot(signal));
		this.queue = turn.catch(() => undefined);
		return await turn;
	}

	private async waitForSlot(signal?: AbortSignal): Promise<boolean> {
		for (;;) {
			if (signal?.aborted) return false;
			const now = clock.now();
			const tat = Math.max(this.tat, now);
			const sendAt = Math.max(tat - (this.burst - 1) * this.interval, this.blockedUntil);
			if (sendAt - now < 1) {
				this.tat = tat + this.interval;
				return true;
			}
			// Woken at the time computed now; the pace may have changed meanwhile, so look again.
			if (!(await clock.sleep(sendAt - now, signal))) return false;
		}
	}

	/** Applies what an answer's X-RateLimit-* headers say, and adapts the share to it. */
	observe(headers: Headers) {
		const perSecond = numberHeader(headers, 'x-ratelimit-limit');
		const burst = numberHeader(headers, 'x-ratelimit-burst');
		const remaining = numberHeader(headers, 'x-ratelimit-remaining');
		const dailyRemaining = numberHeader(headers, 'x-ratelimit-daily-remaining');
		const dailyReset = numberHeader(headers, 'x-ratelimit-daily-reset');
		if ((perSecond !== undefined && perSecond > 0) || (burst !== undefined && burst >= 1)) {
			// A new rate or burst keeps the bucket's level in tokens (and the queue's debt).
			const tokens = this.tokensAt(clock.now());
			if (perSecond !== undefined && perSecond > 0) this.limits.perSecond = perSecond;
			if (burst !== undefined && burst >= 1) this.limits.burst = burst;
			this.setTokens(tokens, clock.now());
		}
		if (dailyRemaining !== undefined) this.dailyRemaining = dailyRemaining;
		if (dailyReset !== undefined) this.dailyResetAt = dailyReset * 1000;
		if (remaining === undefined) {
			this.grow();
			return;
		}
		const now = clock.now();
		const room = remaining - this.tokensAt(now);
		if (room <= -PACE.contentionTokens && now - this.lastContentionAt >= this.interval) {
			// Others spend the same budget: give a little of the rate up.
			this.lastContentionAt = now;
			this.setShare(this.share * PACE.contention);
		} else if (room >= PACE.headroomTokens) {
			this.setShare(this.share * (1 + PACE.headroom * room));
			this.ceiling = Math.max(this.ceiling, this.share);
		} else {
			this.grow();
		}
		// The API's count is the truth: never believe in a whole token more than it has. (It is
		// rounded down: 0 may mean 0.9, and resetting to it would cost up to a whole interval.)
		if (remaining + 1 <= this.tokensAt(now)) this.tat = Math.max(this.tat, now + (this.burst - remaining) * this.interval);
	}

	/** A quiet answer: grow back quickly to the level of the last 429's cut, then probe slowly. */
	private grow() {
		if (this.share < this.ceiling) this.setShare(Math.min(this.ceiling, this.share * PACE.recovery));
		else {
			this.setShare(this.share + PACE.probe);
			this.ceiling = this.share;
		}
	}

	/** Sets the local bucket's level in tokens (negative: requests queued beyond the burst). */
	private setTokens(tokens: number, now: number) {
		this.tat = now + Math.max(0, this.burst - tokens) * this.interval;
	}

	private setShare(share: number) {
		const now = clock.now();
		// Keep the local bucket's level (in tokens) across the change of pace.
		const tokens = this.tokensAt(now);
		this.share = Math.min(1, Math.max(PACE.minShare, share));
		this.setTokens(tokens, now);
	}

	/**
	 * After a 429: nobody sends on this bucket before `until` (the server's Retry-After), when
	 * exactly one token is there; the share is cut, and the waiters keep their places in the
	 * queue and follow at the new pace. Retry-After states when the server accepts a request,
	 * so it sets the bucket rather than only lowering it.
	 */
	rateLimited(until: number, sentAt = clock.now()) {
		// Requests sent before the last back-off were refused for the same reason: one cut.
		if (sentAt >= this.lastBackOffAt) {
			this.lastBackOffAt = clock.now();
			this.setShare(this.share * PACE.backOff);
			this.ceiling = this.share;
		}
		this.blockedUntil = Math.max(this.blockedUntil, until);
		this.tat = this.blockedUntil + (this.burst - 1) * this.interval;
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
