/**
 * Interns words as integers in order of first use, reading each word where it lies in a longer text:
 * the word's characters are hashed and matched against the words known, and only a new word is cut
 * out as a string. Interning every article's words is on the build's critical path (the shards wait
 * for the recommendation features it makes); at 10,000 articles (2.2 million words, nearly all known
 * already) this takes half the time of splitting each text and looking every piece up in a Map.
 * Ids are exactly those of a Map from word to id (similarity.test.ts checks them against one).
 * An item's ids are then sorted (sortIds), so that comparing two sets is one merge.
 */
export class WordIds {
  /** The word of each id. */
  readonly words: string[];
  /** Open addressing: per slot, the id of its word plus one (0: empty), and the word's hash. */
  private slots = new Int32Array(0);
  private hashes = new Int32Array(0);

  /** `start`: the words of ids 0, 1, …, as an earlier vocabulary gave them (a word listed twice has
   * the later id, as in a Map). The table is made when first asked for an id. */
  constructor(start: readonly string[] = []) {
    this.words = [...start];
  }

  get size(): number {
    return this.words.length;
  }

  /** The id of `text.slice(start, end)`, interned if new. */
  idOf(text: string, start = 0, end = text.length): number {
    if (this.slots.length === 0) this.index();
    const h = hashOf(text, start, end);
    const slot = this.find(h, text, start, end);
    if (this.slots[slot] !== 0) return this.slots[slot] - 1;
    const id = this.words.length;
    this.words.push(text.slice(start, end));
    this.put(slot, h, id);
    return id;
  }

  /** The ids of the words of `joined` (words separated by single spaces), in order. */
  idsOfJoined(joined: string): Int32Array {
    let count = 1;
    for (let p = joined.indexOf(' '); p !== -1; p = joined.indexOf(' ', p + 1)) count++;
    const ids = new Int32Array(count);
    for (let k = 0, start = 0; k < count; k++) {
      const space = joined.indexOf(' ', start);
      const end = space === -1 ? joined.length : space;
      ids[k] = this.idOf(joined, start, end);
      start = end + 1;
    }
    return ids;
  }

  /** The slot holding the word (hash `h`), or the empty slot where it goes. */
  private find(h: number, text: string, start: number, end: number): number {
    const mask = this.slots.length - 1;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot];
      if (held === 0) return slot;
      if (this.hashes[slot] === h) {
        const word = this.words[held - 1];
        if (word.length === end - start && text.startsWith(word, start)) return slot;
      }
    }
  }

  private put(slot: number, h: number, id: number): void {
    this.slots[slot] = id + 1;
    this.hashes[slot] = h;
    // At most half full, so probes stay short.
    if (2 * this.words.length > this.slots.length) this.index();
  }

  /** (Re)makes the table, four times the number of words, from the word list. */
  private index(): void {
    let size = 1024;
    while (size < 4 * this.words.length) size *= 2;
    this.slots = new Int32Array(size);
    this.hashes = new Int32Array(size);
    this.words.forEach((word, id) => {
      const h = hashOf(word, 0, word.length);
      const slot = this.find(h, word, 0, word.length);
      this.slots[slot] = id + 1;
      this.hashes[slot] = h;
    });
  }
}

/** FNV-1a over the UTF-16 code units of `text.slice(start, end)`. */
function hashOf(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

const counts = new Int32Array(257);
let spare = new Int32Array(1024);

/**
 * Sorts non-negative ids in place, ascending: a radix sort, a byte at a time, for lists long enough
 * to gain from it (an article's words, a few hundred ids: twice as fast as `Int32Array.sort`, which
 * took more than half the time of making the articles' word sets); `sort` for short ones.
 */
export function sortIds(ids: Int32Array): Int32Array {
  const n = ids.length;
  if (n < 64) return ids.sort();
  let max = 0;
  for (let i = 0; i < n; i++) if (ids[i] > max) max = ids[i];
  if (spare.length < n) spare = new Int32Array(2 * n);
  let from: Int32Array = ids;
  let to: Int32Array = spare;
  for (let shift = 0; shift < 32 && (shift === 0 || max >>> shift > 0); shift += 8) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[((from[i] >>> shift) & 255) + 1]++;
    for (let b = 1; b < 257; b++) counts[b] += counts[b - 1];
    for (let i = 0; i < n; i++) to[counts[(from[i] >>> shift) & 255]++] = from[i];
    const sorted = to;
    to = from;
    from = sorted;
  }
  if (from !== ids) ids.set(from.subarray(0, n));
  return ids;
}
