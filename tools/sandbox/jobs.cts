/**
 * Asynchronous batch jobs. A job is pending for a moment, then processing (rows are
 * processed progressively, in input order), then completed. Progress is derived
 * from the sandbox clock, so it follows `timeScale` and manual clock moves; the
 * store calls `tick` before every request.
 */
import type { Rng } from './prng.cjs';
import type { Json } from './validate.cjs';

export type JobKind = 'users-create' | 'users-update' | 'club-users-add';
export type JobStatus = 'pending' | 'processing' | 'completed' | 'failed';
export type JobMode = 'normal' | 'fail' | 'stall';

export interface JobResult extends Json {
	recordPosition: number;
}

export interface Job {
	id: string;
	kind: JobKind;
	/** e.g. the club a club-add job belongs to */
	owner?: string;
	status: JobStatus;
	mode: JobMode;
	rowCount: number;
	processed: number;
	createdAt: number;
	pendingUntil: number;
	processingUntil: number;
	results: JobResult[];
	error?: { code: string; message: string };
	processRow: (index: number) => JobResult;
}

/** Sandbox-clock durations: a 100-row job is pending 250 ms then processes for about 1.2 s. */
export const JOB_PENDING_MS = 250;
export const JOB_BASE_PROCESSING_MS = 200;
export const JOB_PER_ROW_MS = 10;
/** What a 100-row job takes by default, submission to completion (sandbox clock). */
export const JOB_100_ROWS_MS = JOB_PENDING_MS + JOB_BASE_PROCESSING_MS + JOB_PER_ROW_MS * 100;

export class JobRunner {
	private readonly jobs = new Map<string, Job>();
	private mode: JobMode = 'normal';
	/** how many more submitted jobs get `mode`; null = until changed */
	private modeRemaining: number | null = null;
	/** Every job's pending and processing times are multiplied by this (the `jobMs` option). */
	durationFactor = 1;

	constructor(private readonly rng: Rng) {}

	setMode(mode: JobMode, times?: number): void {
		this.mode = mode;
		this.modeRemaining = mode === 'normal' || times === undefined ? null : times;
	}

	getMode(): { mode: JobMode; remaining: number | null } {
		return { mode: this.mode, remaining: this.modeRemaining };
	}

	submit(kind: JobKind, rowCount: number, processRow: (index: number) => JobResult, now: number, owner?: string): Job {
		const mode = this.mode;
		if (this.modeRemaining !== null && --this.modeRemaining <= 0) this.setMode('normal');
		const f = this.durationFactor;
		const pendingUntil = now + JOB_PENDING_MS * f;
		const job: Job = {
			id: this.rng.uuid(),
			kind,
			owner,
			status: 'pending',
			mode,
			rowCount,
			processed: 0,
			createdAt: now,
			pendingUntil,
			processingUntil: pendingUntil + (JOB_BASE_PROCESSING_MS + JOB_PER_ROW_MS * rowCount) * f,
			results: [],
			processRow,
		};
		this.jobs.set(job.id, job);
		return job;
	}

	get(id: string): Job | undefined {
		return this.jobs.get(id);
	}

	all(): Job[] {
		return [...this.jobs.values()];
	}

	tick(now: number): void {
		for (const job of this.jobs.values()) {
			if (job.status === 'completed' || job.status === 'failed' || now < job.pendingUntil) continue;
			if (job.status === 'pending') {
				if (job.mode === 'fail') {
					job.status = 'failed';
					job.error = { code: 'JOB_FAILED', message: 'The batch job failed with a fatal error before processing (injected by the sandbox).' };
					continue;
				}
				job.status = 'processing';
			}
			if (job.mode === 'stall') continue;
			const span = job.processingUntil - job.pendingUntil;
			const due = now >= job.processingUntil ? job.rowCount : Math.floor(((now - job.pendingUntil) / span) * job.rowCount);
			while (job.processed < Math.min(due, job.rowCount)) {
				let result: JobResult;
				try {
					result = job.processRow(job.processed);
				} catch (error) {
					result = { recordPosition: job.processed, status: 'failed', reason: error instanceof Error ? error.message : String(error) };
				}
				job.results.push(result);
				job.processed++;
			}
			if (job.processed >= job.rowCount) job.status = 'completed';
		}
	}
}

export function jobView(job: Job): Json {
	const view: Json = { jobId: job.id, status: job.status, results: job.results };
	if (job.error) view.error = job.error;
	return view;
}
