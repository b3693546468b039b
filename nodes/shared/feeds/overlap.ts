import type { IPollFunctions } from 'n8n-workflow';

import { clock } from '../transport/clock';
import { FEED_LIMITS } from './state';

/**
 * How the scheduled polls of a trigger meet in one n8n process.
 *
 * n8n starts a poll on schedule whether or not the previous one has ended, and under its durable
 * scheduler may run one poll twice (at least once). A trigger is one node of one workflow
 * (workflow id, node id); for each:
 *
 * - **One poll at a time.** A poll that finds the trigger's previous poll still running returns
 *   nothing at once: two polls reading from the same saved state would emit the same rows. A poll
 *   running for longer than FEED_LIMITS.stuckPollMs is stuck: the next one runs instead, and the
 *   stuck one, should it ever end, drops what it read (the next poll read it again).
 * - **A state already emitted from is read once more only after a poll's wait.** A poll that
 *   starts from the very state (its generation) from which an earlier poll in this process
 *   emitted a batch returns nothing, once: n8n may not have saved the batch's state yet (the
 *   durable scheduler commits it with the execution, and may meanwhile run the poll again). If
 *   the next poll still starts from that state, n8n dropped the batch (a save or a deactivation
 *   overtook it): that poll reads it again. So a batch is never lost, and is not emitted twice
 *   for a poll n8n runs twice.
 *
 * Polls of different triggers never wait for each other. The memory is this copy of the
 * package's: a copy loaded anew (n8n reloads a community package updated in place) does not see
 * the polls the old copy still runs (docs/triggers.md says what that can do).
 */

interface Trigger {
	/** The poll running now, if any. */
	running?: { startedAt: number; token: object };
	/** The generation of the state the last batch of this process was emitted from. */
	emittedFrom?: number;
	/** Set once a poll waited on `emittedFrom`: the next one reads. */
	waited?: boolean;
}

const triggers = new Map<string, Trigger>();

const keyOf = (ctx: IPollFunctions) => JSON.stringify([String(ctx.getWorkflow().id ?? ''), ctx.getNode().id ?? '']);

/** A scheduled poll's turn: what it may ask, and `end()`, which it must call however it ends. */
export interface PollTurn {
	/** Whether it is still its trigger's poll (false once replaced as stuck): else it drops what it read. */
	owns(): boolean;
	/** Whether it must return nothing, starting from the state of this generation (see above). */
	waitOn(generation: number): boolean;
	/** Records that it emits a batch read from the state of this generation. */
	emitted(generation: number): void;
	end(): void;
}

/** A scheduled poll's turn under the rules above; undefined (read nothing) while its trigger's previous poll runs. */
export function beginPoll(ctx: IPollFunctions): PollTurn | undefined {
	const key = keyOf(ctx);
	const trigger = triggers.get(key) ?? {};
	triggers.set(key, trigger);
	const now = clock.now();
	if (trigger.running && now - trigger.running.startedAt < FEED_LIMITS.stuckPollMs) {
		ctx.logger.debug('The previous poll of this trigger is still running: this one reads nothing', { node: ctx.getNode().name });
		return undefined;
	}
	const token = {};
	trigger.running = { startedAt: now, token };
	return {
		owns: () => trigger.running?.token === token,
		waitOn(generation) {
			const wait = trigger.emittedFrom === generation && !trigger.waited;
			trigger.waited = wait;
			return wait;
		},
		emitted(generation) {
			trigger.emittedFrom = generation;
			trigger.waited = false;
		},
		end() {
			if (trigger.running?.token === token) trigger.running = undefined;
		},
	};
}

/** Forgets every trigger (tests: each starts a new virtual clock). */
export function resetPolls() {
	triggers.clear();
}
