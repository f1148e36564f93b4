/**
 * The build cache on disk, so a second `legalsite build` reuses the parsed YAML and every unchanged
 * article's digest (engine/article-index.ts) of the first.
 * Pages are not kept on disk: at 10,000 articles they made a gigabyte-sized cache whose loading and
 * saving cost more time and memory than rendering them again (measured with npm run bench); serve
 * keeps them in memory instead. Entries are keyed by content hashes (build-cache.ts), so a reused value is exactly what a
 * cold build computes; a cache that cannot be read is ignored. Lives in node_modules/.cache/legalsite
 * (or .legalsite-cache/ when there is no node_modules), one file per content folder.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { type BuildCache, createBuildCache, hashOf } from '../build-cache.js';
import { packageVersion } from '../package-root.js';
import type { ArticleIndex } from '../engine/article-index.js';

export function cacheFile(cwd: string, contentDir: string): string {
  const base = existsSync(path.join(cwd, 'node_modules')) ? path.join(cwd, 'node_modules', '.cache', 'legalsite') : path.join(cwd, '.legalsite-cache');
  return path.join(base, `${hashOf(path.resolve(cwd, contentDir)).slice(0, 16)}.bin`);
}

export function loadDiskCache(file: string): BuildCache {
  try {
    const data = deserialize(readFileSync(file)) as { version: string; yaml: [string, unknown][]; articles?: ArticleIndex };
    if (data.version !== packageVersion()) return createBuildCache();
    return { ...createBuildCache(), yaml: new Map(data.yaml), articles: data.articles };
  } catch {
    return createBuildCache();
  }
}

export function saveDiskCache(file: string, cache: BuildCache): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, serialize({ version: packageVersion(), yaml: [...cache.yaml], articles: cache.articles }));
    renameSync(temp, file);
  } catch {
    // A cache is an optimisation: failing to save it must not fail the build.
  }
}
