/**
 * Steps: read articles, and validate. Articles, step 1: every article's fields from the shards (each
 * file parsed and schema-checked where it is read; an unchanged one comes from the cache), while
 * this thread reads the id file (id-file.ts), which only the articles' records need, and the build
 * cache's digests if they were not loaded with it (an article read as its digest was made keeps
 * it). Then the site-wide checks over every file, those with errors of their own included as far
 * as they can be read (every error at once). With any error the build writes nothing and looks
 * only for the errors a whole site shows (failed-build.ts), and returns them all.
 * Reads: article files (through the shards), the id file, the build cache's digests. Writes: nothing.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { type PinsOf, type ReadResult, startReadingArticles } from '../engine/load-articles.js';
import { lazyArticleSource } from '../engine/lazy-source.js';
import type { ShardSetup } from '../engine/shard-protocol.js';
import type { ShardPool } from '../engine/shard-pool.js';
import { remainingLinkErrors } from '../failed-build.js';
import { linkTermOf } from '../passes/term-matcher.js';
import { toolKey } from '../tool-key.js';
import type { PinsFile } from '../load/pinpoints-file.js';
import { loadCachedDigests } from '../write/disk-cache.js';
import { checkableSite } from '../validate/salvage.js';
import { checkSemantics } from '../validate/semantics.js';
import type { ClientAssets } from './client-assets.js';
import { loadIdFile, lostRecords } from './id-file.js';
import type { LoadedContent } from './load.js';
import type { BuildResult, BuildRun } from './run.js';
import type { ArticleFile } from './shards.js';

/** Every article's fields, and the id file read meanwhile. */
export interface ArticleFields extends ReadResult {
  /** The id file (content/pinpoints.jsonl) as read. */
  idFile: PinsFile;
  /** Each article's record in it. */
  pinsOf: PinsOf;
  /** Reads the glossary mentions of the digests taken from the build cache (CachedDigests), when
   * some were: best while the shards render the articles. */
  readMentions?: () => Promise<void>;
}

/** Reads every article's fields into `content.source.articles`, and the id file. */
export async function readArticleFields(run: BuildRun, pool: ShardPool, content: LoadedContent, files: ArticleFile[]): Promise<ArticleFields> {
  const { source, loaded, cache } = content;
  const setup: ShardSetup = { config: source.config, glossary: source.terms.map(linkTermOf), salt: toolKey() };
  await run.timed('articles', () => pool.configure(setup));
  const reading = run.timed('articles', () => startReadingArticles({ files, setup, pool, target: run.target, index: cache?.articles }));
  // The shards read while this thread reads the id file, and the cache's digests if they were not
  // loaded (a new output folder: write/disk-cache.ts loadCachedDigests).
  const idFile = loadIdFile(run, content);
  const { pins, pinsOf } = idFile;
  const { diskFile } = run;
  const cached = cache && diskFile ? run.timed('cache-load', () => loadCachedDigests(diskFile, cache, (damaged) => run.cacheDamaged(damaged, diskFile))) : undefined;
  const read = await run.timed('articles', () => reading.finish(pinsOf, cached?.index));
  read.diagnostics.push(...lostRecords(idFile, read.articles));
  source.articles = read.articles.map((a) => a.meta);
  const absOf = new Map(files.map((f) => [f.rel, f.abs]));
  for (const a of [...read.articles, ...read.rejected.map((r) => ({ rel: r.meta.file, abs: absOf.get(r.meta.file)! }))]) loaded.sources.set(a.rel, lazyArticleSource(a.abs, a.rel));
  return { ...read, idFile: pins, pinsOf, readMentions: cached?.readMentions };
}

/** Every content error found so far, site-wide checks included; empty when the site can be built. */
export function validateSite(run: BuildRun, content: LoadedContent, read: ReadResult, listing: Diagnostic[]): Diagnostic[] {
  const { source, loaded, semantics } = content;
  const checkable = checkableSite(source, loaded.rejected, read.rejected.map((r) => ({ entity: r.meta, slugGuessed: r.slugGuessed })));
  const semantic = run.timed('validate', () => checkSemantics(checkable.site, loaded.sources, undefined, { ...semantics, guessedSlugs: checkable.guessedSlugs }));
  return [...listing, ...loaded.diagnostics, ...read.diagnostics, ...semantic];
}

/** The failed result: `problems` and the broken links the rest of the site shows. Nothing is written. */
export async function reportEveryError(run: BuildRun, pool: ShardPool, content: LoadedContent, read: ReadResult, assets: ClientAssets, problems: Diagnostic[]): Promise<BuildResult> {
  await run.abandon();
  const { styling, bundling } = assets;
  const files = async () => ({ ...(await styling), files: [...(await styling).files, ...(await bundling).files] });
  const links = await remainingLinkErrors({ source: content.source, sources: content.loaded.sources, read, rejected: content.loaded.rejected, pool, assets: files, timed: run.timed, semantics: content.semantics, limits: run.limits });
  return run.failed([...problems, ...links]);
}
