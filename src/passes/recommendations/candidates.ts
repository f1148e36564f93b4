/**
 * Candidate generation for similarity: inverted indexes over tag ids, title-word ids and each item's
 * RARE_WORDS rarest text words. For item i, every item sharing a tag, a title word or one of those
 * rare words is touched once and ranked by its exact tag + title score plus an estimate of the text
 * score (the share of i's rare words it also has); the CANDIDATES_PER_ITEM best go on to the exact
 * comparison. Words in more than MAX_POSTING items generate no candidates (they still count in the
 * exact score). This bounds the work per item whatever N is; the price is that a pair outside an
 * item's top candidates is not scored. Shared-tag counts are kept for prerequisites and advanced.
 */
import { jaccard, type Features, WEIGHTS } from './similarity.js';

export const CANDIDATES_PER_ITEM = 40;
export const RARE_WORDS = 24;
/** Words (and title words) in more items than this generate no candidates: they say little. */
const MAX_POSTING = 300;

export function selectCandidates(items: Features[]) {
  const tagPostings = invert(items.map((f) => f.tags));
  const titlePostings = invert(items.map((f) => f.title));
  const textPostings = invert(items.map((f) => f.text));
  // Each item's rarest text words (fewest items carry them), the ones that say most about a match.
  const df = new Map<number, number>();
  for (const [w, list] of textPostings) df.set(w, list.length);
  const rare = items.map((f) => {
    const kept: number[] = [];
    for (const w of f.text) if (df.get(w)! <= MAX_POSTING) kept.push(w);
    const freq = new Map(kept.map((w) => [w, df.get(w)!]));
    return kept.sort((a, b) => freq.get(a)! - freq.get(b)! || a - b).slice(0, RARE_WORDS);
  });
  const touchedMark = new Int32Array(items.length).fill(-1);
  const sharedTags = new Int32Array(items.length);
  const sharedRare = new Int32Array(items.length);

  return (i: number): { best: number[]; sharedTagCounts: Map<number, number> } => {
    const touched: number[] = [];
    const touch = (j: number) => {
      if (j === i) return;
      if (touchedMark[j] !== i) {
        touchedMark[j] = i;
        sharedTags[j] = 0;
        sharedRare[j] = 0;
        touched.push(j);
      }
    };
    for (const tag of items[i].tags) for (const j of tagPostings.get(tag) ?? []) (touch(j), j !== i && sharedTags[j]++);
    for (const w of items[i].title) {
      const list = titlePostings.get(w) ?? [];
      if (list.length <= MAX_POSTING) for (const j of list) touch(j);
    }
    for (const w of rare[i]) for (const j of textPostings.get(w)!) (touch(j), j !== i && sharedRare[j]++);
    const rareCount = Math.max(1, rare[i].length);
    // Keep the top CANDIDATES_PER_ITEM by partial score in a small sorted array (cheap rejections).
    const top: { j: number; partial: number }[] = [];
    for (const j of touched) {
      const partial = WEIGHTS.tags * jaccard(items[i].tags, items[j].tags) + WEIGHTS.title * jaccard(items[i].title, items[j].title) + (WEIGHTS.text * sharedRare[j]) / rareCount;
      if (top.length === CANDIDATES_PER_ITEM && partial <= top[top.length - 1].partial) continue;
      let k = top.length;
      while (k > 0 && (top[k - 1].partial < partial || (top[k - 1].partial === partial && top[k - 1].j > j))) k--;
      top.splice(k, 0, { j, partial });
      if (top.length > CANDIDATES_PER_ITEM) top.pop();
    }
    const sharedTagCounts = new Map<number, number>();
    for (const j of touched) if (sharedTags[j] > 0) sharedTagCounts.set(j, sharedTags[j]);
    return { best: top.map((t) => t.j), sharedTagCounts };
  };
}

function invert(sets: Int32Array[]): Map<number, number[]> {
  const index = new Map<number, number[]>();
  sets.forEach((set, i) => set.forEach((id) => (index.get(id) ?? index.set(id, []).get(id)!).push(i)));
  return index;
}
