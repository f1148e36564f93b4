/**
 * The pass pipeline: the order of these lines is the architecture. Each pass is pure over what it is
 * given and returns what it adds; `timed` records how long each took for --profile.
 * Reads: a validated SiteSource. Writes: a BuiltSite for routes.ts.
 */
import type { BuildCache } from './build-cache.js';
import type { Article, SiteConfig, SiteSource, Term, TemplateFile, ArticleStats } from './model.js';
import { type ArticleBody, renderArticleBodies } from './passes/article-html.js';
import { type ArticleFields, renderAllArticleFields } from './passes/article-fields.js';
import { type LetterGroup, findNeighbours, groupTermsByLetter, type Neighbours, orderArticles, orderTerms } from './passes/site-order.js';
import { type PageBody, renderPageBodies } from './passes/page-html.js';
import { readingStats } from './passes/reading-time.js';
import { buildTermMatcher } from './passes/term-matcher.js';
import { generateTemplateFiles } from './passes/generated-templates.js';
import { type BacklinkResult, buildBacklinks } from './passes/backlinks.js';
import { buildRecommendations, type Recommendations } from './passes/recommendations.js';
import { buildTopicClusters, type TopicCluster } from './passes/topic-clusters.js';
import { buildFeedItems, type FeedSet } from './passes/feed-items.js';
import { buildSearchIndex } from './passes/search-index.js';
import { buildManifest, type Changes, diffManifests, type Manifest } from './passes/manifest.js';

export interface BuiltSite {
  source: SiteSource;
  config: SiteConfig;
  /** Newest first; every list on the site uses this order. */
  articles: Article[];
  /** By title. */
  terms: Term[];
  bodies: Map<string, ArticleBody>;
  fields: Map<string, ArticleFields>;
  stats: Map<string, ArticleStats>;
  neighbours: Map<string, Neighbours>;
  letterGroups: LetterGroup[];
  pageBodies: Map<string, PageBody>;
  templates: TemplateFile[];
  backlinks: BacklinkResult;
  recommendations: Map<string, Recommendations>;
  topTags: string[];
  clusters: TopicCluster[];
  feeds: FeedSet;
  manifest: Manifest;
  changes: Changes;
  searchIndex: string;
}

/** Runs `run` under a name for --profile; a promise is timed until it settles. */
export type Timer = <T>(name: string, run: () => T) => T;
export const untimed: Timer = (_name, run) => run();

export interface Parallelism {
  /** Worker threads for the passes that can use them (article bodies). */
  workers: number;
  /** Below this many article bodies to render, they are rendered on the main thread. */
  minArticlesForWorkers?: number;
}

export async function runPipeline(source: SiteSource, previousManifest: Manifest | undefined, timed: Timer = untimed, cache?: BuildCache, parallel: Parallelism = { workers: 1 }): Promise<BuiltSite> {
  const { config } = source;
  const articles = timed('order', () => orderArticles(source.articles));
  const terms = timed('order', () => orderTerms(source.terms));
  const matcher = timed('term-matcher', () => buildTermMatcher(terms));
  const bodies = await timed('article-html', () => renderArticleBodies(articles, terms, matcher, { memo: cache?.articleBodies, ...parallel }));
  const fields = timed('article-fields', () => renderAllArticleFields(articles));
  const stats = timed('reading-time', () => new Map(articles.map((a) => [a.slug, readingStats(bodies.get(a.slug)!, fields.get(a.slug)!, a.keyTakeaways)])));
  const neighbours = timed('neighbours', () => findNeighbours(articles));
  const letterGroups = timed('letter-groups', () => groupTermsByLetter(terms));
  const pageBodies = timed('page-html', () => renderPageBodies(source.pages, config));
  const backlinks = timed('backlinks', () => buildBacklinks(articles, terms, new Map(articles.map((a) => [a.slug, bodies.get(a.slug)!.mentions]))));
  const recommendations = timed('recommendations', () => buildRecommendations(articles, terms, new Map(articles.map((a) => [a.slug, bodies.get(a.slug)!.plainText])), stats));
  const { topTags, clusters } = timed('topic-clusters', () => buildTopicClusters(articles, terms, config.tags));
  const feeds = timed('feed-items', () => buildFeedItems(articles, terms, config));
  const searchIndex = timed('search-index', () => buildSearchIndex(articles, new Map(articles.map((a) => [a.slug, bodies.get(a.slug)!.plainText])), terms, source.datasets));
  const manifest = timed('manifest', () => buildManifest(articles, terms, source.datasets));
  const changes = diffManifests(previousManifest, manifest, config.baseUrl);
  const templates = await generateTemplateFiles(source.templates, config);
  return { source, config, articles, terms, bodies, fields, stats, neighbours, letterGroups, pageBodies, templates, backlinks, recommendations, topTags, clusters, feeds, manifest, changes, searchIndex };
}
