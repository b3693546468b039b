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
	/**
	 * After a 429, the next request goes at the time its Retry-After named, on the one token the
	 * API says it has then (no cushion), when the process had heard the tenant's count and seen
	 * nobody else spend before the 429s began: alone until then, it takes the API at its word. A
	 * process whose first requests were refused, or that already shared the tier, may be taking a
	 * token another process waits for; it retries with the cushion, as any process that sees
	 * others spend does, until this many 429s in a row have answered its retries: the cushion has
	 * not helped, and from then on it too goes when the API said. (In the simulation of
	 * test/node/pacer.test.cts, 2 lets through more 429s between processes that share a tenant.)
	 */
	passAfter: 3,
	/**
	 * Turns in a row a poll's request (one with a time its turn must come by: the triggers bound
	 * every poll's turn) may take ahead of queued action requests. Polls go ahead, so that a busy
	 * tier cannot push a poll past its time limit (on n8n's durable scheduler it would fail, and
	 * n8n's backoff would silence the trigger long after the load); but while action requests
	 * wait, at most every other turn goes to a poll, so polls cannot take more than half the tier
	 * from them. (A share of the tier kept for polls instead would leave tokens unused whenever no
	 * poll waits, slowing every action for the few seconds a minute that polls need.)
	 */
	pollTurns: 1,
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

/** A request waiting for its turn on a Pacer. */
interface Waiter {
	/** The time (clock ms) its turn must come by, or it gives up its place. */
	by?: number;
	/** A poll's request: it may go ahead of action requests (PACE.pollTurns). */
	poll: boolean;
	/** Hands the waiter its ticket, or undefined when it gave up its place. */
	resolve: (ticket: Ticket | undefined) => void;
}

/**
 * The pace of one (base URL, client id, tier) in this process: a FIFO queue in front of a
 * model of the **tenant's** token bucket. Each waiter keeps its place in the queue whatever
 * happens, a 429 included; only a poll's request, which must have its turn by a given time,
 * may go ahead of action requests (PACE.pollTurns).
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
 * (less the margin). After a 429 nobody in the process sends before its Retry-After, and then
 * the first request goes at that time (PACE.passAfter); a share that a run of 429s cut comes back
 * whole as soon as an answer finds the bucket full.
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

	/**
	 * After a 429 (see PACE.passAfter): the time its Retry-After named (= blockedUntil), when the
	 * API accepts a request. The first request at or after it goes on one token, without the
	 * cushion. Cleared when taken, or when an answer shows others spent more than the model had.
	 */
	private passAt: number | undefined;

	/**
	 * A run of 429s that cut the share, from the first of them to the first 2xx answer to a
	 * request sent after it (`seq` at least `fromSeq`). `share`: the share before it. If that 2xx
	 * answer finds the bucket full (nobody spent for a burst's time), nobody is sharing the tier
	 * now, whatever refused the requests (the API for reasons of its own, another client's burst
	 * that is over), and the share comes back at once instead of step by step. `alone`: the process
	 * had heard the tenant's count and seen nobody else spend when it began; `refusals`: its 429s
	 * (see PACE.passAfter).
	 */
	private refusedRun: { share: number; fromSeq: number; alone: boolean; refusals: number } | undefined;

	/** Aborted to wake the queue's server when the model, the queue or a pause changes. */
	private nudge = new AbortController();

	/** The requests waiting for their turn, in arrival order. */
	private waiting: Waiter[] = [];

	/** Whether serve() is running. */
	private serving = false;

	/** Polls served in a row while action requests waited (see PACE.pollTurns). */
	private pollTurnsInARow = 0;

	private dailyRemaining: number | undefined;

	private dailyResetAt = 0;

	/** When the tier last answered (epoch ms), with or without a daily quota header. */
	private lastAnswerAt: number | undefined;

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
			lastAnswerAt: this.lastAnswerAt,
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
	 * time `by` (clock ms) came before the turn: the place is given up, no token is taken. It is
	 * given up only when `by` comes: until then an answer may correct the model and let it in. A
	 * poll's request (by default, one with a `by`: a poll on n8n's durable scheduler) goes ahead
	 * of waiting action requests, taking at most PACE.pollTurns turns in a row from them.
	 */
	async acquire(signal?: AbortSignal, by?: number, poll = by !== undefined): Promise<Ticket | undefined> {
		if (signal?.aborted) return undefined;
		return await new Promise<Ticket | undefined>((resolve) => {
			// Ends the waiter's own timer once it is served or gone.
			const done = new AbortController();
			const waiter: Waiter = {
				by,
				poll,
				resolve: (ticket) => {
					done.abort();
					signal?.removeEventListener('abort', leave);
					resolve(ticket);
				},
			};
			const leave = () => this.leave(waiter);
			signal?.addEventListener('abort', leave, { once: true });
			// Its time comes: whatever the model says then, the place is given up.
			if (by !== undefined) {
				void clock.sleep(Math.max(0, by - clock.now()), done.signal).then((slept) => {
					if (slept) leave();
				});
			}
			this.waiting.push(waiter);
			// A poll may go ahead of the request being served.
			if (poll) this.wake();
			void this.serve();
		});
	}

	/** A waiter gives up its place (aborted, or its time came): it takes no token. */
	private leave(waiter: Waiter) {
		const index = this.waiting.indexOf(waiter);
		if (index < 0) return;
		this.waiting.splice(index, 1);
		waiter.resolve(undefined);
		this.wake();
	}

	/** Whose turn is next: the first waiter, or the first poll's while polls may go ahead (PACE.pollTurns). */
	private next(): Waiter {
		const poll = this.waiting.find((w) => w.poll);
		const action = this.waiting.find((w) => !w.poll);
		if (!poll || !action) return this.waiting[0];
		return this.pollTurnsInARow < PACE.pollTurns ? poll : action;
	}

	/** When the next request may go, by the model as it is at `now`. */
	private sendAt(now: number): number {
		const firstAnswer = this.heard || this.sent === 0 ? 0 : this.firstSentAt + PAUSE_MS;
		if (this.passAt !== undefined) return Math.max(this.blockedUntil, firstAnswer);
		const missing = Math.max(0, this.need - this.levelAt(now));
		const refillFrom = Math.max(now, this.pausedUntil);
		return Math.max(missing > 0 ? refillFrom + missing / this.ownRate : now, this.blockedUntil, firstAnswer);
	}

	/** Serves the queue, one waiter at a time, until it is empty. */
	private async serve() {
		if (this.serving) return;
		this.serving = true;
		try {
			while (this.waiting.length > 0) {
				const now = clock.now();
				const sendAt = this.sendAt(now);
				if (sendAt - now < 1) {
					const waiter = this.next();
					const actionsWait = this.waiting.some((w) => !w.poll);
					this.waiting.splice(this.waiting.indexOf(waiter), 1);
					this.pollTurnsInARow = waiter.poll && actionsWait ? this.pollTurnsInARow + 1 : 0;
					waiter.resolve(this.take(now));
					continue;
				}
				// Woken at the time computed now, or sooner when an answer, a 429 or the queue changes it.
				await clock.sleep(sendAt - now, this.nudge.signal);
			}
		} finally {
			this.serving = false;
		}
	}

	/** Takes a token for the request going now: its ticket. */
	private take(now: number): Ticket {
		if (this.levelAt(now) >= this.limits.burst) this.pausedUntil = now + PAUSE_MS;
		this.settle(now);
		if (this.passAt !== undefined) {
			// The API said it accepts one now (Retry-After).
			this.level = Math.max(this.level, 1);
			this.passAt = undefined;
		}
		this.level -= 1;
		if (this.sent === 0) this.firstSentAt = now;
		const ticket = { expected: this.level, corrections: this.corrections, sentAt: now, seq: this.sent, unansweredBefore: this.unanswered };
		this.sent++;
		this.unanswered++;
		return ticket;
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
		this.lastAnswerAt = now;
		if (refused) this.level += 1;
		const heardBefore = this.heard;
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
		// A run of 429s (see refusedRun): a request sent after its first 429 refused too counts; one
		// accepted ends it.
		const run = this.refusedRun && ticket.seq >= this.refusedRun.fromSeq ? this.refusedRun : undefined;
		if (run && refused) run.refusals++;
		if (run && !refused) this.refusedRun = undefined;
		if (error === 0) return;
		this.level -= error;
		this.corrections += error;
		// Others took what a Retry-After's pass counted on.
		if (error > 0) this.passAt = undefined;
		// More gone than this process explains: others spend too, and all together too much; each
		// gives up a part of its share (the larger share, the more: shares even out). Less gone:
		// room nobody uses; each takes the same small step up, or back to where a run of 429s
		// found it (see refusedRun).
		const step = Math.abs(error) / (PACE.bursts * this.limits.burst);
		const full = remaining >= this.limits.burst - 1;
		const share = error > 0 ? this.share * Math.max(0.5, 1 - step) : Math.max(this.share + step, full && run ? run.share : 0);
		if (refused && error > 0) this.refusedRun ??= { share: this.share, fromSeq: this.sent, alone: heardBefore && this.share >= PACE.alone, refusals: 1 };
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
	 * than only lowering it, and the first request then may go on that token without the cushion
	 * (PACE.passAfter says when). A Retry-After of 0 names no time: the model alone paces the next.
	 */
	rateLimited(until: number) {
		const now = clock.now();
		this.settle(now);
		this.blockedUntil = Math.max(this.blockedUntil, until);
		this.level = Math.min(this.level, 1 - Math.max(0, this.blockedUntil - now) * this.ownRate);
		const run = this.refusedRun;
		if (this.blockedUntil > now && run && (run.alone || run.refusals >= PACE.passAfter)) this.passAt = this.blockedUntil;
		this.wake();
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
