/**
 * Where the build cache of a content folder lives: in the `.cache/legalsite` of the node_modules
 * nearest the folder the command runs in (it or a folder holding it, as Node and `npx` look for
 * packages), or in `.legalsite-cache/` of the folder the command runs in where no folder up the
 * way has one; one folder per content folder, named by a hash of its absolute path. So a build run
 * from a project's subfolder (`npx legalsite build --content ../content`) finds the cache a build
 * from the project's root made, instead of starting cold and leaving a cache folder where it ran.
 * Loads nothing but Node's own modules (hash.ts imports only node:crypto, file-stat.ts node:fs):
 * the launcher (bin/legalsite.js) asks it before the CLI is loaded.
 */
import path from 'node:path';
import { isFolder } from '../file-stat.js';
import { hashOf } from '../hash.js';

/** The cache folder of `contentDir` (relative to `cwd`). */
export function cacheFile(cwd: string, contentDir: string): string {
  return path.join(cacheBase(path.resolve(cwd)), hashOf(path.resolve(cwd, contentDir)).slice(0, 16));
}

function cacheBase(cwd: string): string {
  for (let dir = cwd; ; dir = path.dirname(dir)) {
    if (isFolder(path.join(dir, 'node_modules'))) return path.join(dir, 'node_modules', '.cache', 'legalsite');
    if (path.dirname(dir) === dir) return path.join(cwd, '.legalsite-cache');
  }
}
