/**
 * /analytics/trending.json: the articles and terms that can be among the analytics page's Trending
 * Content on any day (templates/client/lib/analytics.ts trendingCandidates), with what its score
 * reads. The page ranks these; before, it fetched /articles/index.json and /glossary.json whole for
 * eight lines (9.4 MB and more at 10,000 articles).
 * Reads: the built site's articles, their word counts, the terms. Writes: a route.
 */
import { type TrendItem, trendingCandidates } from '../../templates/client/lib/analytics.js';
import type { BuiltSite } from '../pipeline.js';
import { json } from './machine-files.js';
import type { FileRoute } from './types.js';

export const TRENDING_URL = '/analytics/trending.json';

export function analyticsFileRoutes(site: BuiltSite): FileRoute[] {
  return [
    json(TRENDING_URL, () => {
      const items: TrendItem[] = [
        ...site.articles.map((a): TrendItem => ({ type: 'article', slug: a.slug, title: a.title, tags: a.tags, dateModified: a.dateModified, wordCount: site.stats.get(a.slug)!.wordCount })),
        ...site.terms.map((t): TrendItem => ({ type: 'term', slug: t.slug, title: t.title, tags: t.tags, dateModified: t.lastModified })),
      ];
      return { site: site.config.name, about: 'The articles and terms that can be among the analytics page\'s Trending Content on any day, with what their score reads (docs/browser.md).', items: trendingCandidates(items) };
    }),
  ];
}
