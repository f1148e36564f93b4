/**
 * Feed items (spec §3 "Feed item", §9): the combined feed holds the latest 50 articles and terms,
 * the articles and glossary feeds 25 each, newest first; the corrections feed (issue 17) the latest
 * 25 corrections to articles, each linking to its entry in the article's "Changes". Items only;
 * routes.ts serialises them with the `feed` library. Reads: articles, terms, config. Writes: FeedSet.
 */
import type { ArticleMeta, SiteConfig, Term } from '../model.js';
import { correctionsOf } from './change-log.js';

export const COMBINED_FEED_ITEMS = 50;
export const SPECIALISED_FEED_ITEMS = 25;
export const FEED_TTL_MINUTES = 1440;

export interface FeedItem {
  title: string;
  link: string;
  description: string;
  pubDate: string;
  guid: string;
  author: string;
  category: string[];
}

export interface FeedSet {
  combined: FeedItem[];
  articles: FeedItem[];
  glossary: FeedItem[];
  /** Corrections to articles, newest first. */
  corrections: FeedItem[];
  /** The newest date among all items, used as the feed's updated date (never the build time). */
  updated: string;
}

export function buildFeedItems(articles: ArticleMeta[], terms: Term[], config: SiteConfig): FeedSet {
  const articleItems = articles.map((a): FeedItem => ({
    title: a.title,
    link: `${config.baseUrl}/articles/${a.slug}`,
    description: a.summary,
    pubDate: a.datePublished,
    guid: `${config.baseUrl}/articles/${a.slug}`,
    author: a.author,
    category: a.tags,
  }));
  const termItems = terms.map((t): FeedItem => ({
    title: `${t.title} (glossary)`,
    link: `${config.baseUrl}/glossary/${t.slug}`,
    description: t.definition,
    pubDate: t.lastModified,
    guid: `${config.baseUrl}/glossary/${t.slug}`,
    author: config.publisher.name,
    category: t.tags,
  }));
  const correctionItems = articles.flatMap((a) => correctionsOf(a).map((c): FeedItem => ({
    title: `Correction: ${a.title}`,
    link: `${config.baseUrl}/articles/${a.slug}#${c.id}`,
    description: c.summary,
    pubDate: c.date,
    guid: `${config.baseUrl}/articles/${a.slug}#${c.id}`,
    author: a.author,
    category: a.tags,
  })));
  const newestFirst = (list: FeedItem[]) => [...list].sort((a, b) => b.pubDate.localeCompare(a.pubDate) || a.title.localeCompare(b.title));
  const all = newestFirst([...articleItems, ...termItems]);
  return {
    combined: all.slice(0, COMBINED_FEED_ITEMS),
    articles: newestFirst(articleItems).slice(0, SPECIALISED_FEED_ITEMS),
    glossary: newestFirst(termItems).slice(0, SPECIALISED_FEED_ITEMS),
    corrections: newestFirst(correctionItems).slice(0, SPECIALISED_FEED_ITEMS),
    updated: all[0]?.pubDate ?? '2025-01-01',
  };
}
