/**
 * The pass pipeline: the order of these lines is the architecture. Each pass is pure over what it is
 * given and returns what it adds; `timed` records how long each took for --profile.
 * Reads: a validated SiteSource and the digest of every article (each article's own passes, body
 * HTML, fields, reading time and text features, ran where its file was loaded: src/engine).
 * Writes: a BuiltSite for routes.ts.
 */
import type { ArticleMeta, ArticleStats, SiteConfig, SiteSource, Term, TemplateFile, TextFeatures } from './model.js';
import type { ArticleDigest, BodyDigest } from './model/article-digest.js';
import { type LetterGroup, findNeighbours, groupTermsByLetter, type Neighbours, orderArticles, orderTerms } from './passes/site-order.js';
import { type PageBody, renderPageBodies } from './passes/page-html.js';
import { generateTemplateFiles } from './passes/generated-templates.js';
import { type BacklinkResult, buildBacklinks } from './passes/backlinks.js';
import { type FeatureReuse, recommendationFeatures, type RecFeatures } from './passes/recommendations.js';
import type { TopicCluster } from './model/topic-cluster.js';
import { buildTopicClusters } from './passes/topic-clusters.js';
import { buildFeedItems, type FeedSet } from './passes/feed-items.js';
import type { SearchFiles } from './passes/search/index-files.js';
import { buildManifest, type Changes, diffManifests, type Manifest } from './passes/manifest.js';
import { correctionsOf } from './passes/change-log.js';
import { hasAnswer } from './passes/article-fields.js';

/** The site's orders: what an article's page needs besides its own article (made from every
 * article's fields, before any body is rendered). */
export interface SiteOrder {
  source: SiteSource;
  config: SiteConfig;
  /** Newest first; every list on the site uses this order. */
  articles: ArticleMeta[];
  /** By title. */
  terms: Term[];
  neighbours: Map<string, Neighbours>;
  letterGroups: LetterGroup[];
  pageBodies: Map<string, PageBody>;
}

/** The ordered site with what every article's rendering yielded. */
export interface OrderedSite extends SiteOrder {
  /** Per article slug: the terms its body mentions and its links; the HTML stays with its shard. */
  bodies: Map<string, BodyDigest>;
  stats: Map<string, ArticleStats>;
  text: Map<string, TextFeatures>;
  /** Per article slug, a hash of its fields (ArticleDigest.metaKey). */
  metaKeys: Map<string, string>;
}

/** The site once its graph is known: what term and recommendation pages need. */
export interface GraphSite extends OrderedSite {
  backlinks: BacklinkResult;
  /** What every item's recommendations are made from (each page makes its own, with candidates
   * selected where it is rendered: page-families.ts, engine/shard.ts). */
  recommendations: RecFeatures;
}

export interface BuiltSite extends GraphSite {
  templates: TemplateFile[];
  topTags: string[];
  clusters: TopicCluster[];
  feeds: FeedSet;
  manifest: Manifest;
  changes: Changes;
  /** The site search's files (engine/search-index.ts: made from the last build's where it can be). */
  search: SearchFiles;
}

/** Runs `run` under a name for --profile; a promise is timed until it settles. */
export type Timer = <T>(name: string, run: () => T) => T;
export const untimed: Timer = (_name, run) => run();

/** Orders, neighbours and the pages' bodies: what article pages need, so each is rendered with its
 * article's body. */
export function runOrderPasses(source: SiteSource, timed: Timer = untimed): SiteOrder {
  const { config } = source;
  const articles = timed('order', () => orderArticles(source.articles));
  const terms = timed('order', () => orderTerms(source.terms));
  const neighbours = timed('neighbours', () => findNeighbours(articles));
  const letterGroups = timed('letter-groups', () => groupTermsByLetter(terms));
  const pageBodies = timed('page-html', () => renderPageBodies(source.pages, config));
  return { source, config, articles, terms, neighbours, letterGroups, pageBodies };
}

/** The ordered site with every article's digest (`digests`: every article of the site, by slug). */
export function withDigests(order: SiteOrder, digests: Map<string, ArticleDigest>): OrderedSite {
  const part = <K extends keyof ArticleDigest>(key: K) => new Map(order.articles.map((a) => [a.slug, digests.get(a.slug)![key]]));
  return { ...order, bodies: part('body'), stats: part('stats'), text: part('text'), metaKeys: part('metaKey') };
}

/** The graph passes: backlinks and recommendations, what term and recommendation pages need.
 * `articleVersions`: each article's unit key, by slug (recommendation pages are fingerprinted by them).
 * `reuse`: an earlier build's recommendation features; `backlinksOf`: where backlinks come from
 * (engine/backlinks-memo.ts), given how to work them out. */
export function runGraphPasses(
  site: OrderedSite,
  timed: Timer = untimed,
  articleVersions?: Map<string, string>,
  reuse?: FeatureReuse,
  backlinksOf: (site: OrderedSite, build: () => BacklinkResult) => BacklinkResult = (_site, build) => build(),
): GraphSite {
  const { articles, terms, bodies, stats, text } = site;
  const backlinks = backlinksOf(site, () => timed('backlinks', () => buildBacklinks(articles, terms, new Map(articles.map((a) => [a.slug, bodies.get(a.slug)!.mentions])))));
  const recommendations = timed('recommendations', () => recommendationFeatures(articles, terms, text, stats, articleVersions, reuse));
  return { ...site, backlinks, recommendations };
}

/** The other site-wide passes: clusters, feeds, manifest, generated downloads. `search`: the site
 * search's files, made by the engine, which keeps what it can of them between builds. */
export async function runSitePasses(site: GraphSite, digests: Map<string, ArticleDigest>, previousManifest: Manifest | undefined, search: SearchFiles, timed: Timer = untimed): Promise<BuiltSite> {
  const { source, config, articles, terms } = site;
  const { topTags, clusters } = timed('topic-clusters', () => buildTopicClusters(articles, terms, config.tags, config.tagNames));
  const feeds = timed('feed-items', () => buildFeedItems(articles, terms, config));
  const manifest = timed('manifest', () => buildManifest(articles.map((a) => ({ slug: a.slug, manifestHash: digests.get(a.slug)!.manifestHash, corrections: correctionsOf(a), answered: hasAnswer(a) })), terms, source.datasets));
  const changes = timed('manifest', () => diffManifests(previousManifest, manifest, config.baseUrl));
  const templates = await timed('templates', () => generateTemplateFiles(source.templates, config));
  return { ...site, templates, topTags, clusters, feeds, manifest, changes, search };
}
