/**
 * The sandbox's own clock. It starts at `start` (default: the real time at start-up),
 * runs `timeScale` times faster than real time, and can be moved by hand
 * (`advance`, `set`). Everything the sandbox timestamps, the feed hold-back, job
 * progress and scheduled deletions read this clock.
 */
export class SandboxClock {
	private readonly realStart: number;
	private readonly start: number;
	private offset = 0;

	constructor(
		readonly timeScale = 1,
		start?: number,
		private readonly realNow: () => number = Date.now,
	) {
		if (!(timeScale > 0)) throw new Error('timeScale must be a positive number');
		this.realStart = realNow();
		this.start = start ?? this.realStart;
	}

	/** Where the clock started: seeded data is laid out from here, so a seed gives the same data however long start-up takes. */
	get origin(): number {
		return this.start;
	}

	now(): number {
		return Math.floor(this.start + (this.realNow() - this.realStart) * this.timeScale + this.offset);
	}

	iso(): string {
		return new Date(this.now()).toISOString();
	}

	advance(ms: number): number {
		this.offset += ms;
		return this.now();
	}

	set(ms: number): number {
		this.offset += ms - this.now();
		return this.now();
	}
}
