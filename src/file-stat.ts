/**
 * A file's stat as builds compare it, the way git tells a changed file without reading it: the
 * same size, times and inode mean the same bytes, unless the file changed within RACY_MS before the
 * stat was taken (a second edit within the same clock tick could keep its stat: git's "racy" files).
 */
import { statSync } from 'node:fs';

export interface FileStat {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

const RACY_MS = 2000;

export function statOf(abs: string): FileStat | undefined {
  try {
    const st = statSync(abs);
    return { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino };
  } catch {
    return undefined;
  }
}

/** `abs` is a folder (a link to one included); false when it is anything else or missing. */
export function isFolder(abs: string): boolean {
  try {
    return statSync(abs).isDirectory();
  } catch {
    return false;
  }
}

/** The file is as it was when `then` was taken at `takenAt` (ms since the epoch), by its stat `now`. */
export function unchangedSince(then: FileStat, takenAt: number, now: FileStat): boolean {
  const same = then.size === now.size && then.mtimeMs === now.mtimeMs && then.ctimeMs === now.ctimeMs && then.ino === now.ino;
  return same && Math.max(then.mtimeMs, then.ctimeMs) < takenAt - RACY_MS;
}
