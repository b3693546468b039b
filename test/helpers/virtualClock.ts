import type { Clock } from '../../nodes/CommunityPlatform/transport/clock';
import { useClock } from '../../nodes/CommunityPlatform/transport/clock';
import { resetPacers } from '../../nodes/CommunityPlatform/transport/rateLimit';

/**
 * A clock that never really waits: each sleep moves virtual time forward and is recorded,
 * so a test can assert how long the transport would have waited.
 */
export function installVirtualClock(start = Date.UTC(2026, 10, 20, 12, 0, 0)) {
	let now = start;
	const sleeps: number[] = [];
	const clock: Clock = {
		now: () => now,
		async sleep(ms, signal) {
			if (signal?.aborted) return false;
			sleeps.push(ms);
			now += ms;
			await Promise.resolve();
			return !signal?.aborted;
		},
	};
	resetPacers();
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
