/**
 * A list of names (paths, fingerprints) as one string joined by NUL, with where each starts: the
 * form the build state stores them in and the file thread sends a listing in, kept so. At 50,000
 * articles an output folder holds 424,000 files; a string per path and per fingerprint, and Maps
 * of them, made well over a million strings in every rebuild, each copied out of the young
 * generation and walked by every full collection. A name is looked up in an open-addressing table
 * of its own (built on the first lookup) and compared where it lies.
 * Reads: nothing. Writes: nothing.
 */

export class JoinedNames {
  /** Position + 1 of the name in each slot, 0 when empty (find). */
  private table?: Int32Array;
  private split?: string[];

  private constructor(
    readonly text: string,
    /** Where each name starts, and one more: the text's length + 1, as if it ended with a NUL. */
    private readonly starts: Int32Array,
  ) {}

  static of(names: readonly string[]): JoinedNames {
    const starts = new Int32Array(names.length + 1);
    let at = 0;
    for (let i = 0; i < names.length; i++) {
      starts[i] = at;
      at += names[i].length + 1;
    }
    starts[names.length] = at;
    return new JoinedNames(names.join('\0'), starts);
  }

  /** `text` as joined: `count` names (throws when it holds another number), or as many as it holds
   * ('' holding none). */
  static parse(text: string, count?: number): JoinedNames {
    const n = count ?? (text === '' ? 0 : occurrences(text, '\0') + 1);
    const starts = new Int32Array(n + 1);
    let at = 0;
    for (let i = 1; i < n; i++) {
      const nul = text.indexOf('\0', at);
      if (nul < 0) throw new Error(`a list of names holds ${i}, not ${n}`);
      starts[i] = at = nul + 1;
    }
    if (n > 0 && text.indexOf('\0', at) >= 0) throw new Error(`a list of names holds more than ${n}`);
    starts[n] = n > 0 ? text.length + 1 : 0;
    return new JoinedNames(n > 0 ? text : '', starts);
  }

  get count(): number {
    return this.starts.length - 1;
  }

  at(i: number): string {
    return this.text.slice(this.starts[i], this.starts[i + 1] - 1);
  }

  /** Every name, a string each (made on first use: for a loop over all of them). */
  all(): readonly string[] {
    return (this.split ??= Array.from({ length: this.count }, (_, i) => this.at(i)));
  }

  lengthOf(i: number): number {
    return this.starts[i + 1] - 1 - this.starts[i];
  }

  /** The name at `i` is `name` (without making a string of it). */
  is(i: number, name: string): boolean {
    return this.lengthOf(i) === name.length && this.text.startsWith(name, this.starts[i]);
  }

  /** The position of `name`, or -1. The first call indexes every name. */
  find(name: string): number {
    const table = (this.table ??= this.index());
    const mask = table.length - 1;
    for (let slot = fnv1a(name, 0, name.length) & mask; ; slot = (slot + 1) & mask) {
      const at = table[slot] - 1;
      if (at < 0) return -1;
      if (this.is(at, name)) return at;
    }
  }

  /** The position of `other`'s name `j` among these, or -1 (without making a string of it). */
  findNameOf(other: JoinedNames, j: number): number {
    const table = (this.table ??= this.index());
    const mask = table.length - 1;
    const [start, length] = [other.starts[j], other.lengthOf(j)];
    for (let slot = fnv1a(other.text, start, start + length) & mask; ; slot = (slot + 1) & mask) {
      const at = table[slot] - 1;
      if (at < 0) return -1;
      if (this.lengthOf(at) === length && sameChars(this.text, this.starts[at], other.text, start, length)) return at;
    }
  }

  /** `name` compared with the name at `i`, as `<` compares strings (by UTF-16 code units). */
  compare(name: string, i: number): number {
    const [start, length] = [this.starts[i], this.lengthOf(i)];
    const common = Math.min(name.length, length);
    for (let c = 0; c < common; c++) {
      const d = name.charCodeAt(c) - this.text.charCodeAt(start + c);
      if (d !== 0) return d;
    }
    return name.length - length;
  }

  /** The name at `a` compared with the name at `b`. */
  compareAt(a: number, b: number): number {
    const [sa, sb, la, lb] = [this.starts[a], this.starts[b], this.lengthOf(a), this.lengthOf(b)];
    const common = Math.min(la, lb);
    for (let c = 0; c < common; c++) {
      const d = this.text.charCodeAt(sa + c) - this.text.charCodeAt(sb + c);
      if (d !== 0) return d;
    }
    return la - lb;
  }

  private index(): Int32Array {
    const n = this.count;
    let size = 16;
    while (size < 2 * n) size *= 2;
    const table = new Int32Array(size);
    const mask = size - 1;
    for (let i = 0; i < n; i++) {
      let slot = fnv1a(this.text, this.starts[i], this.starts[i + 1] - 1) & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = i + 1;
    }
    return table;
  }

  /** For JoinedNamesWriter: names `from` to `to` (exclusive) as they lie, and where each starts. */
  run(from: number, to: number): { text: string; starts: Int32Array } {
    return { text: this.text.slice(this.starts[from], this.starts[to] - 1), starts: this.starts.subarray(from, to + 1) };
  }

  /** For JoinedNamesWriter. */
  static made(text: string, starts: Int32Array): JoinedNames {
    return new JoinedNames(text, starts);
  }
}

/** Joined names put together from single names and runs of another list's. */
export class JoinedNamesWriter {
  private readonly parts: string[] = [];
  private readonly starts: Int32Array;
  private at = 0;
  private k = 0;

  constructor(count: number) {
    this.starts = new Int32Array(count + 1);
  }

  add(name: string): void {
    this.starts[this.k++] = this.at;
    this.parts.push(name);
    this.at += name.length + 1;
  }

  /** Names `from` to `to` (exclusive) of `names`, as one slice of its text. */
  copy(names: JoinedNames, from: number, to: number): void {
    const { text, starts } = names.run(from, to);
    const base = starts[0];
    for (let i = 0; i < to - from; i++) this.starts[this.k++] = this.at + starts[i] - base;
    this.parts.push(text);
    this.at += starts[to - from] - base;
  }

  done(): JoinedNames {
    this.starts[this.k] = this.at;
    return JoinedNames.made(this.parts.join('\0'), this.starts.slice(0, this.k + 1));
  }
}

/** FNV-1a over the UTF-16 code units of `text` from `start` to `end`. */
function fnv1a(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let c = start; c < end; c++) h = Math.imul(h ^ text.charCodeAt(c), 0x01000193);
  return h >>> 0;
}

function sameChars(a: string, at: number, b: string, bt: number, length: number): boolean {
  for (let c = 0; c < length; c++) if (a.charCodeAt(at + c) !== b.charCodeAt(bt + c)) return false;
  return true;
}

function occurrences(text: string, char: string): number {
  let n = 0;
  for (let at = text.indexOf(char); at >= 0; at = text.indexOf(char, at + 1)) n++;
  return n;
}
