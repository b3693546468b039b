import { sleep } from 'n8n-workflow';

/** Time as the transport sees it. Tests swap in a virtual clock so nothing really waits. */
export interface Clock {
	now(): number;
	/** Waits `ms`, returning early (false) when `signal` aborts. */
	sleep(ms: number, signal?: AbortSignal): Promise<boolean>;
}

/** Long waits are cut into slices: a wait that ends early leaves no long timer behind. */
const SLICE_MS = 200;

export const realClock: Clock = {
	now: () => Date.now(),
	/**
	 * Ends the moment `signal` aborts, not at the end of a slice: the pacer wakes its waiters
	 * through it when an answer tells it more, and a slice's delay would be lost on the tier.
	 */
	async sleep(ms, signal) {
		if (signal?.aborted) return false;
		let stop = () => {};
		const aborted = new Promise<void>((resolve) => {
			stop = resolve;
			signal?.addEventListener('abort', stop, { once: true });
		});
		try {
			const end = Date.now() + ms;
			for (let left = ms; left > 0 && !signal?.aborted; left = end - Date.now()) {
				await Promise.race([sleep(Math.min(left, SLICE_MS)), aborted]);
			}
			return !signal?.aborted;
		} finally {
			signal?.removeEventListener('abort', stop);
		}
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
