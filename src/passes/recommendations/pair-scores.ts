/**
 * similarity() (similarity.ts) of one item with each of many: recommendationsFor scores forty per
 * item. Read from tables made once per set of features: every item's tag and title sets side by side
 * in one small array (read for every candidate; in the packed features each item's text list lies
 * between them and the next item's, spreading them over megabytes), and text words as TextOverlap
 * counts them. The same arithmetic as similarity(), so equal scores tie exactly.
 */
import { packLists, type PackedLists } from './packed-lists.js';
import { WEIGHTS } from './similarity.js';
import { TextOverlap } from './text-overlap.js';

export class PairScores {
  /** Item i's tag set is list 2i, its title set list 2i + 1. */
  private small: PackedLists;
  private text: TextOverlap;

  /** `packed`: item i's tag, title and text sets are its lists 3i, 3i + 1 and 3i + 2 (RecFeatures). */
  constructor(packed: PackedLists, universe: number) {
    const { offsets, data } = packed;
    const n = (offsets.length - 1) / 3;
    const lists: Int32Array[] = [];
    for (let i = 0; i < n; i++) lists.push(data.subarray(offsets[3 * i], offsets[3 * i + 1]), data.subarray(offsets[3 * i + 1], offsets[3 * i + 2]));
    this.small = packLists(lists);
    this.text = new TextOverlap(packed, universe);
  }

  /** similarity(i, j) for each j of `others`. */
  similarities(i: number, others: readonly number[]): Float64Array {
    const { text } = this;
    text.load(i);
    const scores = new Float64Array(others.length);
    for (let k = 0; k < others.length; k++) {
      const j = others[k];
      const words = jaccardOf(text.common(j), text.size(i), text.size(j));
      scores[k] = WEIGHTS.tags * this.jaccard(2 * i, 2 * j) + WEIGHTS.title * this.jaccard(2 * i + 1, 2 * j + 1) + WEIGHTS.text * words;
    }
    return scores;
  }

  /** Whether the titles of i and j share a word. */
  titlesMeet(i: number, j: number): boolean {
    return this.jaccard(2 * i + 1, 2 * j + 1) > 0;
  }

  /** jaccard() of small lists a and b (sorted ids). */
  private jaccard(a: number, b: number): number {
    const { offsets, data } = this.small;
    let p = offsets[a];
    let q = offsets[b];
    const pEnd = offsets[a + 1];
    const qEnd = offsets[b + 1];
    let common = 0;
    while (p < pEnd && q < qEnd) {
      if (data[p] === data[q]) (common++, p++, q++);
      else if (data[p] < data[q]) p++;
      else q++;
    }
    return jaccardOf(common, pEnd - offsets[a], qEnd - offsets[b]);
  }
}

/** |A ∩ B| / |A ∪ B| from the sizes, as jaccard() computes it: 0 when both are empty. */
const jaccardOf = (common: number, a: number, b: number) => (a === 0 && b === 0 ? 0 : common / (a + b - common));
