/**
 * Whether one path lies inside a folder, by path segments. `path.relative(parent, child)` starting
 * with the two characters `..` is not the test: a folder named `..content` or `...` starts so and
 * is inside, and taking it for outside let `build --force` replace a folder holding the content.
 * Only a first segment that is exactly `..` leaves the folder.
 * Reads and writes: nothing (paths only; links are the caller's to resolve).
 */
import path from 'node:path';

/** `child`'s path relative to `parent` when `child` is strictly inside it, else undefined. */
export function pathInside(parent: string, child: string, paths: path.PlatformPath = path): string | undefined {
  const rel = paths.relative(parent, child);
  return rel !== '' && !leavesFolder(rel, paths.sep) && !paths.isAbsolute(rel) ? rel : undefined;
}

/** A relative path whose first segment is `..` (the relative path itself, or `../`-led). */
export function leavesFolder(rel: string, sep = path.sep): boolean {
  return rel === '..' || rel.startsWith(`..${sep}`) || (sep !== '/' && rel.startsWith('../'));
}
