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
import { MemberMerge } from './member-merge.js';
import { packLists, type PackedLists } from './packed-lists.js';
import { type Features, WEIGHTS } from './similarity.js';
import { groupByTags, type NearGroups, type TagGroups } from './tag-groups.js';
import { TopCandidates } from './top-candidates.js';

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
  const df = textFrequencies(items, options.words.length);
  const reached = options.change && reachedBy(items, options.words, df, options.change);
  const only = options.only ?? (() => true);
  const selected = reached ? (i: number) => reached[i] === 1 && only(i) : only;
  const selection = new Selection(items, options, df, selected);
  const lists: CandidateLists = { best: new Array(n), prerequisites: new Array(n), advanced: new Array(n) };
  selection.tagGroups.groups.forEach((group, g) => {
    if (group.members.some(selected)) selection.selectForGroup(g, lists);
  });
  return lists;
}

/**
 * What selection reads, made once: tag groups, titles and postings as typed arrays (the hot loops
 * read them for a thousand others per item), and the scratch tables reused for every item.
 */
class Selection {
  readonly tagGroups: TagGroups;
  private titles: PackedLists;
  private titlePostings: PackedLists;
  private rare: number[][];
  private textPostings: PackedLists;
  private termsByRank: number[][];
  private articlesByRank: number[][];
  private groupSize: Int32Array;
  /** Bucket numbers by (shared tags × stride + size), -1 between uses (jaccardLevels). */
  private bucketOf: Int32Array;
  private stride: number;
  /** The groups near the group being selected for, by how many tags they share with it. */
  private byShared: number[][];
  /** Per group, its tag Jaccard with the group being selected for (0 for groups sharing no tag). */
  private tagJaccard: Float64Array;
  private touchedMark: Int32Array;
  private sharedRare: Int32Array;
  private touched: Int32Array;
  private titleMember: Uint8Array;
  private top = new TopCandidates(CANDIDATES_PER_ITEM);

  constructor(items: Features[], private options: CandidateOptions, df: Int32Array, private selected: (i: number) => boolean) {
    const n = items.length;
    let universe = options.words.length;
    for (const f of items) for (const set of [f.tags, f.title]) for (let k = 0; k < set.length; k++) universe = Math.max(universe, set[k] + 1);
    this.tagGroups = groupByTags(items.map((f) => f.tags));
    this.titles = packLists(items.map((f) => f.title));
    this.titlePostings = invert(this.titles, universe);
    this.rare = rarestWords(items, df, options.words, selected);
    this.textPostings = postingsOf(items, this.rare, universe);
    const { groups } = this.tagGroups;
    const byRank = (a: number, b: number) => options.rank[a] - options.rank[b];
    this.termsByRank = groups.map((g) => g.members.filter(options.isTerm).sort(byRank));
    this.articlesByRank = groups.map((g) => g.members.filter((i) => !options.isTerm(i)).sort(byRank));
    this.groupSize = Int32Array.from(groups, (g) => g.tags.length);
    this.stride = this.groupSize.reduce((most, size) => Math.max(most, size), 0) + 1;
    this.bucketOf = new Int32Array(this.stride * this.stride).fill(-1);
    this.byShared = Array.from({ length: this.stride }, () => []);
    this.tagJaccard = new Float64Array(groups.length);
    this.touchedMark = new Int32Array(n).fill(-1);
    this.sharedRare = new Int32Array(n);
    this.touched = new Int32Array(n);
    this.titleMember = new Uint8Array(universe);
  }

  /** The lists of the selected members of group g: prerequisites and advanced are the group's. */
  selectForGroup(g: number, lists: CandidateLists): void {
    const { options, tagGroups } = this;
    const near = tagGroups.neighbours(g);
    const levels = this.jaccardLevels(g, near);
    const prerequisites = bestBySharedTags(this.byShared, this.termsByRank, 1, options.maxPrerequisites + 1, options.rank);
    const advanced = bestBySharedTags(this.byShared, this.articlesByRank, 2, options.maxAdvanced + 1, options.rank);
    for (const i of tagGroups.groups[g].members) {
      if (!this.selected(i)) continue;
      lists.prerequisites[i] = prerequisites.filter((j) => j !== i).slice(0, options.maxPrerequisites);
      lists.advanced[i] = advanced.filter((j) => j !== i).slice(0, options.maxAdvanced);
      lists.best[i] = this.best(i, levels);
    }
    for (let k = 0; k < near.count; k++) this.tagJaccard[near.groups[k]] = 0;
  }

  /** The groups near g bucketed by tag Jaccard, highest first; fills tagJaccard and byShared. */
  private jaccardLevels(g: number, near: NearGroups): JaccardLevel[] {
    const { groupSize, bucketOf, stride, byShared } = this;
    const size = groupSize[g];
    for (const list of byShared) list.length = 0;
    // Near groups sharing as many tags and of the same size have the same Jaccard: bucketed by those
    // two numbers in a table, then the few buckets by value (a Map per near group costs more).
    const keys: number[] = [];
    const buckets: number[][] = [];
    for (let k = 0; k < near.count; k++) {
      const h = near.groups[k];
      const shared = near.shared[h];
      this.tagJaccard[h] = shared / (size + groupSize[h] - shared);
      byShared[shared].push(h);
      const key = shared * stride + groupSize[h];
      let b = bucketOf[key];
      if (b < 0) (b = bucketOf[key] = keys.push(key) - 1), buckets.push([]);
      buckets[b].push(h);
    }
    const byValue = new Map<number, number[]>();
    keys.forEach((key, b) => {
      bucketOf[key] = -1;
      const shared = Math.floor(key / stride);
      const value = shared / (size + (key % stride) - shared);
      (byValue.get(value) ?? byValue.set(value, []).get(value)!).push(...buckets[b]);
    });
    const { groups } = this.tagGroups;
    return [...byValue.entries()]
      .sort((a, b) => b[0] - a[0])
      .map(([value, level]) => {
        let merge: MemberMerge | undefined;
        // Made when first read: most items stop walking after the first level or two.
        return { jaccard: value, member: (k: number) => (merge ??= new MemberMerge(level.map((h) => groups[h].members))).at(k) };
      });
  }

  /** Item i's best CANDIDATES_PER_ITEM others by partial score. */
  private best(i: number, levels: JaccardLevel[]): number[] {
    const { touchedMark, top } = this;
    const touchedCount = this.touch(i);
    this.scoreTouched(i, touchedCount);
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
    return top.indexes();
  }

  /** The others sharing a title word or a rare text word with item i (into `touched`, marked with i,
   * with how many rare words each shares); returns how many. */
  private touch(i: number): number {
    const { touchedMark, sharedRare, touched, titles, titlePostings: tp, textPostings: xp } = this;
    let count = 0;
    for (let p = titles.offsets[i]; p < titles.offsets[i + 1]; p++) {
      const w = titles.data[p];
      if (tp.offsets[w + 1] - tp.offsets[w] > MAX_POSTING) continue;
      for (let q = tp.offsets[w]; q < tp.offsets[w + 1]; q++) {
        const j = tp.data[q];
        if (j !== i && touchedMark[j] !== i) ((touchedMark[j] = i), (sharedRare[j] = 0), (touched[count++] = j));
      }
    }
    for (const w of this.rare[i]) {
      for (let q = xp.offsets[w]; q < xp.offsets[w + 1]; q++) {
        const j = xp.data[q];
        if (j === i) continue;
        if (touchedMark[j] !== i) ((touchedMark[j] = i), (sharedRare[j] = 0), (touched[count++] = j));
        sharedRare[j]++;
      }
    }
    return count;
  }

  /** Offers each touched other with its partial score: exact tag and title Jaccard, shared rare words. */
  private scoreTouched(i: number, touchedCount: number): void {
    const { touched, sharedRare, tagJaccard, titleMember, top } = this;
    const { offsets, data } = this.titles;
    const groupOf = this.tagGroups.groupOf;
    const rareCount = Math.max(1, this.rare[i].length);
    const own = offsets[i + 1] - offsets[i];
    for (let p = offsets[i]; p < offsets[i + 1]; p++) titleMember[data[p]] = 1;
    top.reset();
    for (let k = 0; k < touchedCount; k++) {
      const j = touched[k];
      let common = 0;
      for (let p = offsets[j]; p < offsets[j + 1]; p++) common += titleMember[data[p]];
      const other = offsets[j + 1] - offsets[j];
      const title = own === 0 && other === 0 ? 0 : common / (own + other - common);
      // The same arithmetic, in the same order, as jaccard() and similarity(): equal scores tie exactly.
      top.offer(j, WEIGHTS.tags * tagJaccard[groupOf[j]] + WEIGHTS.title * title + (WEIGHTS.text * sharedRare[j]) / rareCount);
    }
    for (let p = offsets[i]; p < offsets[i + 1]; p++) titleMember[data[p]] = 0;
  }
}

interface JaccardLevel {
  jaccard: number;
  /** The k-th member (ascending) of all the groups at this tag Jaccard, merged as far as it is read. */
  member(k: number): number | undefined;
}

/**
 * The best `limit` of `pool` members (per group, sorted by rank) in the near groups sharing at
 * least `minShared` tags (`byShared[s]`: those sharing s): more shared tags first, then by rank
 * (ranks are distinct).
 */
function bestBySharedTags(byShared: number[][], pool: number[][], minShared: number, limit: number, rank: Int32Array): number[] {
  const picked: number[] = [];
  const level: number[] = [];
  for (let shared = byShared.length - 1; shared >= minShared && picked.length < limit; shared--) {
    const need = limit - picked.length;
    level.length = 0;
    for (const h of byShared[shared]) {
      // Each group's list is in rank order: once one is not among the best so far, neither is the rest.
      const list = pool[h];
      for (let q = 0; q < need && q < list.length; q++) {
        const j = list[q];
        if (level.length === need && rank[j] > rank[level[need - 1]]) break;
        let at = level.length < need ? level.length : need - 1;
        while (at > 0 && rank[level[at - 1]] > rank[j]) (level[at] = level[at - 1]), at--;
        level[at] = j;
      }
    }
    picked.push(...level);
  }
  return picked;
}

/** Each item's RARE_WORDS rarest text words (fewest items carry them, then in word order): the ones that say most about a match. */
function rarestWords(items: Features[], df: Int32Array, words: readonly string[], only: (i: number) => boolean): number[][] {
  // Words in order once, not compared as text inside every item's sort.
  const order = new Int32Array(words.length);
  words.map((_, w) => w).filter((w) => df[w] > 0 && df[w] <= MAX_POSTING).sort((a, b) => (words[a] < words[b] ? -1 : words[a] > words[b] ? 1 : 0)).forEach((w, k) => (order[w] = k));
  return items.map((f, i) => {
    if (!only(i)) return [];
    const kept: number[] = [];
    for (const w of f.text) if (df[w] <= MAX_POSTING) kept.push(w);
    kept.sort((a, b) => df[a] - df[b] || order[a] - order[b]);
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

/** The items carrying each word of some `rare` list, ascending (list w; other words get none): the
 * only text postings selection reads. Common words, whose postings are the longest, are never listed. */
function postingsOf(items: Features[], rare: number[][], universe: number): PackedLists {
  const wanted = new Uint8Array(universe);
  for (const list of rare) for (const w of list) wanted[w] = 1;
  const lists: (number[] | undefined)[] = Array.from({ length: universe }, () => undefined);
  items.forEach((f, i) => {
    for (let k = 0; k < f.text.length; k++) if (wanted[f.text[k]]) (lists[f.text[k]] ??= []).push(i);
  });
  return packLists(lists);
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


/** The items carrying each id of `sets` (packed lists over items), ascending, as list id. */
function invert(sets: PackedLists, universe: number): PackedLists {
  const offsets = new Int32Array(universe + 1);
  for (let p = 0; p < sets.data.length; p++) offsets[sets.data[p] + 1]++;
  for (let w = 0; w < universe; w++) offsets[w + 1] += offsets[w];
  const data = new Int32Array(sets.data.length);
  const fill = offsets.slice(0, universe);
  for (let i = 0; i + 1 < sets.offsets.length; i++) for (let p = sets.offsets[i]; p < sets.offsets[i + 1]; p++) data[fill[sets.data[p]]++] = i;
  return { offsets, data };
}
