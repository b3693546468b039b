/**
 * When an item may come twice: the cases docs/triggers.md lists (section "When an item can come
 * twice", each case's id in backticks at the start of its bullet), and the test of each, as the
 * history shows it. The property test reads the list from the docs and classifies every item the
 * package delivered beyond the model with these tests: an item no listed case explains fails it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { MODEL_FEEDS } from './feedModel.cjs';
import type { Bounds, Outcome } from './histories.cjs';
import { stateSizeBound } from './stateSize.cjs';

/** One extra item: a (record, version, kind) the package delivered more often than the model fires it. */
export interface Extra {
	id: string;
	updatedAt: number;
	kind: string;
	/** The package had delivered this version of the row before (any kind). */
	versionDeliveredBefore: boolean;
	/** The other kinds the package's item for this version fired (chosen or not). */
	alongside: string[];
}

/** The rows the model read that changed at `updatedAt` or in the five minutes after it (FEED_LIMITS.recoveryOverlapMs). */
function rowsWithinOverlap(conditions: Outcome['conditions'], updatedAt: number): number {
	let rows = 0;
	for (const [u, count] of conditions.rowsPerUpdatedAt) if (u >= updatedAt && u <= updatedAt + 5 * 60 * 1000) rows += count;
	return rows;
}

const momentKinds = new Set(Object.values(MODEL_FEEDS).flatMap((feed) => feed.moments.map((m) => m.kind)));
const stateKinds = new Set(Object.values(MODEL_FEEDS).flatMap((feed) => feed.states.map((s) => s.kind)));

/** Each case's test: whether it explains `extra` in a history with these conditions and bounds. */
export const DUPLICATE_CASES: Record<string, (extra: Extra, conditions: Outcome['conditions'], bounds: Bounds) => boolean> = {
	// A row read again once more rows changed within five minutes after it than the row memory holds.
	'row-forgotten': (extra, c, b) => extra.versionDeliveredBefore && rowsWithinOverlap(c, extra.updatedAt) > b.recentRows,
	// A moment fired again once more moments than the memory holds were announced.
	'moment-forgotten': (extra, c, b) => !extra.versionDeliveredBefore && momentKinds.has(extra.kind) && c.momentsRemembered > b.moments,
	// A held state fired again once more states than the memory holds were seen holding.
	'held-state-forgotten': (extra, c, b) => !extra.versionDeliveredBefore && stateKinds.has(extra.kind) && c.heldStates > b.heldStates,
	// After a rename (n8n's legacy scheduler and 1.x), a moment or held state fired again.
	renamed: (extra, c) => !extra.versionDeliveredBefore && c.renamed && (momentKinds.has(extra.kind) || stateKinds.has(extra.kind)),
	// Profile Updated beside a New Member the trigger cannot tell from one it forgot.
	'profile-updated-beside-new-member': (extra, c, b) =>
		!extra.versionDeliveredBefore &&
		extra.kind === 'profileUpdated' &&
		extra.alongside.includes('newMember') &&
		(c.renamed || c.momentsRemembered > b.moments),
};

let listed: string[] | undefined;

/** The case ids docs/triggers.md lists under "When an item can come twice". */
export function documentedCases(): string[] {
	if (listed) return listed;
	const docs = readFileSync(join(__dirname, '../../docs/triggers.md'), 'utf8');
	const section = docs.split(/^### When an item can come twice$/m)[1]?.split(/^#/m)[0] ?? '';
	listed = [...section.matchAll(/^- \*\*`([a-z-]+)`\*\*/gm)].map((match) => match[1]);
	return listed;
}

/** The items the package delivered beyond what the model fires, each with the cases that explain it. */
export function extrasOf(outcome: Outcome): Array<Extra & { cases: string[] }> {
	const expected = new Map<string, number>();
	for (const fire of outcome.expected) expected.set(fire, (expected.get(fire) ?? 0) + 1);
	const versions = new Set<string>();
	const extras: Array<Extra & { cases: string[] }> = [];
	for (const item of outcome.items) {
		const versionDeliveredBefore = versions.has(item.version);
		versions.add(item.version);
		for (const kind of item.kinds) {
			const fire = `${item.version}:${kind}`;
			const left = expected.get(fire) ?? 0;
			if (left > 0) {
				expected.set(fire, left - 1);
				continue;
			}
			const cut = item.version.lastIndexOf(':');
			const extra: Extra = {
				id: item.version.slice(0, cut),
				updatedAt: Number(item.version.slice(cut + 1)),
				kind,
				versionDeliveredBefore,
				alongside: item.fired.filter((other) => other !== kind),
			};
			const cases = Object.entries(DUPLICATE_CASES)
				.filter(([, explains]) => explains(extra, outcome.conditions, outcome.setting.bounds))
				.map(([name]) => name);
			extras.push({ ...extra, cases });
		}
	}
	return extras;
}

/** The fires the model makes that the package never delivered. */
export function lossesOf(outcome: Outcome): string[] {
	const delivered = new Map<string, number>();
	for (const fire of outcome.items.flatMap((item) => item.kinds.map((kind) => `${item.version}:${kind}`))) delivered.set(fire, (delivered.get(fire) ?? 0) + 1);
	const missing: string[] = [];
	for (const fire of outcome.expected) {
		const left = delivered.get(fire) ?? 0;
		if (left > 0) delivered.set(fire, left - 1);
		else missing.push(fire);
	}
	return missing;
}

/**
 * The three properties, on one history's outcome: nothing lost (and every row's last version
 * read), every extra item in a case docs/triggers.md lists, the state within its documented size.
 */
export function check(outcome: Outcome) {
	const losses = lossesOf(outcome);
	if (losses.length > 0) throw new Error(`lost: ${losses.slice(0, 5).join(', ')} (${losses.length} in all)`);
	if (outcome.unread.length > 0) throw new Error(`never read: ${outcome.unread.slice(0, 5).join(', ')}`);
	const documented = new Set(documentedCases());
	const unexplained = extrasOf(outcome).filter((extra) => !extra.cases.some((name) => documented.has(name)));
	if (unexplained.length > 0) {
		const shown = unexplained.slice(0, 5).map((e) => `${e.id}:${e.updatedAt}:${e.kind}${e.versionDeliveredBefore ? ' (again)' : ''}`);
		throw new Error(`delivered beyond the model, in no documented case: ${shown.join(', ')}`);
	}
	const bound = stateSizeBound(outcome.setting.bounds, outcome.setting.idLength);
	if (outcome.largestState > bound) throw new Error(`state of ${outcome.largestState} characters, over the ${bound} the docs give`);
}
