/**
 * Where the CLI keeps its build cache for a content folder, asked of the compiled CLI itself
 * (lib/src/write/disk-cache.js `cacheFile`) so the benchmark can delete the cache of a temp corpus
 * it made instead of leaving it in node_modules/.cache. A CLI without a disk cache gives undefined.
 * Reads: lib/. Writes: nothing.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The cache (a file, or a folder of parts) the CLI run from `root` uses for `contentDir`, if that CLI has one. */
export async function cacheFileFor(root: string, contentDir: string): Promise<string | undefined> {
  const module = path.join(root, 'lib/src/write/disk-cache.js');
  if (!existsSync(module)) return undefined;
  try {
    const { cacheFile } = (await import(pathToFileURL(module).href)) as { cacheFile?: (cwd: string, dir: string) => string };
    return typeof cacheFile === 'function' ? cacheFile(root, contentDir) : undefined;
  } catch {
    return undefined;
  }
}

/** Bytes the cache takes on disk: its file, or the files of its folder. */
export function cacheBytes(cache: string): number | undefined {
  if (!existsSync(cache)) return undefined;
  const st = statSync(cache);
  return st.isDirectory() ? readdirSync(cache).reduce((sum, f) => sum + statSync(path.join(cache, f)).size, 0) : st.size;
}
