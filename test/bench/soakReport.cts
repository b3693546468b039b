/**
 * The soak benchmark's reckoning (test/bench/soak.cts): from what the run recorded (every
 * change the generator made, every execution n8n ran, n8n's memory samples, the sandbox's
 * feed requests) to the figures per phase, and the section of RESULTS.md that shows them.
 * Pure functions of the raw record, so `npm run bench:soak -- --report-only` can write the
 * section again from soak-results.json.
 */

export const FEEDS = ['members', 'attendees', 'enrollments', 'certificates'] as const;
export type FeedKey = (typeof FEEDS)[number];

/** The trigger node of each feed in the soak workflow, and the feed's path at the sandbox. */
export const FEED_INFO: Record<FeedKey, { node: string; path: string }> = {
	members: { node: 'Member Trigger', path: '/public-api/v1/incremental/users' },
	attendees: { node: 'Event Attendee Trigger', path: '/public-api/v1/incremental/event-attendees' },
	enrollments: { node: 'Course Enrollment Trigger', path: '/public-api/v1/incremental/course-enrollments' },
	certificates: { node: 'Course Certificate Trigger', path: '/public-api/v1/incremental/course-certificates' },
};

export type PhaseKind = 'baseline' | '5xx' | 'slow' | '429' | 'cursor' | 'crash' | 'drain';

/** Times are epoch milliseconds (the machine's clock, which the sandbox's clock equals in this run). */
export interface Phase {
	kind: PhaseKind;
	title: string;
	/** the phase owns [start, end): changes that become visible then, executions started then */
	start: number;
	end: number;
	/** the fault's own window (equal to start for the baseline and the drain: no fault) */
	faultStart: number;
	faultEnd: number;
	/** what was injected, in words */
	actions: string[];
}

export interface Change {
	seq: number;
	feed: FeedKey;
	/** the sandbox admin change (created, edited, registered, …) */
	kind: string;
	/** the changeType the trigger should emit for it */
	expectedType: string;
	id: string;
	/** `<id>:<updatedAt>`, as the trigger's changeKey */
	key: string;
	/** the row's updatedAt (ms) */
	madeAt: number;
	/** when the feed first shows it: updatedAt + the 2-minute hold-back */
	visibleAt: number;
}

export interface ExecutionRecord {
	id: string;
	status: string;
	mode: string;
	startedAt: number;
	stoppedAt?: number;
	/** the feed whose trigger started it, when known */
	feed?: FeedKey;
	/** changeKey and changeType of each item the trigger emitted */
	items: Array<{ key: string; type: string }>;
	/** first lines of the error, for executions that did not succeed */
	error?: string;
}

export interface RssSample {
	at: number;
	/** the n8n process (`n8n start`) */
	pid: number;
	mainKb: number;
	/** every process under n8n's supervisor (n8n, its task runner) */
	treeKb: number;
	processes: number;
}

export interface FeedRequest {
	at: number;
	feed: FeedKey;
	status: number;
	durationMs: number;
	fault?: string;
}

export interface CrashRecord {
	killAt: number;
	restartAt: number;
	readyAt: number;
	/** pids of the n8n processes killed */
	killedPids: number[];
	/** the poll answer the kill followed */
	afterAnswer?: { feed: FeedKey; answeredAt: number };
}

export interface SoakRaw {
	date: string;
	machine: string;
	n8nVersion: string;
	scheduler: 'legacy' | 'durable';
	/** the commit of the tree the package was built from, and whether nodes/ had changes not committed */
	packageCommit: string;
	minutes: number;
	pollSeconds: number;
	changeEveryMs: number;
	/** when n8n was started (before the build? no: after the package was packed) */
	startedAt: number;
	/** the generator's first change */
	t0: number;
	/** the generator's stop */
	streamEnd: number;
	endedAt: number;
	phases: Phase[];
	changes: Change[];
	generatorErrors: string[];
	executions: ExecutionRecord[];
	/** executions seen running at the end (never finished) */
	unfinished: string[];
	rss: RssSample[];
	requests: FeedRequest[];
	crash?: CrashRecord;
	/** rows the feeds changed since t0 that the generator did not make (should be none) */
	foreignRows: string[];
	/** n8n log lines at warn/error level, grouped (normalised text → count) */
	n8nLog: Record<string, number>;
}

/** A change arrived on time when its first copy came within this long of the moment the feed showed it. */
export const onTimeMs = (raw: SoakRaw) => raw.pollSeconds * 1000 + 5000;

/**
 * The crash window: a duplicate is the crash's when its earlier copy came from an execution
 * started in the 2 poll intervals before the kill (whose static data n8n may not have saved
 * before it died) and the later copy from one started between the restart and 3 poll
 * intervals after n8n was ready again (the polls that re-read from the saved state).
 */
export function crashWindow(raw: SoakRaw): { from: number; killAt: number; restartAt: number; to: number } | undefined {
	if (!raw.crash) return undefined;
	const tick = raw.pollSeconds * 1000;
	return { from: raw.crash.killAt - 2 * tick, killAt: raw.crash.killAt, restartAt: raw.crash.restartAt, to: raw.crash.readyAt + 3 * tick };
}

/**
 * The phases as counted: the crash phase begins where the crash window does (two poll intervals
 * before the kill, which waits for a poll after the phase's planned start), so a change that
 * showed just before the kill and was in flight at it counts as the crash's.
 */
export function countedPhases(raw: SoakRaw): Phase[] {
	const window = crashWindow(raw);
	if (!window) return raw.phases;
	const phases = raw.phases.map((p) => ({ ...p }));
	const i = phases.findIndex((p) => p.kind === 'crash');
	if (i > 0 && window.from < phases[i].start) {
		phases[i].start = window.from;
		phases[i - 1].end = window.from;
	}
	return phases;
}

/** A lost change that a poll read just before the kill: the batch n8n was emitting when it died. */
export interface CrashLoss {
	fate: ChangeFate;
	/** the sandbox answered the poll that read it (arrival time) */
	pollAt: number;
	killAfterMs: number;
	/** the first execution of its feed after the restart, and whether it began after the lost change */
	next?: { executionId: string; at: number; startsAfter: boolean };
}

export function crashLosses(raw: SoakRaw, lost: ChangeFate[]): CrashLoss[] {
	const crash = raw.crash;
	if (!crash) return [];
	const out: CrashLoss[] = [];
	for (const fate of lost) {
		const c = fate.change;
		const polls = raw.requests.filter((r) => r.feed === c.feed && r.status === 200 && r.at >= c.visibleAt && r.at <= crash.killAt);
		const poll = polls[polls.length - 1];
		if (!poll || crash.killAt - poll.at > 2000) continue;
		const after = raw.executions
			.filter((e) => e.feed === c.feed && e.status === 'success' && e.startedAt >= crash.restartAt && e.items.length > 0)
			.sort((x, y) => x.startedAt - y.startedAt)[0];
		const visibleOf = new Map(raw.changes.map((ch) => [ch.key, ch.visibleAt]));
		out.push({
			fate,
			pollAt: poll.at,
			killAfterMs: crash.killAt - poll.at,
			next: after && { executionId: after.id, at: after.startedAt, startsAfter: after.items.every((item) => (visibleOf.get(item.key) ?? 0) > c.visibleAt) },
		});
	}
	return out;
}

export interface Delivery {
	executionId: string;
	at: number;
	type: string;
}

export interface ChangeFate {
	change: Change;
	/** copies in successful executions, oldest first */
	deliveries: Delivery[];
	/** copies in executions that did not succeed (crashed, error) */
	otherCopies: Delivery[];
	/** first copy − visibleAt */
	delayMs?: number;
}

export interface Duplicate {
	key: string;
	feed: FeedKey;
	kind: string;
	/** the extra copy */
	at: number;
	executionId: string;
	/** the copy before it */
	previousAt: number;
	previousExecutionId: string;
	inCrashWindow: boolean;
}

export interface PhaseFigures {
	phase: Phase;
	changes: number;
	lost: number;
	late: number;
	maxDelayMs?: number;
	p95DelayMs?: number;
	duplicatesOutside: number;
	duplicatesInCrashWindow: number;
	failed: number;
	crashed: number;
	failures: Record<string, number>;
	/** per feed: fault end → first on-time copy at or after it (ms); undefined when none came, null when the feed had shown no change by the fault's end */
	recoveryMs: Partial<Record<FeedKey, number | null>>;
	/** per feed: fault end → the last change shown before the fault's end has arrived (ms, 0 if none was pending) */
	catchUpMs: Partial<Record<FeedKey, number>>;
	requests: { total: number; ok: number; byStatus: Record<string, number>; faulted: number; slowestMs: number };
	rss?: { startMb: number; maxMb: number; endMb: number; treeMaxMb: number };
}

export interface Analysis {
	fates: ChangeFate[];
	lost: ChangeFate[];
	wrongType: Array<{ fate: ChangeFate; types: string[] }>;
	duplicates: Duplicate[];
	unexpected: Array<{ key: string; executionId: string; at: number; type: string; feed?: FeedKey }>;
	phases: PhaseFigures[];
	failedTotal: number;
	crashedTotal: number;
	delays: { p50?: number; p95?: number; max?: number };
	late: number;
	perFeed: Record<FeedKey, { changes: number; delivered: number; lost: number; duplicates: number }>;
	rss: { minMb?: number; maxMb?: number; lastMb?: number; treeMaxMb?: number; samples: number };
}

const mb = (kb: number) => Math.round(kb / 1024);

function quantile(sorted: number[], q: number): number | undefined {
	if (sorted.length === 0) return undefined;
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** The phase that owns a moment (the last one starting at or before it). */
export function phaseAt(phases: Phase[], at: number): Phase | undefined {
	let found: Phase | undefined;
	for (const p of phases) if (p.start <= at) found = p;
	return found;
}

/** An error message as a group: numbers, ids and times replaced so that the same failure groups. */
export function errorGroup(message: string): string {
	return message
		.split('\n')[0]
		.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z?/g, '<time>')
		.replace(/\b[0-9a-f]{8,}\b/gi, '<id>')
		.replace(/\d+(\.\d+)?/g, '#')
		.slice(0, 240);
}

export function analyse(recorded: SoakRaw): Analysis {
	const raw = { ...recorded, phases: countedPhases(recorded) };
	const byKey = new Map<string, ChangeFate>();
	for (const change of raw.changes) byKey.set(change.key, { change, deliveries: [], otherCopies: [] });
	const unexpected: Analysis['unexpected'] = [];
	const executions = [...raw.executions].sort((a, b) => a.startedAt - b.startedAt || Number(a.id) - Number(b.id));
	for (const execution of executions) {
		for (const item of execution.items) {
			const fate = byKey.get(item.key);
			const delivery = { executionId: execution.id, at: execution.startedAt, type: item.type };
			if (!fate) unexpected.push({ key: item.key, executionId: execution.id, at: execution.startedAt, type: item.type, feed: execution.feed });
			else if (execution.status === 'success') fate.deliveries.push(delivery);
			else fate.otherCopies.push(delivery);
		}
	}
	const fates = [...byKey.values()];
	for (const fate of fates) {
		if (fate.deliveries.length > 0) fate.delayMs = fate.deliveries[0].at - fate.change.visibleAt;
	}
	const window = crashWindow(raw);
	const duplicates: Duplicate[] = [];
	for (const fate of fates) {
		for (let i = 1; i < fate.deliveries.length; i++) {
			const previous = fate.deliveries[i - 1];
			const extra = fate.deliveries[i];
			const inCrashWindow = Boolean(
				window && previous.at >= window.from && previous.at <= window.killAt && extra.at >= window.restartAt && extra.at <= window.to,
			);
			duplicates.push({
				key: fate.change.key,
				feed: fate.change.feed,
				kind: fate.change.kind,
				at: extra.at,
				executionId: extra.executionId,
				previousAt: previous.at,
				previousExecutionId: previous.executionId,
				inCrashWindow,
			});
		}
	}
	const lost = fates.filter((f) => f.deliveries.length === 0);
	const wrongType = fates
		.filter((f) => f.deliveries.some((d) => d.type !== f.change.expectedType))
		.map((fate) => ({ fate, types: [...new Set(fate.deliveries.map((d) => d.type))] }));
	const limit = onTimeMs(raw);
	const delays = fates.filter((f) => f.delayMs !== undefined).map((f) => f.delayMs!).sort((a, b) => a - b);

	const phases = raw.phases.map((phase): PhaseFigures => {
		const inPhase = (at: number) => phaseAt(raw.phases, at) === phase;
		const mine = fates.filter((f) => inPhase(f.change.visibleAt));
		const myDelays = mine.filter((f) => f.delayMs !== undefined).map((f) => f.delayMs!).sort((a, b) => a - b);
		const myExecutions = executions.filter((e) => inPhase(e.startedAt));
		const notOk = myExecutions.filter((e) => e.status !== 'success');
		const failures: Record<string, number> = {};
		for (const e of notOk) {
			const group = `${e.status}: ${errorGroup(e.error ?? '(no error recorded)')}`;
			failures[group] = (failures[group] ?? 0) + 1;
		}
		const myDuplicates = duplicates.filter((d) => inPhase(d.at));
		const recoveryMs: PhaseFigures['recoveryMs'] = {};
		const catchUpMs: PhaseFigures['catchUpMs'] = {};
		if (phase.kind !== 'baseline' && phase.kind !== 'drain') {
			for (const feed of FEEDS) {
				const onTime = fates
					.filter((f) => f.change.feed === feed && f.deliveries.length > 0 && f.delayMs! <= limit && f.deliveries[0].at >= phase.faultEnd)
					.map((f) => f.deliveries[0].at)
					.sort((a, b) => a - b);
				// Nothing to recover from before the feed has shown a change (the stream's first 2 minutes).
				const shown = fates.some((f) => f.change.feed === feed && f.change.visibleAt < phase.faultEnd);
				if (!shown) recoveryMs[feed] = null;
				else if (onTime.length > 0) recoveryMs[feed] = onTime[0] - phase.faultEnd;
				const pending = fates.filter((f) => f.change.feed === feed && f.change.visibleAt < phase.faultEnd && f.change.visibleAt >= phase.start);
				const arrivals = pending.map((f) => (f.deliveries[0]?.at ?? Number.POSITIVE_INFINITY) - phase.faultEnd);
				const worst = arrivals.length ? Math.max(0, ...arrivals) : 0;
				if (Number.isFinite(worst)) catchUpMs[feed] = worst;
			}
		}
		const requests = raw.requests.filter((r) => inPhase(r.at));
		const byStatus: Record<string, number> = {};
		for (const r of requests) byStatus[String(r.status)] = (byStatus[String(r.status)] ?? 0) + 1;
		const samples = raw.rss.filter((s) => inPhase(s.at));
		return {
			phase,
			changes: mine.length,
			lost: mine.filter((f) => f.deliveries.length === 0).length,
			late: mine.filter((f) => f.delayMs !== undefined && f.delayMs > limit).length,
			maxDelayMs: myDelays[myDelays.length - 1],
			p95DelayMs: quantile(myDelays, 0.95),
			duplicatesOutside: myDuplicates.filter((d) => !d.inCrashWindow).length,
			duplicatesInCrashWindow: myDuplicates.filter((d) => d.inCrashWindow).length,
			failed: notOk.filter((e) => e.status !== 'crashed').length,
			crashed: notOk.filter((e) => e.status === 'crashed').length,
			failures,
			recoveryMs,
			catchUpMs,
			requests: {
				total: requests.length,
				ok: requests.filter((r) => r.status === 200).length,
				byStatus,
				faulted: requests.filter((r) => r.fault).length,
				slowestMs: Math.max(0, ...requests.map((r) => r.durationMs)),
			},
			rss: samples.length
				? {
						startMb: mb(samples[0].mainKb),
						maxMb: mb(Math.max(...samples.map((s) => s.mainKb))),
						endMb: mb(samples[samples.length - 1].mainKb),
						treeMaxMb: mb(Math.max(...samples.map((s) => s.treeKb))),
					}
				: undefined,
		};
	});

	const perFeed = Object.fromEntries(
		FEEDS.map((feed) => {
			const mine = fates.filter((f) => f.change.feed === feed);
			return [
				feed,
				{
					changes: mine.length,
					delivered: mine.filter((f) => f.deliveries.length > 0).length,
					lost: mine.filter((f) => f.deliveries.length === 0).length,
					duplicates: duplicates.filter((d) => d.feed === feed).length,
				},
			];
		}),
	) as Analysis['perFeed'];
	const main = raw.rss.map((s) => s.mainKb);
	return {
		fates,
		lost,
		wrongType,
		duplicates,
		unexpected,
		phases,
		failedTotal: executions.filter((e) => e.status !== 'success' && e.status !== 'crashed').length,
		crashedTotal: executions.filter((e) => e.status === 'crashed').length,
		delays: { p50: quantile(delays, 0.5), p95: quantile(delays, 0.95), max: delays[delays.length - 1] },
		late: fates.filter((f) => f.delayMs !== undefined && f.delayMs > limit).length,
		perFeed,
		rss: {
			minMb: main.length ? mb(Math.min(...main)) : undefined,
			maxMb: main.length ? mb(Math.max(...main)) : undefined,
			lastMb: main.length ? mb(main[main.length - 1]) : undefined,
			treeMaxMb: raw.rss.length ? mb(Math.max(...raw.rss.map((s) => s.treeKb))) : undefined,
			samples: raw.rss.length,
		},
	};
}

/** Whether the run met the targets: no change lost, no duplicate outside the crash window. */
export function targetsMet(a: Analysis): { lost: boolean; duplicates: boolean } {
	return { lost: a.lost.length === 0, duplicates: a.duplicates.every((d) => d.inCrashWindow) };
}

// ---------------------------------------------------------------- markdown

const secs = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(1)} s`);
const clock = (raw: SoakRaw, at: number) => {
	const s = Math.round((at - raw.t0) / 1000);
	const sign = s < 0 ? '-' : '';
	const abs = Math.abs(s);
	return `${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
};
const cell = (text: string) => text.replace(/\|/g, '/').replace(/\n/g, ' ');
const SHORT: Record<FeedKey, string> = { members: 'M', attendees: 'A', enrollments: 'E', certificates: 'C' };

export const SECTION_START = '<!-- soak:start (written by npm run bench:soak) -->';
export const SECTION_END = '<!-- soak:end -->';

export function soakMarkdown(recorded: SoakRaw, a: Analysis): string {
	const raw = { ...recorded, phases: countedPhases(recorded) };
	const met = targetsMet(a);
	const window = crashWindow(raw);
	const limit = onTimeMs(raw);
	const kinds = new Map<string, number>();
	for (const c of raw.changes) kinds.set(`${c.feed}/${c.kind}`, (kinds.get(`${c.feed}/${c.kind}`) ?? 0) + 1);
	const feedKinds = FEEDS.map((feed) => {
		const list = [...kinds.entries()].filter(([k]) => k.startsWith(`${feed}/`)).map(([k, n]) => `${k.split('/')[1]} ${n}`);
		return `${feed} ${a.perFeed[feed].changes} (${list.join(', ')})`;
	});
	const inWindow = a.duplicates.filter((d) => d.inCrashWindow).length;
	const outside = a.duplicates.length - inWindow;
	const wallMin = ((raw.endedAt - raw.startedAt) / 60_000).toFixed(1);
	const lines: string[] = [
		SECTION_START,
		`## Soak: the four triggers for ${raw.minutes} minutes`,
		'',
		'Written by `npm run bench:soak` (test/bench/soak.cts, figures from test/bench/soakReport.cts); every change, execution and memory sample is in soak-results.json.',
		'',
		`- Date: ${raw.date}; machine: ${raw.machine}; n8n ${raw.n8nVersion}, ${raw.scheduler} scheduler; package built from ${raw.packageCommit}`,
		`- Wall time: ${wallMin} minutes from n8n's start to the end of the drain (stream ${((raw.streamEnd - raw.t0) / 60_000).toFixed(1)} minutes, then ${((raw.endedAt - raw.streamEnd) / 60_000).toFixed(1)} minutes of drain and reckoning)`,
		`- One workflow, the four triggers (Start From = Now, polling every ${raw.pollSeconds} s), each followed by a No Op. A change every ${raw.changeEveryMs / 1000} s, the feeds in turn, each on a row no other change of the run touches: ${raw.changes.length} changes: ${feedKinds.join('; ')}.${raw.generatorErrors.length ? ` The generator failed ${raw.generatorErrors.length}×: ${raw.generatorErrors.slice(0, 3).join('; ')}.` : ''}`,
		`- **Lost: ${a.lost.length}** (target 0: ${met.lost ? 'met' : '**MISSED**'}). **Duplicates outside the crash window: ${outside}** (target 0: ${met.duplicates ? 'met' : '**MISSED**'}); inside it: ${inWindow}. Wrong change type: ${a.wrongType.length}. Items about no change of the run: ${a.unexpected.length}. Rows changed in the feeds that the generator did not make: ${raw.foreignRows.length}.`,
		`- Failed executions: ${a.failedTotal}; crashed (the kill): ${a.crashedTotal}; never finished: ${raw.unfinished.length}. Executions: ${raw.executions.length}.`,
		`- Delay from the moment a change shows in its feed to its execution's start: median ${secs(a.delays.p50)}, 95th percentile ${secs(a.delays.p95)}, max ${secs(a.delays.max)}; ${a.late} of ${raw.changes.length} later than ${secs(limit)} (one poll interval + 5 s).`,
		`- n8n's memory (VmRSS of the \`n8n start\` process, sampled every 15 s, ${a.rss.samples} samples): min ${a.rss.minMb ?? '-'} MB, max ${a.rss.maxMb ?? '-'} MB, last ${a.rss.lastMb ?? '-'} MB; with its task runner at most ${a.rss.treeMaxMb ?? '-'} MB.`,
		'',
		'### Phases',
		'',
		`Times are minutes:seconds from the first change. A change belongs to the phase in which it shows in its feed (made + 2 min); an execution, a duplicate (its extra copy) and a request to the phase in which it started. Recovery: from the fault's end to the first on-time copy (≤ ${secs(limit)} after the change showed) on each feed, ${FEEDS.map((f) => `${SHORT[f]} = ${f}`).join(', ')}. n/a: the feed had shown no change yet when the fault ended (the stream's first 2 minutes); a change per feed every ${(raw.changeEveryMs * FEEDS.length) / 1000} s, so a few seconds of recovery are the stream's own spacing. Catch-up: from the fault's end until every change of the phase shown before it had arrived.`,
		'',
		'| Phase | Window (fault) | Changes | Lost | Duplicates outside / in crash window | Late | Max delay | Failed executions | Recovery M / A / E / C | Catch-up M / A / E / C | Feed requests (status: count) | n8n RSS start / max / end |',
		'|---|---|---|---|---|---|---|---|---|---|---|---|',
		...a.phases.map((p) => {
			const ph = p.phase;
			const fault = ph.faultEnd > ph.faultStart ? ` (${clock(raw, ph.faultStart)}–${clock(raw, ph.faultEnd)})` : '';
			const rec = ph.kind === 'baseline' || ph.kind === 'drain' ? '-' : FEEDS.map((f) => (p.recoveryMs[f] === null ? 'n/a' : p.recoveryMs[f] === undefined ? 'never' : secs(p.recoveryMs[f]!))).join(' / ');
			const cu = ph.kind === 'baseline' || ph.kind === 'drain' ? '-' : FEEDS.map((f) => (p.catchUpMs[f] === undefined ? 'never' : secs(p.catchUpMs[f]))).join(' / ');
			const statuses = Object.entries(p.requests.byStatus).map(([s, n]) => `${s}: ${n}`).join(', ');
			const rss = p.rss ? `${p.rss.startMb} / ${p.rss.maxMb} / ${p.rss.endMb} MB` : '-';
			return `| ${cell(ph.title)} | ${clock(raw, ph.start)}–${clock(raw, ph.end)}${fault} | ${p.changes} | ${p.lost} | ${p.duplicatesOutside} / ${p.duplicatesInCrashWindow} | ${p.late} | ${secs(p.maxDelayMs)} | ${p.failed}${p.crashed ? ` (+${p.crashed} crashed)` : ''} | ${rec} | ${cu} | ${p.requests.total} (${statuses || 'none'}) | ${rss} |`;
		}),
		'',
		'What each phase did:',
		'',
		...a.phases.map((p) => `- ${p.phase.title}: ${p.phase.actions.join('; ') || 'no fault'}.`),
		'',
	];
	if (raw.crash && window) {
		lines.push(
			`The crash: \`kill -9\` of n8n's process group at ${clock(raw, raw.crash.killAt)} (pids ${raw.crash.killedPids.join(', ')}), n8n started again on the same user folder, database and port at ${clock(raw, raw.crash.restartAt)}, ready at ${clock(raw, raw.crash.readyAt)} (${secs(raw.crash.readyAt - raw.crash.restartAt)} to start). Crash window: a duplicate is counted as the crash's when its earlier copy came from an execution started from ${clock(raw, window.from)} (two poll intervals before the kill) to the kill, and the extra copy from one started from the restart to ${clock(raw, window.to)} (three poll intervals after n8n was ready): the executions whose static data n8n may not have saved before it died, and the polls that read again from the saved state. Any other duplicate counts against the target. The crash phase is counted from the window's start, so a change that showed just before the kill belongs to it.`,
			'',
		);
	}
	const failureRows = a.phases.flatMap((p) => Object.entries(p.failures).map(([message, n]) => `| ${cell(p.phase.title)} | ${n} | ${cell(message)} |`));
	lines.push('### Executions that did not succeed, by message', '');
	if (failureRows.length === 0) lines.push('None.', '');
	else lines.push('| Phase | Count | Status: message (numbers and ids replaced) |', '|---|---|---|', ...failureRows, '');

	lines.push('### Problems found', '');
	const problems: string[] = [];
	const show = (at: number) => clock(raw, at);
	const atCrash = crashLosses(raw, a.lost);
	const explained = new Set(atCrash.map((loss) => loss.fate.change.key));
	for (const fate of a.lost.filter((f) => !explained.has(f.change.key)).slice(0, 25)) {
		const c = fate.change;
		const other = fate.otherCopies.length ? `; copies only in executions that did not succeed: ${fate.otherCopies.map((d) => `#${d.executionId} at ${show(d.at)}`).join(', ')}` : '';
		problems.push(`- Lost: ${c.feed} ${c.kind} \`${c.key}\` (made ${show(c.madeAt)}, shown ${show(c.visibleAt)}, phase ${phaseAt(raw.phases, c.visibleAt)?.title ?? '-'})${other}.`);
	}
	if (a.lost.length > 25) problems.push(`- … and ${a.lost.length - 25} more lost (soak-results.json).`);
	for (const loss of atCrash) {
		const c = loss.fate.change;
		const copies = loss.fate.otherCopies.length
			? `only the execution${loss.fate.otherCopies.length > 1 ? 's' : ''} n8n died in hold${loss.fate.otherCopies.length > 1 ? '' : 's'} it (${loss.fate.otherCopies.map((d) => `#${d.executionId}`).join(', ')}, on the execution stack)`
			: 'no execution n8n recorded holds it';
		const next = loss.next ? `; the first execution of the feed after the restart (#${loss.next.executionId}, ${show(loss.next.at)}) ${loss.next.startsAfter ? 'began with the changes after it' : 'holds changes from before it too'}` : '';
		problems.push(`- Lost at the crash: ${c.feed} ${c.kind} \`${c.key}\` (made ${show(c.madeAt)}, shown ${show(c.visibleAt)}): the ${c.feed} trigger's poll reached the sandbox at ${show(loss.pollAt)} (answered at once) and n8n was killed ${loss.killAfterMs} ms after its arrival; ${copies}${next}.`);
	}
	if (atCrash.length > 0 && raw.scheduler === 'legacy') {
		problems.push(
			`- Why the crash loses the batch in flight (read in n8n 2.41.1's code): on the legacy scheduler n8n saves a poll's static data as the poll emits, beside starting its execution and not after it (n8n/dist/workflows/triggers/trigger-execution-context.factory.js, \`__emit\`: \`void saveStaticData(workflow)\`, then \`runWorkflow\`). A kill between the two keeps the trigger's advanced state and loses the execution, so after the restart the trigger reads on from after the batch: at most once for the batch being emitted when n8n dies, not at least once. The soak's kill is placed in that window on purpose (100 ms after a poll's answer).`,
		);
	}
	const outsideList = a.duplicates.filter((d) => !d.inCrashWindow);
	for (const d of outsideList.slice(0, 25)) {
		problems.push(`- Duplicate: ${d.feed} ${d.kind} \`${d.key}\`: execution #${d.previousExecutionId} at ${show(d.previousAt)}, again #${d.executionId} at ${show(d.at)} (phase ${phaseAt(raw.phases, d.at)?.title ?? '-'}).`);
	}
	if (outsideList.length > 25) problems.push(`- … and ${outsideList.length - 25} more duplicates outside the crash window (soak-results.json).`);
	for (const w of a.wrongType.slice(0, 10)) problems.push(`- Wrong type: ${w.fate.change.feed} ${w.fate.change.kind} \`${w.fate.change.key}\` arrived as ${w.types.join(', ')}, expected ${w.fate.change.expectedType}.`);
	for (const u of a.unexpected.slice(0, 10)) problems.push(`- Unexpected item: \`${u.key}\` (${u.type}) in execution #${u.executionId} at ${show(u.at)}.`);
	if (raw.unfinished.length) problems.push(`- Executions never finished: ${raw.unfinished.join(', ')}.`);
	if (raw.foreignRows.length) problems.push(`- Feed rows the generator did not make: ${raw.foreignRows.slice(0, 10).join(', ')}.`);
	lines.push(...(problems.length ? problems : ['None: every change arrived, once, with its type.']), '');

	const logGroups = Object.entries(raw.n8nLog).sort((x, y) => y[1] - x[1]);
	if (logGroups.length) {
		lines.push("n8n's log, lines at warning or error level (grouped; numbers replaced):", '', ...logGroups.slice(0, 12).map(([text, n]) => `- ${n}× \`${text.replace(/`/g, "'")}\``), '');
	}

	lines.push('### n8n memory over time', '');
	const step = Math.max(1, Math.ceil(raw.rss.length / 12));
	const picked = raw.rss.filter((_, i) => i % step === 0 || i === raw.rss.length - 1);
	if (picked.length === 0) lines.push('No samples.', '');
	else {
		lines.push(
			'| Time | Phase | n8n (MB) | with task runner (MB) | pid |',
			'|---|---|---|---|---|',
			...picked.map((s) => `| ${show(s.at)} | ${phaseAt(raw.phases, s.at)?.title ?? 'start'} | ${mb(s.mainKb)} | ${mb(s.treeKb)} | ${s.pid} |`),
			'',
		);
	}
	lines.push(
		'### How it runs',
		'',
		`- The sandbox's clock is the real clock (time scale 1, never moved): n8n's "Now", the trigger's start point and the feed's 2-minute hold-back all read the same time, as against the real API. Moving the sandbox's clock on (as the e2e tests do) would make every change visible at once, but it would also move the feed's time away from n8n's while the stream runs, and the cursor and start-point logic the soak is meant to exercise depends on the two agreeing. The cost is a 2-minute lag in every delivery, which the figures take out: delays are counted from the moment a change shows in its feed.`,
		'- Faults are injected at the sandbox (tools/sandbox/faults.cts), on the four feeds only (GET /incremental/…), and cleared when the fault window ends; the cursor format change is the sandbox\'s cursor-version bump (every cursor handed out before is refused with 400 "unsupported version, restart from startTime"); the crash is SIGKILL to n8n\'s process group, then n8n started again on the same user folder, SQLite database and port.',
		'- Executions are read through n8n\'s REST API every 15 s and at the end; an item counts as delivered when a successful execution holds it in its trigger\'s output. A copy in a crashed or failed execution is listed apart and does not count as a delivery.',
		`- Options: \`--minutes N\` (default 30; the phases scale with it, each fault window at least 20 s), \`--scheduler durable\` (n8n's durable scheduler, as \`npm run test:e2e:durable\`), \`--report-only\` (write this section again from soak-results.json), \`--out\` and \`--markdown\` (write elsewhere, e.g. for a smoke run). Targets: 0 lost, 0 duplicates outside the crash window; the run exits 1 when one is missed.`,
		'',
		SECTION_END,
	);
	return lines.join('\n');
}

/** The soak section of RESULTS.md as it is (markers included), if it has one. */
export function soakSectionOf(existing: string): string | undefined {
	const start = existing.indexOf(SECTION_START);
	const end = existing.indexOf(SECTION_END);
	return start >= 0 && end > start ? existing.slice(start, end + SECTION_END.length) : undefined;
}

/** RESULTS.md with the soak section put in place of the previous one, or appended. */
export function withSoakSection(existing: string, section: string): string {
	const previous = soakSectionOf(existing);
	if (previous !== undefined) return existing.replace(previous, () => section);
	return `${existing.replace(/\s*$/, '')}\n\n${section}\n`;
}
