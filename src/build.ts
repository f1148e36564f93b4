/**
 * One build, as a list of named, timed steps; each step is a function in src/build/, in a module
 * named for it, whose header says what it reads and writes:
 *
 *   check up to date   build/up-to-date.ts      guard and lock the output folder; stop if nothing changed
 *   start shards       build/shards.ts          list article files; start worker threads
 *   load               build/load.ts            build cache, site.yaml, terms, datasets, pages, templates
 *   open output        build/output.ts          update the output folder in place, or write it afresh
 *   client assets      build/client-assets.ts   bundle islands, minify styles (in the background)
 *   read articles      build/check-articles.ts  every article's fields, on the shards; the id file
 *   validate           build/check-articles.ts  site-wide checks; with errors, report them all and stop
 *   render articles    build/render-articles.ts site order, chrome; each article's files and page
 *   record pinpoints   build/pinpoints.ts       the id file's new text (check: out of date is an error)
 *   site files         build/site-files.ts      graph passes, site passes, routes, link check, writes
 *   commit             build/output.ts          all or nothing; then the id file, state, build cache
 *
 * Articles are loaded, checked and rendered by shards (src/engine: worker threads for large sites),
 * which keep each body where it was rendered; everything else runs here over their digests. The
 * output folder changes only at the commit, and only when the content has no errors: a failed build
 * leaves it as it was (write/output-target.ts). Every file is checked whatever another file's
 * errors, so one run reports them all.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { CacheChangedError } from './write/disk-cache.js';
import { readArticleFields, reportEveryError, validateSite } from './build/check-articles.js';
import { startClientAssets } from './build/client-assets.js';
import { goneAddressWarnings } from './build/gone-addresses.js';
import { removedTextLinkWarnings, staleRemovalWarnings } from './build/tombstone-links.js';
import { growHeapSlowly } from './build/heap-growth.js';
import { loadContent } from './build/load.js';
import { commitOutput, mayUpdateOutput, openOutput } from './build/output.js';
import { idFileCreatedWarnings } from './build/id-file.js';
import { recordPinpoints } from './build/pinpoints.js';
import { renderArticlePages } from './build/render-articles.js';
import { renderMovedAgain } from './build/render-moved.js';
import { builtResult, htmlPages } from './build/result.js';
import { type BuildOptions, type BuildResult, BuildRun, type CacheDamage } from './build/run.js';
import { listArticleFiles, startShards } from './build/shards.js';
import { makeSiteFiles } from './build/site-files.js';
import { checkUpToDate } from './build/up-to-date.js';
import { atStep } from './write/fault-injection.js';
import { onStop } from './write/interruption.js';
import type { ArticleDigest } from './model/article-digest.js';

export type { BuildOptions, BuildResult } from './build/run.js';

/**
 * Builds the site (buildOnce). The build cache is a hint, never trusted: a part found damaged while
 * loading is dropped and its articles made afresh; one found damaged (or rewritten by another build)
 * only when the build reads its deferred fields makes the build start again without that part.
 * Either way the output is what a build without the cache makes, and one warning line says so.
 */
export async function build(opts: BuildOptions): Promise<BuildResult> {
  const warnings: string[] = [];
  const damaged: CacheDamage = (files, dir) => warnings.push(cacheWarning(files, path.relative(opts.cwd ?? process.cwd(), dir) || '.'));
  const once = async (options: BuildOptions) => {
    try {
      return await buildOnce(new BuildRun(options, damaged, (message) => warnings.push(message)));
    } catch (error) {
      if (!(error instanceof CacheChangedError) || !error.file || options.cache) throw error;
      rmSync(error.file, { force: true });
      damaged([path.basename(error.file)], error.dir);
      return await buildOnce(new BuildRun(options, damaged, (message) => warnings.push(message)));
    }
  };
  const result = await once(opts);
  if (result.pinpoints?.written && result.pinpoints.moved.length) return { ...(await renderMovedAgain(opts, result, once, (note) => warnings.push(note))), warnings };
  return { ...result, warnings };
}

async function buildOnce(run: BuildRun): Promise<BuildResult> {
  let endSlowGrowth = () => {};
  // Stopped by a signal (write/interruption.ts): the threads first, so that none writes again into
  // the folder removed next; then what this build wrote beside the output folder, and its lock.
  const noLongerStoppable = onStop(async () => {
    await Promise.allSettled([run.pool?.close(), run.fileThread?.close()]);
    await run.target?.abort();
    run.lock?.release();
  });
  try {
    const { last, upToDate } = await checkUpToDate(run);
    if (upToDate) return upToDate;
    const articleFiles = run.timed('load', () => listArticleFiles(run, last.contentFiles));
    const pool = (run.pool = startShards(run, articleFiles.files, last));
    const content = loadContent(run, last.input?.content, mayUpdateOutput(run, last));
    run.target = await run.timed('up-to-date', () => openOutput(run, last, content.buildable));
    const client = startClientAssets(content.cache);
    const read = await readArticleFields(run, pool, content, articleFiles.files);
    const problems = validateSite(run, content, read, articleFiles.diagnostics);
    if (problems.length) return await reportEveryError(run, pool, content, read, client, problems);
    const articles = await renderArticlePages(run, pool, content, read, client);
    const pins = recordPinpoints(run, read, articles);
    // Every article's lines went out with its job: the id file's bytes (179 MB at 50,000 articles)
    // are not held through the site files. A commit that rewrites the file reads it again, checked
    // against the stat taken with its memo (as a rebuild does, which never reads it whole).
    if (read.idFile.memo) read.idFile.bytes = undefined;
    endSlowGrowth = growHeapSlowly();
    await atStep('site-files');
    const files = await makeSiteFiles(run, pool, content, articles);
    if ('linkProblems' in files) {
      await run.abandon();
      return run.failed([...files.linkProblems, ...pins.problems]);
    }
    // Before the commit, which may rewrite the id file the records are read from.
    const warnings = [
      ...goneAddressWarnings(files.site.changes, files.urls, run.contentName, movedIntoFrom(articles.rendered.digests)),
      ...removedTextLinkWarnings(files.links, articles.rendered.digests, read.pinsOf),
      ...staleRemovalWarnings(read.articles, articles.rendered.digests, yesterday(), run.cwd, read.idFile.file),
      ...idFileCreatedWarnings(run.pinpointsMode === 'update' && pins.update.stale && !pins.update.file.exists, read.idFile.file, files.changesSince, run.opts.outDir),
    ];
    if (pins.problems.length) {
      // The id file out of date (check): its error, and the warnings a passing check would give.
      await run.abandon();
      return run.failed([...pins.problems, ...warnings]);
    }
    const pages = htmlPages(files);
    const committed = await commitOutput(run, last, content.cache, pages.length, pins.update, files.writing);
    // A check writes nothing and warns all the same; a build, of the output it committed.
    return builtResult(run, files, articles, pages, committed, { update: pins.update, pinsOf: read.pinsOf }, committed || !run.opts.write ? warnings : []);
  } catch (error) {
    // Whatever failed, the output folder stays as it was and the staging folder goes.
    await run.abandon();
    throw error;
  } finally {
    endSlowGrowth();
    if (!run.opts.cache) await run.pool?.close();
    await run.fileThread?.close();
    run.lock?.release();
    // Only now: a stop that comes while the threads close still gives the lock back.
    noLongerStoppable();
  }
}

/** The articles whose removal notices linked to an article (as rendered: a pointer into one gone is
 * taken out of the id file by this build, moved-paragraphs.ts unlinkGone). */
function movedIntoFrom(digests: Map<string, ArticleDigest>): (slug: string) => string[] {
  return (slug) => [...digests].filter(([, d]) => d.pins.moved?.includes(slug)).map(([from]) => from).sort();
}

/** Yesterday (UTC): a removal dated that day or later may be today's, in any time zone. */
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

function cacheWarning(files: string[], dir: string): string {
  const one = files.length === 1;
  return `the build cache in ${dir} had ${one ? 'a damaged file' : `${files.length} damaged files`} (${files.join(', ')}); ${one ? 'it was' : 'they were'} dropped and what ${one ? 'it' : 'they'} held made afresh`;
}
