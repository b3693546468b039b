import { clock } from './clock';
import type { Tier, TierLimits } from './tiers';
import { TIER_LIMITS } from './tiers';

type Headers = Record<string, unknown>;

function numberHeader(headers: Headers, name: string): number | undefined {
	const raw = headers[name] ?? headers[name.toLowerCase()];
	const value = Number(Array.isArray(raw) ? raw[0] : raw);
	return raw === undefined || raw === '' || !Number.isFinite(value) ? undefined : value;
}

/** The longest the model counts no refill after taking from a full bucket (see Pacer.pausedUntil). */
const PAUSE_MS = 1000;

/**
 * How the pacer shares a tier with other clients of the same tenant (other n8n workers, other
 * tools), which it cannot see. Exported so the tests and the README quote the same numbers.
 */
export const PACE = {
	/**
	 * The pace is kept this far under the rate the API advertises: the API's clock and ours
	 * drift, and a request that arrives a hair early is refused.
	 */
	margin: 0.99,
	/**
	 * How far X-RateLimit-Remaining may be above the tokens the bucket holds. The spec does not
	 * say how the count is rounded: down, it is never above; to the nearest, up to half a token.
	 * Read as a floor, a count rounded up from 0.5 lets the model spend a token the bucket does
	 * not hold yet: a 429 once the margin has saved half a token (about 50 s at the Medium tier).
	 */
	rounding: 0.5,
	/**
	 * How much a difference between the model and the API's count moves the share: per token,
	 * 1 / (this × the burst) of it (Medium: 1/20, Heavy: 1/10).
	 */
	bursts: 2,
	/** A share at least this large means no other client is seen spending: the process sends on one token. */
	alone: 0.99,
	/**
	 * When others are seen, the bucket must hold this many tokens (at most half the burst) before
	 * this process takes one: processes that read the same count, each within a token of the
	 * truth, then leave each other room.
	 */
	cushion: 5,
	/** This process keeps at least this part of the rate, whatever it believes others spend. */
	minShare: 1 / 16,
};

/** What the pacer knew when it let a request go: compared with the answer's X-RateLimit-Remaining. */
export interface Ticket {
	/** The tokens the tenant's bucket should hold right after this request, by this process's model. */
	expected: number;
	/** The model's corrections so far (they shift `expected` by the same amount). */
	corrections: number;
	sentAt: number;
	/** This process's requests sent before this one (`seq` of them) and, of those, still unanswered. */
	seq: number;
	unansweredBefore: number;
}

/**
 * The pace of one (base URL, client id, tier) in this process: a FIFO queue in front of a
 * model of the **tenant's** token bucket. Each waiter keeps its place in the queue whatever
 * happens, a 429 included.
 *
 * The API's limits are per tenant, and other processes may spend the same budget without this
 * one seeing them. Every answer says how many tokens the tenant has left
 * (`X-RateLimit-Remaining`): the pacer compares that with what its model expected when the
 * request left (its Ticket). What this process's own requests do not explain is others'
 * spending. The model corrects its level to the API's count at once, and this process's share
 * of the rate moves with the difference: down in proportion to the share (so larger shares give
 * up more), up by the same step for everyone (additive increase, multiplicative decrease), so
 * processes converge on shares that add up to the tier's rate. While sharing, a process waits
 * for a cushion of tokens (PACE.cushion), the same for all, so processes reading the same count
 * do not all spend it. Alone, a process sees no unexplained spending and runs at the full rate
 * (less the margin).
 */
export class Pacer {
	private limits: TierLimits;

	/** The tenant bucket's tokens at `at`, by this model (negative: requests queued beyond it). */
	private level: number;

	private at: number;

	/** This process's part of the tier's rate (and of the tokens in the bucket). */
	private share = 1;

	/** The sum of the corrections made to the model: see Ticket. */
	private corrections = 0;

	/** This process's requests sent, and those of them not answered yet. */
	private sent = 0;

	private unanswered = 0;

	private blockedUntil = 0;

	/**
	 * Refill is not counted before this time. A request taken from a full bucket reaches the
	 * API a little later, and until then the API's bucket stays full and refills nothing; so the
	 * model counts no refill until the first answer after it (at most PAUSE_MS), and then from
	 * that answer: the API counted the request at some point of its round trip, no later. (Not
	 * the middle: a request that spends its round trip on the way there, as the first on a new
	 * connection in a busy process does, reaches the API near the end of it, and a model counting
	 * from the middle spends refill the API has not begun: a 429 after the burst.)
	 */
	private pausedUntil = 0;

	/**
	 * Whether an answer has told this process the tenant's count yet. Until then one request goes
	 * alone (for at most PAUSE_MS): another process may have spent the burst already.
	 */
	private heard = false;

	private firstSentAt = 0;

	/** Aborted to wake the waiter when a pause ends early (an answer came). */
	private nudge = new AbortController();

	private queue: Promise<unknown> = Promise.resolve();

	private dailyRemaining: number | undefined;

	private dailyResetAt = 0;

	constructor(limits: TierLimits) {
		this.limits = { ...limits };
		this.level = limits.burst;
		this.at = clock.now();
	}

	/** The advertised rate less the margin, in tokens per ms. */
	private get rate(): number {
		return (this.limits.perSecond * PACE.margin) / 1000;
	}

	/** The rate left to this process. */
	private get ownRate(): number {
		return this.rate * this.share;
	}

	/**
	 * Tokens the bucket must hold before this process takes one. Alone: one. Sharing: a cushion
	 * more (PACE.cushion), the same for every process whatever its share, so that none is
	 * starved by a higher bar than the others'.
	 */
	private get need(): number {
		if (this.share >= PACE.alone) return 1;
		return Math.min(PACE.cushion, (this.limits.burst + 1) / 2);
	}

	private levelAt(now: number): number {
		return Math.min(this.limits.burst, this.level + Math.max(0, now - Math.max(this.at, this.pausedUntil)) * this.ownRate);
	}

	/** Brings the model to `now`. */
	private settle(now: number) {
		this.level = this.levelAt(now);
		this.at = Math.max(this.at, now);
	}

	get state() {
		return {
			...this.limits,
			share: this.share,
			tokens: this.levelAt(clock.now()),
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
	 * Waits for this request's turn: first in, first out, at the pace. Returns the ticket to
	 * hand to `observe` with the answer, or undefined when the signal aborted the wait or the
	 * turn would come after `by` (clock ms): the place is given up, no token is taken.
	 */
	async acquire(signal?: AbortSignal, by?: number): Promise<Ticket | undefined> {
		const gaveUp = new AbortController();
		const giveUp = signal ? AbortSignal.any([signal, gaveUp.signal]) : gaveUp.signal;
		const turn = this.queue.then(async () => await this.waitForSlot(giveUp, by));
		this.queue = turn.catch(() => undefined);
		if (by === undefined) return await turn;
		// Still queued behind others at `by`: give up the place (the turn, when it comes, takes nothing).
		const done = new AbortController();
		const late = clock.sleep(Math.max(0, by - clock.now()), AbortSignal.any([giveUp, done.signal])).then((slept) => {
			if (slept) gaveUp.abort();
			return undefined;
		});
		try {
			return await Promise.race([turn, late]);
		} finally {
			done.abort();
		}
	}

	private async waitForSlot(signal: AbortSignal, by?: number): Promise<Ticket | undefined> {
		for (;;) {
			if (signal.aborted) return undefined;
			const now = clock.now();
			const missing = Math.max(0, this.need - this.levelAt(now));
			const refillFrom = Math.max(now, this.pausedUntil);
			const firstAnswer = this.heard || this.sent === 0 ? 0 : this.firstSentAt + PAUSE_MS;
			const sendAt = Math.max(missing > 0 ? refillFrom + missing / this.ownRate : now, this.blockedUntil, firstAnswer);
			if (by !== undefined && sendAt > by) return undefined;
			if (sendAt - now < 1) {
				if (this.levelAt(now) >= this.limits.burst) this.pausedUntil = now + PAUSE_MS;
				this.settle(now);
				this.level -= 1;
				if (this.sent === 0) this.firstSentAt = now;
				const ticket = { expected: this.level, corrections: this.corrections, sentAt: now, seq: this.sent, unansweredBefore: this.unanswered };
				this.sent++;
				this.unanswered++;
				return ticket;
			}
			// Woken at the time computed now, or when an answer ends a pause; look again.
			if (!(await clock.sleep(sendAt - now, AbortSignal.any([signal, this.nudge.signal]))) && signal.aborted) return undefined;
		}
	}

	/**
	 * Applies what an answer's X-RateLimit-* headers say. With the request's ticket, the
	 * remaining count corrects the model and the estimate of others' spending; `refused` (a 429)
	 * gives back the token the request did not take.
	 */
	observe(headers: Headers, ticket?: Ticket, refused = false) {
		const now = clock.now();
		this.settle(now);
		const perSecond = numberHeader(headers, 'x-ratelimit-limit');
		const burst = numberHeader(headers, 'x-ratelimit-burst');
		const remaining = numberHeader(headers, 'x-ratelimit-remaining');
		const dailyRemaining = numberHeader(headers, 'x-ratelimit-daily-remaining');
		const dailyReset = numberHeader(headers, 'x-ratelimit-daily-reset');
		// A new rate or burst keeps the bucket's level in tokens (and the queue's debt).
		if (perSecond !== undefined && perSecond > 0) this.limits.perSecond = perSecond;
		if (burst !== undefined && burst >= 1) this.limits.burst = burst;
		this.level = Math.min(this.level, this.limits.burst);
		if (dailyRemaining !== undefined) this.dailyRemaining = dailyRemaining;
		if (dailyReset !== undefined) this.dailyResetAt = dailyReset * 1000;
		if (refused) this.level += 1;
		if (ticket) {
			this.answered(now);
			if (!this.heard) {
				this.heard = true;
				this.wake();
			}
		}
		if (remaining === undefined || ticket === undefined) return;

		// What the model expected the API to count, against what it counts: a whole number of
		// tokens, rounded down or to the nearest (PACE.rounding), so the bucket holds at least
		// `remaining` less that and less than one more. A refused request took nothing. The API counted
		// somewhere between sending and now, so the model's expectation is a range too: the bucket
		// refilled meanwhile, this process's requests sent after it may have been counted before it,
		// and those sent before it but still unanswered may be counted after it. The model moves
		// only when the two ranges do not meet.
		const expected = ticket.expected + (refused ? 1 : 0) - (this.corrections - ticket.corrections);
		const low = expected - (this.sent - ticket.seq - 1);
		const high = Math.min(this.limits.burst, expected + ticket.unansweredBefore + Math.max(0, now - ticket.sentAt) * this.ownRate);
		// Outside, the model moves to the least the bucket can hold.
		const least = remaining - PACE.rounding;
		let error = 0;
		if (low >= remaining + 1) error = low - least;
		else if (high < least) error = high - least;
		if (error === 0) return;
		this.level -= error;
		this.corrections += error;
		// More gone than this process explains: others spend too, and all together too much; each
		// gives up a part of its share (the larger share, the more: shares even out). Less gone:
		// room nobody uses; each takes the same small step up.
		const step = Math.abs(error) / (PACE.bursts * this.limits.burst);
		const share = error > 0 ? this.share * Math.max(0.5, 1 - step) : this.share + step;
		this.share = Math.min(1, Math.max(PACE.minShare, share));
		// A waiter's time was computed on the model before this answer: a fuller bucket or a larger
		// share may let it go sooner (at the Heavy tier, seconds sooner).
		this.wake();
	}

	/** A request that got no answer (a network error): it may or may not have taken a token. */
	lost() {
		this.answered(clock.now());
	}

	/** A request that failed inside n8n before it was sent: its token is given back. */
	unsent() {
		const now = clock.now();
		this.settle(now);
		this.level = Math.min(this.limits.burst, this.level + 1);
		this.answered(now);
	}

	/** A request is done with: one fewer unanswered, and a pause of the refill ends. */
	private answered(now: number) {
		this.unanswered = Math.max(0, this.unanswered - 1);
		if (this.pausedUntil > now) {
			this.pausedUntil = now;
			this.wake();
		}
	}

	private wake() {
		this.nudge.abort();
		this.nudge = new AbortController();
	}

	/**
	 * After a 429: nobody sends on this bucket before `until` (the server's Retry-After), when
	 * exactly one token is there; the waiters keep their places in the queue and follow at the
	 * pace. Retry-After states when the server accepts a request, so it sets the bucket rather
	 * than only lowering it.
	 */
	rateLimited(until: number) {
		const now = clock.now();
		this.settle(now);
		this.blockedUntil = Math.max(this.blockedUntil, until);
		this.level = Math.min(this.level, 1 - Math.max(0, this.blockedUntil - now) * this.ownRate);
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
