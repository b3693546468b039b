import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { clock } from '../transport/clock';
import { FEED_LIMITS, WorkingState, toMs } from './state';

/**
 * Where a trigger keeps its state, relying only on what n8n promises a poll node: the node's
 * static data (`getWorkflowStaticData('node')`) is saved with the items a poll emits, and a poll
 * that emits nothing may save nothing.
 *
 * The state lives once, in the node's own static data. n8n keys that by the node's **name** on
 * its legacy scheduler and in 1.x (by its id under the durable scheduler's durable cursors, which
 * also do not keep what the poll at activation saved). So every save also writes the trigger's
 * **record** into the workflow's global static data under the node's **id**: its position
 * (cursor, read position, start point, the recent rows read), the generation and the node's name. It is read when it
 * was written by this node (not by another node that shares the id):
 *
 * - under another name, when the node has no state of its own (renamed) or the record is newer
 *   (renamed, then renamed back: the state under the old name is older than the position the
 *   trigger reached): the trigger goes on from the record's position;
 * - under the same name, when the node has no state of its own (durable cursors before their
 *   first commit: n8n does not keep what the poll at activation saved): the trigger goes on from
 *   its start point (fromStart).
 *
 * A position taken from the record keeps the node's own moments and held states, if any
 * (WorkingState.moveTo): those reported under the other name may fire again, as docs/triggers.md
 * lists. A state or record saved in another
 * workflow (a copy or an import) or by another node is never taken. Records not saved for
 * FEED_LIMITS.recordTtlMs (deleted triggers) are dropped whenever a trigger of the workflow saves.
 */

const RECORD_PREFIX = 'communityPlatformTrigger:';

interface TriggerRecord extends IDataObject {
	/** The node's name when it saved the record. */
	node: string;
	/** When the record was saved (ISO). */
	savedAt: string;
	/** The position (WorkingState.position). */
	state: IDataObject;
}

const ownerOf = (ctx: IPollFunctions) => ({ workflowId: String(ctx.getWorkflow().id ?? ''), nodeId: ctx.getNode().id });

const recordKey = (ctx: IPollFunctions) => `${RECORD_PREFIX}${ctx.getNode().id}`;

function recordOf(value: unknown): TriggerRecord | undefined {
	if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
	const record = value as IDataObject;
	if (typeof record.node !== 'string' || !record.state || typeof record.state !== 'object') return undefined;
	return record as TriggerRecord;
}

/**
 * Whether `record` was written by this node: under its name, or under a name no node of the
 * workflow has now (a poll sees the workflow's connections: a node with a node after it is there).
 */
function isOwnRecord(ctx: IPollFunctions, record: TriggerRecord): boolean {
	return record.node === ctx.getNode().name || ctx.getChildNodes(record.node).length === 0;
}

/** The trigger's saved state, or undefined when it has none (see above for which one). */
export function loadState(ctx: IPollFunctions, startFrom: string): WorkingState | undefined {
	const owner = ownerOf(ctx);
	const own = WorkingState.load(ctx.getWorkflowStaticData('node'), startFrom, owner);
	const record = recordOf(ctx.getWorkflowStaticData('global')[recordKey(ctx)]);
	// Kept under its id through a rename (the durable scheduler): n8n commits it with the
	// executions, while the record is saved at every emit, also of a batch n8n then dropped.
	if (own?.nodeName !== undefined && own.nodeName !== ctx.getNode().name) return own;
	if (!record || !isOwnRecord(ctx, record)) return own;
	const position = WorkingState.load(record.state, startFrom, owner);
	// A record always names its workflow: one without is not this package's.
	if (position?.workflowId !== owner.workflowId) return own;
	if (record.node === ctx.getNode().name) return own ?? fromStart(position);
	if (own && position.generation <= own.generation) return own;
	const state = own ?? position;
	state.moveTo(position);
	return state;
}

/**
 * The state a trigger whose own state n8n never kept (durable cursors, before a poll's state was
 * first committed with its execution) goes on from: its start point, read from a little before
 * it. The record's latest position is not taken there: n8n saves the global static data at every
 * emit, also of a batch whose execution it then drops (a poll that lost its lease), so the record
 * may be past rows no execution holds. Rows changed before the start point fire nothing.
 */
function fromStart(position: WorkingState): WorkingState {
	const { origin } = position;
	const state = WorkingState.start(position.startFrom, origin, origin === undefined ? undefined : origin - FEED_LIMITS.recoveryOverlapMs);
	state.workflowId = position.workflowId;
	return state;
}

/**
 * Saves the state into the node's static data and the trigger's record (unless the record is
 * another node's that shares the id), one generation on; drops stale records.
 */
export function saveState(ctx: IPollFunctions, state: WorkingState) {
	const owner = ownerOf(ctx);
	state.workflowId = owner.workflowId;
	state.nodeId = owner.nodeId;
	state.nodeName = ctx.getNode().name;
	state.generation += 1;
	state.saveTo(ctx.getWorkflowStaticData('node'));

	const global = ctx.getWorkflowStaticData('global');
	const key = recordKey(ctx);
	const current = recordOf(global[key]);
	const now = clock.now();
	if (!current || isOwnRecord(ctx, current)) {
		global[key] = { node: ctx.getNode().name, savedAt: new Date(now).toISOString(), state: state.position() } satisfies TriggerRecord;
	}
	for (const [other, value] of Object.entries(global)) {
		if (!other.startsWith(RECORD_PREFIX) || other === key) continue;
		const savedAt = toMs(recordOf(value)?.savedAt);
		if (savedAt === undefined || now - savedAt > FEED_LIMITS.recordTtlMs) delete global[other];
	}
}
