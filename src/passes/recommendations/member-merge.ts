/**
 * The members of many tag groups (each ascending) merged into one ascending list, only as far as it
 * is read: a walk down the items sharing only tags usually stops after a few dozen of thousands. A
 * heap of the groups' heads makes each step cost log(groups), not groups.
 */
export class MemberMerge {
  private merged: number[] = [];
  private heads: Int32Array;
  /** List numbers, a min-heap on each list's head item (lists are disjoint: no ties). */
  private heap: Int32Array;
  private size: number;

  constructor(private lists: readonly (readonly number[])[]) {
    this.heads = new Int32Array(lists.length);
    this.heap = new Int32Array(lists.length);
    let size = 0;
    lists.forEach((list, l) => list.length && (this.heap[size++] = l));
    this.size = size;
    for (let k = (size >> 1) - 1; k >= 0; k--) this.siftDown(k);
  }

  /** The k-th item of the merged list, or undefined past its end. */
  at(k: number): number | undefined {
    const { lists, heads, heap } = this;
    while (this.merged.length <= k) {
      if (this.size === 0) return undefined;
      const l = heap[0];
      this.merged.push(lists[l][heads[l]++]);
      if (heads[l] === lists[l].length) heap[0] = heap[--this.size];
      this.siftDown(0);
    }
    return this.merged[k];
  }

  private head(l: number): number {
    return this.lists[l][this.heads[l]];
  }

  private siftDown(k: number): void {
    const { heap, size } = this;
    const l = heap[k];
    const item = this.head(l);
    for (;;) {
      let child = 2 * k + 1;
      if (child >= size) break;
      if (child + 1 < size && this.head(heap[child + 1]) < this.head(heap[child])) child++;
      if (this.head(heap[child]) >= item) break;
      heap[k] = heap[child];
      k = child;
    }
    heap[k] = l;
  }
}
