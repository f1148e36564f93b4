/**
 * The candidate lists of the last build, kept between builds (in the build cache) with what they
 * were selected from, so that after a small change the threads select again only for the items the
 * change can reach (candidates.ts, reachedBy). At 10,000 articles selecting for every item took
 * about two seconds of each thread; after one edited article it is a few dozen items.
 * The main thread describes the change (planCandidates) from the memo and the new features; the
 * threads select; the main thread records what they selected (nextMemo).
 */
import type { FeatureReuse, RecFeatures } from '../recommendations.js';
import type { CandidateLists, FeatureChange } from './candidates.js';
import { words } from './similarity.js';

/** Lists of numbers in one array: list i is data[offsets[i] .. offsets[i + 1]). */
export interface PackedLists {
  offsets: Int32Array;
  data: Int32Array;
}

export interface PackedCandidates {
  best: PackedLists;
  prerequisites: PackedLists;
  advanced: PackedLists;
}

export interface CandidateMemo extends PackedCandidates, FeatureReuse {
  /** Every item's node key, version, rank, title and tags (sorted, joined by spaces), in order. */
  keys: string[];
  versions: string[];
  rank: Int32Array;
  titles: string[];
  tags: string[];
  /** A term's definition (its text), '' for an article: an article's text words are in the article
   * index (its digest), under the same version. */
  termTexts: string[];
}

/** How the threads select: for every item, or again after `change` with the lists kept from before. */
export type CandidatePlan = { change?: undefined } | { change: FeatureChange; previous: PackedCandidates };

/** Above this share of changed items, selecting for every item costs about as much as working out
 * what a change reaches. */
const MAX_CHANGED_SHARE = 0.1;

/**
 * What the threads must select after the memo's build. Selecting for every item unless the items,
 * their order, tag sets and ranks are those of the memo, and the old words of every changed item are
 * known. `articleWords(slug, version)`: an article's text words as the version of it the memo names
 * was made (textWords output), if still known.
 */
export function planCandidates(f: RecFeatures, memo: CandidateMemo | undefined, articleWords: (slug: string, version: string) => string | undefined): CandidatePlan {
  const n = f.nodes.length;
  if (!memo || memo.keys.length !== n || !sameArray(memo.rank, f.rank)) return {};
  const changed: number[] = [];
  for (let i = 0; i < n; i++) {
    if (memo.keys[i] !== f.nodes[i].key) return {};
    if (memo.versions[i] !== f.versions[i]) changed.push(i);
  }
  if (changed.length > n * MAX_CHANGED_SHARE) return {};
  const delta = new Map<string, number>();
  const titleWords = new Set<string>();
  const wordsOf = (ids: Int32Array) => Array.from(ids, (id) => f.words[id]);
  for (const c of changed) {
    const node = f.nodes[c];
    if (memo.tags[c] !== tagsOf(node.tags)) return {};
    const oldText = node.type === 'term' ? words(memo.termTexts[c]) : articleWords(node.slug, memo.versions[c])?.split(' ').filter(Boolean);
    if (!oldText) return {};
    const before = new Set(oldText);
    const after = new Set(wordsOf(f.features[c].text));
    for (const w of after) if (!before.has(w)) delta.set(w, (delta.get(w) ?? 0) + 1);
    for (const w of before) if (!after.has(w)) delta.set(w, (delta.get(w) ?? 0) - 1);
    const oldTitle = new Set(words(memo.titles[c]));
    const newTitle = wordsOf(f.features[c].title);
    if (oldTitle.size !== newTitle.length || newTitle.some((w) => !oldTitle.has(w))) for (const w of [...oldTitle, ...newTitle]) titleWords.add(w);
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
    titles: f.nodes.map((node) => node.title),
    tags: f.nodes.map((node) => tagsOf(node.tags)),
    termTexts: f.nodes.map((node) => (node.type === 'term' ? node.summary : '')),
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

/** Lists in one array (a missing list is an empty one). */
export function packLists(lists: (ArrayLike<number> | undefined)[]): PackedLists {
  const offsets = new Int32Array(lists.length + 1);
  lists.forEach((list, i) => (offsets[i + 1] = offsets[i] + (list?.length ?? 0)));
  const data = new Int32Array(offsets[lists.length]);
  lists.forEach((list, i) => list && data.set(list as ArrayLike<number>, offsets[i]));
  return { offsets, data };
}

function unpack(packed: PackedLists, k: number): number[] {
  return Array.from(packed.data.subarray(packed.offsets[k], packed.offsets[k + 1]));
}

const tagsOf = (tags: string[]) => [...new Set(tags)].sort().join(' ');

function sameArray(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
