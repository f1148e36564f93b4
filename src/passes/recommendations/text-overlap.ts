/**
 * How many text words item i shares with each of its candidates (recommendationsFor scores forty
 * per item, so this is the innermost loop of recommendations). Two ways, the same counts:
 * - bitsets, one per item over the whole vocabulary, when they take no more room than the word lists
 *   (small vocabularies whose words most texts use: a generated corpus, a small site): reading forty
 *   sets of a few dozen bytes each stays in the cache, where forty lists of hundreds of ids do not;
 * - otherwise a membership table of i's words, looked up for each word of the other.
 */
import type { PackedLists } from './packed-lists.js';

export class TextOverlap {
  private member?: Uint8Array;
  private bits?: Int32Array;
  private stride: number;
  private loaded = -1;

  /** `packed`: item i's text set is list 3i + 2 (RecFeatures.packed); ids below `universe`.
   * `bitsets`: force one way (tests); by default, bitsets when they are no bigger than the lists. */
  constructor(private packed: PackedLists, universe: number, bitsets?: boolean) {
    const { offsets } = packed;
    const n = (offsets.length - 1) / 3;
    this.stride = (universe + 31) >>> 5;
    let ids = 0;
    for (let i = 0; i < n; i++) ids += offsets[3 * i + 3] - offsets[3 * i + 2];
    if (bitsets ?? this.stride * n <= ids) this.bits = bitsetsOf(packed, n, this.stride);
    else this.member = new Uint8Array(universe);
  }

  /** The number of text words of item i. */
  size(i: number): number {
    return this.packed.offsets[3 * i + 3] - this.packed.offsets[3 * i + 2];
  }

  /** Makes i the item `common` compares with. */
  load(i: number): void {
    const { member } = this;
    if (!member || i === this.loaded) return (void (this.loaded = i));
    const { offsets, data } = this.packed;
    if (this.loaded >= 0) for (let p = offsets[3 * this.loaded + 2]; p < offsets[3 * this.loaded + 3]; p++) member[data[p]] = 0;
    for (let p = offsets[3 * i + 2]; p < offsets[3 * i + 3]; p++) member[data[p]] = 1;
    this.loaded = i;
  }

  /** How many text words the loaded item shares with item j. */
  common(j: number): number {
    const { bits, stride } = this;
    let common = 0;
    if (bits) {
      const a = this.loaded * stride;
      const b = j * stride;
      for (let w = 0; w < stride; w++) common += popcount(bits[a + w] & bits[b + w]);
      return common;
    }
    const { offsets, data } = this.packed;
    const member = this.member!;
    const end = offsets[3 * j + 3];
    for (let p = offsets[3 * j + 2]; p < end; p++) common += member[data[p]];
    return common;
  }
}

function bitsetsOf(packed: PackedLists, n: number, stride: number): Int32Array {
  const { offsets, data } = packed;
  const bits = new Int32Array(n * stride);
  for (let i = 0; i < n; i++) for (let p = offsets[3 * i + 2]; p < offsets[3 * i + 3]; p++) bits[i * stride + (data[p] >>> 5)] |= 1 << (data[p] & 31);
  return bits;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
