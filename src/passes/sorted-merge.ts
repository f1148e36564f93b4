/**
 * Sorted lists of item numbers merged into one sorted list, only as far as it is read: a walk down
 * the best candidates usually stops after a few dozen items of thousands (backlinks.ts,
 * recommendations/candidates.ts).
 */
export class SortedMerge {
  private merged: number[] = [];
  private heads: number[];

  /** `lists`, each ascending by `key[item]` (by the item itself without `key`). */
  constructor(
    private lists: readonly (readonly number[])[],
    private key?: Int32Array,
  ) {
    this.heads = lists.map(() => 0);
  }

  /** The k-th item of the merged list, or undefined past its end. */
  at(k: number): number | undefined {
    const { lists, heads, key } = this;
    while (this.merged.length <= k) {
      let best = -1;
      let bestKey = 0;
      for (let l = 0; l < lists.length; l++) {
        if (heads[l] >= lists[l].length) continue;
        const item = lists[l][heads[l]];
        const itemKey = key ? key[item] : item;
        if (best < 0 || itemKey < bestKey) (best = l), (bestKey = itemKey);
      }
      if (best < 0) return undefined;
      this.merged.push(lists[best][heads[best]++]);
    }
    return this.merged[k];
  }
}
