/**
 * The benchmark's output: the table (printed, and in RESULTS.md), the targets
 * checked row by row, and per-scenario notes that quote the run's own figures.
 */
import { FEED_LIMITS } from '../../nodes/shared/feeds/state';
import { TIER_LIMITS } from '../../nodes/shared/transport/tiers';

export interface Row {
	scenario: string;
	requests: number;
	minRequests: number;
	rateLimited: number;
	wallMs: number;
	minMs: number;
	ratio: number;
	note?: string;
	/** Scenario 4: the most requests the sandbox saw in any 1 s window. */
	peakPerSecond?: number;
}

export interface RunInfo {
	date: string;
	timeScale: number;
	machine: string;
	rows: Row[];
}

/** Wall time may exceed the minimum the tiers allow by this factor. */
export const RATIO_TARGET = 1.1;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function tableLines(rows: Row[]): string[] {
	const fmt = (ms: number) => (ms ? seconds(ms) : '-');
	return [
		'| Scenario | Requests | Minimum | 429s | Wall time | Minimum time | Ratio | Note |',
		'|---|---|---|---|---|---|---|---|',
		...rows.map(
			(r) =>
				`| ${r.scenario} | ${r.requests || '-'} | ${r.minRequests || '-'} | ${r.minRequests ? r.rateLimited : '-'} | ${fmt(r.wallMs)} | ${fmt(r.minMs)} | ${r.ratio ? r.ratio.toFixed(3) : '-'} | ${r.note ?? ''} |`,
		),
	];
}

/** The scenario number a row belongs to ("5c. …" → 5). */
export const scenarioOf = (row: Row) => Number(/^(\d+)/.exec(row.scenario)?.[1]);

/** The rows the targets apply to: 1 to 4, and 5a (the same read as 1, in n8n). */
const targeted = (row: Row) => [1, 2, 3, 4].includes(scenarioOf(row)) || row.scenario.startsWith('5a.');

/** What a row misses of the targets; empty when it meets them all. */
export function misses(row: Row, timeScale: number): string[] {
	const out: string[] = [];
	if (row.requests !== row.minRequests) out.push(`${row.requests} requests for a minimum of ${row.minRequests}`);
	if (row.ratio === 0 || row.ratio > RATIO_TARGET) {
		out.push(row.ratio === 0 ? 'did not finish' : `wall time ${row.ratio.toFixed(3)} × the minimum (target ≤ ${RATIO_TARGET})`);
	}
	if (row.rateLimited > 0) out.push(`${row.rateLimited} 429s`);
	if (row.peakPerSecond !== undefined) {
		const allowed = TIER_LIMITS.medium.burst + TIER_LIMITS.medium.perSecond * timeScale;
		if (row.peakPerSecond > allowed) out.push(`peak ${row.peakPerSecond} requests in 1 s, above the ${allowed} the tier allows`);
	}
	return out;
}

function verdict(row: Row, timeScale: number): string {
	const missed = misses(row, timeScale);
	return missed.length === 0
		? `**Met**: ${row.requests} requests (the minimum), ${seconds(row.wallMs)} for a minimum of ${seconds(row.minMs)} (ratio ${row.ratio.toFixed(3)}), no 429.`
		: `**Missed**: ${missed.join('; ')}.`;
}

const first = (rows: Row[], prefix: string) => rows.find((r) => r.scenario.startsWith(prefix));

/** Per-scenario notes: what was measured, where the time above the minimum goes, and misses. */
function notes(info: RunInfo): string[] {
	const { rows, timeScale: k } = info;
	const rate = `${TIER_LIMITS.medium.perSecond * k}/s`;
	const out: string[] = [];
	const section = (n: number, title: string, body: (rows: Row[]) => string[]) => {
		const mine = rows.filter((r) => scenarioOf(r) === n);
		if (mine.length > 0) out.push(`### ${title}`, '', ...body(mine), '');
	};

	section(1, '1. Get Many, Return All', ([r]) => [
		verdict(r, k),
		'',
		`Pages of 200 (the API's largest), ending at the first short page: ${r.minRequests} requests. The pacer sends the Medium burst of ${TIER_LIMITS.medium.burst} at once, then ${rate}. The time above the minimum is the requests' own round trips: each page is asked for when the previous one has answered, while the minimum counts the burst as instant.`,
	]);

	section(2, '2. Member Trigger, Start From = Beginning', ([r]) => [
		verdict(r, k),
		'',
		`The trigger's real poll in n8n-core's PollContext (test/helpers/pollHarness.cts), with one static-data object kept across ticks and the default Max Items per Poll (1,000). Feed pages hold at most 100 rows, so 5,000 rows are 50 pages; a poll stops at 1,000 items, which here falls on a page boundary (no page is read twice); the poll after the last page asks once more, with the cursor, and finds nothing. That last request is not waste: every tick must ask, new changes may have arrived. Minimum: 50 + 1.`,
		'',
		`The ticks run back to back, so the bucket is not refilled between them and the pacer (one per n8n process, shared across polls) paces the whole drain: the time is the polls' own, with no gap counted. In n8n, polling Every Minute (the shortest of the trigger's ordinary poll modes), the default Max Items per Poll brings the backlog over five ticks, the last about four minutes after the first; a Max Items per Poll of 5,000 brings it all in the first tick with the same ${r.minRequests} requests (checked: one poll of 5,000 items, then one that finds nothing).`,
	]);

	section(3, '3. Create Many (Batch), 1,000 rows', ([r]) => [
		verdict(r, k),
		'',
		'Runs at time scale 1: the job status reads are spaced in real time (the API recommends 2 to 5 s), so a faster sandbox clock would shrink the minimum and not the wait. Minimum: 10 submissions of 100 rows on the Heavy tier (5 at once, then one every 6 s) plus the last job\'s processing in the sandbox (1.45 s); requests: 10 submissions and one status read per job. Each job is followed from its acceptance and read when a job can first be done, as learnt from the jobs before it; the sandbox\'s jobs take less than the 2 s a read waits at least, so the time above the minimum is that wait (0.55 s) and the round trips.',
	]);

	section(9, '9. Create or Update Many (Batch), 1,000 rows, half existing', ([r]) => [
		verdict(r, k),
		'',
		"Runs at time scale 1, as scenario 3. Every row goes in an update job first (10 jobs of 100); the 500 the API answers `not_found` go in create jobs (5): 15 Heavy submissions and one status poll per job at the least. Why update first: `not_found` is the status the spec documents, while it gives no status or message for creating an email that exists and says a create job with an invalid row is refused whole; an update row needs no First Name, Job Title or Company; and a recurring sync, where most rows exist, then costs one job per 100 rows. Knowing who exists beforehand would save 5 jobs (30 s of Heavy pace) for 1,000 Medium lookups (`GET /users?email=`, about 1,000 s at 1 a second): not worth it beyond the Medium burst of 10. The time above the minimum is the wait for the update jobs' answers before the create jobs can go, and the spacing of the status polls.",
	]);

	section(4, '4. Five parallel executions, 1,000 members each', ([r]) => [
		verdict(r, k),
		'',
		`The five executions share one pacer per (base URL, client id, tier) in the process, so their sum stays within the tier: at most the burst plus one second of the rate (${TIER_LIMITS.medium.burst} + ${TIER_LIMITS.medium.perSecond * k}) in any 1 s window${r.peakPerSecond === undefined ? '' : `; measured peak ${r.peakPerSecond}`}.`,
	]);

	section(5, '5. The same read in n8n: this node and the HTTP Request node', (mine) => {
		const ours = first(mine, '5a.');
		const asItComes = first(mine, '5b.');
		const retry = first(mine, '5c.');
		const emptyRetry = first(mine, '5d.');
		const interval = first(mine, '5e.');
		const lines: string[] = [];
		lines.push(
			`All rows: a real n8n 2.41.1 with the packed package (test/e2e/harness.cts), the sandbox at time scale ${k} with the members of scenario 1, workflows in test/bench/workflows/. Wall time is the execution's own (n8n's startedAt to stoppedAt). Each run starts with the tier's bucket full. The HTTP Request node (typeVersion 4.5, the default in n8n 2.41) sends \`x-client-id\` and \`authorization: Bearer …\` as header parameters, asks \`pageSize=200\`, sets \`pageNum\` to \`{{ $pageCount + 1 }}\` on each request, and a Split Out on \`results\` turns pages into member items. Waits a user types (Retry On Fail's 1 s, the 1 s interval) are divided by the time scale, as the sandbox's clock and refill are.`,
			'',
		);
		if (ours) lines.push(`- **5a, this node**: ${verdict(ours, k)} The same as scenario 1 plus n8n's own execution overhead.`);
		if (asItComes) {
			lines.push(
				`- **5b, HTTP Request, complete when \`{{ $response.body.results.length < 200 }}\`** (the usual way to stop at the last, short page): ${asItComes.note}. The node does not pace: the burst answers, then the next request gets a 429. Its body has no \`results\`, so the complete expression throws a TypeError; n8n's expression evaluator turns such an error into null, and the pagination reads null as "complete". The execution ends as a success with the pages read so far; the 429's body becomes one more item, which Split Out leaves out. Nothing warns the user.`,
			);
		}
		if (retry) {
			lines.push(
				`- **5c, the same with Retry On Fail**: ${retry.note}. Nothing failed, so nothing is retried.`,
			);
		}
		if (emptyRetry) {
			lines.push(
				`- **5d, the node's default "Response Is Empty", with Retry On Fail**: ${emptyRetry.note}. On this API a response is never empty (a page past the end is still \`{size: 0, results: []}\` with its own pageNumber, so by n8n's code the "identical response" guard would not stop it either): the pagination runs until a 429, which fails the node. Retry On Fail runs the node again from page 1 after the wait, each try gets a few pages before its next 429, and after 3 tries the execution fails.`,
			);
		}
		if (interval) {
			lines.push(
				`- **5e, complete when \`results\` < 200, Interval Between Requests 1 s** (the Medium rate, what a user who has read the API's limits would set): ${interval.note}, ${interval.requests} requests, ${interval.rateLimited} 429s, ${seconds(interval.wallMs)} (ratio ${interval.ratio ? interval.ratio.toFixed(3) : '-'})${ours && ours.wallMs ? `, ${(interval.wallMs / ours.wallMs).toFixed(2)} × this node's time` : ''}. A fixed interval never uses the burst of ${TIER_LIMITS.medium.burst}, and n8n sleeps the interval after each answer, so every round trip is added to it. It is safe only while nothing else uses the same client id: the interval knows nothing of other workflows (scenario 4) or of the daily quota.`,
			);
		}
		lines.push(
			'',
			'What would close the gap for an HTTP Request user: an interval of at least 1 s (5e), and a complete expression that cannot mistake an error for the end (for example `{{ $response.statusCode === 200 && $response.body.results.length < 200 }}`, which, tried against the same sandbox, makes the 429 fail the node instead of ending it quietly). Nothing in the HTTP Request node reads `Retry-After` or the `X-RateLimit-*` headers, and Retry On Fail restarts the pagination from page 1, so it cannot recover a long read.',
		);
		return lines;
	});

	section(6, "6. The node's own CPU cost", (mine) => {
		const raw = first(mine, '6c.');
		return [
			'No target. 6a and 6b map rows to items in memory (best of 5); 6c and 6d run the whole node in n8n-core\'s ExecuteContext with the 50 pages served from memory (nock) and the rate limit lifted, so the time is the node\'s work plus n8n-core\'s HTTP stack per page.' +
				(raw && ours5(rows) ? ` For scale: 6c's ${seconds(raw.wallMs)} for 10,000 rows against ${seconds(ours5(rows)!.wallMs)} for the paced read in 5a.` : ''),
		];
	});
	section(10, '10. A 100,000-member community: Return All in n8n', ([r]) => [
		`No target. ${r.requests} requests for a minimum of ${r.minRequests}, ${r.rateLimited} answered 429, ${seconds(r.wallMs)} for a minimum of ${seconds(r.minMs)} (ratio ${r.ratio.toFixed(3)}); ${r.note ?? ''}. The node keeps every page's members until the last page is read (the output is complete or the node fails), and n8n then holds the execution's items, so the memory grows with the list; at the API's own rate the read takes the Medium tier's ${((r.minRequests - TIER_LIMITS.medium.burst) / TIER_LIMITS.medium.perSecond / 60).toFixed(1)} minutes.`,
	]);

	section(11, '11. A 100,000-member community: Member Trigger from the beginning', ([r]) => [
		`No target. ${r.requests} requests for a minimum of ${r.minRequests}, ${r.rateLimited} answered 429, ${seconds(r.wallMs)} of polling for a minimum of ${seconds(r.minMs)} (ratio ${r.ratio.toFixed(3)}). ${r.note ?? ''}. The static data holds the feed's cursor and read-to time and maps of the most recently processed rows (at most ${FEED_LIMITS.recentRows}) and of announced moments (at most ${FEED_LIMITS.announcedMoments}), never the rows themselves: it grows until those maps are full and no further, whatever the feed's length. At the default Max Items per Poll (1,000) the backlog comes over a hundred polls; with Every Minute, in about an hour and forty minutes.`,
	]);

	section(12, '12. A 100,000-member community: Create Many (Batch) of 10,000 rows in n8n', ([r]) => [
		`No target. ${r.requests} requests, ${r.rateLimited} answered 429, ${seconds(r.wallMs)} for a minimum of ${seconds(r.minMs)} (ratio ${r.ratio.toFixed(3)}); ${r.note ?? ''}. 100 jobs are half the Heavy tier's daily quota (200): a second such batch the same UTC day stops when the quota is spent, and its rows not submitted say so. At the API's own rate the submissions take ${(((100 - TIER_LIMITS.heavy.burst) / TIER_LIMITS.heavy.perSecond) / 60).toFixed(1)} minutes.`,
	]);
	section(13, "13. Return All at the API's own rates, three runs", ([r]) => [
		`No target beyond 0 × 429 in every run: ${r.note ?? ''}.`,
	]);
	return out;
}

const ours5 = (rows: Row[]) => first(rows, '5a.');

/** RESULTS.md: the run's date, machine and time scale, the table, the targets, the notes. */
export function resultsMarkdown(info: RunInfo): string {
	const missed = info.rows.filter((r) => targeted(r) && misses(r, info.timeScale).length > 0);
	const targetedRows = info.rows.filter(targeted);
	const scenarios = [...new Set(info.rows.map(scenarioOf))].join(', ');
	return [
		'# Benchmark results',
		'',
		'Written by `npm run bench` (test/bench/run.cts); the same figures are in results.json.',
		'',
		`- Date: ${info.date}`,
		`- Machine: ${info.machine}`,
		`- Time scale: ${info.timeScale} (the sandbox's clock runs ${info.timeScale}× faster and its rate buckets refill ${info.timeScale}× faster; minimum times are computed at that rate; scenarios 3, 7b, 8, 9 and 13 run at 1)`,
		`- Scenarios run: ${scenarios}`,
		'',
		'Minimum: the fewest requests the read needs (largest pages, no wasted call). Minimum time: the burst sent at once, then the sustained rate of the tier, times the time scale. Ratio: wall time / minimum time. 429s: refusals the sandbox answered.',
		'',
		...tableLines(info.rows),
		'',
		'## Targets',
		'',
		`Requests equal to the minimum, wall time within ${Math.round((RATIO_TARGET - 1) * 100)}% of the minimum the tiers allow, no 429, and scenario 4's combined rate within the tier; checked for scenarios 1 to 4 and for this node in n8n (5a). ` +
			(targetedRows.length === 0
				? 'No targeted scenario ran.'
				: missed.length === 0
					? `All ${targetedRows.length} met on this run.`
					: `Missed on this run: ${missed.map((r) => `${r.scenario.split('.')[0]} (${misses(r, info.timeScale).join('; ')})`).join(', ')}; see the notes.`),
		'',
		'## Notes',
		'',
		...notes(info),
	].join('\n');
}
