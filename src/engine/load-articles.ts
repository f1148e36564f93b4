/**
 * Loads a build's articles through the shards, skipping what is known: an article whose file and
 * setup are unchanged since the build that made the output folder (article-index.ts) keeps its
 * digest, and its files stay as they are; the rest are read, checked and rendered by the shards,
 * which write their own files unless the output folder already holds them as they would be made.
 * Reads: article files (those changed), the index. Writes: the new index; files via the shards.
 */
import { hashOf } from '../build-cache.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { OutputTarget } from '../write/output-target.js';
import { type ArticleIndex, type KnownArticle, statOf, unchangedArticle } from './article-index.js';
import { type ArticleJob, setupKeyOf, type ShardSetup } from './shard.js';
import type { ShardPool } from './shard-pool.js';

export interface ArticleLoadRequest {
  /** Every article file, in order. */
  files: { abs: string; rel: string }[];
  setup: ShardSetup;
  pool: ShardPool;
  target?: OutputTarget;
  keep: boolean;
  /** What the last build knew, if anything. */
  index?: ArticleIndex;
}

export interface ArticleLoad {
  /** Every valid article, in file order (the new index, for the next build). */
  index: ArticleIndex;
  /** Articles whose own files were left as they are. */
  unchanged: Set<string>;
  diagnostics: Diagnostic[];
}

export async function loadArticles(req: ArticleLoadRequest): Promise<ArticleLoad> {
  const setup = setupKeyOf(req.setup);
  const { target } = req;
  const updating = Boolean(target?.updating) && !req.keep;
  const intact = (k: KnownArticle) => k.files.every((f) => target!.previousIfIntact(f.path) === hashOf(k.key, f.path));
  const known = new Map<string, KnownArticle>();
  const unchanged = new Set<string>();
  const jobs: ArticleJob[] = [];
  const stats = new Map<string, ReturnType<typeof statOf>>();
  for (const { abs, rel } of req.files) {
    const stat = statOf(abs);
    stats.set(rel, stat);
    // Only an output folder being updated can keep an article's files without a shard reading it.
    const same = updating ? unchangedArticle(req.index, setup, rel, stat) : undefined;
    if (same && intact(same)) {
      known.set(rel, same);
      unchanged.add(rel);
      continue;
    }
    const before = updating && req.index?.setup === setup ? req.index.articles.get(rel) : undefined;
    jobs.push({ abs, rel, prevKey: before && intact(before) ? before.key : undefined });
  }
  const readAt = Date.now();
  const results = jobs.length ? await req.pool.loadArticles(jobs, { dir: target?.dir, keep: req.keep }) : [];
  const diagnostics: Diagnostic[] = [];
  for (const r of results) {
    diagnostics.push(...r.diagnostics);
    const stat = stats.get(r.rel);
    if (!r.digest || !stat) continue;
    known.set(r.rel, { key: r.key, digest: r.digest, files: r.files, stat, readAt });
    if (r.unchanged) unchanged.add(r.rel);
  }
  // File order, as a full load gives it.
  const articles = new Map(req.files.filter((f) => known.has(f.rel)).map((f) => [f.rel, known.get(f.rel)!]));
  return { index: { setup, articles }, unchanged, diagnostics };
}
