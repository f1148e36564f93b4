/**
 * What a build left in its output folder, file by file: path, size, modification time and
 * fingerprint (what the file was made from, to reuse it by; '' for a file that cannot be reused),
 * sorted by path. Kept in columns, as the build state stores them (up-to-date.ts): each of paths and
 * fingerprints one string joined by NUL with the offset of each piece, sizes and times in one
 * Float64Array. At 50,000 articles an output folder holds 424,000 files: split into a string per
 * path and per fingerprint, with a Map of the paths, the records made 850,000 strings in every
 * rebuild, each copied out of the young generation and walked by every full collection, and were
 * joined again to be saved (together about two seconds of a one-change rebuild there).
 * A path is looked up in a table of its own (open addressing on the paths' hashes), compared where
 * it lies in the joined string; a commit's records copy the kept runs of the last ones whole.
 * Reads: nothing. Writes: nothing.
 */

/** One file's record. */
export interface OutputRecord {
  fingerprint: string;
  size: number;
  mtimeMs: number;
}

/** A joined column: its text, and where each piece starts (one more than there are pieces: the
 * last is the text's length + 1, as if it ended with a separator). */
interface Column {
  text: string;
  starts: Int32Array;
}

export class OutputRecords {
  /** Open-addressing table of the paths (position + 1; 0 when empty), made on the first `find`. */
  private table?: Int32Array;
  private split?: string[];
  /** Fingerprints changed in place (`update`), by position: folded into the column when it is next read whole. */
  private changed?: Map<number, string>;

  private constructor(
    private readonly pathColumn: Column,
    private fingerprintColumn: Column,
    /** Each file's size and modification time, in turn. */
    private readonly numbers: Float64Array,
  ) {}

  /** Records in any order (sorted here). */
  static from(records: Iterable<[path: string, record: OutputRecord]>): OutputRecords {
    const sorted = [...records].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const numbers = new Float64Array(2 * sorted.length);
    sorted.forEach(([, r], i) => ((numbers[2 * i] = r.size), (numbers[2 * i + 1] = r.mtimeMs)));
    return new OutputRecords(
      columnOf(sorted.map(([p]) => p)),
      columnOf(sorted.map(([, r]) => r.fingerprint)),
      numbers,
    );
  }

  /** Records as stored (`columns`). Throws when the columns do not agree on how many files there are. */
  static fromColumns(paths: string, fingerprints: string, numbers: Float64Array): OutputRecords {
    // No path is empty, but a fingerprint may be: one file without one is stored as ''.
    const count = paths === '' ? 0 : numbers.length / 2;
    if (paths !== '' && !(count >= 1)) throw new Error('the output records hold paths but no sizes');
    const records = new OutputRecords(splitColumn(paths, count), splitColumn(fingerprints, count), numbers);
    // Saved sorted (merged, from); `merged` and `seek` rely on it, so anything else is put in order.
    for (let i = 1; i < count; i++) if (records.comparePaths(i - 1, i) >= 0) return OutputRecords.from(records.paths.map((p, k) => [p, records.recordAt(k)]));
    return records;
  }

  get count(): number {
    return this.pathColumn.starts.length - 1;
  }

  /** Every path, in order (one string each, made on first use: for a loop over all of them). */
  get paths(): readonly string[] {
    return (this.split ??= Array.from({ length: this.count }, (_, i) => this.pathAt(i)));
  }

  pathAt(i: number): string {
    const { text, starts } = this.pathColumn;
    return text.slice(starts[i], starts[i + 1] - 1);
  }

  /** The position of `path`'s record, or -1. The first call indexes every path: for a few
   * lookups, `seek`. */
  find(path: string): number {
    const table = (this.table ??= this.index());
    const mask = table.length - 1;
    const { text, starts } = this.pathColumn;
    for (let slot = hashOf(path, 0, path.length) & mask; ; slot = (slot + 1) & mask) {
      const at = table[slot] - 1;
      if (at < 0) return -1;
      if (starts[at + 1] - 1 - starts[at] === path.length && text.startsWith(path, starts[at])) return at;
    }
  }

  /** As `find`, by binary search in the sorted paths. */
  seek(path: string): number {
    let [lo, hi] = [0, this.count - 1];
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.comparePath(path, mid);
      if (c === 0) return mid;
      if (c > 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  fingerprintAt(i: number): string {
    const changed = this.changed?.get(i);
    if (changed !== undefined) return changed;
    const { text, starts } = this.fingerprintColumn;
    return text.slice(starts[i], starts[i + 1] - 1);
  }

  /** Whether the record at `i` has a fingerprint (a file that can be reused by one). */
  hasFingerprint(i: number): boolean {
    const changed = this.changed?.get(i);
    if (changed !== undefined) return changed !== '';
    const { starts } = this.fingerprintColumn;
    return starts[i + 1] - 1 > starts[i];
  }

  /** Whether the record at `i` has the fingerprint `fingerprint` (without making a string of its own). */
  fingerprintIs(i: number, fingerprint: string): boolean {
    const changed = this.changed?.get(i);
    if (changed !== undefined) return changed === fingerprint;
    const { text, starts } = this.fingerprintColumn;
    return starts[i + 1] - 1 - starts[i] === fingerprint.length && text.startsWith(fingerprint, starts[i]);
  }

  sizeAt(i: number): number {
    return this.numbers[2 * i];
  }

  mtimeAt(i: number): number {
    return this.numbers[2 * i + 1];
  }

  /** `path`'s record, when it has one. */
  get(path: string): OutputRecord | undefined {
    const i = this.find(path);
    return i < 0 ? undefined : this.recordAt(i);
  }

  private recordAt(i: number): OutputRecord {
    return { fingerprint: this.fingerprintAt(i), size: this.sizeAt(i), mtimeMs: this.mtimeAt(i) };
  }

  /** Records a file rewritten in place (the change record of a rebuild that changed nothing). */
  update(i: number, record: OutputRecord): void {
    (this.changed ??= new Map()).set(i, record.fingerprint);
    this.numbers[2 * i] = record.size;
    this.numbers[2 * i + 1] = record.mtimeMs;
  }

  /** The columns as stored: paths and fingerprints joined by NUL (neither holds one), and the numbers. */
  columns(): { paths: string; fingerprints: string; numbers: Float64Array } {
    return { paths: this.pathColumn.text, fingerprints: this.fingerprints().text, numbers: this.numbers };
  }

  /**
   * The records of `kept` (positions in these records) and of `written` (sorted, with their new
   * records), merged in path order; a path in both takes its written record. Runs of kept records
   * are copied as they lie in the columns.
   */
  merged(kept: Uint8Array, written: readonly string[], recordOf: (path: string) => OutputRecord): OutputRecords {
    const fingerprints = this.fingerprints();
    const n = this.count;
    let total = written.length;
    for (let i = 0; i < n; i++) total += kept[i];
    const paths = new ColumnWriter(total);
    const prints = new ColumnWriter(total);
    const numbers = new Float64Array(2 * total);
    let k = 0; // records added
    let runStart = -1; // the kept run not yet copied: records runStart..i-1
    const copyRun = (end: number) => {
      if (runStart < 0) return;
      paths.copy(this.pathColumn, runStart, end);
      prints.copy(fingerprints, runStart, end);
      numbers.set(this.numbers.subarray(2 * runStart, 2 * end), 2 * k);
      k += end - runStart;
      runStart = -1;
    };
    let w = 0;
    for (let i = 0; i <= n; i++) {
      // The written paths that sort before this record (or are it: it is then replaced).
      let replaced = false;
      while (w < written.length && (i === n || this.comparePath(written[w], i) <= 0)) {
        copyRun(i);
        replaced = i < n && this.comparePath(written[w], i) === 0;
        const r = recordOf(written[w]);
        paths.add(written[w]);
        prints.add(r.fingerprint);
        numbers[2 * k] = r.size;
        numbers[2 * k + 1] = r.mtimeMs;
        k++;
        w++;
      }
      if (i < n && kept[i] && !replaced) {
        if (runStart < 0) runStart = i;
      } else copyRun(i);
    }
    // Fewer than counted when a kept file was written again: the numbers cut to those added.
    return new OutputRecords(paths.done(), prints.done(), k === total ? numbers : numbers.slice(0, 2 * k));
  }

  /** The fingerprint column with the changes made in place folded in. */
  private fingerprints(): Column {
    if (this.changed) {
      this.fingerprintColumn = columnOf(Array.from({ length: this.count }, (_, i) => this.fingerprintAt(i)));
      this.changed = undefined;
    }
    return this.fingerprintColumn;
  }

  /** `path` compared with the path at `i`, as `<` compares strings (by UTF-16 code units). */
  private comparePath(path: string, i: number): number {
    const { text, starts } = this.pathColumn;
    const start = starts[i];
    const length = starts[i + 1] - 1 - start;
    const common = Math.min(path.length, length);
    for (let c = 0; c < common; c++) {
      const d = path.charCodeAt(c) - text.charCodeAt(start + c);
      if (d !== 0) return d;
    }
    return path.length - length;
  }

  /** The path at `a` compared with the path at `b`. */
  private comparePaths(a: number, b: number): number {
    const { text, starts } = this.pathColumn;
    const [sa, sb] = [starts[a], starts[b]];
    const [la, lb] = [starts[a + 1] - 1 - sa, starts[b + 1] - 1 - sb];
    const common = Math.min(la, lb);
    for (let c = 0; c < common; c++) {
      const d = text.charCodeAt(sa + c) - text.charCodeAt(sb + c);
      if (d !== 0) return d;
    }
    return la - lb;
  }

  private index(): Int32Array {
    const { text, starts } = this.pathColumn;
    const n = this.count;
    let size = 16;
    while (size < 2 * n) size *= 2;
    const table = new Int32Array(size);
    const mask = size - 1;
    for (let i = 0; i < n; i++) {
      let slot = hashOf(text, starts[i], starts[i + 1] - 1) & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = i + 1;
    }
    return table;
  }
}

/** FNV-1a over the UTF-16 code units of `text` from `start` to `end`. */
function hashOf(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let c = start; c < end; c++) h = Math.imul(h ^ text.charCodeAt(c), 0x01000193);
  return h >>> 0;
}

function columnOf(pieces: readonly string[]): Column {
  const starts = new Int32Array(pieces.length + 1);
  let at = 0;
  for (let i = 0; i < pieces.length; i++) {
    starts[i] = at;
    at += pieces[i].length + 1;
  }
  starts[pieces.length] = at;
  return { text: pieces.join('\0'), starts };
}

/** A stored column of `count` pieces: where each starts. Throws when it holds another number of them. */
function splitColumn(text: string, count: number): Column {
  const starts = new Int32Array(count + 1);
  let at = 0;
  for (let i = 1; i < count; i++) {
    const nul = text.indexOf('\0', at);
    if (nul < 0) throw new Error(`a column of the output records holds ${i} entries, not ${count}`);
    starts[i] = at = nul + 1;
  }
  if (count > 0 && text.indexOf('\0', at) >= 0) throw new Error(`a column of the output records holds more than ${count} entries`);
  starts[count] = count > 0 ? text.length + 1 : 0;
  return { text: count > 0 ? text : '', starts };
}

/** A column put together from runs of another's and single pieces. */
class ColumnWriter {
  private readonly parts: string[] = [];
  private readonly starts: Int32Array;
  private at = 0;
  private k = 0;

  constructor(count: number) {
    this.starts = new Int32Array(count + 1);
  }

  add(piece: string): void {
    this.starts[this.k++] = this.at;
    this.parts.push(piece);
    this.at += piece.length + 1;
  }

  /** Pieces `from` to `to` (exclusive) of `column`, as one slice of its text. */
  copy(column: Column, from: number, to: number): void {
    const base = column.starts[from];
    for (let i = from; i < to; i++) this.starts[this.k++] = this.at + column.starts[i] - base;
    this.parts.push(column.text.slice(base, column.starts[to] - 1));
    this.at += column.starts[to] - base;
  }

  done(): Column {
    this.starts[this.k] = this.at;
    return { text: this.parts.join('\0'), starts: this.starts.subarray(0, this.k + 1) };
  }
}

/** Each of `names` → its position. (A loop of set() calls: a third faster than a Map made from
 * pairs, which are made first, for 424,000 paths.) */
export function indexOf(names: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  for (let i = 0; i < names.length; i++) index.set(names[i], i);
  return index;
}
