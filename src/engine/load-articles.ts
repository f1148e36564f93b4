/**
 * A build's articles, in two steps through the shards (shard.ts), skipping what is known.
 * 1. startReadingArticles: every article's fields, for the site's order and checks. An article whose
 *    file, setup and pinpoint record are unchanged since the build that made the output folder
 *    (article-index.ts) is not read: its fields come from its known digest. The rest are read and
 *    checked by the shards, which start before the id file is read (its records are needed only
 *    after them: finish). One read only because its stat changed, and found as it was made, is
 *    known too (resultsInOrder).
 * 2. renderArticles: each article read in step 1 and not known is rendered, its digest made and its
 *    own files written (unless the output folder already holds them as they would be made), and its
 *    page made with it; a known article whose page changed (its neighbours or see-also titles did)
 *    is made for its page alone, from the file read again if step 1 did not. Nothing is held
 *    between articles.
 * Reads: article files (those changed), the index. Writes: files via the shards; the new index.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { hashOf } from '../hash.js';
import { formerPinsKey, type FoundPins, pinsKeyOf } from '../load/pinpoints-file.js';
import { PINPOINTS_FILE } from '../passes/pinpoints/record-format.js';
import type { ArticleMeta } from '../model.js';
import type { PageRef } from '../routes/types.js';
import { outputPath } from '../routes/types.js';
import { articleOwnFiles } from '../routes/article-files.js';
import type { OutputTarget } from '../write/output-target.js';
import { type FileStat, unchangedSince } from '../file-stat.js';
import type { ArticleIndex, KnownArticle } from './article-index.js';
import type { ArticleDigest } from '../model/article-digest.js';
import type { SiteEmitter } from './emit-site.js';
import { type ArticleJob, articlePageFingerprint, ContentChangedError, type FrontMatterResult, type RejectedArticle, setupKeyOf, type ShardSetup } from './shard-protocol.js';
import type { ShardPool } from './shard-pool.js';

export interface ReadRequest {
  /** Every article file, in order, with its stat (taken before it is read). */
  files: { abs: string; rel: string; stat?: FileStat }[];
  setup: ShardSetup;
  pool: ShardPool;
  target?: OutputTarget;
  /** What the last build knew, if anything. */
  index?: ArticleIndex;
}

/** Finds an article's record in the id file. */
export type PinsOf = (article: Pick<ArticleMeta, 'slug' | 'formerSlugs'>) => FoundPins | undefined;

/** An article's key: its text's with its pinpoint record's, everything its outputs are made from
 * but the rest of the site. */
const articleKeyOf = (textKey: string, pins: FoundPins | undefined) => (pins ? hashOf(textKey, pins.key, ...(pins.former ?? []).map((f) => f.key)) : textKey);

/** A known article can be reused with the record the id file now holds: the one it was made with,
 * or the one it made (the same ids: assigning is a fixed point, passes/pinpoints/assign.ts). */
const samePins = (known: KnownArticle, pins: FoundPins | undefined) => {
  const key = pins?.key ?? '';
  const former = formerPinsKey((pins?.former ?? []).map(checkedText));
  return known.digest.pins !== undefined && (key === known.digest.pins.in || key === known.digest.pins.out) && former === (known.digest.pins.former ?? '');
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
  /** Known from the index, its text, record and outputs unchanged (its file's stat may have
   * changed): step 2 makes at most its page. */
  known?: KnownArticle;
  /** The key its own files in the output folder were made with, when they are intact. */
  prevKey?: string;
  /** A known article's own files' positions in the output target (articleOwnFiles' order), each
   * intact with its key: step 2 keeps them by these. */
  keptAt?: readonly number[];
  /** Read with the text and record a digest in the build cache was made from, its outputs not in
   * the output folder (a new one is written): step 2 makes its files and page, not its digest. */
  reuse?: KnownArticle;
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

/** Step 1 under way: the shards have the files that must be read whatever the id file holds. */
export interface ReadingArticles {
  /** With each article's record in the id file (load/pinpoints-file.ts pinsLookup): reads those
   * known articles whose record is not the one they were made with, and returns every article.
   * `cached`: the build cache's digests, when it was loaded without them (a new output folder is
   * written): an article read as one was made is given it to reuse. */
  finish(pinsOf: PinsOf, cached?: ArticleIndex): Promise<ReadResult>;
}

/**
 * Step 1, begun: every article file is sent to the shards, but those of the articles known from the
 * index, which wait for the id file (their records must still be the ones they were made with).
 * The shards then read while the main thread reads the id file: at 10,000 articles it is 35 MB and
 * checking every line takes 0.7 s, which they would otherwise wait for.
 */
export function startReadingArticles(req: ReadRequest): ReadingArticles {
  const setup = setupKeyOf(req.setup);
  const { target } = req;
  // Only an output folder being updated can keep an article's files without a shard reading it.
  const index = target?.updating && req.index?.setup === setup ? req.index.articles : undefined;
  const toRead: ToRead[] = [];
  const unchanged: (ToRead & { before: KnownArticle })[] = [];
  for (const { abs, rel, stat } of req.files) {
    const before = index?.get(rel);
    const ownAt = before && intactOwnFiles(target!, before);
    const prevKey = ownAt ? before!.key : undefined;
    if (before && ownAt && stat && unchangedSince(before.stat, before.readAt, stat)) unchanged.push({ abs, rel, stat, prevKey, ownAt, before });
    else toRead.push({ abs, rel, stat, prevKey, ownAt, before });
  }
  // Taken before any file is read: the next build trusts the stats of files changed well before it.
  const readAt = Date.now();
  const first = readFiles(req.pool, toRead);
  // finish awaits it; until then a shard's failure must not count as an unhandled rejection.
  first.catch(() => undefined);
  return {
    async finish(pinsOf, cached) {
      const known = new Map<string, ReadArticle>();
      const again: ToRead[] = [];
      for (const f of unchanged) {
        const pins = pinsOf(f.before.digest.article);
        if (samePins(f.before, pins)) known.set(f.rel, { abs: f.abs, rel: f.rel, key: f.before.key, textKey: f.before.textKey, meta: f.before.digest.article, pins, stat: f.stat, known: f.before, prevKey: f.prevKey, keptAt: f.ownAt });
        else again.push(f);
      }
      // Sent now, each shard takes them after its first files.
      const [firstRead, readAgain] = await Promise.all([first, readFiles(req.pool, again)]);
      const reusable = !index && cached?.setup === setup ? cached.articles : undefined;
      return resultsInOrder(req.files, new Map([...firstRead, ...readAgain]), known, pinsOf, { setup, readAt, reusable });
    },
  };
}

/** An article file for the shards to read, with what the index knew of it. */
interface ToRead {
  abs: string;
  rel: string;
  stat?: FileStat;
  /** The key of its own files in the output folder, when they are intact. */
  prevKey?: string;
  /** Then, where they are in the output target (intactOwnFiles). */
  ownAt?: number[];
  before?: KnownArticle;
}

/** The positions in the output target of a known article's own files (articleOwnFiles' order), when
 * every one is as the last build wrote it, from the article's key; else undefined. */
function intactOwnFiles(target: OutputTarget, known: KnownArticle): number[] | undefined {
  const at: number[] = [];
  for (const f of articleOwnFiles(known.digest.article)) {
    const i = target.intactAt(f.path, ownFileFingerprint(known.key));
    if (i < 0) return undefined;
    at.push(i);
  }
  return at;
}

/** The shards' results by file, each with the file as sent. */
type ReadFiles = Map<string, { file: ToRead; result: FrontMatterResult }>;

async function readFiles(pool: ShardPool, files: ToRead[]): Promise<ReadFiles> {
  const results = files.length ? await pool.readFrontMatter(files.map(({ abs, rel }) => ({ abs, rel }))) : [];
  return new Map(results.map((result, i) => [files[i].rel, { file: files[i], result }]));
}

/** Every article (the `known` ones and those read), with the problems and rejections of those read,
 * in the order of `files`: the order diagnostics are printed in, whichever shard call read a file. */
function resultsInOrder(files: ReadRequest['files'], results: ReadFiles, known: Map<string, ReadArticle>, pinsOf: PinsOf, at: { setup: string; readAt: number; reusable?: Map<string, KnownArticle> }): ReadResult {
  const articles = new Map(known);
  const diagnostics: Diagnostic[] = [];
  const rejected: RejectedArticle[] = [];
  for (const { rel } of files) {
    const read = results.get(rel);
    if (!read) continue;
    const { file: { abs, stat, prevKey, ownAt, before }, result: r } = read;
    diagnostics.push(...r.diagnostics);
    if (r.rejected) rejected.push(r.rejected);
    if (!r.meta) continue;
    const pins = pinsOf(r.meta);
    // The same text with the record it was made with, or the one it made, makes the same outputs:
    // it keeps its key (a file read again only because it changed just before the last build, or
    // the id file written since, or because its stat alone changed: a checkout, a copy, a tool that
    // rewrote it as it was). With its files intact it is known, with its new stat: its digest is
    // reused, not made again.
    const same = before?.textKey === r.key && samePins(before, pins);
    const key = same ? before.key : articleKeyOf(r.key, pins);
    const known = same && stat && prevKey === before.key ? { ...before, stat, readAt: at.readAt } : undefined;
    if (known) {
      articles.set(rel, { abs, rel, key, textKey: r.key, meta: before!.digest.article, pins, stat, known, prevKey, keptAt: ownAt });
      continue;
    }
    // Made before into another output folder (the cache's digest, loaded late): only its digest is kept.
    const cached = at.reusable?.get(rel);
    const reuse = cached?.textKey === r.key && samePins(cached, pins) ? cached : undefined;
    articles.set(rel, reuse ? { abs, rel, key: reuse.key, textKey: r.key, meta: reuse.digest.article, pins, stat, reuse } : { abs, rel, key, textKey: r.key, meta: r.meta, pins, stat, prevKey });
  }
  return { articles: files.filter((f) => articles.has(f.rel)).map((f) => articles.get(f.rel)!), diagnostics, rejected, setup: at.setup, readAt: at.readAt };
}

/**
 * Every article's digest and nothing else (no file, no page): what a failed build's link check needs
 * of the articles it kept (failed-build.ts). A digest known from an earlier build is not made again.
 */
export async function digestArticles(kept: ReadArticle[], pool: ShardPool): Promise<Map<string, ArticleDigest>> {
  const jobs: ArticleJob[] = kept.filter((a) => !a.known && !a.reuse).map((a) => ({ abs: a.abs, rel: a.rel, key: a.key, textKey: a.textKey, pins: pinsText(a), ...formerPinsText(a), digest: true, files: false }));
  const made = new Map((jobs.length ? await pool.loadArticles(jobs, { keep: false }) : []).map((r) => [r.rel, r.digest!]));
  return new Map(kept.map((a) => {
    const digest = a.known?.digest ?? a.reuse?.digest ?? made.get(a.rel)!;
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
  return a.pins && checkedText(a.pins);
}

/** A record's lines, which must still have the key they were found with. */
function checkedText(pins: FoundPins): string {
  const text = pins.text();
  if (pinsKeyOf(text) !== pins.key) throw new ContentChangedError(PINPOINTS_FILE);
  return text;
}

/** The lines of an article's former slugs' own records, for its job (FoundPins.former). */
const formerPinsText = (a: ReadArticle) => (a.pins?.former?.length ? { formerPins: a.pins.former.map(checkedText) } : {});

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
    const digest = !a.known && !a.reuse;
    jobs.push({ abs: a.abs, rel: a.rel, key: a.key, textKey: a.textKey, pins: pinsText(a), ...formerPinsText(a), digest, files: digest || Boolean(a.reuse), prevKey: a.prevKey, page: pageUnchanged ? undefined : { ...input, fingerprint } });
    if (pageUnchanged) emitter.noteArticleOutput({ url: ref.url, path: file }, fingerprint, true);
  }
  const results = jobs.length ? await req.pool.loadArticles(jobs, emitter.sink) : [];
  const made = new Map(results.map((r) => [r.rel, r]));
  const articles = new Map<string, KnownArticle>();
  const digests = new Map<string, ArticleDigest>();
  for (const a of read.articles) {
    const r = made.get(a.rel);
    if (r?.page) emitter.noteArticleOutput(r.page, r.page.fingerprint!, false);
    const digest = a.known?.digest ?? a.reuse?.digest ?? r!.digest!;
    const known: KnownArticle | undefined = a.known ?? (a.stat ? { key: a.key, textKey: a.textKey, digest, stat: a.stat, readAt: read.readAt } : undefined);
    digests.set(digest.article.slug, digest);
    const files = a.known ? articleOwnFiles(a.known.digest.article) : r!.files;
    const unchanged = a.known ? true : Boolean(r!.unchanged);
    for (let i = 0; i < files.length; i++) emitter.noteArticleOutput(files[i], ownFileFingerprint(a.key), unchanged, a.keptAt?.[i]);
    if (known) articles.set(a.rel, known);
  }
  return { digests, index: { setup: read.setup, articles } };
}
