/**
 * The only code that puts a build into the output folder. Two ways, one contract: nothing in the
 * output folder changes until every check of the build has passed, and a failed build leaves it as
 * it was.
 * - fresh: every file is written into a new folder beside the output folder, which then replaces it
 *   by rename (the first build, or when the output folder is not as the last build left it);
 * - update: only files whose fingerprint (what they are made from) changed are written, into a
 *   staging folder beside the output folder; at commit each is renamed over its old copy, files no
 *   longer made (and strays) are deleted, and the rest is not touched: a one-article edit rewrites a
 *   handful of files of 50,000, and unchanged files keep their modification time.
 * Files are written as they are produced (pages as workers render them, by the workers themselves),
 * so a large site never holds its output in memory.
 */
import { lstatSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { namingFile } from './named-write.js';
import { chmod, chown, mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { ResourceError } from '../diagnostics/diagnostic.js';
import { hashOf } from '../hash.js';
import { writePieces } from './atomic-file.js';
import type { ScannedFolder } from './file-thread.js';
import { type OutputRecord, OutputRecords } from './output-records.js';
import { atStep, beforeCommitMove } from './fault-injection.js';
import { heldFromStops } from './interruption.js';
import { besideOutput, CommitJournal, removeEmptyFolders, removeMarkedFolder, removeMarkedFolderFast, STAGING_MARKER } from './output-recovery.js';
import { OUTPUT_MARKER, OUTPUT_MARKER_TEXT } from './output-guard.js';

export interface OutputFile {
  /** Path inside the output folder, with forward slashes. */
  path: string;
  body: string | Uint8Array;
}

export interface CommitReport {
  /** Every file of the build, as now in the output folder. */
  records: OutputRecords;
  /** Files written by this build (all of them for a fresh build), and files deleted. */
  written: string[];
  deleted: string[];
}

const OUTPUT_MARKER_FINGERPRINT = hashOf(OUTPUT_MARKER_TEXT);

export class OutputTarget {
  private made = new Set<string>();
  /** The files this build wrote into `dir` (by any thread), each with its position in the arrays below. */
  private wrote = new Map<string, number>();
  /** By `wrote`'s positions: each written file's fingerprint, and its size and modification time as
   * the thread that wrote it stated them (NaN when it did not). Arrays, not an object per file:
   * 424,000 files at 50,000 articles. */
  private wroteFingerprints: string[] = [];
  private wroteStats: number[] = [];
  /** Which of the previous records are kept (by position): files left as they are. */
  private kept: Uint8Array;
  /** Where each previous record's file is in `present` (scanPositions). */
  private positions?: Int32Array;
  private committed = false;
  /** Abandoned (a failure, or a stop by a signal): nothing more may be written into `dir`, which a
   * write would otherwise make again, without its marker, after it was removed. */
  private aborted = false;

  private constructor(
    readonly outDir: string,
    /** Where this build's new files go: the new folder (fresh) or the staging folder (update). */
    readonly dir: string,
    private previous: OutputRecords | undefined,
    /** What the output folder held when an update began (every entry a regular file). */
    private present?: ScannedFolder,
  ) {
    this.kept = new Uint8Array(previous?.count ?? 0);
  }

  static fresh(outDir: string): OutputTarget {
    return OutputTarget.open(outDir, 'tmp');
  }

  /**
   * Updates `outDir` in place, trusting `previous` for files still exactly as it describes them;
   * `present` is what `outDir` holds now, listed on the file thread (file-thread.ts). A folder that
   * could not be listed, or that holds a link or a special file (no build writes one), is written
   * afresh instead: an update moves files by their paths, and a path through a folder someone
   * replaced with a link would move the files it leads to into the staging folder (and delete them
   * with it) and write this build's files there. A fresh build removes the link itself.
   */
  static update(outDir: string, previous: OutputRecords, present: ScannedFolder | undefined): OutputTarget {
    return present?.allFiles() ? OutputTarget.open(outDir, 'staging', previous, present) : OutputTarget.fresh(outDir);
  }

  private static open(outDir: string, kind: 'tmp' | 'staging', previous?: OutputRecords, present?: ScannedFolder): OutputTarget {
    const abs = path.resolve(outDir);
    const dir = besideOutput(abs, kind);
    mkdirSync(path.dirname(dir), { recursive: true });
    // Not recursive: on a read-only file system a recursive mkdir reports ENOENT, not EROFS.
    mkdirSync(dir);
    const target = new OutputTarget(abs, dir, previous, present);
    // The marker proves the folder is legalsite's (output-guard.ts); a staging folder's own marker
    // lets a later build remove it if this one is killed.
    if (kind === 'staging') writeFileSync(path.join(dir, STAGING_MARKER), '');
    if (target.needs(OUTPUT_MARKER, OUTPUT_MARKER_FINGERPRINT)) target.write(OUTPUT_MARKER, OUTPUT_MARKER_TEXT, OUTPUT_MARKER_FINGERPRINT);
    return target;
  }

  get updating(): boolean {
    return this.previous !== undefined;
  }

  /**
   * Whether `file` must be made again: always in a fresh build; in an update, when its fingerprint
   * changed or the file is not as the last build wrote it. A file that needs nothing is kept.
   */
  needs(file: string, fingerprint: string): boolean {
    const i = this.reusable(file);
    if (i >= 0 && this.previous!.fingerprintIs(i, fingerprint) && this.intact(i)) {
      this.kept[i] = 1;
      return false;
    }
    return true;
  }

  /** The fingerprint of `file` as the last build made it, when it is still as written: for a thread
   * that takes fingerprints itself, which then either writes the file or reports it unchanged. */
  previousIfIntact(file: string): string | undefined {
    const i = this.reusable(file);
    return i >= 0 && this.intact(i) ? this.previous!.fingerprintAt(i) : undefined;
  }

  /** The position of `file`'s previous record when the file is still as written and was made with
   * `fingerprint`, else -1: for a caller that keeps it later by position (keepAt), without looking
   * its path up again. */
  intactAt(file: string, fingerprint: string): number {
    const i = this.reusable(file);
    return i >= 0 && this.previous!.fingerprintIs(i, fingerprint) && this.intact(i) ? i : -1;
  }

  /** Keeps the previous record at `i`, a position intactAt gave: the file is left as it is. */
  keepAt(i: number): void {
    this.kept[i] = 1;
  }

  /** Notes a file found unchanged (its previous fingerprint) by another thread. */
  unchanged(file: string): void {
    const i = this.position(file);
    // Never a file the last build did not record: kept unrecorded, the commit would delete it.
    if (i < 0) throw new Error(`${file} was reported unchanged, but the last build did not record it`);
    this.kept[i] = 1;
  }

  /** The position of `file`'s previous record, when it has a fingerprint to be reused by; else -1. */
  private reusable(file: string): number {
    const i = this.position(file);
    return i >= 0 && this.previous!.hasFingerprint(i) ? i : -1;
  }

  /** The position of `file`'s previous record, or -1. */
  private position(file: string): number {
    return this.previous ? this.previous.find(file) : -1;
  }

  /** Notes a file written into `dir` by another thread; with its size and modification time when
   * that thread stated it once written (its record is then not stated again at the commit). */
  written(file: string, fingerprint: string, stat?: { size?: number; mtimeMs?: number }): void {
    const stated = stat?.size !== undefined && stat.mtimeMs !== undefined;
    this.noteWritten(file, fingerprint, stated ? stat.size! : NaN, stated ? stat.mtimeMs! : NaN);
  }

  /** Writes `file` for this build: its bytes, or its bytes in pieces, one after another. */
  write(file: string, body: string | Uint8Array | readonly Uint8Array[], fingerprint: string): void {
    const target = this.newPath(file);
    try {
      if (Array.isArray(body)) writePieces(target, body);
      else writeFileSync(target, body as string | Uint8Array);
    } catch (error) {
      throw namingFile(error, target);
    }
    this.noteWritten(file, fingerprint, NaN, NaN);
  }

  private noteWritten(file: string, fingerprint: string, size: number, mtimeMs: number): void {
    let i = this.wrote.get(file);
    if (i === undefined) this.wrote.set(file, (i = this.wroteFingerprints.length));
    this.wroteFingerprints[i] = fingerprint;
    this.wroteStats[2 * i] = size;
    this.wroteStats[2 * i + 1] = mtimeMs;
  }

  private newPath(file: string): string {
    if (this.aborted) throw new Error(`${file} was not written: the build was abandoned`);
    const abs = path.join(this.dir, file);
    const dir = path.dirname(abs);
    if (!this.made.has(dir)) (mkdirSync(dir, { recursive: true }), this.made.add(dir));
    return abs;
  }

  /** The bytes of a file of this build, wherever they are now (written now, or kept). */
  read(file: string): Buffer {
    return readFileSync(this.locate(file));
  }

  /** Where a file of this build is now: written now, or kept. */
  locate(file: string): string {
    return path.join(this.wrote.has(file) ? this.dir : this.outDir, file);
  }

  /** Where another thread writes a new `file` (its folder made); it then reports it with `written`. */
  pathForNew(file: string): string {
    return this.newPath(file);
  }

  /** `record`: stat every file for the records (not needed when no later build will use them). */
  async commit(record = true): Promise<CommitReport> {
    await atStep('commit');
    // A signal that comes during the moves is acted on once they are done (interruption.ts).
    return heldFromStops(async () => {
      const report = await (this.previous ? this.commitUpdate() : this.commitFresh(record));
      this.committed = true;
      return report;
    });
  }

  /** Removes what this build wrote, unless committed (a fresh build's folder is then the output). */
  async abort(): Promise<void> {
    if (this.committed) return;
    this.aborted = true;
    removeMarkedFolder(this.dir);
  }

  private async commitFresh(record: boolean): Promise<CommitReport> {
    const old = besideOutput(this.outDir, 'old');
    await mkdir(path.dirname(this.outDir), { recursive: true });
    let hadOld = true;
    try {
      beforeCommitMove();
      await rename(this.outDir, old);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      hadOld = false;
    }
    try {
      if (hadOld) {
        await keepPermissions(old, this.dir);
        beforeCommitMove();
      }
      await rename(this.dir, this.outDir);
    } catch (error) {
      if (hadOld) await rename(old, this.outDir);
      throw error;
    }
    if (hadOld) await removeMarkedFolderFast(old);
    const written = [...this.wrote.keys()].sort();
    return { records: record ? this.recordsOf(written) : OutputRecords.from([]), written, deleted: [] };
  }

  /**
   * Moves the staged files in and the files no longer made out, all or nothing: each old copy is
   * moved aside into the staging folder before its new copy goes in, and deleted files are moved
   * there too, so a failure part-way (a locked folder, a full disk) puts every file back, and a kill
   * part-way is put back by the next build from the journal (output-recovery.ts) before it does
   * anything else. Only once every move is done is the staging folder, with the old copies, removed.
   */
  private async commitUpdate(): Promise<CommitReport> {
    const written = [...this.wrote.keys()].sort();
    // Everything in the output folder that this build did not make: files no longer made, and strays.
    const deleted = this.notMade().sort();
    this.noLinkSinceListed([...written, ...deleted]);
    const journal = new CommitJournal(this.outDir, this.dir, written, deleted);
    journal.begin();
    try {
      for (const move of journal.moves()) move();
    } catch (error) {
      if (journal.rollBack()) removeMarkedFolder(this.dir);
      this.committed = true; // nothing more for abort() to remove: recovery owns what is left
      throw error;
    }
    // Before the journal says done, so a kill here still leaves the recovery to tidy the folders.
    removeEmptyFolders(this.outDir, deleted);
    journal.end();
    await removeMarkedFolderFast(this.dir);
    return { records: this.recordsOf(written), written, deleted };
  }

  /** Throws, before anything is moved, when a folder the moves go through has become a link since
   * the output folder was listed (put there while the build ran): the moves would lead outside. */
  private noLinkSinceListed(files: string[]): void {
    const folders = new Set<string>();
    for (const file of files) for (let dir = path.posix.dirname(file); dir !== '.' && !folders.has(dir); dir = path.posix.dirname(dir)) folders.add(dir);
    for (const dir of folders) {
      let link = false;
      try {
        link = !lstatSync(path.join(this.outDir, dir)).isDirectory();
      } catch {
        // Not there: a folder this build makes.
      }
      if (link) throw new ResourceError(`${dir} in the output folder ${this.outDir} stopped being a folder while the build ran (a link or a file was put there); nothing was moved. Run the build again: it writes the folder afresh.`);
    }
  }

  /** The files in the output folder this build did not make (write or keep): those no longer made,
   * and strays. */
  private notMade(): string[] {
    const present = this.present!;
    const keptInScan = new Uint8Array(present.size);
    const at = this.scanPositions();
    for (let i = 0; i < at.length; i++) if (this.kept[i] && at[i] > 0) keptInScan[at[i] - 1] = 1;
    const strays: string[] = [];
    for (let j = 0; j < present.size; j++) {
      if (keptInScan[j]) continue;
      const name = present.nameAt(j);
      if (!this.wrote.has(name)) strays.push(name);
    }
    return strays;
  }

  /**
   * For each previous record, where its file is in the output folder's listing (position + 1; 0
   * when it is not there), worked out once with one lookup per listed file: checking a file is then
   * one lookup in the records, where it was one there and another in the listing (each half a
   * million at 50,000 articles), and the commit finds what to delete from the same positions.
   */
  private scanPositions(): Int32Array {
    if (!this.positions) {
      const at = new Int32Array(this.previous!.count);
      const { listed } = this.present!;
      for (let j = 0; j < listed.count; j++) {
        const i = this.previous!.findNameOf(listed, j);
        if (i >= 0) at[i] = j + 1;
      }
      this.positions = at;
    }
    return this.positions;
  }

  /** The kept files' records and the written files': as the thread that wrote one stated it, or
   * stated now. */
  private recordsOf(written: string[]): OutputRecords {
    // A rename keeps a file's size and modification time: those stated by the thread that wrote it
    // stand (and a file changed by someone else since then is taken as changed by the next build).
    const recordOf = (file: string): OutputRecord => {
      const i = this.wrote.get(file)!;
      const fingerprint = this.wroteFingerprints[i];
      if (!Number.isNaN(this.wroteStats[2 * i])) return { fingerprint, size: this.wroteStats[2 * i], mtimeMs: this.wroteStats[2 * i + 1] };
      const st = statSync(path.join(this.outDir, file));
      return { fingerprint, size: st.size, mtimeMs: st.mtimeMs };
    };
    return (this.previous ?? OutputRecords.from([])).merged(this.kept, written, recordOf);
  }

  /** The file is as the last build wrote it (its previous record at `i`). */
  private intact(i: number): boolean {
    const then = { size: this.previous!.sizeAt(i), mtimeMs: this.previous!.mtimeAt(i) };
    const j = this.scanPositions()[i];
    return j > 0 && this.present!.sameAt(j - 1, then);
  }
}

/** A file is as a build wrote it: a regular file of the size and modification time it had then. */
export function sameFile(now: { isFile: boolean; size: number; mtimeMs: number } | undefined, then: { size: number; mtimeMs: number }): boolean {
  return Boolean(now?.isFile) && now!.size === then.size && now!.mtimeMs === then.mtimeMs;
}

/**
 * The folder that replaces an output folder keeps its permissions (a site folder opened to a web
 * server's group, 0750 or 0775, would otherwise become the umask's 0755): the group and mode of
 * `old` given to `replacement`, so long as its owner may still read, write and enter it, which the
 * build needs. A group the builder cannot give it keeps the mode it was made with: 0750 for the
 * builder's own group would lock the web server out.
 */
async function keepPermissions(old: string, replacement: string): Promise<void> {
  const was = await stat(old);
  const mode = was.mode & 0o7777;
  if ((mode & 0o700) !== 0o700) return;
  if ((await stat(replacement)).gid !== was.gid) {
    try {
      await chown(replacement, -1, was.gid);
    } catch {
      return;
    }
  }
  await chmod(replacement, mode);
}
