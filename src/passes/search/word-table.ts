/**
 * Numbers words found inside longer strings, without making a string of each occurrence: a word is
 * looked up by its characters where it stands (a hash and a comparison in place), and a string is
 * made only the first time it is seen. The site search reads every word of every document (15
 * million at 10,000 articles): slicing and hashing each as a string of its own was most of the
 * time its index took (measured with npm run bench).
 */
/** The hash a word is looked up by: h × 31 + each character code, in 32 bits. */
export function hashOf(text: string, start: number, end: number): number {
  let h = 0;
  for (let k = start; k < end; k++) h = (Math.imul(h, 31) + text.charCodeAt(k)) | 0;
  return h;
}

export class WordTable {
  readonly words: string[] = [];
  private hashes: number[] = [];
  /** Open addressing: a word's number + 1 per slot, 0 when free; kept at most half full. */
  private slots = new Int32Array(1024);

  /** The number of text[start, end), adding it when new. `hash`: hashOf(text, start, end), when the
   * caller took it while reading the word. */
  idOf(text: string, start: number, end: number, hash = hashOf(text, start, end)): number {
    const h = hash;
    const mask = this.slots.length - 1;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot] - 1;
      if (id < 0) return this.add(text.slice(start, end), h, slot);
      if (this.hashes[id] === h && this.sameAs(this.words[id], text, start, end)) return id;
    }
  }

  private sameAs(word: string, text: string, start: number, end: number): boolean {
    if (word.length !== end - start) return false;
    for (let k = 0; k < word.length; k++) if (word.charCodeAt(k) !== text.charCodeAt(start + k)) return false;
    return true;
  }

  private add(word: string, h: number, slot: number): number {
    const id = this.words.length;
    this.words.push(word);
    this.hashes.push(h);
    this.slots[slot] = id + 1;
    if (this.words.length * 2 > this.slots.length) {
      this.slots = new Int32Array(this.slots.length * 2);
      const mask = this.slots.length - 1;
      this.hashes.forEach((hash, n) => {
        let s = hash & mask;
        while (this.slots[s] !== 0) s = (s + 1) & mask;
        this.slots[s] = n + 1;
      });
    }
    return id;
  }
}
