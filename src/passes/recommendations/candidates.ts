/**
 * Candidate generation for recommendations, never all pairs.
 *
 * Similarity candidates: an item's best CANDIDATES_PER_ITEM others by a partial score, the exact tag
 * and title Jaccard plus an estimate of the text Jaccard (the share of the item's RARE_WORDS rarest
 * text words the other also has; rarest first, while the items carrying them add up to at most
 * RARE_POSTINGS_BUDGET, which bounds the work per item at any size). Others sharing a title word or a rare word come from inverted
 * indexes and are scored one by one; others sharing only tags score 0.4 × tag Jaccard, the same for a
 * whole tag group, so they are taken group by group in falling tag-Jaccard order until enough are
 * found. Words in more than MAX_POSTING items generate no candidates (they still count in the exact
 * score). Order: partial score, highest first, then item index.
 *
 * Prerequisites and advanced: the best terms (any shared tag) and articles (more than one shared tag)
 * by shared-tag count, most first, then by `rank`. They depend only on the tag set, so each list is
 * computed once per tag group, one longer than asked so the item itself can be dropped.
 *
 * Selecting again after a change (`change`): an item's lists can only change when its own features
 * change, when a word of its text changes how many items carry it (its rarest words may change, or
 * which items share them), or when an item sharing a title word with it changes its title. Other
 * items keep the lists of the selection before, as long as the items, their order, their tag sets
 * and their ranks are the same (engine/candidate-memo.ts checks that before describing a change).
 */
import { type Features, JaccardTable, WEIGHTS } from './similarity.js';
import { groupByTags, type NeighbourBucket, type TagGroups } from './tag-groups.js';
import { SortedMerge } from '../sorted-merge.js';

export const CANDIDATES_PER_ITEM = 40;
export const RARE_WORDS = 24;
/** Words (and title words) in more items than this generate no candidates: they say little. */
export const MAX_POSTING = 300;
/** An item's rare words, rarest first, stop before the items carrying them add up to more than this. */
export const RARE_POSTINGS_BUDGET = 1500;

export interface CandidateOptions {
  isTerm: (i: number) => boolean;
  /** Position of each item in the tie-break order of prerequisites and advanced (lower first). */
  rank: Int32Array;
  maxPrerequisites: number;
  maxAdvanced: number;
  /** The word of each text word id: rare words tied on frequency are taken in word order, so the
   * choice never depends on the order ids were handed out in. */
  words: readonly string[];
  /** Select only for these items (a thread selects for the items whose pages it renders); the
   * others get no lists. */
  only?: (i: number) => boolean;
  /** Select only for the items this change since an earlier selection can reach (reachedBy); the
   * others get no lists, and keep the ones selected before. */
  change?: FeatureChange;
}

/** What changed since an earlier selection over the same items, in the same order, with the same
 * tag sets and ranks. Plain data, with words as text: it is sent to threads whose vocabularies differ. */
export interface FeatureChange {
  /** The items whose features changed. */
  items: number[];
  /** Every text word a changed item gained or lost, with how the number of items carrying it changed. */
  textWords: [word: string, delta: number][];
  /** Every title word, old and new, of the changed items whose title words changed. */
  titleWords: string[];
}

export interface CandidateLists {
  /** Per item, the others to score exactly, best partial score first (selected items only). */
  best: number[][];
  prerequisites: number[][];
  advanced: number[][];
}

export function selectCandidates(items: Features[], options: CandidateOptions): CandidateLists {
  const n = items.length;
  const tagGroups = groupByTags(items.map((f) => f.tags));
  const titlePostings = invert(items.map((f) => f.title));
  const df = textFrequencies(items, options.words.length);
  const reached = options.change && reachedBy(items, options.words, df, options.change);
  const only = options.only ?? (() => true);
  const selected = reached ? (i: number) => reached[i] === 1 && only(i) : only;
  const rare = rarestWords(items, df, options.words, selected);
  const textPostings = postingsOf(items, rare);
  const byRank = (a: number, b: number) => options.rank[a] - options.rank[b];
  const termsByRank = tagGroups.groups.map((g) => g.members.filter(options.isTerm).sort(byRank));
  const articlesByRank = tagGroups.groups.map((g) => g.members.filter((i) => !options.isTerm(i)).sort(byRank));

  const lists: CandidateLists = { best: new Array(n), prerequisites: new Array(n), advanced: new Array(n) };
  const touchedMark = new Int32Array(n).fill(-1);
  const sharedRare = new Int32Array(n);
  // Reused for every item: the others it touches, and its tag and title sets as membership tables
  // (one item is scored against a thousand others or more).
  const touched = new Int32Array(n);
  let universe = 0;
  for (const f of items) for (const set of [f.tags, f.title]) for (let k = 0; k < set.length; k++) universe = Math.max(universe, set[k] + 1);
  const tagTable = new JaccardTable(universe);
  const titleTable = new JaccardTable(universe);
  const top = new TopCandidates(CANDIDATES_PER_ITEM);

  tagGroups.groups.forEach((group, g) => {
    if (!group.members.some(selected)) return;
    const near = tagGroups.neighbours(g);
    const levels = jaccardLevels(tagGroups, group.tags.length, near);
    const prerequisites = bestBySharedTags(near, termsByRank, 1, options.maxPrerequisites + 1, byRank);
    const advanced = bestBySharedTags(near, articlesByRank, 2, options.maxAdvanced + 1, byRank);
    tagTable.load(group.tags);

    for (const i of group.members) {
      if (!selected(i)) continue;
      lists.prerequisites[i] = prerequisites.filter((j) => j !== i).slice(0, options.maxPrerequisites);
      lists.advanced[i] = advanced.filter((j) => j !== i).slice(0, options.maxAdvanced);

      // Others sharing a title word or a rare text word, each scored on its own.
      let touchedCount = 0;
      for (const w of items[i].title) {
        const list = titlePostings.get(w)!;
        if (list.length > MAX_POSTING) continue;
        for (const j of list) {
          if (j !== i && touchedMark[j] !== i) ((touchedMark[j] = i), (sharedRare[j] = 0), (touched[touchedCount++] = j));
        }
      }
      for (const w of rare[i]) {
        for (const j of textPostings[w]) {
          if (j === i) continue;
          if (touchedMark[j] !== i) ((touchedMark[j] = i), (sharedRare[j] = 0), (touched[touchedCount++] = j));
          sharedRare[j]++;
        }
      }
      const rareCount = Math.max(1, rare[i].length);
      top.reset();
      titleTable.load(items[i].title);
      for (let k = 0; k < touchedCount; k++) {
        const j = touched[k];
        top.offer(j, WEIGHTS.tags * tagTable.jaccardWith(items[j].tags) + WEIGHTS.title * titleTable.jaccardWith(items[j].title) + (WEIGHTS.text * sharedRare[j]) / rareCount);
      }
      // Others sharing only tags, best tag Jaccard first: the first CANDIDATES_PER_ITEM are all that can win.
      let tagOnly = 0;
      walk: for (const level of levels) {
        const partial = WEIGHTS.tags * level.jaccard;
        if (!top.couldAccept(partial)) break;
        for (let k = 0; ; k++) {
          const j = level.member(k);
          if (j === undefined) break;
          if (j === i || touchedMark[j] === i) continue;
          top.offer(j, partial);
          if (++tagOnly === CANDIDATES_PER_ITEM) break walk;
        }
      }
      lists.best[i] = top.indexes();
    }
  });
  return lists;
}

/** The best `size` (index, score) pairs, highest score first, ties to the lower index; reset for
 * each item. */
class TopCandidates {
  private js: Int32Array;
  private scores: Float64Array;
  private length = 0;
  constructor(private size: number) {
    this.js = new Int32Array(size + 1);
    this.scores = new Float64Array(size + 1);
  }

  reset(): void {
    this.length = 0;
  }

  couldAccept(score: number): boolean {
    return this.length < this.size || score >= this.scores[this.size - 1];
  }

  offer(j: number, score: number): void {
    const { js, scores } = this;
    let k = this.length;
    if (k === this.size && (score < scores[k - 1] || (score === scores[k - 1] && j > js[k - 1]))) return;
    while (k > 0 && (scores[k - 1] < score || (scores[k - 1] === score && js[k - 1] > j))) {
      js[k] = js[k - 1];
      scores[k] = scores[k - 1];
      k--;
    }
    js[k] = j;
    scores[k] = score;
    if (this.length < this.size) this.length++;
  }

  indexes(): number[] {
    return Array.from(this.js.subarray(0, this.length));
  }
}

interface JaccardLevel {
  jaccard: number;
  /** The k-th member (ascending) of all the groups at this tag Jaccard, merged as far as it is read. */
  member(k: number): number | undefined;
}

/** The groups near a group of `size` tags, bucketed by tag Jaccard, highest first. */
function jaccardLevels(tagGroups: TagGroups, size: number, near: NeighbourBucket[]): JaccardLevel[] {
  const byValue = new Map<number, number[]>();
  for (const bucket of near) {
    const value = bucket.shared / (size + bucket.size - bucket.shared);
    (byValue.get(value) ?? byValue.set(value, []).get(value)!).push(...bucket.groups);
  }
  return [...byValue.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([value, groups]) => {
      // Each group's members are ascending, so merging their heads gives the level's members in order;
      // a walk usually needs only the first few dozen of thousands.
      const merged = new SortedMerge(groups.map((h) => tagGroups.groups[h].members));
      return { jaccard: value, member: (k: number) => merged.at(k) };
    });
}

/**
 * The best `limit` of `pool` members (per group, sorted by rank) in the groups near g sharing at
 * least `minShared` tags: more shared tags first, then by rank.
 */
function bestBySharedTags(near: NeighbourBucket[], pool: number[][], minShared: number, limit: number, byRank: (a: number, b: number) => number): number[] {
  const picked: number[] = [];
  const sharedCounts = [...new Set(near.map((b) => b.shared))].filter((c) => c >= minShared).sort((a, b) => b - a);
  for (const shared of sharedCounts) {
    const need = limit - picked.length;
    // Each group's list is already in rank order, so only its first `need` can be among the best.
    const level: number[] = [];
    for (const bucket of near) if (bucket.shared === shared) for (const h of bucket.groups) for (let k = 0; k < need && k < pool[h].length; k++) level.push(pool[h][k]);
    picked.push(...level.sort(byRank).slice(0, need));
    if (picked.length === limit) break;
  }
  return picked;
}

/** Each item's RARE_WORDS rarest text words (fewest items carry them, then in word order): the ones that say most about a match. */
function rarestWords(items: Features[], df: Int32Array, words: readonly string[], only: (i: number) => boolean): number[][] {
  return items.map((f, i) => {
    if (!only(i)) return [];
    const kept: number[] = [];
    for (const w of f.text) if (df[w] <= MAX_POSTING) kept.push(w);
    kept.sort((a, b) => df[a] - df[b] || (words[a] < words[b] ? -1 : words[a] > words[b] ? 1 : 0));
    let postings = 0;
    let count = 0;
    while (count < Math.min(RARE_WORDS, kept.length) && postings + df[kept[count]] <= RARE_POSTINGS_BUDGET) postings += df[kept[count++]];
    return kept.slice(0, count);
  });
}

/** How many items carry each text word (by id, below `universe`). */
function textFrequencies(items: Features[], universe: number): Int32Array {
  const df = new Int32Array(universe);
  for (const f of items) for (let k = 0; k < f.text.length; k++) df[f.text[k]]++;
  return df;
}

/** The items carrying each word of some `rare` list, ascending (by word id; other words get none):
 * the only text postings selection reads. Common words, whose postings are the longest, are never listed. */
function postingsOf(items: Features[], rare: number[][]): number[][] {
  const postings: number[][] = [];
  for (const list of rare) for (const w of list) postings[w] ??= [];
  items.forEach((f, i) => {
    for (let k = 0; k < f.text.length; k++) postings[f.text[k]]?.push(i);
  });
  return postings;
}

/**
 * The items whose lists `change` can alter (1 in the result): the changed items; the items carrying a
 * text word whose number of carriers changed while at most MAX_POSTING before or after (their rarest
 * words, or who shares them, may change; a word carried by more was never rare); and the items
 * sharing a title word with a changed title, old or new (title postings and title scores).
 */
export function reachedBy(items: Features[], words: readonly string[], df: Int32Array, change: FeatureChange): Uint8Array {
  const reached = new Uint8Array(items.length);
  for (const i of change.items) reached[i] = 1;
  const delta = new Map(change.textWords);
  const titleWords = new Set(change.titleWords);
  const inText = new Uint8Array(words.length);
  const inTitle = new Uint8Array(words.length);
  let texts = 0;
  let titles = 0;
  // A word no item carries now has no id; then no other item can be reached through it.
  for (let w = 0; w < words.length; w++) {
    const d = delta.get(words[w]);
    if (d !== undefined && Math.min(df[w], df[w] - d) <= MAX_POSTING) (inText[w] = 1), texts++;
    if (titleWords.has(words[w])) (inTitle[w] = 1), titles++;
  }
  if (texts + titles === 0) return reached;
  items.forEach((f, i) => {
    if (reached[i]) return;
    if (titles) for (let k = 0; k < f.title.length; k++) if (inTitle[f.title[k]]) return void (reached[i] = 1);
    if (texts) for (let k = 0; k < f.text.length; k++) if (inText[f.text[k]]) return void (reached[i] = 1);
  });
  return reached;
}

function invert(sets: Int32Array[]): Map<number, number[]> {
  const index = new Map<number, number[]>();
  sets.forEach((set, i) => set.forEach((id) => (index.get(id) ?? index.set(id, []).get(id)!).push(i)));
  return index;
}
