/**
 * What a build left in its output folder, file by file: path, size, modification time and
 * fingerprint (what the file was made from, to reuse it by; '' for a file that cannot be reused),
 * sorted by path. Kept in columns, as the build state stores them (up-to-date.ts): at 50,000
 * articles an output folder holds 424,000 files, and one object per file (with a tuple per file to
 * read and save the state) made well over a million objects in every rebuild, each copied out of
 * the young generation and then walked by every full collection.
 * Reads: nothing. Writes: nothing.
 */

/** One file's record. */
export interface OutputRecord {
  fingerprint: string;
  size: number;
  mtimeMs: number;
}

export class OutputRecords {
  private index?: Map<string, number>;

  /** `numbers`: each file's size and modification time, in turn. */
  constructor(
    readonly paths: readonly string[],
    private readonly fingerprints: string[],
    private readonly numbers: Float64Array,
  ) {}

  /** Records in any order (sorted here). */
  static from(records: Iterable<[path: string, record: OutputRecord]>): OutputRecords {
    const sorted = [...records].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const numbers = new Float64Array(2 * sorted.length);
    sorted.forEach(([, r], i) => ((numbers[2 * i] = r.size), (numbers[2 * i + 1] = r.mtimeMs)));
    return new OutputRecords(
      sorted.map(([p]) => p),
      sorted.map(([, r]) => r.fingerprint),
      numbers,
    );
  }

  get count(): number {
    return this.paths.length;
  }

  /** The position of `path`'s record, or -1. The first call indexes every path: for a few
   * lookups, `seek`. */
  find(path: string): number {
    this.index ??= indexOf(this.paths);
    return this.index.get(path) ?? -1;
  }

  /** As `find`, by binary search in the sorted paths. */
  seek(path: string): number {
    let [lo, hi] = [0, this.paths.length - 1];
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const p = this.paths[mid];
      if (p === path) return mid;
      if (p < path) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  fingerprintAt(i: number): string {
    return this.fingerprints[i];
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
    return { fingerprint: this.fingerprints[i], size: this.sizeAt(i), mtimeMs: this.mtimeAt(i) };
  }

  /** Records a file rewritten in place (the change record of a rebuild that changed nothing). */
  update(i: number, record: OutputRecord): void {
    this.fingerprints[i] = record.fingerprint;
    this.numbers[2 * i] = record.size;
    this.numbers[2 * i + 1] = record.mtimeMs;
  }

  /** The columns as stored: paths and fingerprints joined by NUL (neither holds one), and the numbers. */
  columns(): { paths: string; fingerprints: string; numbers: Float64Array } {
    return { paths: this.paths.join('\0'), fingerprints: this.fingerprints.join('\0'), numbers: this.numbers };
  }

  static fromColumns(paths: string, fingerprints: string, numbers: Float64Array): OutputRecords {
    // No path is empty, but a fingerprint may be: one file without one is stored as ''.
    const list = paths === '' ? [] : paths.split('\0');
    const records = new OutputRecords(list, list.length ? fingerprints.split('\0') : [], numbers);
    // Saved sorted (merged, from); `merged` and `seek` rely on it, so anything else is put in order.
    for (let i = 1; i < list.length; i++) if (!(list[i - 1] < list[i])) return OutputRecords.from(list.map((p, k) => [p, records.recordAt(k)]));
    return records;
  }

  /**
   * The records of `kept` (positions in these records) and of `written` (sorted, with their new
   * records), merged in path order; a path in both takes its written record.
   */
  merged(kept: Uint8Array, written: readonly string[], recordOf: (path: string) => OutputRecord): OutputRecords {
    const paths: string[] = [];
    const fingerprints: string[] = [];
    const numbers: number[] = [];
    const add = (p: string, fingerprint: string, size: number, mtimeMs: number) => {
      paths.push(p);
      fingerprints.push(fingerprint);
      numbers.push(size, mtimeMs);
    };
    let w = 0;
    const addWritten = () => {
      const r = recordOf(written[w]);
      add(written[w++], r.fingerprint, r.size, r.mtimeMs);
    };
    for (let i = 0; i < this.count; i++) {
      if (!kept[i]) continue;
      const p = this.paths[i];
      while (w < written.length && written[w] < p) addWritten();
      if (w < written.length && written[w] === p) continue; // made again: its new record
      add(p, this.fingerprints[i], this.sizeAt(i), this.mtimeAt(i));
    }
    while (w < written.length) addWritten();
    return new OutputRecords(paths, fingerprints, Float64Array.from(numbers));
  }
}

/** Each of `names` → its position. (A loop of set() calls: a third faster than a Map made from
 * pairs, which are made first, for 424,000 paths.) */
export function indexOf(names: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  for (let i = 0; i < names.length; i++) index.set(names[i], i);
  return index;
}
