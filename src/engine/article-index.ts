/**
 * What the main thread knows of every article file between builds (`serve` keeps it in memory,
 * `build` in its cache on disk): the unit key it was made with, its digest, the files it made, and
 * the file's stat when it was read. An article whose file is unchanged (same size, times and inode)
 * under the same setup (config, glossary, legalsite) is not read again: its digest is reused, and in
 * an output folder being updated its files are left as they are.
 * A file changed within two seconds before it was read is always read again: on a file system with
 * coarse timestamps a second edit could otherwise keep the same stat.
 */
import { statSync } from 'node:fs';
import type { ArticleDigest } from './article-unit.js';
import type { Emitted } from './shard.js';

export interface FileStat {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

export interface KnownArticle {
  key: string;
  digest: ArticleDigest;
  /** Its own output files. */
  files: Emitted[];
  stat: FileStat;
  /** When it was read (ms since the epoch). */
  readAt: number;
}

export interface ArticleIndex {
  /** The setup (config, glossary, legalsite) the articles were made under. */
  setup: string;
  articles: Map<string, KnownArticle>;
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

/** The known article, when the file is still as it was read and the setup is the same. */
export function unchangedArticle(index: ArticleIndex | undefined, setup: string, rel: string, stat: FileStat | undefined): KnownArticle | undefined {
  const known = index?.setup === setup ? index.articles.get(rel) : undefined;
  if (!known || !stat) return undefined;
  const same = known.stat.size === stat.size && known.stat.mtimeMs === stat.mtimeMs && known.stat.ctimeMs === stat.ctimeMs && known.stat.ino === stat.ino;
  return same && Math.max(stat.mtimeMs, stat.ctimeMs) < known.readAt - RACY_MS ? known : undefined;
}
