/**
 * Mount points inside a folder: a file system mounted under the output folder is not the build's to
 * delete, and deleting the old output recursively would go down into it. On Linux the kernel's
 * list of mounts says where they are (/proc/self/mountinfo); elsewhere the folder's sub-folders are
 * walked, and one on another device than the folder is a mount point.
 * Reads: /proc/self/mountinfo, or the folder's sub-folders. Writes: nothing.
 */
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathInside } from '../inside-folder.js';

/** The mount points of the kernel's list (the fifth field of each line, "\040" and the like
 * decoded). */
export function mountPointsOf(mountinfo: string): string[] {
  return mountinfo
    .split('\n')
    .map((line) => line.split(' ')[4])
    .filter((field): field is string => field !== undefined && field.startsWith('/'))
    .map((field) => field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8))));
}

/** The kernel's list of mount points, or null where there is none (not Linux). */
function kernelMountPoints(): string[] | null {
  try {
    return mountPointsOf(readFileSync('/proc/self/mountinfo', 'utf8'));
  } catch {
    return null;
  }
}

/** The mount points strictly inside `dir`, a folder's path with links resolved (realpath): from
 * `mounts`, or, null, by walking its sub-folders. */
export function mountPointsInside(dir: string, mounts: string[] | null = kernelMountPoints()): string[] {
  if (mounts) return mounts.filter((m) => pathInside(dir, m) !== undefined);
  const device = lstatSync(dir).dev;
  const found: string[] = [];
  const walk = (at: string) => {
    for (const e of readdirSync(at, { withFileTypes: true })) {
      if (!e.isDirectory()) continue;
      const sub = path.join(at, e.name);
      if (lstatSync(sub).dev !== device) found.push(sub);
      else walk(sub);
    }
  };
  walk(dir);
  return found;
}
