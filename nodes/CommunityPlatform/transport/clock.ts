import { sleep } from 'n8n-workflow';

/** Time as the transport sees it. Tests swap in a virtual clock so nothing really waits. */
export interface Clock {
	now(): number;
	/** Waits `ms`, returning early (false) when `signal` aborts. */
	sleep(ms: number, signal?: AbortSignal): Promise<boolean>;
}

/** Long waits are cut into slices so that a cancelled execution stops promptly. */
const SLICE_MS = 200;

export const realClock: Clock = {
	now: () => Date.now(),
	async sleep(ms, signal) {
		const end = Date.now() + ms;
		for (let left = ms; left > 0; left = end - Date.now()) {
			if (signal?.aborted) return false;
			await sleep(Math.min(left, SLICE_MS));
		}
		return !signal?.aborted;
	},
};

let current: Clock = realClock;

export const clock: Clock = {
	now: () => current.now(),
	sleep: async (ms, signal) => await current.sleep(ms, signal),
};

/** Replaces the clock (tests); returns a function that restores the previous one. */
export function useClock(replacement: Clock): () => void {
	const previous = current;
	current = replacement;
	return () => {
		current = previous;
	};
}
