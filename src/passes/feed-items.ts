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
  /** RSS's pubDate: when it was published, or for a term, which records no such date, when it last
   * changed (an RSS item's date either way). */
  pubDate: string;
  /** When it first appeared, where the content records it: an article's datePublished, a
   * correction's date. A term has none (only lastModified), so Atom gives it no `published`, which
   * means first availability (RFC 4287 §4.2.9): an edited term is not announced as new. */
  published?: string;
  /** When it last changed in a way a reader should hear of: an article's dateModified (Atom's
   * `updated`, beside `published`); a term's and a correction's date otherwise. */
  updated: string;
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

/**
 * A feed item's id, which a feed reader keeps to know an item it has shown: the address the
 * article or term was first published under (the first of its former slugs, which are listed
 * oldest first), so that renaming it does not show it to every subscriber again as new. That
 * address redirects to the current one, so the id stays a permalink.
 */
const firstSlug = (entity: { slug: string; formerSlugs?: string[] }) => entity.formerSlugs?.[0] ?? entity.slug;

export function buildFeedItems(articles: ArticleMeta[], terms: Term[], config: SiteConfig): FeedSet {
  const articleItem = (a: ArticleMeta): FeedItem => ({
    title: a.title,
    link: `${config.baseUrl}/articles/${a.slug}`,
    description: a.summary,
    pubDate: a.datePublished,
    published: a.datePublished,
    updated: a.dateModified,
    guid: `${config.baseUrl}/articles/${firstSlug(a)}`,
    author: a.author,
    category: a.tags,
  });
  const termItem = (t: Term): FeedItem => ({
    title: termTitle(t),
    link: `${config.baseUrl}/glossary/${t.slug}`,
    description: t.definition,
    pubDate: t.lastModified,
    updated: t.lastModified,
    guid: `${config.baseUrl}/glossary/${firstSlug(t)}`,
    author: config.publisher.name,
    category: t.tags,
  });
  const correctionItems = articles.flatMap((a) => correctionsOf(a).map((c): FeedItem => ({
    title: `Correction: ${a.title}`,
    link: `${config.baseUrl}/articles/${a.slug}#${c.id}`,
    description: c.summary,
    pubDate: c.date,
    published: c.date,
    updated: c.date,
    guid: `${config.baseUrl}/articles/${firstSlug(a)}#${c.id}`,
    author: a.author,
    category: a.tags,
  })));
  // Chosen before they are made into items: at 50,000 articles every item was made to keep 25.
  const newestArticles = newestFirst(articles, COMBINED_FEED_ITEMS, (a) => a.datePublished, (a) => a.title).map(articleItem);
  const newestTerms = newestFirst(terms, COMBINED_FEED_ITEMS, (t) => t.lastModified, termTitle).map(termItem);
  // The newest of all are among the newest of each; articles first, as when both were one list.
  const combined = newestFirst([...newestArticles, ...newestTerms], COMBINED_FEED_ITEMS, (f) => f.pubDate, (f) => f.title);
  return {
    combined,
    articles: newestArticles.slice(0, SPECIALISED_FEED_ITEMS),
    glossary: newestTerms.slice(0, SPECIALISED_FEED_ITEMS),
    corrections: newestFirst(correctionItems, SPECIALISED_FEED_ITEMS, (f) => f.pubDate, (f) => f.title),
    updated: combined[0]?.pubDate ?? '2025-01-01',
  };
}

const termTitle = (t: Term) => `${t.title} (glossary)`;

/**
 * The first `n` of `list` newest first (by `date`), the same date by `title`, and otherwise in the
 * order given: what a stable sort and a slice give, without sorting the rest.
 */
export function newestFirst<T>(list: readonly T[], n: number, date: (item: T) => string, title: (item: T) => string): T[] {
  const kept: T[] = [];
  if (n <= 0) return kept;
  const before = (a: T, b: T) => (date(b).localeCompare(date(a)) || title(a).localeCompare(title(b))) < 0;
  for (const item of list) {
    if (kept.length === n && !before(item, kept[n - 1])) continue;
    // After every kept item it does not come strictly before: ties keep the order given.
    let at = kept.length;
    while (at > 0 && before(item, kept[at - 1])) at--;
    kept.splice(at, 0, item);
    if (kept.length > n) kept.pop();
  }
  return kept;
}
