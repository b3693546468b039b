import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { clock } from '../transport/clock';
import { FEED_LIMITS, WorkingState, toMs } from './state';

/**
 * Where a trigger keeps its state through the edits of a deployment's life.
 *
 * The state lives in the node's own static data (`getWorkflowStaticData('node')`). That is
 * keyed by the node's **name** on n8n's legacy scheduler and in n8n 1.x, and n8n's durable
 * scheduler with durable cursors keeps it apart and drops what the poll at activation saved.
 * So every save also writes a copy, the trigger's **record**, into the workflow's global static
 * data under the node's **id**, with the name it had. The node's own state always wins; the
 * record is read only when the node has none:
 *
 * - the same name: the scheduler dropped the node's state (the first scheduled poll after
 *   activation on durable cursors): the trigger goes on from its record;
 * - another name that no longer exists in the workflow: the node was renamed: it goes on from
 *   its record, which becomes its own;
 * - another name that still exists: two nodes share the id (copied and pasted): the record is the
 *   other node's, and this one starts afresh, as a new trigger does.
 *
 * A state or record saved in another workflow (an import or a copy with its static data) is
 * never taken: the copy starts afresh. Records not saved for FEED_LIMITS.recordTtlMs (deleted
 * triggers) are dropped whenever a trigger of the workflow saves.
 *
 * **A crash while a batch is emitted.** n8n's legacy scheduler and n8n 1.x save the static data
 * of a poll that returns items beside starting its execution, not after it (`__emit`: the save
 * is not awaited, then `runWorkflow`). If n8n dies between the two, the saved state is past a
 * batch that no execution holds. So a state saved with a batch also keeps, as `unconfirmed`, the
 * state the poll started from and which n8n process emitted it. The next poll of that process
 * shows the process lived on, so the execution was recorded: it drops the mark. A poll of
 * another process (n8n started again, or another main instance took over) within
 * FEED_LIMITS.rereadAfterRestartMs of the emit reads again from the state before: the batch
 * arrives at least once, twice if n8n had recorded it. (n8n's durable scheduler with durable
 * cursors, as tested, commits a poll's state with its execution: no mark there.)
 */

const processId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
/** This n8n process, as far as the state can tell: one value per load of the package. */
let PROCESS = processId();

/** For tests: what starting n8n again does to this module. */
export function restartProcess() {
	PROCESS = processId();
}

const RECORD_PREFIX = 'communityPlatformTrigger:';
/** The start point kept before records existed (Start From = Now only): dropped on sight. */
const OLD_START_PREFIX = 'communityPlatformTriggerStart:';

interface TriggerRecord extends IDataObject {
	/** The node's name when it saved the record. */
	node: string;
	/** When the record was saved (ISO). */
	savedAt: string;
	state: IDataObject;
}

const workflowIdOf = (ctx: IPollFunctions) => String(ctx.getWorkflow().id ?? '');

const recordKey = (ctx: IPollFunctions) => `${RECORD_PREFIX}${ctx.getNode().id}`;

function recordOf(value: unknown): TriggerRecord | undefined {
	if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
	const record = value as IDataObject;
	if (typeof record.node !== 'string' || !record.state || typeof record.state !== 'object') return undefined;
	return record as TriggerRecord;
}

/**
 * Whether a node of that name is in the workflow as it runs now. A poll can see the workflow's
 * connections only: a node with a node after it is there. (A trigger with nothing after it
 * delivers nowhere; if its record is taken for a rename, the two go on from the same point.)
 */
function nodeExists(ctx: IPollFunctions, name: string): boolean {
	return ctx.getChildNodes(name).length > 0;
}

/** Whose record `record` is, seen from this node: its own, or another node's. */
function isOwnRecord(ctx: IPollFunctions, record: TriggerRecord): boolean {
	const name = ctx.getNode().name;
	return record.node === name || !nodeExists(ctx, record.node);
}

/** The trigger's saved state, or undefined when it has none (see above for which one). */
export function loadState(ctx: IPollFunctions, startFrom: string): WorkingState | undefined {
	const workflowId = workflowIdOf(ctx);
	const own = ctx.getWorkflowStaticData('node');
	if (Object.keys(own).length > 0) return WorkingState.load(own, startFrom, workflowId);
	const record = recordOf(ctx.getWorkflowStaticData('global')[recordKey(ctx)]);
	if (!record || !isOwnRecord(ctx, record)) return undefined;
	const state = WorkingState.load(record.state, startFrom, workflowId);
	// A record always names its workflow: one without is not this package's.
	return state?.workflowId === workflowId ? state : undefined;
}

/**
 * The state a poll starts from, given the loaded one: past its unconfirmed batch, or from before
 * it when that batch came from another n8n process not long ago (see the header). Undefined:
 * start afresh (the batch was the first of a fresh start).
 */
export function settleUnconfirmed(loaded: WorkingState, startFrom: string): WorkingState | undefined {
	const mark = loaded.unconfirmed;
	loaded.unconfirmed = undefined;
	if (!mark || mark.process === PROCESS || clock.now() - mark.at > FEED_LIMITS.rereadAfterRestartMs) return loaded;
	if (mark.before === null) return undefined;
	const before = WorkingState.load(mark.before, startFrom);
	if (before) before.generation = loaded.generation;
	return before ?? loaded;
}

/**
 * Saves the state into the node's static data and the trigger's record (unless the record is
 * another node's that shares the id), one generation on; drops stale records. `emitted`: the
 * poll returns items, read from the state `before` (null: a fresh start) and n8n may save the
 * state before it records their execution (see the header).
 */
export function saveState(ctx: IPollFunctions, state: WorkingState, emitted?: { before: IDataObject | null }) {
	state.workflowId = workflowIdOf(ctx);
	state.generation += 1;
	const now = clock.now();
	state.unconfirmed = emitted ? { process: PROCESS, at: now, before: emitted.before } : undefined;
	state.saveTo(ctx.getWorkflowStaticData('node'));

	const global = ctx.getWorkflowStaticData('global');
	const key = recordKey(ctx);
	const current = recordOf(global[key]);
	if (!current || isOwnRecord(ctx, current)) {
		const record: TriggerRecord = { node: ctx.getNode().name, savedAt: new Date(now).toISOString(), state: { ...state.toJSON(), unconfirmed: null } as unknown as IDataObject };
		global[key] = record;
	}
	for (const [other, value] of Object.entries(global)) {
		if (other.startsWith(OLD_START_PREFIX)) delete global[other];
		if (!other.startsWith(RECORD_PREFIX) || other === key) continue;
		const savedAt = toMs(recordOf(value)?.savedAt);
		if (savedAt === undefined || now - savedAt > FEED_LIMITS.recordTtlMs) delete global[other];
	}
}
