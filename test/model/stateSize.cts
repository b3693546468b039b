/**
 * The size docs/triggers.md gives a trigger's saved state ("Size"), in JSON characters, for its
 * memories' bounds and the length of the API's ids: the node's state and its position record
 * together, every memory full, the longest change kinds.
 */
import type { Bounds } from './histories.cjs';

/** What does not grow with the memories: the position (with a cursor of up to 200 characters) twice, and the keys. */
export const FIXED_CHARACTERS = 2000;

export function stateSizeBound(bounds: Pick<Bounds, 'recentRows' | 'moments' | 'heldStates'>, idLength: number): number {
	// A recent row: "id":1764000000000, (in the state and in its record).
	const row = idLength + 17;
	// A moment: "cancelledOrReset:id":1764000000000, (the longest kind).
	const moment = idLength + 34;
	// A held state: "deactivated:id":1764000000000,
	const held = idLength + 29;
	return FIXED_CHARACTERS + 2 * bounds.recentRows * row + bounds.moments * moment + bounds.heldStates * held;
}
