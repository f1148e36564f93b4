/**
 * One build at a time per output folder. Two builds into one folder would each stage, journal and
 * move files over the other's, and one's recovery could take the other's running commit for a
 * killed one; so a build takes a lock file beside the output folder before it repairs or touches
 * anything, and gives it back when it ends. A publish takes it too, for as long as it reads the
 * folder: a build committing meanwhile would have it upload a mix of two builds under hashes of
 * neither. A lock whose process is gone (a killed build, or one
 * left a zombie: process-state.ts) is taken over. A process is told apart from a later one given the
 * same number (containers reuse numbers quickly) by its start time, where the system tells it
 * (Linux's /proc).
 * Reads and writes: `{outDir}.legalsite-lock`.
 */
import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { ResourceError, UsageError } from '../diagnostics/diagnostic.js';
import { isRunning, startTimeOf } from './process-state.js';

/** Another live process holds the output folder (exit 4, as the environment's failures). */
export class OutputLockedError extends ResourceError {
  constructor(
    readonly outDir: string,
    readonly pid: number,
  ) {
    super(`another legalsite command (process ${pid}) is using ${outDir} (a build writing it, or a publish uploading it): wait for it to finish, or stop it, and run again`);
  }
}

interface LockHolder {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux), when known. */
  started?: string;
}

export interface OutputLock {
  release(): void;
}

export const lockFileOf = (outDir: string): string => `${outDir}.legalsite-lock`;

/** Locks held by this process: a second build of the same process into the same folder (serve's
 * rebuilds are one at a time) is a bug, not a stale lock. */
const held = new Set<string>();

/** Takes the output folder's lock, or throws OutputLockedError naming the process that holds it. */
export function lockOutputFolder(outDir: string): OutputLock {
  const file = lockFileOf(outDir);
  if (held.has(file)) throw new OutputLockedError(outDir, process.pid);
  const me: LockHolder = { pid: process.pid, started: startTimeOf(process.pid) };
  // The build makes the output folder where it is told, parents and all.
  mkdirSync(path.dirname(outDir), { recursive: true });
  let mine: { dev: number; ino: number };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      try {
        writeSync(fd, JSON.stringify(me));
        mine = fstatSync(fd);
      } catch (error) {
        // The disk full, say: the lock made but not written is this build's to take back.
        closeSync(fd);
        removeIfThere(file);
        throw error;
      }
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const found = readLock(file);
      if (found === 'not a lock') throw new UsageError(notALock(file, outDir));
      if (found && isAlive(found)) throw new OutputLockedError(outDir, found.pid);
      // A killed build's lock (or one cut before its holder was written): take it over.
      removeIfThere(file);
    }
  }
  held.add(file);
  return {
    // The lock file is known by its inode, not by reading it: a build that failed because no more
    // files could be opened (ulimit -n) could not read it either, and left it behind. A lock another
    // process took over is another file.
    release() {
      if (!held.delete(file)) return;
      try {
        const now = lstatSync(file);
        if (now.ino === mine.ino && now.dev === mine.dev) unlinkSync(file);
      } catch {
        // Gone already: nothing to give back.
      }
    },
  };
}

/** The process that holds `outDir`'s lock now, if one does. */
export function lockHolder(outDir: string): number | undefined {
  const found = readLock(lockFileOf(outDir));
  return found && found !== 'not a lock' && isAlive(found) ? found.pid : undefined;
}

/** A lock is taken at once and written in one call, so it is at most a line of JSON. */
const LOCK_MAX_BYTES = 256;

/**
 * What is at the lock's path: a lock's holder; undefined for a lock with no holder written (a build
 * killed between making it and writing it) or one gone meanwhile; or 'not a lock' for anything
 * legalsite did not write there (a folder, a link, a user's file that happens to bear the name),
 * which is never removed.
 */
function readLock(file: string): LockHolder | undefined | 'not a lock' {
  let text: string;
  try {
    const stat = lstatSync(file);
    if (!stat.isFile() || stat.size > LOCK_MAX_BYTES) return 'not a lock';
    text = readFileSync(file, 'utf8');
  } catch (error) {
    // Gone since: no holder. Unreadable (for want of open files, say): the environment's failure,
    // reported as such, for a lock that cannot be read may be a live build's.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (text === '') return undefined;
  try {
    const data = JSON.parse(text) as Partial<LockHolder> | null;
    if (typeof data !== 'object' || data === null) return 'not a lock';
    const keys = Object.keys(data);
    const ours = Number.isInteger(data.pid) && keys.every((key) => key === 'pid' || key === 'started') && (data.started === undefined || typeof data.started === 'string');
    return ours ? { pid: data.pid!, started: data.started } : 'not a lock';
  } catch {
    return 'not a lock';
  }
}

function removeIfThere(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function notALock(file: string, outDir: string): string {
  return `${file} is in the way: legalsite keeps the lock of ${outDir} at that name while it builds or publishes, and what is there is not one of its locks. Nothing was written, changed or removed. Move or rename it, or choose another output folder with --out.`;
}

/** The holder's process still runs: its number is in use and, where start times are known, by the
 * same process that took the lock. */
function isAlive(holder: LockHolder): boolean {
  if (!isRunning(holder.pid)) return false;
  const started = startTimeOf(holder.pid);
  return holder.started === undefined || started === undefined || started === holder.started;
}
