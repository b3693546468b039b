import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { clock } from '../transport/clock';
import { FEED_LIMITS } from './state';

/**
 * How the scheduled polls of this package's triggers overlap in one n8n process.
 *
 * A trigger is one node of one workflow: its **slot** is keyed by the workflow's id, the node's
 * id and its name, so two nodes that share an id (copied and pasted) never share a slot. One
 * poll of a trigger reads its feed at a time:
 *
 * - a tick that finds its trigger's previous poll still running returns nothing at once (it never
 *   reads the feed beside it, which would emit rows twice);
 * - a poll running for longer than FEED_LIMITS.stuckPollMs is stuck: the next one runs instead,
 *   and the stuck one, should it ever end, drops what it read (the next one read it again);
 * - a poll never waits for the polls of other triggers: a trigger waiting on an API that hangs
 *   holds up only itself, for at most its request timeout.
 *
 * Publishing or saving an active workflow makes n8n's legacy scheduler build a new Workflow
 * object for it. A poll that finds its trigger's previous poll still running **on another
 * Workflow object** marks that poll superseded (not on n8n's durable scheduler, which builds an
 * object for every poll: see ownObjectPerPoll): when it ends, it
 * does not emit or save through its old Workflow object (n8n 2.x discards such a result, n8n 1.x
 * emits it and saves its static data into the old copy, while the new one goes on from the state
 * before), but hands what it read over to the trigger's next poll, which emits it and saves the
 * state through the current Workflow object. Nothing is delivered twice or lost.
 *
 * A poll reads its parameters before its first await and its credential needs no expression,
 * so n8n's release of the workflow's expression isolate when another poll returns cannot harm it.
 */

/** A scheduled poll running in this process. */
interface Running {
	startedAt: number;
	/** The Workflow object it runs on (see workflowOf). */
	workflow: object;
	/** A poll of the same trigger started on another Workflow object while this one ran. */
	superseded: boolean;
}

/** What a superseded poll read: its items and the state after them, for the trigger's next poll. */
export interface HandOver {
	/** The generation of the state the superseded poll started from. */
	base: number;
	state: IDataObject;
	items: INodeExecutionData[];
}

/** What a poll may do with its slot. */
export interface PollSlot {
	/** Whether it is still its trigger's poll (false once replaced as stuck): else it drops what it read. */
	owns(): boolean;
	/** Whether it was superseded (see above): then it hands over rather than emits. */
	superseded(): boolean;
	/** Takes what a superseded poll handed over, if it started from the generation `base`. */
	takeHandOver(base: number): HandOver | undefined;
	handOver(handOver: HandOver): void;
}

/** By slot key: the poll of that trigger running in this process. */
const running = new Map<string, Running>();

/** By slot key: what a superseded poll handed over, and when. */
const handOvers = new Map<string, { at: number; handOver: HandOver }>();

function slotKey(ctx: IPollFunctions): string {
	const workflow = ctx.getWorkflow();
	const node = ctx.getNode();
	return JSON.stringify([String(workflow.id ?? workflow.name ?? ''), node.id ?? '', node.name]);
}

/**
 * The Workflow object a poll runs on. A poll context does not expose it, but the workflow's
 * global static data is one object per Workflow object (created empty, without marking the
 * workflow as changed).
 */
function workflowOf(ctx: IPollFunctions): object {
	return ctx.getWorkflowStaticData('global') as IDataObject;
}

/**
 * Whether the host runs every poll on a Workflow object of its own: n8n's durable scheduler,
 * which also gives each poll a time budget (under FEED_LIMITS.stuckPollMs) and reads the
 * trigger's state from its database for every poll. There a poll on another object is only the
 * next tick, not a new version of the workflow: the running poll emits as usual. (The legacy
 * scheduler of n8n 2.x answers its default of five minutes; n8n 1.x has no budget.)
 */
export function ownObjectPerPoll(ctx: IPollFunctions): boolean {
	const budget = ctx.getPollBudgetMs?.();
	return typeof budget === 'number' && budget > 0 && budget < FEED_LIMITS.stuckPollMs;
}

/** Forgets hand-overs nobody took in time (their trigger was deleted or deactivated). */
function dropStaleHandOvers(now: number) {
	for (const [key, { at }] of handOvers) if (now - at > FEED_LIMITS.stuckPollMs) handOvers.delete(key);
}

/**
 * Runs one scheduled poll of a trigger under the rules above: `poll` receives its slot. Returns
 * null without polling when the trigger's previous poll is still running.
 */
export async function runScheduledPoll<T>(ctx: IPollFunctions, poll: (slot: PollSlot) => Promise<T | null>): Promise<T | null> {
	const key = slotKey(ctx);
	const workflow = workflowOf(ctx);
	const now = clock.now();
	dropStaleHandOvers(now);
	const previous = running.get(key);
	if (previous && now - previous.startedAt < FEED_LIMITS.stuckPollMs) {
		if (previous.workflow !== workflow && !ownObjectPerPoll(ctx)) previous.superseded = true;
		ctx.logger.debug('The previous poll of this trigger is still running: this one reads nothing', {
			node: ctx.getNode().name,
		});
		return null;
	}

	const mine: Running = { startedAt: now, workflow, superseded: false };
	running.set(key, mine);
	const slot: PollSlot = {
		owns: () => running.get(key) === mine,
		superseded: () => mine.superseded,
		takeHandOver(base) {
			const left = handOvers.get(key);
			handOvers.delete(key);
			return left && left.handOver.base === base ? left.handOver : undefined;
		},
		handOver(handOver) {
			handOvers.set(key, { at: clock.now(), handOver });
		},
	};
	try {
		return await poll(slot);
	} finally {
		if (running.get(key) === mine) running.delete(key);
	}
}

/** Forgets every running poll and hand-over (tests: each starts a new virtual clock). */
export function resetPolls() {
	running.clear();
	handOvers.clear();
}
