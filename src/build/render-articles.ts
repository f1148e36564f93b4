/**
 * Steps: order, and render articles. The site's order (lists, neighbours, page bodies), the chrome
 * every page shares, then articles, step 2: each article's body, its own files and its page, made
 * on the shard that read it (an unchanged one is skipped by its fingerprint). Returns the site in
 * order with every article's digest, for the site-wide passes.
 * Reads: the loaded site, the browser assets. Writes: article files and pages (into the output target).
 */
import type { ClientBundle } from '../bundle/client-bundle.js';
import { SiteEmitter } from '../engine/emit-site.js';
import type { ArticleIndex } from '../engine/article-index.js';
import { renderArticles } from '../engine/load-articles.js';
import type { Assets } from '../routes.js';
import type { ShardPool } from '../engine/shard-pool.js';
import { type OrderedSite, runOrderPasses, withDigests } from '../pipeline.js';
import { llmsFullSources } from '../routes/llms-files.js';
import { articlePageRefs } from '../routes/site-pages.js';
import type { PageRef } from '../routes/types.js';
import type { Chrome } from '../../templates/types.js';
import { chromeOf } from './chrome.js';
import type { ArticleFields } from './check-articles.js';
import type { ClientAssets } from './client-assets.js';
import type { LoadedContent } from './load.js';
import type { BuildRun } from './run.js';

export interface RenderedArticles {
  order: ReturnType<typeof runOrderPasses>;
  /** The ordered site with every article's digest. */
  ordered: OrderedSite;
  rendered: Awaited<ReturnType<typeof renderArticles>>;
  /** What the last build knew of every article (the build cache's), before this build replaced it. */
  previousIndex?: ArticleIndex;
  articlePages: PageRef[];
  emitter: SiteEmitter;
  chrome: Chrome;
  bundle: ClientBundle;
  /** The stylesheet and the bundle's files, for the site's file routes. */
  assets: Assets;
}

export async function renderArticlePages(run: BuildRun, pool: ShardPool, content: LoadedContent, read: ArticleFields, client: ClientAssets): Promise<RenderedArticles> {
  const { timed } = run;
  const { source, cache } = content;
  const order = runOrderPasses(source, timed);
  const bundle = await timed('bundle', () => client.bundling);
  const css = await timed('assets', () => client.styling);
  const assets = { ...css, files: [...css.files, ...bundle.files] };
  const chrome = chromeOf(source, order.pageBodies, assets.cssHref);
  const context = await pool.setRenderer(chrome, [...bundle.entries]);
  const articlePages = timed('routes', () => articlePageRefs({ articles: order.articles, terms: source.terms, neighbours: order.neighbours }));
  const parts = new Set(llmsFullSources(order).map((url) => url.slice(1)));
  const emitter = new SiteEmitter({ pool, target: run.target, keep: run.keep, remember: run.remember, parts, fileThread: run.fileThread, rows: cache?.rows, context, aside: (writing) => void run.writingAside(writing) });
  const pages = new Map(order.articles.map((a, i) => [a.slug, articlePages[i]]));
  const rendering = timed('articles', () => renderArticles({ read, pages, context, pool, emitter, target: run.target, keep: run.keep }));
  // The shards have their first articles: this thread is free until their results come in.
  void read.readMentions?.();
  const rendered = await rendering;
  const previousIndex = cache?.articles;
  if (cache) cache.articles = rendered.index;
  return { order, ordered: timed('order', () => withDigests(order, rendered.digests)), rendered, previousIndex, articlePages, emitter, chrome, bundle, assets };
}
