/**
 * Runs the polling triggers in n8n-core's real PollContext, the way n8n's own
 * packages/nodes-base/test/nodes/TriggerHelpers.ts does, with a real Workflow, the credential's
 * own `authenticate` block, and a static-data store that behaves like n8n 2.41's:
 * the activation poll and every poll that returns items are saved; a poll that returns null or
 * throws changes only the in-memory copy, which a restart throws away.
 */
import { PollContext } from 'n8n-core';
import type { ICredentialDataDecryptedObject, IDataObject, INode, INodeExecutionData, INodeParameters, INodeType } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import nock from 'nock';

import { API, BASE_URL, CREDENTIALS, additionalData, loadOptionsContextOf, nodeOf, nodeTypesFor, workflowOf } from './n8nContext.cjs';

export { nodeOf, workflowOf };

export { API, BASE_URL, CREDENTIALS };

const NODE = { id: 'trigger-1', name: 'Feed Trigger' };

const clone = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export interface TriggerOptions {
	parameters?: INodeParameters;
	/** The credential's data, or a function giving it at each read (see additionalData). */
	credentials?: ICredentialDataDecryptedObject | (() => ICredentialDataDecryptedObject);
	/**
	 * What `getPollBudgetMs()` answers: n8n-core's own default (five minutes) unless given;
	 * 'none': a host without the method (n8n 1.x).
	 */
	budgetMs?: number | 'none';
	/** The workflow's and the node's ids (default `wf`, `trigger-1`). */
	workflowId?: string;
	nodeId?: string;
	/**
	 * One Workflow object for every poll, as n8n's legacy scheduler has for all the triggers of
	 * an active workflow (and so one expression isolate); default: a new one per poll, as n8n's
	 * durable scheduler does.
	 */
	workflow?: Workflow;
	/**
	 * One PollContext for every scheduled poll, as n8n's legacy scheduler builds one per activation
	 * and polls through it until the workflow is deactivated; default: a new one per poll, as the
	 * durable scheduler does.
	 */
	sharedContext?: boolean;
}

/** One trigger node in one workflow, polled again and again like an active workflow. */
export class TriggerUnderTest {
	/** Static data as n8n last saved it. */
	saved: IDataObject = {};

	/** Static data as the running workflow holds it. */
	live: IDataObject = {};

	polls = 0;

	private shared: PollContext | undefined;

	constructor(
		private readonly nodeType: INodeType,
		private options: TriggerOptions = {},
	) {}

	setParameters(parameters: INodeParameters) {
		this.options = { ...this.options, parameters };
	}

	private context(mode: 'trigger' | 'manual') {
		const node = nodeOf(this.nodeType, this.options.parameters ?? {}, { ...NODE, id: this.options.nodeId ?? NODE.id });
		const workflow = this.options.workflow ?? workflowOf(this.nodeType, node, { id: this.options.workflowId, active: true });
		const budget = this.options.budgetMs;
		const context = new PollContext(
			workflow,
			node,
			additionalData(this.options.credentials ?? CREDENTIALS),
			mode,
			mode === 'manual' ? 'manual' : 'activate',
			() => {
				throw new Error('a poll must return its items, not emit them');
			},
			() => {
				throw new Error('a poll must throw its errors, not emit them');
			},
			async () => undefined,
			async (poll) => await poll(),
			() => this.live,
			typeof budget === 'number' ? () => budget : undefined,
		);
		if (budget === 'none') Object.defineProperty(context, 'getPollBudgetMs', { value: undefined });
		return context;
	}

	/** One scheduled poll; returns the emitted items' json (null: nothing emitted). */
	async poll(): Promise<IDataObject[] | null> {
		const activation = this.polls === 0;
		this.polls++;
		const context = this.options.sharedContext ? (this.shared ??= this.context('trigger')) : this.context('trigger');
		const result = (await this.nodeType.poll!.call(context)) as INodeExecutionData[][] | null;
		if (activation || result !== null) this.saved = clone(this.live);
		return result === null ? null : result[0].map((item) => item.json);
	}

	/** A manual "Fetch Test Event"; n8n never saves static data for it. */
	async fetchTestEvent(): Promise<IDataObject[]> {
		const result = (await this.nodeType.poll!.call(this.context('manual'))) as INodeExecutionData[][] | null;
		return result === null ? [] : result[0].map((item) => item.json);
	}

	/** n8n restarts: the in-memory static data is replaced by what was saved. */
	restart() {
		this.live = clone(this.saved);
	}
}

/** Polls until a poll emits nothing, collecting everything emitted. */
export async function pollUntilQuiet(trigger: TriggerUnderTest, maxPolls = 20): Promise<IDataObject[]> {
	const all: IDataObject[] = [];
	for (let i = 0; i < maxPolls; i++) {
		const items = await trigger.poll();
		if (items === null) return all;
		all.push(...items);
	}
	throw new Error(`still emitting after ${maxPolls} polls`);
}

/** A real LoadOptionsContext for a trigger's load-options methods. */
export function loadOptionsContextFor(nodeType: INodeType, parameters: INodeParameters = {}) {
	return loadOptionsContextOf(nodeType, nodeOf(nodeType, parameters, NODE), CREDENTIALS);
}

// ------------------------------------------------------------------ feed pages for nock

export interface PageSpec {
	rows: IDataObject[];
	serverTimestamp: string;
	hasMore?: boolean;
	nextCursor?: string;
}

/** A feed response body as the spec describes it. */
export function feedPage({ rows, serverTimestamp, hasMore = false, nextCursor }: PageSpec): IDataObject {
	const body: IDataObject = { results: rows, hasMore, serverTimestamp, size: rows.length };
	if (rows.length > 0) body.nextCursor = nextCursor ?? `cursor-after-${String(rows[rows.length - 1].id)}`;
	return body;
}

/** Expects one GET of a feed with exactly this query (pageSize 100 unless given) and answers it. */
export function expectFeed(path: string, query: Record<string, string>, reply: PageSpec | { status: number; body: IDataObject }) {
	const scope = nock(API)
		.get(path)
		.query({ pageSize: '100', ...query });
	return 'status' in reply ? scope.reply(reply.status, reply.body) : scope.reply(200, feedPage(reply));
}

/**
 * A whole feed served by nock, as the spec describes it: rows oldest change first, `startTime`
 * (at or after) or an opaque cursor, pages of `pageSize`, `hasMore`. What `serverTimestamp`
 * says is up to the test: `completeUpTo` on the last page, and on a page with more waiting
 * either the last row's updatedAt or, as another reading of the spec allows, `completeUpTo`
 * too. `upgradeCursors()` moves the server to a new cursor format: every cursor handed out
 * before is refused with 400 "invalid cursor: unsupported version, restart from startTime".
 * Every request's query is recorded.
 */
export function serveFeed(
	path: string,
	rows: IDataObject[],
	options: {
		completeUpTo: string;
		serverTimestampWithMore: 'lastRow' | 'completeUpTo';
		/** Called on each request before it is answered (e.g. to move a virtual clock on). */
		onRequest?: () => void;
	},
) {
	let version = 1;
	const requests: Array<Record<string, string>> = [];
	nock(API)
		.persist()
		.get(path)
		.query(true)
		.reply((uri) => {
			const query = Object.fromEntries(new URL(uri, BASE_URL).searchParams);
			requests.push(query);
			options.onRequest?.();
			const pageSize = Number(query.pageSize ?? 50);
			let from = 0;
			if (query.cursor !== undefined) {
				const [v, position] = query.cursor.split(':');
				if (v !== `v${version}`) return [400, { message: 'invalid cursor: unsupported version, restart from startTime' }];
				from = Number(position);
			} else if (query.startTime !== undefined) {
				const start = Date.parse(query.startTime);
				from = rows.findIndex((row) => Date.parse(String(row.updatedAt)) >= start);
				if (from < 0) from = rows.length;
			}
			const page = rows.slice(from, from + pageSize);
			const end = from + page.length;
			const hasMore = end < rows.length;
			const body: IDataObject = {
				results: page,
				hasMore,
				serverTimestamp:
					hasMore && options.serverTimestampWithMore === 'lastRow' ? page[page.length - 1].updatedAt : options.completeUpTo,
				size: page.length,
			};
			if (page.length > 0) body.nextCursor = `v${version}:${end}`;
			return [200, body];
		});
	return {
		requests,
		upgradeCursors() {
			version++;
		},
	};
}

/**
 * One workflow as n8n's legacy scheduler (and n8n 1.x) runs it through a deployment's life:
 * each activation (publishing, saving an active workflow, a restart) builds a new Workflow
 * object from the static data last saved, where a node's own static data is keyed by its
 * **name**; every trigger node is followed by a node "Received". n8n saves the whole static
 * data at activation and whenever a poll returns items.
 */
export class Deployment {
	/** The workflow's static data as n8n last saved it (`workflow_entity.staticData`). */
	saved: IDataObject = {};

	workflow!: Workflow;

	private triggers: INode[] = [];

	private activating = false;

	constructor(
		private readonly nodeType: INodeType,
		readonly id = 'wf',
	) {}

	/** Publishes the workflow with these trigger nodes (by id and name): a new Workflow object. */
	activate(triggers: Array<{ id: string; name: string; parameters?: INodeParameters }>, staticData: IDataObject = this.saved) {
		this.triggers = triggers.map(({ id, name, parameters }) => nodeOf(this.nodeType, parameters ?? {}, { id, name }));
		const received = this.triggers.map((t) => nodeOf(this.nodeType, {}, { id: `${t.id}-received`, name: `Received ${t.name}` }));
		const connections = Object.fromEntries(
			this.triggers.map((t) => [t.name, { main: [[{ node: `Received ${t.name}`, type: 'main' as const, index: 0 }]] }]),
		);
		this.workflow = new Workflow({
			id: this.id,
			nodes: [...this.triggers, ...received],
			connections,
			active: true,
			nodeTypes: nodeTypesFor(this.nodeType),
			staticData: clone(staticData),
		});
		this.activating = true;
	}

	/**
	 * A scheduled poll of the named trigger on the current Workflow object, or on `on`, an older
	 * one: n8n 1.x emits its result and saves its static data; n8n 2.x discards both (`discard`).
	 */
	async poll(name: string, on: Workflow = this.workflow, { discard = false } = {}): Promise<IDataObject[] | null> {
		const node = Object.values(on.nodes).find((n) => n.name === name)!;
		const context = new PollContext(on, node, additionalData(CREDENTIALS), 'trigger', 'activate', undefined, undefined, undefined, undefined, undefined, undefined);
		// A host without poll budgets, like n8n 1.x.
		Object.defineProperty(context, 'getPollBudgetMs', { value: undefined });
		const activation = this.activating && on === this.workflow;
		this.activating = false;
		const result = (await this.nodeType.poll!.call(context)) as INodeExecutionData[][] | null;
		if (discard && on !== this.workflow) return null;
		if (activation || result !== null) this.saved = clone(on.staticData as IDataObject);
		return result === null ? null : result[0].map((item) => item.json);
	}
}

/**
 * The feed's answer to one request (`pageSize` 100 and `query`), held until the returned
 * function is called: a poll that is still waiting on the API.
 */
export function heldFeed(path: string, query: Record<string, string>, page: IDataObject): () => void {
	let release = () => {};
	const released = new Promise<void>((resolve) => (release = resolve));
	nock(API)
		.get(path)
		.query({ pageSize: '100', ...query })
		.reply(async () => {
			await released;
			return [200, page];
		});
	return () => release();
}
