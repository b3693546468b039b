import { clock } from './clock';
import type { Tier, TierLimits } from './tiers';
import { TIER_LIMITS } from './tiers';

type Headers = Record<string, unknown>;

export function numberHeader(headers: Headers, name: string): number | undefined {
	const raw = headers[name] ?? headers[name.toLowerCase()];
	const value = Number(Array.isArray(raw) ? raw[0] : raw);
	return raw === undefined || raw === '' || !Number.isFinite(value) ? undefined : value;
}

/** The pace is kept this far under the advertised rate: the API's clock and ours drift, and a request a hair early is refused. */
export const MARGIN = 0.99;

/**
 * What a request asks of its turn: `by`, a time (clock ms) it must come by, or the place is given
 * up ('late'); `poll`, a poll's request, which goes ahead of action requests (every other turn at
 * most while they wait); `retry`, a retry after a 429, which goes first; `mayWaitUntil`, whether a
 * Retry-After pause until a time may hold it (if not, it gives its place up: 'rate-limited').
 */
export interface Turn {
	signal?: AbortSignal;
	by?: number;
	poll?: boolean;
	retry?: boolean;
	mayWaitUntil?: (until: number) => boolean;
}

/** Why a request gave its place up (it took no token). */
export type GaveUp = 'late' | 'rate-limited' | 'cancelled';

/** A request sent: how many were sent before it, and how many of those were still unanswered then. */
export type Ticket = { seq: number; unansweredBefore: number };

type Waiter = Turn & { resolve: (result: Ticket | GaveUp) => void };

/**
 * The pace of one (base URL, client id, tier) in this process: a token bucket with the tier's
 * burst and rate (a little under it: MARGIN), and a FIFO queue of the requests waiting for a
 * token. The API's answers correct it: X-RateLimit-Limit and -Burst set the tier's numbers, and
 * X-RateLimit-Remaining the tokens, whenever the bucket is a whole token away from the count (so
 * others' spending, seen only in the count, slows this process down, and their pause speeds it up).
 * X-RateLimit-Reset is not read: it is the time the count refills to the burst, in whole seconds,
 * so it says nothing the count does not. After a 429 nobody sends before its Retry-After, and
 * then the retry goes first, at that time.
 */
export class Pacer {
	private readonly limits: TierLimits;
	private tokens: number;
	private at: number;
	private blockedUntil = 0;
	/**
	 * A request taken from a full bucket (the first, or the first after a pause) goes alone: until
	 * the first answer after it, a second at most, nothing else goes and nothing refills. The API's
	 * bucket, full until the request reaches it, refills nothing meanwhile; and the answer's count
	 * shows what other processes spent while this one did not.
	 */
	private pausedUntil = 0;
	private sent = 0;
	private unanswered = 0;
	private readonly waiting: Waiter[] = [];
	private serving = false;
	private pollsInARow = 0;
	/** Aborted to wake the queue when an answer, a 429 or the queue changes. */
	private nudge = new AbortController();
	private daily: { remaining: number; resetsAt: number } | undefined;
	private lastAnswerAt: number | undefined;

	constructor(limits: TierLimits) {
		this.limits = { ...limits };
		this.tokens = limits.burst;
		this.at = clock.now();
	}

	/** Tokens per ms. */
	private get rate() {
		return (this.limits.perSecond * MARGIN) / 1000;
	}

	private settle(now: number) {
		this.tokens = Math.min(this.limits.burst, this.tokens + Math.max(0, now - Math.max(this.at, this.pausedUntil)) * this.rate);
		this.at = Math.max(this.at, now);
	}

	get state() {
		this.settle(clock.now());
		return { ...this.limits, tokens: this.tokens, blockedUntil: this.blockedUntil, daily: this.daily, lastAnswerAt: this.lastAnswerAt };
	}

	/** When the daily quota is known to be spent: the time (epoch ms) it resets. */
	quotaSpentUntil(): number | undefined {
		return this.daily?.remaining === 0 && clock.now() < this.daily.resetsAt ? this.daily.resetsAt : undefined;
	}

	/** Waits for a token: the request's ticket, for `observe`; or why the place was given up (no token taken). */
	async acquire(turn: Turn = {}): Promise<Ticket | GaveUp> {
		if (turn.signal?.aborted) return 'cancelled';
		if (this.holdsTooLong(turn)) return 'rate-limited';
		const done = new AbortController();
		const result = await new Promise<Ticket | GaveUp>((resolve) => {
			const waiter: Waiter = { ...turn, resolve };
			turn.signal?.addEventListener('abort', () => this.leave(waiter, 'cancelled'), { once: true, signal: done.signal });
			if (turn.by !== undefined) void clock.sleep(Math.max(0, turn.by - clock.now()), done.signal).then((slept) => slept && this.leave(waiter, 'late'));
			this.waiting[turn.retry ? 'unshift' : 'push'](waiter);
			this.wake();
			void this.serve();
		});
		done.abort();
		return result;
	}

	private holdsTooLong(turn: Turn): boolean {
		return this.blockedUntil > clock.now() && turn.mayWaitUntil?.(this.blockedUntil) === false;
	}

	private leave(waiter: Waiter, result: GaveUp) {
		const index = this.waiting.indexOf(waiter);
		if (index < 0) return;
		this.waiting.splice(index, 1);
		waiter.resolve(result);
		this.wake();
	}

	/** A retry first; then a poll's request, unless the last turn went to a poll while actions waited. */
	private next(): Waiter {
		const head = this.waiting[0];
		if (head.retry) return head;
		const poll = this.waiting.find((w) => w.poll);
		const action = this.waiting.find((w) => !w.poll);
		const next = poll && (!action || this.pollsInARow === 0) ? poll : (action ?? head);
		this.pollsInARow = next.poll && action ? this.pollsInARow + 1 : 0;
		return next;
	}

	private async serve() {
		if (this.serving) return;
		this.serving = true;
		try {
			while (this.waiting.length > 0) {
				const now = clock.now();
				this.settle(now);
				const sendAt = Math.max(this.blockedUntil, Math.max(now, this.pausedUntil) + Math.max(0, 1 - this.tokens) / this.rate);
				if (sendAt - now >= 1) {
					await clock.sleep(sendAt - now, this.nudge.signal);
					continue;
				}
				const waiter = this.next();
				this.waiting.splice(this.waiting.indexOf(waiter), 1);
				if (this.tokens >= this.limits.burst) this.pausedUntil = now + 1000;
				this.tokens -= 1;
				waiter.resolve({ seq: this.sent++, unansweredBefore: this.unanswered++ });
			}
		} finally {
			this.serving = false;
		}
	}

	/**
	 * The answer to the request of `ticket` came: its X-RateLimit-* headers correct the tier. The
	 * count (whole tokens, when the API counted the request) moves the bucket when the bucket is a
	 * token or more above it (others spent), or below it less this process's requests the API may
	 * have counted after this one (those sent after it, and those still unanswered when it left).
	 */
	observe(headers: Headers, ticket: Ticket) {
		const now = clock.now();
		this.answered(now);
		this.lastAnswerAt = now;
		const [perSecond, burst, remaining, dailyRemaining, dailyReset] = ['limit', 'burst', 'remaining', 'daily-remaining', 'daily-reset'].map((name) =>
			numberHeader(headers, `x-ratelimit-${name}`),
		);
		if (perSecond !== undefined && perSecond > 0) this.limits.perSecond = perSecond;
		if (burst !== undefined && burst >= 1) this.limits.burst = burst;
		this.tokens = Math.min(this.tokens, this.limits.burst);
		if (dailyRemaining !== undefined) this.daily = { remaining: dailyRemaining, resetsAt: (dailyReset ?? 0) * 1000 };
		if (remaining !== undefined) {
			const least = remaining - ticket.unansweredBefore - (this.sent - ticket.seq - 1);
			if (this.tokens >= remaining + 1 || this.tokens < least) this.tokens = least;
		}
		this.wake();
	}

	/** A request got no answer; `sent` false: it failed inside n8n before it left, and its token is given back. */
	noAnswer(sent: boolean) {
		this.answered(clock.now());
		if (!sent) this.tokens = Math.min(this.limits.burst, this.tokens + 1);
		this.wake();
	}

	/** A 429: nobody sends before `until` (its Retry-After), and then one request may go, whatever the bucket said. */
	rateLimited(until: number) {
		const now = clock.now();
		this.settle(now);
		this.blockedUntil = Math.max(this.blockedUntil, until);
		this.tokens = 1 - (this.blockedUntil - now) * this.rate;
		// Waiters this pause would hold past their bound give up.
		for (const waiter of [...this.waiting]) if (this.holdsTooLong(waiter)) this.leave(waiter, 'rate-limited');
		this.wake();
	}

	private answered(now: number) {
		this.settle(now);
		this.unanswered = Math.max(0, this.unanswered - 1);
		this.pausedUntil = Math.min(this.pausedUntil, now);
	}

	private wake() {
		this.nudge.abort();
		this.nudge = new AbortController();
	}
}

/**
 * One pacer per (base URL, client id, tier), shared by every execution and poll that runs this
 * copy of the package. A copy loaded anew (n8n reloads a community package updated in place)
 * starts with pacers of its own; the API's answers correct them as they do for any other client.
 */
const pacers = new Map<string, Pacer>();

export function pacerFor(baseUrl: string, clientId: string, tier: Tier): Pacer {
	const key = `${baseUrl}\n${clientId}\n${tier}`;
	let pacer = pacers.get(key);
	if (!pacer) pacers.set(key, (pacer = new Pacer(TIER_LIMITS[tier])));
	return pacer;
}

/** Forgets every pacer (tests). */
export function resetPacers() {
	pacers.clear();
}
