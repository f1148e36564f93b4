/**
 * Steps: graph passes, site files, check links, emit. Over the articles' digests: the graph passes
 * (recommendations, sent to the shards at once, which choose candidates while this thread works out
 * backlinks, from their memo), term and recommendation pages (on the shards while this thread goes
 * on), the site search's files (from the last build's where they are unchanged), the remaining site
 * passes and every site route; then every internal link is checked, and only a site without broken
 * links has its pages and files written.
 * Reads: the rendered articles and the loaded site. Writes: pages and files (into the output target).
 */
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { ShardPool } from '../engine/shard-pool.js';
import type { BacklinkResult } from '../passes/backlinks.js';
import { type MemoizedBacklinks, memoizedBacklinks } from '../engine/backlinks-memo.js';
import { planCandidates } from '../engine/candidate-memo.js';
import { siteSearch } from '../engine/search-index.js';
import { readPreviousManifest } from '../load/read-previous-manifest.js';
import type { Manifest } from '../passes/manifest.js';
import { type BuiltSite, type OrderedSite, runGraphPasses, runSitePasses } from '../pipeline.js';
import { allRoutes, type Route, siteRoutes } from '../routes.js';
import type { PublishedManifest } from '../passes/published.js';
import { PUBLISHED_URL, publishedAhead, publishedRoute } from './published.js';
import { glossaryMarkdownRoute } from '../routes/reference-files.js';
import { llmsFullRoutes } from '../routes/llms-files.js';
import { type FamilyRefs, graphPageRefs } from '../routes/site-pages.js';
import type { FileRoute, HtmlRoute, JoinedRoute } from '../routes/types.js';
import { siteLinks, siteUrls } from '../site-links.js';
import { checkFragmentLinks } from '../validate/fragment-links.js';
import { checkInternalLinks, type LinkSource } from '../validate/links.js';
import { checkUrlClashes } from '../validate/url-clashes.js';
import type { LoadedContent } from './load.js';
import { pageIdsOf } from './page-ids.js';
import type { RenderedArticles } from './render-articles.js';
import type { BuildRun } from './run.js';

export interface SiteFiles {
  site: BuiltSite;
  /** Every route of the site, the family pages' included, in URL order (allRoutes): sorted once
   * here, as the site's pages and routes are read in that order more than once. */
  routes: Route[];
  families: FamilyRefs;
  urls: Set<string>;
  /** Every link of the content, checked (site-links.ts). */
  links: LinkSource[];
  /** The content manifest this build's changes were counted from (none: everything is new). */
  changesSince: Manifest | undefined;
  /** The published manifest (/api/published.json), made when asked for. */
  published: () => PublishedManifest;
  /** Settles when the last file is written: the published manifest and the files of rows may still
   * be being made on the file thread (SiteEmitter.fileAside, rowsFileOf). */
  writing: Promise<void>;
}

/** The built site and its routes, all written; or the broken links that stopped it (nothing written). */
export async function makeSiteFiles(run: BuildRun, pool: ShardPool, content: LoadedContent, articles: RenderedArticles): Promise<SiteFiles | { linkProblems: Diagnostic[] }> {
  const making = new Making();
  try {
    return await makeAll(run, pool, content, articles, making);
  } catch (error) {
    await making.finished();
    throw error;
  }
}

async function makeAll(run: BuildRun, pool: ShardPool, content: LoadedContent, articles: RenderedArticles, making: Making): Promise<SiteFiles | { linkProblems: Diagnostic[] }> {
  const { timed, target } = run;
  const { source, cache, loaded } = content;
  const { ordered, order, emitter, rendered, articlePages } = articles;
  let backlinks: MemoizedBacklinks | undefined;
  const backlinksOf = (site: OrderedSite, full: () => BacklinkResult) => (backlinks = memoizedBacklinks(site, full, cache?.backlinks)).backlinks;
  const unitKeys = new Map([...rendered.index.articles.values()].map((k) => [k.digest.article.slug, k.key]));
  const graph = runGraphPasses(ordered, timed, unitKeys, cache?.candidates, backlinksOf);
  // The shards are idle from their last article until they have the recommendations: sent first,
  // so that they select candidates while this thread works out the term pages' backlinks (the shards
  // are the critical path: their pages go before the files of this thread and the file thread).
  const candidatePlan = timed('recommendations', () => planCandidates(graph.recommendations, cache?.candidates));
  making.add(run.timedStart('recommendations', () => pool.setRecommendations(graph.recommendations, candidatePlan)).then((memo) => void (cache && (cache.candidates = memo))));
  // Term and recommendation pages on the shards while this thread runs the remaining passes.
  const families: FamilyRefs = { articles: articlePages, ...timed('routes', () => graphPageRefs(graph)) };
  making.add(run.timedStart('render', () => emitter.pages([...families.terms, ...families.recommendations])));
  // llms-full.txt (or its parts) joins the articles' Markdown and the glossary's: written on the file thread.
  timed('write', () => emitter.files([glossaryMarkdownRoute(order)]));
  emitter.startJoined(llmsFullRoutes(ordered, run.limits).filter((r): r is JoinedRoute => r.kind === 'joined'));
  making.add(emitter.joinsStarted());
  const search = timed('search-index', () => siteSearch({ ...ordered, datasets: source.datasets }, rendered.digests, cache?.search, articles.previousIndex));
  if (cache) cache.search = search.memo;
  // The manifest of the build in the output folder, unless the build is told to count from another
  // (the second pass of a build that found paragraphs moved counts from what the first did).
  const changesSince = run.opts.changesSince ? run.opts.changesSince.manifest : timed('manifest', () => readPreviousManifest(run.outAbs));
  const site = await runSitePasses(graph, rendered.digests, changesSince, search.files, timed);
  const routes = timed('routes', () => siteRoutes(site, articles.assets, families, run.limits));
  // After the routes, which may count the relations (to split the knowledge graph).
  if (cache) cache.backlinks = backlinks!.next();
  const { urls, clashing } = timed('link-check', () => siteUrls(site, families, routes));
  urls.add(PUBLISHED_URL);
  const links = siteLinks(site, loaded.sources);
  const linkProblems = timed('link-check', () => [...checkInternalLinks(links, urls), ...checkUrlClashes(clashing, source, loaded.sources)]);
  if (linkProblems.length) {
    await making.finished();
    return { linkProblems };
  }
  // The published manifest's files and redirects are known now: the file thread sorts them while
  // the pages are made (at 50,000 articles, 300,000 files), ready for the manifest at the end.
  const thread = emitter.asideThread();
  const ahead = thread && timed('published', () => publishedAhead(site.config.baseUrl, urls, pageUrlsOf(families, routes), routes, thread));
  making.add(run.timedStart('render', () => emitter.pages(routes.filter((r): r is HtmlRoute => r.kind === 'html'))));
  timed('write', () => emitter.files(routes.filter((r): r is FileRoute => r.kind === 'file')));
  await timed('render', () => making.settle());
  // The shards' part is done. A build lets them go now (serve keeps them for the next): their heaps
  // (0.9 GB at 50,000 articles) stayed through the site's last files and the commit.
  if (!run.opts.cache) void pool.close();
  // Links into a page (`#id`) once every page's ids are known; a build that fails here publishes
  // nothing, and the next build does not take its files of rows for the output folder's.
  const fragmentProblems = timed('link-check', () => checkFragmentLinks(links, pageIdsOf(emitter.pageAnchors(), routes, target)));
  if (fragmentProblems.length) return { linkProblems: fragmentProblems };
  if (cache) cache.rows = emitter.rowsMemo();
  // Every page is made: the manifest of what this build publishes, with each page's ids.
  // The family pages are never redirects: the manifest's redirects are among the other routes.
  const published = timed('published', () => publishedRoute(site.config.baseUrl, emitter, routes, urls, target, ahead));
  // Timed here for this thread's part; the commit waits for the rest (or the build, giving up, does).
  let writing!: Promise<void>;
  timed('published', () => void (writing = run.writingAside(emitter.fileAside(published.route, published.aside))));
  // The files of rows made on the file thread (SiteEmitter.rowsFileOf) are waited for with it.
  writing = Promise.all([writing, emitter.asideWritten()]).then(() => undefined);
  await timed('write', () => emitter.joined(routes.filter((r): r is JoinedRoute => r.kind === 'joined')));
  return { site, routes: timed('routes', () => allRoutes(families, [...routes, published.route])), families, urls, links, changesSince, published: published.manifest, writing };
}

/** Every page's URL, as the routes tell them before the pages are made. */
function pageUrlsOf(families: FamilyRefs, routes: Route[]): Set<string> {
  return new Set([...families.articles, ...families.terms, ...families.recommendations, ...routes.filter((r) => r.kind === 'html')].map((r) => r.url));
}

/** Work under way on other threads, awaited together. */
class Making {
  private work: Promise<unknown>[] = [];

  add(work: Promise<unknown>): void {
    this.work.push(work);
  }

  /** Waits for all; throws the first failure. */
  async settle(): Promise<void> {
    const outcomes = await Promise.allSettled(this.work);
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** Waits for all, whatever their outcome (before giving up on the build). */
  async finished(): Promise<void> {
    await Promise.allSettled(this.work);
  }
}
