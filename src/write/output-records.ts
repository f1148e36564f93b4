/**
 * What a build left in its output folder, file by file: path, size, modification time and
 * fingerprint (what the file was made from, to reuse it by; '' for a file that cannot be reused),
 * sorted by path. Kept in columns, as the build state stores them (up-to-date.ts): paths and
 * fingerprints each as joined names (joined-names.ts), sizes and times in one Float64Array. At
 * 50,000 articles an output folder holds 424,000 files: split into a string per path and per
 * fingerprint, with a Map of the paths, the records made 850,000 strings in every rebuild, and were
 * joined again to save the state (together about two seconds of a one-change rebuild there). A
 * commit's records copy each run of kept records whole.
 * Reads: nothing. Writes: nothing.
 */
import { JoinedNames, JoinedNamesWriter } from './joined-names.js';

/** One file's record. */
export interface OutputRecord {
  fingerprint: string;
  size: number;
  mtimeMs: number;
}

export class OutputRecords {
  /** Fingerprints changed in place (`update`), by position: folded into the column when it is next read whole. */
  private changed?: Map<number, string>;

  private constructor(
    private readonly pathColumn: JoinedNames,
    private fingerprintColumn: JoinedNames,
    /** Each file's size and modification time, in turn. */
    private readonly numbers: Float64Array,
  ) {}

  /** Records in any order (sorted here). */
  static from(records: Iterable<[path: string, record: OutputRecord]>): OutputRecords {
    const sorted = [...records].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const numbers = new Float64Array(2 * sorted.length);
    sorted.forEach(([, r], i) => ((numbers[2 * i] = r.size), (numbers[2 * i + 1] = r.mtimeMs)));
    return new OutputRecords(
      JoinedNames.of(sorted.map(([p]) => p)),
      JoinedNames.of(sorted.map(([, r]) => r.fingerprint)),
      numbers,
    );
  }

  /** Records as stored (`columns`). Throws when the columns do not agree on how many files there are. */
  static fromColumns(paths: string, fingerprints: string, numbers: Float64Array): OutputRecords {
    // No path is empty, but a fingerprint may be: one file without one is stored as ''.
    const count = paths === '' ? 0 : numbers.length / 2;
    if (paths !== '' && !(count >= 1)) throw new Error('the output records hold paths but no sizes');
    const records = new OutputRecords(JoinedNames.parse(paths, count), JoinedNames.parse(fingerprints, count), numbers);
    // Saved sorted (merged, from); `merged` and `seek` rely on it, so anything else is put in order.
    const column = records.pathColumn;
    for (let i = 1; i < count; i++) if (column.compareAt(i - 1, i) >= 0) return OutputRecords.from(column.all().map((p, k) => [p, records.recordAt(k)]));
    return records;
  }

  get count(): number {
    return this.pathColumn.count;
  }

  /** Every path, in order (one string each, made on first use: for a loop over all of them). */
  get paths(): readonly string[] {
    return this.pathColumn.all();
  }

  pathAt(i: number): string {
    return this.pathColumn.at(i);
  }

  /** The position of `path`'s record, or -1. The first call indexes every path: for a few
   * lookups, `seek`. */
  find(path: string): number {
    return this.pathColumn.find(path);
  }

  /** The position of the record of the name at `j` of `names` (a folder's listing), or -1. */
  findNameOf(names: JoinedNames, j: number): number {
    return this.pathColumn.findNameOf(names, j);
  }

  /** As `find`, by binary search in the sorted paths. */
  seek(path: string): number {
    let [lo, hi] = [0, this.count - 1];
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.pathColumn.compare(path, mid);
      if (c === 0) return mid;
      if (c > 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  fingerprintAt(i: number): string {
    return this.changed?.get(i) ?? this.fingerprintColumn.at(i);
  }

  /** Whether the record at `i` has a fingerprint (a file that can be reused by one). */
  hasFingerprint(i: number): boolean {
    const changed = this.changed?.get(i);
    return changed !== undefined ? changed !== '' : this.fingerprintColumn.lengthOf(i) > 0;
  }

  /** Whether the record at `i` has the fingerprint `fingerprint` (without making a string of its own). */
  fingerprintIs(i: number, fingerprint: string): boolean {
    const changed = this.changed?.get(i);
    return changed !== undefined ? changed === fingerprint : this.fingerprintColumn.is(i, fingerprint);
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
    const paths = new JoinedNamesWriter(total);
    const prints = new JoinedNamesWriter(total);
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
      while (w < written.length && (i === n || this.pathColumn.compare(written[w], i) <= 0)) {
        copyRun(i);
        replaced = i < n && this.pathColumn.compare(written[w], i) === 0;
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
  private fingerprints(): JoinedNames {
    if (this.changed) {
      this.fingerprintColumn = JoinedNames.of(Array.from({ length: this.count }, (_, i) => this.fingerprintAt(i)));
      this.changed = undefined;
    }
    return this.fingerprintColumn;
  }
}
