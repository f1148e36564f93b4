/**
 * A build's articles, in two steps through the shards (shard.ts), skipping what is known.
 * 1. readArticles: every article's fields, for the site's order and checks. An article whose file and
 *    setup are unchanged since the build that made the output folder (article-index.ts) is not read:
 *    its fields come from its known digest. The rest are read and checked by the shards.
 * 2. renderArticles: each article read in step 1 is rendered, its digest made and its own files
 *    written (unless the output folder already holds them as they would be made), and its page made
 *    with it; a known article whose page changed (its neighbours or see-also titles did) is read
 *    again for its page alone. Nothing is held between articles.
 * Reads: article files (those changed), the index. Writes: files via the shards; the new index.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { hashOf } from '../hash.js';
import { type FoundPins, pinsKeyOf } from '../load/pinpoints-file.js';
import { PINPOINTS_FILE } from '../passes/pinpoints/record-format.js';
import type { ArticleMeta } from '../model.js';
import type { PageRef } from '../routes/types.js';
import { outputPath } from '../routes/types.js';
import type { OutputTarget } from '../write/output-target.js';
import { type FileStat, unchangedSince } from '../file-stat.js';
import type { ArticleIndex, KnownArticle } from './article-index.js';
import type { ArticleDigest } from '../model/article-digest.js';
import type { SiteEmitter } from './emit-site.js';
import { type ArticleJob, articlePageFingerprint, ContentChangedError, type RejectedArticle, setupKeyOf, type ShardSetup } from './shard-protocol.js';
import type { ShardPool } from './shard-pool.js';

export interface ReadRequest {
  /** Every article file, in order, with its stat (taken before it is read). */
  files: { abs: string; rel: string; stat?: FileStat }[];
  setup: ShardSetup;
  pool: ShardPool;
  target?: OutputTarget;
  /** What the last build knew, if anything. */
  index?: ArticleIndex;
  /** Each article's pinpoint record in the id file (load/pinpoints-file.ts pinsLookup). */
  pins?: PinsOf;
}

/** Finds an article's record in the id file. */
export type PinsOf = (article: Pick<ArticleMeta, 'slug' | 'formerSlugs'>) => FoundPins | undefined;

/** An article's key: its text's with its pinpoint record's, everything its outputs are made from
 * but the rest of the site. */
const articleKeyOf = (textKey: string, pins: FoundPins | undefined) => (pins ? hashOf(textKey, pins.key) : textKey);

/** A known article can be reused with the record the id file now holds: the one it was made with,
 * or the one it made (the same ids: assigning is a fixed point, passes/pinpoints/assign.ts). */
const samePins = (known: KnownArticle, pins: FoundPins | undefined) => {
  const key = pins?.key ?? '';
  return known.digest.pins !== undefined && (key === known.digest.pins.in || key === known.digest.pins.out);
};

/** One article after step 1. */
export interface ReadArticle {
  abs: string;
  rel: string;
  /** Its text's key with its pinpoint record's (articleKeyOf). */
  key: string;
  /** Its text's unit key (shard-protocol.ts unitKeyOf). */
  textKey: string;
  meta: ArticleMeta;
  /** Its record in the id file, when it has one. */
  pins?: FoundPins;
  stat?: FileStat;
  /** Known from the index, file and outputs unchanged: step 2 makes at most its page. */
  known?: KnownArticle;
  /** The key its own files in the output folder were made with, when they are intact. */
  prevKey?: string;
}

export interface ReadResult {
  /** Every valid article, in file order. */
  articles: ReadArticle[];
  diagnostics: Diagnostic[];
  /** The articles with problems, in file order: what the site-wide checks can read of them. */
  rejected: RejectedArticle[];
  setup: string;
  /** When step 1 read the files (ms since the epoch). */
  readAt: number;
}

/** An article's own files (JSON, Markdown, answer) are made from its unit alone: its key is their
 * fingerprint (no hashing 50,000 of them at 10,000 articles). */
const ownFileFingerprint = (unitKey: string) => unitKey;

export async function readArticles(req: ReadRequest): Promise<ReadResult> {
  const setup = setupKeyOf(req.setup);
  const { target } = req;
  // Only an output folder being updated can keep an article's files without a shard reading it.
  const index = target?.updating && req.index?.setup === setup ? req.index.articles : undefined;
  const intact = (k: KnownArticle) => k.files.every((f) => target!.previousIfIntact(f.path) === ownFileFingerprint(k.key));
  const known = new Map<string, ReadArticle>();
  const toRead: { abs: string; rel: string; stat?: FileStat; prevKey?: string }[] = [];
  for (const { abs, rel, stat } of req.files) {
    const before = index?.get(rel);
    const prevKey = before && intact(before) ? before.key : undefined;
    const pins = before && req.pins?.(before.digest.article);
    if (before && prevKey !== undefined && stat && unchangedSince(before.stat, before.readAt, stat) && samePins(before, pins)) {
      known.set(rel, { abs, rel, key: before.key, textKey: before.textKey, meta: before.digest.article, pins, stat, known: before, prevKey });
      continue;
    }
    toRead.push({ abs, rel, stat, prevKey });
  }
  const readAt = Date.now();
  const results = toRead.length ? await req.pool.readFrontMatter(toRead.map(({ abs, rel }) => ({ abs, rel }))) : [];
  const diagnostics: Diagnostic[] = [];
  const rejected: RejectedArticle[] = [];
  results.forEach((r, i) => {
    diagnostics.push(...r.diagnostics);
    if (r.rejected) rejected.push(r.rejected);
    const { abs, rel, stat, prevKey } = toRead[i];
    if (!r.meta) return;
    const pins = req.pins?.(r.meta);
    // The same text with the record it was made with, or the one it made, makes the same outputs:
    // it keeps its key (a file read again only because it changed just before the last build, or
    // the id file written since).
    const before = index?.get(rel);
    const key = before?.textKey === r.key && samePins(before, pins) ? before.key : articleKeyOf(r.key, pins);
    known.set(rel, { abs, rel, key, textKey: r.key, meta: r.meta, pins, stat, prevKey });
  });
  return { articles: req.files.filter((f) => known.has(f.rel)).map((f) => known.get(f.rel)!), diagnostics, rejected, setup, readAt };
}

/**
 * Every article's digest and nothing else (no file, no page): what a failed build's link check needs
 * of the articles it kept (failed-build.ts). A digest known from an earlier build is not made again.
 */
export async function digestArticles(kept: ReadArticle[], pool: ShardPool): Promise<Map<string, ArticleDigest>> {
  const jobs: ArticleJob[] = kept.filter((a) => !a.known).map((a) => ({ abs: a.abs, rel: a.rel, key: a.key, textKey: a.textKey, pins: pinsText(a), digest: true, files: false }));
  const made = new Map((jobs.length ? await pool.loadArticles(jobs, { keep: false }) : []).map((r) => [r.rel, r.digest!]));
  return new Map(kept.map((a) => {
    const digest = a.known?.digest ?? made.get(a.rel)!;
    return [digest.article.slug, digest];
  }));
}

export interface RenderRequest {
  read: ReadResult;
  /** Each article's page (articlePageRefs), by slug. */
  pages: Map<string, PageRef>;
  /** The render context (shard.ts renderContextOf). */
  context: string;
  pool: ShardPool;
  emitter: SiteEmitter;
  target?: OutputTarget;
  keep: boolean;
}

/** An article's lines in the id file, which must still have the key they were found with. */
function pinsText(a: ReadArticle): string | undefined {
  const text = a.pins?.text();
  if (text !== undefined && pinsKeyOf(text) !== a.pins!.key) throw new ContentChangedError(PINPOINTS_FILE);
  return text;
}

/** Step 2. Returns every article's digest by slug, and the new index. */
export async function renderArticles(req: RenderRequest): Promise<{ digests: Map<string, ArticleDigest>; index: ArticleIndex }> {
  const { read, target, emitter } = req;
  const jobs: ArticleJob[] = [];
  const pageFingerprint = new Map<string, string>();
  for (const a of read.articles) {
    const ref = req.pages.get(a.meta.slug)!;
    if (ref.input.family !== 'article') throw new Error(`${ref.url} is not an article page`);
    const input = { neighbours: ref.input.neighbours, titles: ref.input.titles };
    const fingerprint = emitter.fingerprintsWanted ? articlePageFingerprint(req.context, a.key, input) : '';
    pageFingerprint.set(a.rel, fingerprint);
    const file = outputPath(ref);
    const pageUnchanged = Boolean(target?.updating) && !req.keep && fingerprint !== '' && target!.previousIfIntact(file) === fingerprint;
    if (a.known && pageUnchanged) {
      emitter.noteArticleOutput({ url: ref.url, path: file }, fingerprint, true);
      continue;
    }
    jobs.push({ abs: a.abs, rel: a.rel, key: a.key, textKey: a.textKey, pins: pinsText(a), digest: !a.known, prevKey: a.prevKey, page: pageUnchanged ? undefined : { ...input, fingerprint } });
    if (pageUnchanged) emitter.noteArticleOutput({ url: ref.url, path: file }, fingerprint, true);
  }
  const results = jobs.length ? await req.pool.loadArticles(jobs, { dir: target?.dir, keep: req.keep }) : [];
  const made = new Map(results.map((r) => [r.rel, r]));
  const articles = new Map<string, KnownArticle>();
  const digests = new Map<string, ArticleDigest>();
  for (const a of read.articles) {
    const r = made.get(a.rel);
    if (r?.page) emitter.noteArticleOutput(r.page, r.page.fingerprint!, false);
    const known: KnownArticle | undefined = a.known ?? (r?.digest && a.stat ? { key: a.key, textKey: a.textKey, digest: r.digest, files: r.files, stat: a.stat, readAt: read.readAt } : undefined);
    const digest = a.known?.digest ?? r!.digest!;
    digests.set(digest.article.slug, digest);
    const files = a.known?.files ?? r!.files;
    const unchanged = a.known ? true : Boolean(r!.unchanged);
    for (const f of files) emitter.noteArticleOutput(f, ownFileFingerprint(a.key), unchanged);
    if (known) articles.set(a.rel, known);
  }
  return { digests, index: { setup: read.setup, articles } };
}
