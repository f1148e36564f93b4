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
import { closeSync, fstatSync, linkSync, lstatSync, mkdirSync, openSync, readFileSync, readlinkSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { ResourceError, UsageError } from '../diagnostics/diagnostic.js';
import { isRunning, startTimeOf } from './process-state.js';

/** Another live process holds the output folder (exit 4, as the environment's failures). */
export class OutputLockedError extends ResourceError {
  constructor(
    readonly outDir: string,
    readonly pid: number,
    elsewhere?: string,
  ) {
    super(
      elsewhere
        ? `another legalsite command (process ${pid} of another process namespace: a container, or the host of this one) is using ${outDir} (a build writing it, or a publish uploading it): wait for it to finish, or stop it, and run again. If no legalsite command runs there any more, remove ${elsewhere} (it is taken for a killed build's ${FOREIGN_LOCK_STALE_MS / 60_000} minutes after it was taken).`
        : `another legalsite command (process ${pid}) is using ${outDir} (a build writing it, or a publish uploading it): wait for it to finish, or stop it, and run again`,
    );
  }
}

interface LockHolder {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux), when known. */
  started?: string;
  /** Its process namespace (Linux's /proc/self/ns/pid), when known: a number means a process only
   * in the namespace it was taken in (a container's build and the host's see other numbers). */
  ns?: string;
}

/** A lock as found: its holder (none written yet, for a build killed the instant it made it). */
interface FoundLock {
  holder?: LockHolder;
}

/** How many times a build tries to take a lock that others are taking over at the same moment. */
const TAKE_ATTEMPTS = 4;

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
  const me: LockHolder = { pid: process.pid, started: startTimeOf(process.pid), ns: OUR_NAMESPACE };
  // The build makes the output folder where it is told, parents and all.
  mkdirSync(path.dirname(outDir), { recursive: true });
  let mine: { dev: number; ino: number };
  for (let attempt = 0; ; attempt++) {
    try {
      mine = makeLock(file, JSON.stringify(me));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (attempt >= TAKE_ATTEMPTS) throw new ResourceError(`another legalsite command is starting to use ${outDir} at this very moment: wait for it to finish, and run again`);
      if (attempt > 0) sleep(TAKEOVER_WAIT_MS);
      const found = readLock(file);
      if (found === 'not a lock') throw new UsageError(notALock(file, outDir));
      if (found?.holder && otherNamespace(found.holder) && !foreignLockStale(file)) throw new OutputLockedError(outDir, found.holder.pid, file);
      if (found?.holder && isAlive(found.holder)) throw new OutputLockedError(outDir, found.holder.pid);
      // A killed build's lock (or one cut before its holder was written): take it over.
      if (found) takeOverIfStale(file, outDir);
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

/** The process that holds `outDir`'s lock now, if one does (one of another namespace may). */
export function lockHolder(outDir: string): number | undefined {
  const found = readLock(lockFileOf(outDir));
  const holder = found && found !== 'not a lock' ? found.holder : undefined;
  return holder && (otherNamespace(holder) ? !foreignLockStale(lockFileOf(outDir)) : isAlive(holder)) ? holder.pid : undefined;
}

/**
 * Makes the lock, holder and all, or throws EEXIST: written under another name, then linked to the
 * lock's name, which never replaces a file. A lock made empty and written after ('wx' then a write)
 * could be read in between, by a build that took it for one whose holder was killed before writing
 * it. A file system without hard links gets the lock that way all the same, as the next best.
 */
function makeLock(file: string, holder: string): { dev: number; ino: number } {
  const made = `${file}.${process.pid}.new`;
  removeIfThere(made);
  try {
    writeFileSync(made, holder, { flag: 'wx' });
    try {
      linkSync(made, file);
    } catch (error) {
      if (!NO_HARD_LINKS.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
      return writtenInPlace(file, holder);
    }
    return lstatSync(file);
  } finally {
    removeIfThere(made);
  }
}

/** What link() says on a file system that has no hard links. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

function writtenInPlace(file: string, holder: string): { dev: number; ino: number } {
  const fd = openSync(file, 'wx');
  try {
    writeSync(fd, holder);
    return fstatSync(fd);
  } catch (error) {
    // The disk full, say: the lock made but not written is this build's to take back.
    removeIfThere(file);
    throw error;
  } finally {
    closeSync(fd);
  }
}

/**
 * Removes a stale lock, under a second lock of its own. Two builds that find the same stale lock
 * must not both take it: the slower one, removing "the lock" by name, would remove the lock the
 * faster one had just made, and both would build. So a lock is judged and removed only by the
 * process that holds `{lock}.takeover` (made as the lock is, with 'wx'): while it is judged no one
 * else removes it, and no one can make a new one in its place, so the file removed is the file
 * judged. Judging is a moment; a takeover lock older than TAKEOVER_STALE_MS is one whose process
 * was killed in that moment, and is removed.
 */
function takeOverIfStale(file: string, outDir: string): void {
  const takeover = `${file}.takeover`;
  for (let waited = 0; ; waited += TAKEOVER_WAIT_MS) {
    try {
      closeSync(openSync(takeover, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (ageOf(takeover) > TAKEOVER_STALE_MS) removeIfThere(takeover);
      else if (waited > TAKEOVER_STALE_MS) throw error;
      else sleep(TAKEOVER_WAIT_MS);
    }
  }
  try {
    const found = readLock(file);
    if (found === 'not a lock') throw new UsageError(notALock(file, outDir));
    if (found && isStale(found, file)) removeIfThere(file);
  } finally {
    removeIfThere(takeover);
  }
}

/** A lock whose holder is gone; or one with no holder that has stood empty for longer than a lock
 * takes to be written (a lock made on a file system without hard links is empty for a moment). */
function isStale(found: FoundLock, file: string): boolean {
  if (!found.holder) return ageOf(file) > TAKEOVER_STALE_MS;
  return otherNamespace(found.holder) ? foreignLockStale(file) : !isAlive(found.holder);
}

/** How long a takeover may take before it counts as killed, and how long a build waits between looks. */
const TAKEOVER_STALE_MS = 2000;
const TAKEOVER_WAIT_MS = 10;

function ageOf(file: string): number {
  try {
    return Date.now() - lstatSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** This process's namespace of process numbers, where the system tells it (Linux). */
const OUR_NAMESPACE = namespaceOf('self');

function namespaceOf(pid: string): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/ns/pid`);
  } catch {
    return undefined;
  }
}

/** The lock was taken in another namespace of process numbers: its number says nothing here. */
const otherNamespace = (holder: LockHolder): boolean => holder.ns !== undefined && OUR_NAMESPACE !== undefined && holder.ns !== OUR_NAMESPACE;

/**
 * How long a lock of another namespace is taken to be held. Its process cannot be looked at from
 * here, so only its age tells: far longer than a build or a publish takes, so that a container's
 * build and the host's never run at once; and not for ever, so that a CI job killed in one
 * container does not stop every job after it, each in a new container.
 */
export const FOREIGN_LOCK_STALE_MS = 30 * 60_000;

const foreignLockStale = (file: string): boolean => ageOf(file) > FOREIGN_LOCK_STALE_MS;

/** A lock is taken at once and written in one call, so it is at most a line of JSON. */
const LOCK_MAX_BYTES = 256;

/**
 * What is at the lock's path: a lock (with no holder when a build was killed between making it and
 * writing it); undefined for one gone meanwhile; or 'not a lock' for anything
 * legalsite did not write there (a folder, a link, a user's file that happens to bear the name),
 * which is never removed.
 */
function readLock(file: string): FoundLock | undefined | 'not a lock' {
  let text: string;
  try {
    const found = lstatSync(file);
    if (!found.isFile() || found.size > LOCK_MAX_BYTES) return 'not a lock';
    text = readFileSync(file, 'utf8');
  } catch (error) {
    // Gone since: no holder. Unreadable (for want of open files, say): the environment's failure,
    // reported as such, for a lock that cannot be read may be a live build's.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (text === '') return {};
  try {
    const data = JSON.parse(text) as Partial<LockHolder> | null;
    if (typeof data !== 'object' || data === null) return 'not a lock';
    const keys = Object.keys(data);
    const ours = Number.isInteger(data.pid) && keys.every((key) => key === 'pid' || key === 'started' || key === 'ns') && optionalText(data.started) && optionalText(data.ns);
    return ours ? { holder: { pid: data.pid!, started: data.started, ns: data.ns } } : 'not a lock';
  } catch {
    return 'not a lock';
  }
}

const optionalText = (value: unknown): boolean => value === undefined || typeof value === 'string';

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
