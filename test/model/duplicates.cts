/**
 * The property test's verdict on one history: the oracle's judgement (oracle.cts) held to the two
 * lists of docs/triggers.md, each read from the docs (each case's id in backticks at the start of
 * its bullet):
 *
 * - "What the trigger cannot tell": the losses and stale items accepted (oracle.cts, ACCEPTED and
 *   ACCEPTED_EXTRA);
 * - "When an item can come twice": the duplicates a bounded memory allows (DUPLICATE_CASES here,
 *   each judged by what the history did: how many rows changed together, how many moments and
 *   states it held, whether the trigger was renamed).
 *
 * A loss or an extra item no listed case explains fails the history.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Bounds, Outcome } from './histories.cjs';
import type { Extra, World } from './oracle.cjs';
import { ACCEPTED_EXTRA, judge } from './oracle.cjs';
import { stateSizeBound } from './stateSize.cjs';

const FIVE_MIN = 5 * 60 * 1000;

const kindOf = (world: World, kind: string) => {
	const shows = world.shows[kind];
	return typeof shows !== 'object' ? shows : 'field' in shows ? 'moment' : 'state';
};

/** Rows (distinct records) the world changed at `updatedAt` or in the five minutes after it. */
function rowsChangedWithin(world: World, updatedAt: number): number {
	let rows = 0;
	for (const versions of world.versions.values()) if (versions.some((v) => v.updatedAt >= updatedAt && v.updatedAt <= updatedAt + FIVE_MIN)) rows++;
	return rows;
}

/** Distinct (record, kind) the world's changes of this sort touched. */
function distinct(world: World, sort: 'moment' | 'state'): number {
	return new Set(world.happenings.filter((h) => kindOf(world, h.kind) === sort).map((h) => `${h.kind}:${h.id}`)).size;
}

/** Each case's test: whether it explains `extra` in this world, with these bounds. */
export const DUPLICATE_CASES: Record<string, (extra: Extra, world: World, bounds: Bounds) => boolean> = {
	// A row read again once more rows changed within five minutes after it than the row memory
	// holds: its item again, or a Profile Updated (its first read fired a New Member not chosen).
	'row-forgotten': (extra, w, b) => (extra.versionDeliveredBefore || kindOf(w, extra.kind) === 'edit') && rowsChangedWithin(w, extra.updatedAt) > b.recentRows,
	// A moment fired again once more moments than the memory holds were announced.
	'moment-forgotten': (extra, w, b) => !extra.versionDeliveredBefore && kindOf(w, extra.kind) === 'moment' && distinct(w, 'moment') > b.moments,
	// A held state fired again once more states than the memory holds were seen holding.
	'held-state-forgotten': (extra, w, b) => !extra.versionDeliveredBefore && kindOf(w, extra.kind) === 'state' && distinct(w, 'state') > b.heldStates,
	// After a rename (n8n's legacy scheduler and 1.x), a moment or held state fired again.
	renamed: (extra, w) => !extra.versionDeliveredBefore && w.renamed && ['moment', 'state'].includes(kindOf(w, extra.kind) as string),
	// Profile Updated beside a New Member the trigger cannot tell from one it forgot.
	'profile-updated-beside-new-member': (extra, w, b) =>
		!extra.versionDeliveredBefore &&
		kindOf(w, extra.kind) === 'edit' &&
		w.signUpKind !== undefined &&
		extra.alongside.includes(w.signUpKind) &&
		(w.renamed || distinct(w, 'moment') > b.moments),
};

const listed = new Map<string, string[]>();

/** The case ids docs/triggers.md lists under a section ("When an item can come twice", "What the trigger cannot tell"). */
export function documentedCases(section = 'When an item can come twice'): string[] {
	const known = listed.get(section);
	if (known) return known;
	const docs = readFileSync(join(__dirname, '../../docs/triggers.md'), 'utf8');
	const text = docs.split(new RegExp(`^### ${section}$`, 'm'))[1]?.split(/^#/m)[0] ?? '';
	const cases = [...text.matchAll(/^- \*\*`([a-z-]+)`\*\*/gm)].map((match) => match[1]);
	listed.set(section, cases);
	return cases;
}

export const CANNOT_TELL = 'What the trigger cannot tell';

/** How often each accepted case came up, over every history checked in this process: items, and histories with one. */
export const tally = new Map<string, { items: number; histories: number }>();

/** Histories checked in this process. */
export const checked = { histories: 0 };

function count(cases: string[]) {
	for (const name of cases) tally.set(name, { items: 0, histories: 0, ...tally.get(name) });
	for (const name of cases) (tally.get(name) as { items: number }).items++;
	for (const name of new Set(cases)) (tally.get(name) as { histories: number }).histories++;
}

/** The oracle's judgement of one history, each extra item with the duplicate cases that explain it. */
export function judged(outcome: Outcome) {
	const judgement = judge(outcome.world, { everyChange: outcome.setting.everyChange, chosen: outcome.chosen }, outcome.items);
	const extras = judgement.extras.map((extra) => ({
		...extra,
		cases: [
			...Object.keys(ACCEPTED_EXTRA).filter((name) => ACCEPTED_EXTRA[name](extra, outcome.world)),
			...Object.keys(DUPLICATE_CASES).filter((name) => DUPLICATE_CASES[name](extra, outcome.world, outcome.setting.bounds)),
		],
	}));
	return { ...judgement, extras };
}

/** The extra items of a history, each with the cases that explain it. */
export const extrasOf = (outcome: Outcome) => judged(outcome).extras;

/**
 * The properties, on one history: no loss but an accepted one, every row's last version read, no
 * version after a newer one, every extra item in a listed case, the state within its documented size.
 */
export function check(outcome: Outcome) {
	const { losses, extras, overtaken, unread } = judged(outcome);
	const cannotTell = new Set(documentedCases(CANNOT_TELL));
	const duplicates = new Set(documentedCases());
	const lost = losses.filter((loss) => !loss.accepted || !cannotTell.has(loss.accepted));
	if (lost.length > 0) {
		const shown = lost.slice(0, 5).map(({ happening: h }) => `${h.kind} of ${h.id} (at ${new Date(h.at).toISOString()}, written ${new Date(h.written).toISOString()})`);
		throw new Error(`lost: ${shown.join(', ')} (${lost.length} in all)`);
	}
	if (unread.length > 0) throw new Error(`never read: ${unread.slice(0, 5).join(', ')}`);
	if (overtaken.length > 0) throw new Error(`an older version after a newer one: ${overtaken.slice(0, 5).join(', ')}`);
	const unexplained = extras.filter((extra) => !extra.cases.some((name) => duplicates.has(name) || cannotTell.has(name)));
	if (unexplained.length > 0) {
		const shown = unexplained.slice(0, 5).map((e) => `${e.id}:${e.updatedAt}:${e.kind}${e.versionDeliveredBefore ? ' (again)' : ''}`);
		throw new Error(`delivered beyond what happened, in no listed case: ${shown.join(', ')}`);
	}
	checked.histories++;
	count([...losses.map((loss) => loss.accepted as string), ...extras.map((extra) => extra.cases[0])]);
	const bound = stateSizeBound(outcome.setting.bounds, outcome.setting.idLength);
	if (outcome.largestState > bound) throw new Error(`state of ${outcome.largestState} characters, over the ${bound} the docs give`);
}
