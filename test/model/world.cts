/**
 * A world for a trigger's generated histories: a change feed as the API spec describes it (rows
 * oldest change first, a changed row moved to the end, an opaque cursor, the last two minutes held
 * back, at-least-once delivery, cursors refused after a format change), and an n8n that polls the
 * trigger through the package's real code (the node's poll(), the engine, decide, state, store)
 * and saves its static data as docs/DEVELOPMENT.md lists n8n's promises:
 *
 * - legacy scheduler (and 1.x): one static data per activation, the node's keyed by its name;
 *   saved whole at activation and whenever a poll returns items; a poll that returns nothing
 *   changes it in memory only, which a restart throws away;
 * - durable scheduler with durable cursors: the node's static data keyed by its id, committed
 *   with the execution of the items a poll returns, or alone when it returns nothing (never for the
 *   poll at activation); the global static data saved at activation and at every emit, also of a
 *   batch n8n then drops; a poll may run twice before its batch is committed.
 *
 * The feed keeps the world's record beside it: every version it ever held, in write order. Every
 * row the package processes is recorded per poll, and reported only once n8n has saved the state
 * that covers it (what a restart or a dropped batch throws away is read again, and counts then):
 * the oracle (oracle.cts) uses these committed reads only to tell a change the API overwrote before
 * the trigger could read it.
 */
import type { IDataObject, INodeExecutionData, INodeType, IPollFunctions } from 'n8n-workflow';

import * as decide from '../../nodes/shared/feeds/decide';
import { resetPolls } from '../../nodes/shared/feeds/overlap';
import { resetPacers } from '../../nodes/shared/transport/rateLimit';

export const HOLD_BACK_MS = 2 * 60 * 1000;

const iso = (ms: number) => new Date(ms).toISOString();
const clone = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

interface Stored {
	body: IDataObject;
	updatedAt: number;
	seq: number;
}

/** How the API fails while it is down for the trigger: a refused token, a server error, no answer. */
export type Failure = 401 | 503 | 'timeout';

/** The API's change feed of one resource. */
export class Feed {
	readonly rows = new Map<string, Stored>();

	/** Every version each row had, in write order: the world's record. */
	readonly versions = new Map<string, Stored[]>();

	/** While set, every request fails so. */
	failing: Failure | undefined;

	private seq = 0;

	/** Row versions written so far. */
	get writes() {
		return this.seq;
	}

	private format = 1;

	/** Rows to send again at the start of the next page (at-least-once delivery). */
	private replay = 0;

	/** `now`: the API's clock, which may differ from the n8n host's. */
	constructor(readonly now: () => number) {}

	/** Writes a row's new version, changed now: it moves to the end of the feed. Returns the version. */
	write(id: string, body: IDataObject): Stored {
		// The API's times are whole milliseconds.
		const updatedAt = Math.floor(this.now());
		const stored = { body: { ...body, id, updatedAt: iso(updatedAt) }, updatedAt, seq: ++this.seq };
		this.rows.set(id, stored);
		const versions = this.versions.get(id) ?? [];
		versions.push(stored);
		this.versions.set(id, versions);
		return stored;
	}

	/** The version a row read with this `updatedAt` was: the last one written at that millisecond. */
	seqOf(id: string, updatedAt: number): number {
		const versions = this.versions.get(id) ?? [];
		for (let i = versions.length - 1; i >= 0; i--) if (versions[i].updatedAt === updatedAt) return versions[i].seq;
		throw new Error(`the feed never held ${id} at ${iso(updatedAt)}`);
	}

	/** The API moves to a new cursor format: every cursor handed out before is refused. */
	refuseCursors() {
		this.format++;
	}

	/** The next page read by cursor starts `rows` rows before it: rows delivered again. */
	deliverAgain(rows: number) {
		this.replay = rows;
	}

	/** One GET of the feed: [status, body]. */
	answer(query: URLSearchParams): [number, IDataObject] {
		if (this.failing === 401) return [401, { message: 'invalid access token' }];
		if (this.failing === 503) return [503, { message: 'service unavailable' }];
		if (this.failing === 'timeout') throw Object.assign(new Error('socket hang up'), { code: 'ETIMEDOUT' });
		const completeUpTo = Math.floor(this.now()) - HOLD_BACK_MS;
		const visible = [...this.rows.values()].filter((row) => row.updatedAt <= completeUpTo).sort((a, b) => a.updatedAt - b.updatedAt || a.seq - b.seq);
		const after = (row: Stored, u: number, seq: number) => row.updatedAt > u || (row.updatedAt === u && row.seq > seq);
		let from = 0;
		const cursor = query.get('cursor');
		if (cursor) {
			const [format, u, seq] = cursor.split(':');
			if (format !== `v${this.format}`) return [400, { message: 'invalid cursor: unsupported version, restart from startTime' }];
			from = visible.findIndex((row) => after(row, Number(u), Number(seq)));
		} else if (query.get('startTime')) {
			const start = Date.parse(query.get('startTime') as string);
			from = visible.findIndex((row) => row.updatedAt >= start);
		}
		if (from < 0) from = visible.length;
		// Delivered again: rows before the cursor (by time, only rows at or after startTime come).
		if (cursor) from = Math.max(0, from - this.replay);
		this.replay = 0;
		const page = visible.slice(from, from + Number(query.get('pageSize') ?? 50));
		const last = page[page.length - 1];
		const body: IDataObject = {
			results: page.map((row) => row.body),
			hasMore: from + page.length < visible.length,
			serverTimestamp: iso(completeUpTo),
			size: page.length,
		};
		if (last) body.nextCursor = `v${this.format}:${last.updatedAt}:${last.seq}`;
		return [200, body];
	}
}

export type Scheduler = 'legacy' | 'durable';

interface StaticData {
	global: IDataObject;
	nodes: Record<string, IDataObject>;
}

/** A poll's outcome as n8n met it. */
export interface PollOutcome {
	items: IDataObject[] | null;
	rows: IDataObject[];
}

/** One trigger node in one active workflow, polled by n8n with the given scheduler. */
export class Host {
	name = 'Trigger';

	readonly names = new Set(['Trigger']);

	private saved: StaticData = { global: {}, nodes: {} };

	private live: StaticData = { global: {}, nodes: {} };

	private activated = false;

	/** Rows processed since the state that covers them was last saved (legacy). */
	private pending: IDataObject[] = [];

	/** Items of every batch n8n executed. */
	readonly delivered: IDataObject[] = [];

	/**
	 * Durable: the workflow's static data holds a poll whose node state n8n did not commit (the
	 * poll at activation, a dropped batch) and no commit came after it.
	 */
	uncommitted = false;

	parameters: IDataObject;

	/**
	 * `activationCommits` (durable): the poll at activation commits its batch and its state like
	 * any other. `evaluate`: the value of a parameter written as an expression (`=` first).
	 */
	constructor(
		private readonly nodeType: INodeType,
		readonly scheduler: Scheduler,
		parameters: IDataObject,
		private readonly feed: Feed,
		/** Told the rows of each state n8n saved, in the order they were processed. */
		private readonly onSaved: (rows: IDataObject[]) => void,
		private readonly options: { activationCommits?: boolean; evaluate?: (expression: string) => unknown } = {},
	) {
		this.parameters = parameters;
	}

	private key() {
		return this.scheduler === 'legacy' ? this.name : 'node-1';
	}

	private context(data: StaticData): IPollFunctions {
		const node = {
			id: 'node-1',
			name: this.name,
			type: 'communityPlatformTrigger',
			typeVersion: 1,
			position: [0, 0] as [number, number],
			parameters: this.parameters,
			credentials: { communityPlatformApi: { id: '1', name: 'API' } },
		};
		const read = (path: string, fallback: unknown) => {
			let value: unknown = this.parameters;
			for (const part of path.split('.')) value = (value as IDataObject | undefined)?.[part];
			if (typeof value === 'string' && value.startsWith('=') && this.options.evaluate) return this.options.evaluate(value);
			return value === undefined ? fallback : value;
		};
		const feed = this.feed;
		return {
			getNode: () => node,
			getNodeParameter: read,
			getWorkflow: () => ({ id: 'wf', name: 'Workflow', active: true }),
			getWorkflowStaticData: (type: string) => (type === 'global' ? data.global : (data.nodes[this.key()] ??= {})),
			// Each trigger has a node after it; a name no node has now has none.
			getChildNodes: (name: string) => (name === this.name ? ['Received'] : []),
			getMode: () => 'trigger',
			getPollBudgetMs: () => (this.scheduler === 'durable' ? 44_000 : 300_000),
			getCredentials: async () => ({ baseUrl: 'http://api.test', clientId: 'client', accessToken: 'token' }),
			logger: { debug() {}, info() {}, warn() {}, error() {} },
			helpers: {
				httpRequestWithAuthentication: async (_type: string, options: { url: string }) => {
					const [statusCode, body] = feed.answer(new URL(options.url).searchParams);
					return { statusCode, headers: {}, body };
				},
			},
		} as unknown as IPollFunctions;
	}

	/**
	 * Runs the node's poll() on `data`, recording the rows it processed. A poll that fails (the API
	 * down) is n8n's failed poll: an error shown, nothing emitted; what it changed in the static
	 * data stays in memory (legacy) or is not committed (durable), as for a poll that emits nothing.
	 */
	private async run(data: StaticData): Promise<PollOutcome> {
		const rows: IDataObject[] = [];
		const spy = jest.spyOn(decide, 'processRow').mockImplementation((...args) => {
			rows.push(args[3]);
			return original(...args);
		});
		try {
			let result: INodeExecutionData[][] | null;
			try {
				result = (await this.nodeType.poll!.call(this.context(data))) as INodeExecutionData[][] | null;
			} catch (error) {
				if (this.feed.failing === undefined) throw error;
				return { items: null, rows: [] };
			}
			return { items: result === null ? null : result[0].map((item) => item.json), rows };
		} finally {
			spy.mockRestore();
		}
	}

	/**
	 * A scheduled poll, n8n's way (the first after an activation, a restart or a save is the
	 * activation's). `drop`: n8n drops its batch (a save or a lost lease overtook
	 * it): nothing is executed and, on the durable scheduler, only the global static data is
	 * saved. `twice` (durable): n8n runs the poll again before the batch is committed.
	 */
	async poll({ drop = false, twice = false } = {}): Promise<PollOutcome> {
		const activation = !this.activated;
		this.activated = true;
		if (this.scheduler === 'legacy') {
			const outcome = await this.run(this.live);
			this.pending.push(...outcome.rows);
			if (outcome.items && drop) {
				// n8n 2.x drops the overtaken batch; the new activation starts from what was saved.
				this.live = clone(this.saved);
				this.pending = [];
				return outcome;
			}
			if (activation || outcome.items) {
				this.saved = clone(this.live);
				if (outcome.items) this.delivered.push(...outcome.items);
				this.onSaved(this.pending);
				this.pending = [];
			}
			return outcome;
		}
		const data = clone(this.saved);
		const outcome = await this.run(data);
		if (activation && !this.options.activationCommits) {
			this.saved.global = data.global;
			this.uncommitted = true;
			return outcome;
		}
		if (twice && outcome.items) {
			const again = await this.run(clone(this.saved));
			if (again.items) throw new Error('a poll n8n ran twice emitted its batch twice');
		}
		if (outcome.items && drop) this.uncommitted = true;
		// A commit that moves the node's state catches up with the workflow's record.
		else if (JSON.stringify(data.nodes[this.key()] ?? {}) !== JSON.stringify(this.saved.nodes[this.key()] ?? {})) this.uncommitted = false;
		if (!outcome.items) {
			// A poll that emits nothing: its cursor (the node's static data) is committed alone.
			this.saved.nodes[this.key()] = data.nodes[this.key()];
			this.onSaved(outcome.rows);
			return outcome;
		}
		this.saved.global = data.global;
		if (drop) return outcome;
		this.saved.nodes[this.key()] = data.nodes[this.key()];
		this.delivered.push(...outcome.items);
		this.onSaved(outcome.rows);
		return outcome;
	}

	/** n8n restarts: what was not saved is gone, and so is the package's memory of polls. */
	restart() {
		this.activated = false;
		this.live = clone(this.saved);
		this.pending = [];
		resetPolls();
		resetPacers();
	}

	/** The node is renamed (saving the workflow: legacy, a new activation from what was saved). */
	rename(to: string) {
		this.name = to;
		this.names.add(to);
		this.activated = false;
		this.live = clone(this.saved);
		this.pending = [];
	}

	/** The end of the history: what the polls since the last save decided counts as decided. */
	flush() {
		this.onSaved(this.pending);
		this.pending = [];
	}

	/** The static data as n8n last saved it: the node's, and the trigger's record beside it. */
	savedState(): { node: IDataObject | undefined; global: IDataObject } {
		return { node: this.saved.nodes[this.key()], global: this.saved.global };
	}
}

const original = decide.processRow;
