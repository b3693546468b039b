import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { clock } from '../transport/clock';
import { FEED_LIMITS } from './state';

/**
 * How the scheduled polls of this package's triggers overlap in one n8n process.
 *
 * n8n's legacy scheduler runs every tick of every trigger of a workflow on one Workflow object.
 * Before each poll it acquires that object's expression isolate and releases it when the poll
 * returns; acquiring is a no-op while the object holds one and releasing always removes it, so a
 * poll that returns while another poll of the same workflow runs takes the isolate from under
 * it. Two rules keep such a release after every running poll of ours:
 *
 * - a tick that finds its trigger's previous poll still running waits for it and then returns
 *   nothing (it never reads the feed beside it, which would emit rows twice);
 * - a poll that has done its work returns only once no other poll of the same Workflow object is
 *   still working.
 *
 * Besides, a poll needs the isolate only while it reads its parameters, before its first await
 * (the credential authenticates without expressions), so a release it cannot see (a trigger of
 * another package in the same workflow) harms it only if its credential's fields are expressions.
 *
 * n8n's durable scheduler gives each poll a Workflow object of its own: there a tick that finds
 * the trigger's previous poll still running returns nothing at once, and nothing waits.
 */

/** A scheduled poll running in this process. */
interface Running {
	startedAt: number;
	/** The Workflow object it runs on (see workflowOf). */
	workflow: object;
	/** Settles when the poll returns. */
	finished: Promise<unknown>;
}

/** By workflow id and trigger node: the poll of that trigger running in this process. */
const running = new Map<string, Running>();

/** By Workflow object: the polls working on it (not yet done with their own work). */
const working = new WeakMap<object, Set<Promise<unknown>>>();

function triggerKey(ctx: IPollFunctions): string {
	const workflow = ctx.getWorkflow();
	const node = ctx.getNode();
	return JSON.stringify([String(workflow.id ?? workflow.name ?? ''), node.id || node.name]);
}

/**
 * The Workflow object a poll runs on, which is the unit n8n acquires and releases the isolate
 * for. A poll context does not expose it, but the workflow's global static data is one object
 * per Workflow object (created empty, without marking the workflow as changed).
 */
function workflowOf(ctx: IPollFunctions): object {
	return ctx.getWorkflowStaticData('global') as IDataObject;
}

async function settled(promise: Promise<unknown>) {
	await promise.then(
		() => undefined,
		() => undefined,
	);
}

/**
 * Runs one scheduled poll of a trigger under the rules above: `poll` receives `owns()`, which
 * tells whether the poll may still save and emit. Returns null without polling when the
 * trigger's previous poll is still running. A poll marked running for longer than
 * FEED_LIMITS.stuckPollMs is stuck: the next one runs instead, and the stuck one, should it ever
 * end, finds it no longer owns the trigger and drops what it read.
 */
export async function runScheduledPoll<T>(
	ctx: IPollFunctions,
	poll: (owns: () => boolean) => Promise<T | null>,
): Promise<T | null> {
	const key = triggerKey(ctx);
	const workflow = workflowOf(ctx);
	const previous = running.get(key);
	if (previous && clock.now() - previous.startedAt < FEED_LIMITS.stuckPollMs) {
		ctx.logger.debug('The previous poll of this trigger is still running: this one reads nothing', {
			node: ctx.getNode().name,
		});
		if (previous.workflow === workflow) await settled(previous.finished);
		return null;
	}

	const mine: Running = { startedAt: clock.now(), workflow, finished: Promise.resolve() };
	running.set(key, mine);
	// Started at once: the poll reads its parameters before its first await.
	const work = poll(() => running.get(key) === mine);
	const siblings = working.get(workflow) ?? new Set<Promise<unknown>>();
	working.set(workflow, siblings);
	siblings.add(work);
	mine.finished = afterSiblings(work, siblings, mine.startedAt + FEED_LIMITS.stuckPollMs);
	try {
		await mine.finished;
		return await work;
	} finally {
		if (running.get(key) === mine) running.delete(key);
	}
}

/**
 * Settles once `work` has settled and no other poll on the same Workflow object is working, or
 * at `giveUpAt` (clock ms) if one is stuck, so that a stuck poll never holds back the others.
 */
async function afterSiblings(work: Promise<unknown>, siblings: Set<Promise<unknown>>, giveUpAt: number) {
	await settled(work);
	siblings.delete(work);
	while (siblings.size > 0) {
		const left = giveUpAt - clock.now();
		if (left <= 0) return;
		const stop = new AbortController();
		await Promise.race([Promise.all([...siblings].map(settled)), clock.sleep(left, stop.signal)]);
		stop.abort();
	}
}
