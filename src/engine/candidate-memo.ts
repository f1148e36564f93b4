/**
 * The candidate lists of the last build, kept between builds (in the build cache) with what they
 * were selected from, so that after a small change the threads select again only for the items the
 * change can reach (passes/recommendations/candidates.ts, reachedBy). At 10,000 articles selecting
 * for every item took about two seconds of each thread; after one edited article it is a few dozen
 * items.
 * The main thread describes the change (planCandidates) from the memo and the new features; the
 * threads select; the main thread records what they selected (nextMemo).
 */
import type { FeatureReuse, RecFeatures } from '../passes/recommendations.js';
import type { CandidateLists, FeatureChange } from '../passes/recommendations/candidates.js';
import { packLists, type PackedLists, sharedLists } from '../passes/recommendations/packed-lists.js';

export interface PackedCandidates {
  best: PackedLists;
  prerequisites: PackedLists;
  advanced: PackedLists;
}

/** The lists, with what they were chosen from: every item's node key, version and rank, in order,
 * and its word and tag sets (FeatureReuse: the old sets of a changed item are read from these). */
export interface CandidateMemo extends PackedCandidates, FeatureReuse {
  rank: Int32Array;
}

/** How the threads select: for every item, or again after `change` with the lists kept from before. */
export type CandidatePlan = { change?: undefined } | { change: FeatureChange; previous: PackedCandidates };

/** The plan as the shards are sent it: the lists kept from before in shared memory, read by every
 * shard where they lie (parallel/shared-memory.ts). */
export function sharedPlan(plan: CandidatePlan): CandidatePlan {
  if (!plan.change) return plan;
  const { best, prerequisites, advanced } = plan.previous;
  return { change: plan.change, previous: { best: sharedLists(best), prerequisites: sharedLists(prerequisites), advanced: sharedLists(advanced) } };
}

/** Above this share of changed items, selecting for every item costs about as much as working out
 * what a change reaches. */
const MAX_CHANGED_SHARE = 0.1;

/**
 * What the threads must select after the memo's build: for every item unless the items, their order,
 * tag sets and ranks are those of the memo.
 */
export function planCandidates(f: RecFeatures, memo: CandidateMemo | undefined): CandidatePlan {
  const n = f.nodes.length;
  if (!memo || memo.keys.length !== n || !sameArray(memo.rank, f.rank)) return {};
  const changed: number[] = [];
  for (let i = 0; i < n; i++) {
    if (memo.keys[i] !== f.nodes[i].key) return {};
    if (memo.versions[i] !== f.versions[i]) changed.push(i);
  }
  if (changed.length > n * MAX_CHANGED_SHARE) return {};
  // An item's sets as words: the memo's through its vocabulary, the new ones through this build's.
  const before = (c: number, set: number) => new Set(Array.from(memo.packed.data.subarray(memo.packed.offsets[3 * c + set], memo.packed.offsets[3 * c + set + 1]), (id) => memo.vocabulary[id]));
  const after = (c: number, set: 'tags' | 'title' | 'text') => new Set(Array.from(f.features[c][set], (id) => f.words[id]));
  const same = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((w) => b.has(w));
  const delta = new Map<string, number>();
  const titleWords = new Set<string>();
  for (const c of changed) {
    if (!same(before(c, 0), after(c, 'tags'))) return {};
    const [oldText, newText] = [before(c, 2), after(c, 'text')];
    for (const w of newText) if (!oldText.has(w)) delta.set(w, (delta.get(w) ?? 0) + 1);
    for (const w of oldText) if (!newText.has(w)) delta.set(w, (delta.get(w) ?? 0) - 1);
    const [oldTitle, newTitle] = [before(c, 1), after(c, 'title')];
    if (!same(oldTitle, newTitle)) for (const w of [...oldTitle, ...newTitle]) titleWords.add(w);
  }
  const { best, prerequisites, advanced } = memo;
  return { change: { items: changed, textWords: [...delta], titleWords: [...titleWords] }, previous: { best, prerequisites, advanced } };
}

/** The memo of a build: its features, and the lists the threads selected (`selected`, each thread's
 * items) or kept from `plan.previous`. */
export function nextMemo(f: RecFeatures, plan: CandidatePlan, selected: SelectedLists[]): CandidateMemo {
  // Where item i's lists are: list k of a thread's selection, or list i of the plan's previous ones.
  const source: PackedCandidates[] = new Array(f.nodes.length);
  const at = new Int32Array(f.nodes.length);
  for (const s of selected) s.items.forEach((i, k) => ((source[i] = s), (at[i] = k)));
  for (let i = 0; i < f.nodes.length; i++) if (!source[i] && plan.change) (source[i] = plan.previous), (at[i] = i);
  const gather = (which: keyof PackedCandidates) => concatLists(f.nodes.length, (i) => source[i]?.[which], (i) => at[i]);
  return {
    keys: f.nodes.map((node) => node.key),
    versions: [...f.versions],
    rank: f.rank,
    packed: f.packed,
    vocabulary: f.words,
    freshSize: f.freshSize,
    best: gather('best'),
    prerequisites: gather('prerequisites'),
    advanced: gather('advanced'),
  };
}

/** `count` lists in one: list i is list `at(i)` of `from(i)` (empty without one). */
function concatLists(count: number, from: (i: number) => PackedLists | undefined, at: (i: number) => number): PackedLists {
  const offsets = new Int32Array(count + 1);
  for (let i = 0; i < count; i++) {
    const p = from(i);
    offsets[i + 1] = offsets[i] + (p ? p.offsets[at(i) + 1] - p.offsets[at(i)] : 0);
  }
  const data = new Int32Array(offsets[count]);
  for (let i = 0; i < count; i++) {
    const p = from(i);
    if (p) data.set(p.data.subarray(p.offsets[at(i)], p.offsets[at(i) + 1]), offsets[i]);
  }
  return { offsets, data };
}

/** Lists a thread selected: for `items`, in order. */
export interface SelectedLists extends PackedCandidates {
  items: Int32Array;
}

/** The selected items' lists of `lists` (the items with lists), packed to send between threads. */
export function selectedLists(lists: CandidateLists): SelectedLists {
  const items: number[] = [];
  lists.best.forEach((list, i) => list && items.push(i));
  return { items: Int32Array.from(items), best: packLists(items.map((i) => lists.best[i])), prerequisites: packLists(items.map((i) => lists.prerequisites[i])), advanced: packLists(items.map((i) => lists.advanced[i])) };
}

/** Gives item i of `lists` list k of `from`, for items with no lists yet. */
export function copyInto(lists: CandidateLists, i: number, from: PackedCandidates, k: number): void {
  if (lists.best[i]) return;
  lists.best[i] = unpack(from.best, k);
  lists.prerequisites[i] = unpack(from.prerequisites, k);
  lists.advanced[i] = unpack(from.advanced, k);
}

function unpack(packed: PackedLists, k: number): number[] {
  return Array.from(packed.data.subarray(packed.offsets[k], packed.offsets[k + 1]));
}

function sameArray(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
