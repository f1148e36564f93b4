/**
 * Keeps the output folder whole across failures and kills. An in-place update (output-target.ts)
 * moves files with a journal: the list of moves is written (and flushed) into the staging folder
 * before the first one, every old copy is moved aside into the staging folder before its new copy
 * goes in, and files no longer made are moved there too. A failure part-way moves everything back
 * (rollBack); a kill part-way is moved back by the next build (recoverOutputFolder), which reads
 * from the journal and from which files are where what was done, so the output folder is again
 * exactly as the last finished build left it. The next build also finishes or undoes a fresh
 * build's folder swap cut short, and removes the folders killed builds left beside the output
 * folder, only those that carry legalsite's marker and whose process is gone.
 * Reads and writes: the output folder and the folders beside it.
 */
import { closeSync, fsyncSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { beforeCommitMove } from './fault-injection.js';
import { OUTPUT_MARKER } from './output-guard.js';
import { isRunning, startedAtMs } from './process-state.js';

/** In a staging folder: proof that legalsite made it (a killed build's is removed by the next). */
export const STAGING_MARKER = '.legalsite-staging';

/** The folder beside `outDir` where a build of this process puts its new output (`tmp`), its
 * changed files (`staging`) or the old output during a swap (`old`). Named as nobody names a backup
 * ("dist.old-2024" is not one of ours), with the process and the time. */
export function besideOutput(outDir: string, kind: 'tmp' | 'staging' | 'old'): string {
  return `${outDir}.legalsite-${kind}-${process.pid}-${Date.now().toString(36)}`;
}
const JOURNAL = '.journal.json';
const ASIDE = '.replaced';
const GONE = '.deleted';

interface JournalData {
  outDir: string;
  written: string[];
  deleted: string[];
  /** True once every move is done: the staging folder then holds only what is to be removed. */
  done?: boolean;
}

export class CommitJournal {
  private undo: (() => void)[] = [];

  constructor(
    private outDir: string,
    private staging: string,
    private written: string[],
    private deleted: string[],
  ) {}

  /** Writes the journal, flushed to disk, before the first move. */
  begin(): void {
    mkdirSync(path.join(this.staging, ASIDE));
    mkdirSync(path.join(this.staging, GONE));
    writeDurably(path.join(this.staging, JOURNAL), JSON.stringify({ outDir: this.outDir, written: this.written, deleted: this.deleted } satisfies JournalData));
  }

  /** The moves, in the journal's order, each recording how to undo itself once done. */
  *moves(): Generator<() => void> {
    const made = new Set<string>();
    for (const [i, file] of this.written.entries()) {
      yield () => {
        beforeCommitMove();
        const to = path.join(this.outDir, file);
        const aside = path.join(this.staging, ASIDE, String(i));
        if (exists(to)) {
          renameSync(to, aside);
          this.undo.push(() => renameSync(aside, to));
        }
        const dir = path.dirname(to);
        if (!made.has(dir)) {
          const first = mkdirSync(dir, { recursive: true });
          if (first) this.undo.push(() => removeFoldersUpTo(dir, first));
          made.add(dir);
        }
        const from = path.join(this.staging, file);
        renameSync(from, to);
        this.undo.push(() => renameSync(to, from));
      };
    }
    for (const [i, file] of this.deleted.entries()) {
      yield () => {
        beforeCommitMove();
        const from = path.join(this.outDir, file);
        const gone = path.join(this.staging, GONE, String(i));
        renameSync(from, gone);
        this.undo.push(() => renameSync(gone, from));
      };
    }
  }

  /** Undoes the moves done so far, last first. False when a move could not be undone: the staging
   * folder, with the journal and the old copies, must then stay for the next build's recovery. */
  rollBack(): boolean {
    for (const step of this.undo.reverse()) {
      try {
        step();
      } catch {
        return false;
      }
    }
    rmSync(path.join(this.staging, JOURNAL), { force: true });
    return true;
  }

  /** Marks every move done: from here the staging folder is only to be removed. */
  end(): void {
    writeDurably(path.join(this.staging, JOURNAL), JSON.stringify({ outDir: this.outDir, written: [], deleted: [], done: true } satisfies JournalData));
  }
}

/**
 * Before a build touches `outDir`: undoes an update a killed build left part-way, finishes or
 * undoes a folder swap a killed build left part-way, and removes the folders killed builds left
 * beside it. Says whether it put a folder back as `outDir` (the caller guards it again), and which
 * folders set aside that legalsite did not make it left where they are (the caller says so). Only
 * folders named as legalsite names them, of a process that is gone, are touched; only those holding
 * its marker are removed.
 */
export function recoverOutputFolder(outDir: string): { putBack: boolean; leftAside: string[] } {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return { putBack: false, leftAside: [] };
  }
  let putBack = false;
  const leftAside: string[] = [];
  const leftovers = names
    .map((name) => ({ name, match: new RegExp(`^${escape(base)}\\.legalsite-(tmp|staging|old)-(\\d+)-([0-9a-z]+)$`).exec(name) }))
    .filter((l): l is { name: string; match: RegExpExecArray } => l.match !== null && !alive(Number(l.match[2]), parseInt(l.match[3], 36)))
    .sort((a, b) => (a.match[3] < b.match[3] ? -1 : 1));
  for (const { name, match } of leftovers) {
    const dir = path.join(parent, name);
    const kind = match[1];
    if (kind === 'staging' && exists(path.join(dir, STAGING_MARKER))) {
      undoJournal(dir, outDir);
      removeMarkedFolder(dir);
    } else if (kind === 'tmp' && exists(path.join(dir, OUTPUT_MARKER))) {
      removeMarkedFolder(dir);
    } else if (kind !== 'old') {
      // Killed between making the folder and writing its marker: an empty folder holds nothing of
      // anyone's, and rmdir removes a folder only while it is empty.
      removeIfEmpty(dir);
    } else {
      // Killed between moving the old output aside and moving the new one in: the old one goes back,
      // a folder of the user's that --force was replacing too (it has no marker).
      if (!exists(outDir)) (renameSync(dir, outDir), (putBack = true));
      else if (exists(path.join(dir, OUTPUT_MARKER))) removeMarkedFolder(dir);
      else leftAside.push(dir);
    }
  }
  return { putBack, leftAside };
}

function removeIfEmpty(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // Not empty (someone's files, left where they are), or already gone.
  }
}

/**
 * The mark `serve` keeps beside its output folder while pages of its quick preview stand in it
 * before the full rebuild that follows has written the rest (dev/dev-server.ts): a serve killed
 * then (kill -9) leaves a page newer than its mirrors, feeds and search index. The mark of a process
 * that is gone makes the folder unfinished (unfinishedCommitBeside) until a build commits.
 */
export const previewMarkOf = (outDir: string, pid = process.pid): string => `${outDir}.legalsite-preview-${pid}`;

const previewMarkPattern = (outDir: string) => new RegExp(`^${escape(path.basename(outDir))}\\.legalsite-preview-(\\d+)$`);

/** Removes the preview marks of processes that are gone: a build has just committed the whole folder. */
export function removeDeadPreviewMarks(outDir: string): void {
  const pattern = previewMarkPattern(outDir);
  let names: string[];
  try {
    names = readdirSync(path.dirname(outDir));
  } catch {
    return;
  }
  for (const name of names) {
    const pid = pattern.exec(name)?.[1];
    if (pid && !alive(Number(pid))) rmSync(path.join(path.dirname(outDir), name), { force: true });
  }
}

/**
 * The folder beside `outDir` of a commit that moved files and has not finished (cut short, or still
 * running), or the preview mark of a `serve` that was killed: until the next build puts it right,
 * `outDir` may hold a mix of two builds.
 */
export function unfinishedCommitBeside(outDir: string): string | undefined {
  const pattern = new RegExp(`^${escape(path.basename(outDir))}\\.legalsite-(staging|old)-\\d+-[0-9a-z]+$`);
  const preview = previewMarkPattern(outDir);
  let names: string[];
  try {
    names = readdirSync(path.dirname(outDir));
  } catch {
    return undefined;
  }
  return names.find((name) => {
    const previewer = preview.exec(name)?.[1];
    if (previewer) return !alive(Number(previewer));
    const dir = path.join(path.dirname(outDir), name);
    const kind = pattern.exec(name)?.[1];
    if (kind === 'old') return exists(path.join(dir, OUTPUT_MARKER));
    if (kind !== 'staging' || !exists(path.join(dir, STAGING_MARKER))) return false;
    try {
      return !(JSON.parse(readFileSync(path.join(dir, JOURNAL), 'utf8')) as JournalData).done;
    } catch {
      return false; // no journal: nothing of the output folder was moved
    }
  });
}

/**
 * Removes a folder legalsite made, its marker last: a kill part-way through leaves the marker, so
 * the next build still knows the rest is legalsite's to remove.
 */
export function removeMarkedFolder(dir: string): void {
  let names: string[];
  try {
    // A link (an output folder that was a link to one elsewhere) goes, never what it points at.
    if (lstatSync(dir).isSymbolicLink()) return unlinkSync(dir);
    names = readdirSync(dir);
  } catch {
    return;
  }
  const markers = [OUTPUT_MARKER, STAGING_MARKER];
  for (const name of names) if (!markers.includes(name)) rmSync(path.join(dir, name), { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
}

/** Files removed at a time by removeMarkedFolderFast. */
const REMOVING_AT_ONCE = 16;

/**
 * removeMarkedFolder, faster for a large folder: its files are removed several at a time (on
 * libuv's threads), then its folders, deepest first, then the folder, its marker last. Removing a
 * file mostly waits on the disk: one at a time, the 85,000 files of a 10,000-article site took
 * 6.5 s on the benchmark machine, which a build that replaces its output folder (a fresh build,
 * `--no-cache`, or the first after legalsite changed) spent after its commit; 16 at a time, 20,000
 * files took 0.5–0.9 s against 1.6–1.7 s one at a time. Links are removed, never followed. Anything
 * this cannot remove is left to removeMarkedFolder, which reports it as before.
 */
export async function removeMarkedFolderFast(dir: string): Promise<void> {
  const files: string[] = [];
  const folders: string[] = [];
  try {
    if (lstatSync(dir).isSymbolicLink()) return unlinkSync(dir);
    const markers = [OUTPUT_MARKER, STAGING_MARKER];
    const walk = (folder: string, top: boolean) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const abs = path.join(folder, entry.name);
        if (top && markers.includes(entry.name)) continue;
        if (entry.isDirectory()) (walk(abs, false), folders.push(abs));
        else files.push(abs);
      }
    };
    walk(dir, true);
    let next = 0;
    const remover = async () => {
      while (next < files.length) await unlink(files[next++]).catch(unlessGone);
    };
    await Promise.all(Array.from({ length: Math.min(REMOVING_AT_ONCE, files.length) }, remover));
    for (const folder of folders) rmdirSync(folder);
  } catch {
    // Whatever is left, the one-at-a-time way, which reports what cannot be removed.
  }
  removeMarkedFolder(dir);
}

function unlessGone(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}

/** Puts back what an update's journal says was moved, from where each file is now. */
function undoJournal(staging: string, outDir: string): void {
  let journal: JournalData;
  try {
    journal = JSON.parse(readFileSync(path.join(staging, JOURNAL), 'utf8')) as JournalData;
  } catch {
    return; // no journal: killed before the first move, so nothing of the output folder was touched
  }
  if (journal.done || journal.outDir !== outDir) return;
  // Each written file: moved aside (its old copy) and then moved in (its new copy), in that order.
  // The new copy gone from the staging folder means it was moved in; an old copy aside means there
  // was one. Undone last first, like rollBack.
  for (let i = journal.deleted.length - 1; i >= 0; i--) {
    const gone = path.join(staging, GONE, String(i));
    if (exists(gone)) moveBack(gone, path.join(outDir, journal.deleted[i]));
  }
  for (let i = journal.written.length - 1; i >= 0; i--) {
    const file = journal.written[i];
    const to = path.join(outDir, file);
    const staged = path.join(staging, file);
    const aside = path.join(staging, ASIDE, String(i));
    if (!exists(staged) && exists(to)) unlinkSync(to);
    if (exists(aside)) moveBack(aside, to);
  }
  removeEmptyFolders(outDir, journal.written);
}

function moveBack(from: string, to: string): void {
  mkdirSync(path.dirname(to), { recursive: true });
  renameSync(from, to);
}

/** Removes the folders that held `files` (and their parents, up to `root`) where now empty, so an
 * update leaves no folder a fresh build would not make. */
export function removeEmptyFolders(root: string, files: string[]): void {
  const folders = new Set<string>();
  for (const f of files) {
    for (let dir = path.dirname(f); dir !== '.' && dir !== ''; dir = path.dirname(dir)) folders.add(dir);
  }
  // Deepest first, so a parent is tried after its children.
  for (const dir of [...folders].sort((a, b) => b.split('/').length - a.split('/').length)) {
    try {
      rmdirSync(path.join(root, dir));
    } catch {
      // Not empty, or not there.
    }
  }
}

/** Removes `dir` and its parents up to and including `first`, the first folder mkdir made. */
function removeFoldersUpTo(dir: string, first: string): void {
  for (let d = dir; ; d = path.dirname(d)) {
    try {
      rmdirSync(d);
    } catch {
      return;
    }
    if (d === first || path.dirname(d) === d) return;
  }
}

function writeDurably(file: string, text: string): void {
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function exists(p: string): boolean {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the process `pid` may still be using what it made at `madeAt` (ms since the epoch, when
 * its name tells it): it runs, and it had started by then. A process given the same number since
 * (containers reuse numbers at once: a build in a fresh container is often process 12 again, this
 * very process included) started after, and what the gone one left is taken as left.
 */
function alive(pid: number, madeAt?: number): boolean {
  if (pid !== process.pid && !isRunning(pid)) return false;
  const started = madeAt === undefined ? undefined : startedAtMs(pid);
  return started === undefined || started <= madeAt! + START_TIME_SLACK_MS;
}

/** The boot time /proc gives is in whole seconds, start times in hundredths: a margin for both. */
const START_TIME_SLACK_MS = 2000;

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
