import type { Clock } from '../../nodes/shared/transport/clock';
import { useClock } from '../../nodes/shared/transport/clock';
import { resetPolls } from '../../nodes/shared/feeds/overlap';
import { resetPacers } from '../../nodes/shared/transport/rateLimit';

interface Timer {
	at: number;
	seq: number;
	wake: (completed: boolean) => void;
}

/**
 * A clock that never really waits. Sleepers join a timer queue; whenever the process is
 * otherwise idle, virtual time jumps to the earliest wake-up. Concurrent sleepers are thus
 * ordered as real time would order them, and a test can assert every wait.
 */
export function installVirtualClock(start = Date.UTC(2026, 10, 20, 12, 0, 0)) {
	let now = start;
	let seq = 0;
	let scheduled = false;
	const sleeps: number[] = [];
	const timers: Timer[] = [];

	const tick = () => {
		scheduled = false;
		timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
		const next = timers.shift();
		if (!next) return;
		now = Math.max(now, next.at);
		next.wake(true);
		schedule();
	};
	const schedule = () => {
		if (scheduled || timers.length === 0) return;
		scheduled = true;
		setImmediate(tick);
	};

	const clock: Clock = {
		now: () => now,
		sleep(ms, signal) {
			if (signal?.aborted) return Promise.resolve(false);
			sleeps.push(ms);
			return new Promise<boolean>((resolve) => {
				const timer: Timer = { at: now + ms, seq: seq++, wake: resolve };
				timers.push(timer);
				signal?.addEventListener('abort', () => {
					const index = timers.indexOf(timer);
					if (index >= 0) timers.splice(index, 1);
					resolve(false);
				});
				schedule();
			});
		},
	};
	resetPacers();
	resetPolls();
	const restore = useClock(clock);
	return {
		sleeps,
		get now() {
			return now;
		},
		advance(ms: number) {
			now += ms;
		},
		totalSlept: () => sleeps.reduce((a, b) => a + b, 0),
		restore,
	};
}

/**
 * Installs a fresh virtual clock, starting at `start`, before each test of the file (or of the
 * describe block it is called in) and restores the real one after; the returned handle always
 * reads the current test's clock.
 */
export function useVirtualClock(start?: number) {
	let clock: ReturnType<typeof installVirtualClock> | undefined;
	beforeEach(() => {
		clock = installVirtualClock(start);
	});
	afterEach(() => {
		clock?.restore();
	});
	const current = () => {
		if (!clock) throw new Error('useVirtualClock: no test is running');
		return clock;
	};
	return {
		get sleeps() {
			return current().sleeps;
		},
		get now() {
			return current().now;
		},
		advance: (ms: number) => current().advance(ms),
		totalSlept: () => current().totalSlept(),
	};
}
