/**
 * What the main thread knows of every article file between builds (`serve` keeps it in memory,
 * `build` in its cache on disk): the unit key it was made with, its digest (which tells the files it
 * made: routes/article-files.ts articleOwnFiles), and the file's stat when it was read. An article
 * whose file is unchanged (same size, times and inode) under the same setup (config, glossary,
 * legalsite) is not read again: its digest is reused, and in an output folder being updated its
 * files are left as they are.
 * A file changed within two seconds before it was read is always read again (file-stat.ts).
 */
import type { FileStat } from '../file-stat.js';
import type { ArticleDigest } from '../model/article-digest.js';

export interface KnownArticle {
  /** Its key (load-articles.ts articleKeyOf): its text's with its pinpoint record's. */
  key: string;
  /** Its text's unit key, which its file must still have. */
  textKey: string;
  digest: ArticleDigest;
  stat: FileStat;
  /** When it was read (ms since the epoch). */
  readAt: number;
}

export interface ArticleIndex {
  /** The setup (config, glossary, legalsite) the articles were made under. */
  setup: string;
  articles: Map<string, KnownArticle>;
}
