/**
 * The feeds (spec §7 "Feed URLs copied", §9 sizes) and where they live in dist/. A static host (GitHub
 * Pages, Netlify, Cloudflare Pages, nginx `try_files`) answers `/x` with the file `x`, `x.html` or
 * `x/index.html`, and takes the content type from the file's name: no file can make the spec's
 * extensionless `/feeds/rss` an XML answer there. So each feed is the file `/feeds/{name}.xml` (XML by
 * its name on every host), which is what the site links to and lists; and the spec's `/feeds/{name}`
 * is a small HTML page that names the feed and declares it with `<link rel="alternate"
 * type="application/rss+xml">`, the autodiscovery link a feed reader follows when given a page.
 * `/feed.xml` is the combined RSS feed the spec links from every page.
 */
import { Feed } from 'feed';
import type { SiteConfig } from '../model.js';
import type { BuiltSite } from '../pipeline.js';
import { FEED_TTL_MINUTES, type FeedItem, type FeedSet } from '../passes/feed-items.js';
import { escapeHtml } from '../passes/markdown.js';
import { makeMeta } from './meta.js';
import type { FileRoute, HtmlRoute } from './types.js';

export const RSS_TYPE = 'application/rss+xml; charset=utf-8';
export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

export interface FeedInfo {
  /** The spec's URL: the feed's page. */
  page: string;
  /** The feed itself. */
  file: string;
  format: 'RSS 2.0' | 'Atom 1.0';
  /** What it holds, for the endpoint lists and the feed's page. */
  description: string;
  items: keyof Omit<FeedSet, 'updated'>;
  /** Appended to the site name for the feed's title. */
  titleSuffix: string;
  /** The feed's page title: "{label} feed". */
  label: string;
}

export const FEEDS: readonly FeedInfo[] = [
  { page: '/feeds/rss', file: '/feeds/rss.xml', format: 'RSS 2.0', description: 'The latest 50 articles and glossary terms.', items: 'combined', titleSuffix: '', label: 'RSS' },
  { page: '/feeds/atom', file: '/feeds/atom.xml', format: 'Atom 1.0', description: 'The latest 50 articles and glossary terms, as Atom.', items: 'combined', titleSuffix: '', label: 'Atom' },
  { page: '/feeds/articles', file: '/feeds/articles.xml', format: 'RSS 2.0', description: 'The latest 25 articles.', items: 'articles', titleSuffix: ': Articles', label: 'Articles' },
  { page: '/feeds/glossary', file: '/feeds/glossary.xml', format: 'RSS 2.0', description: 'The latest 25 glossary terms.', items: 'glossary', titleSuffix: ': Glossary', label: 'Glossary' },
  { page: '/feeds/corrections', file: '/feeds/corrections.xml', format: 'RSS 2.0', description: 'The latest 25 corrections to articles, each linking to the entry in the article\'s "Changes".', items: 'corrections', titleSuffix: ': Corrections', label: 'Corrections' },
];

/** The MIME type a feed is declared and served with. */
export const feedType = (f: Pick<FeedInfo, 'format'>) => (f.format === 'Atom 1.0' ? ATOM_TYPE : RSS_TYPE);

/** `/feed.xml` and the four `/feeds/{name}.xml` files. */
export function feedFileRoutes(site: Pick<BuiltSite, 'config' | 'feeds'>): FileRoute[] {
  const { config, feeds } = site;
  const make = (title: string, items: FeedItem[], self: string) => feedOf(config, feeds.updated, title, items, self, 'RSS 2.0');
  const routes: FileRoute[] = [{ kind: 'file', url: '/feed.xml', body: make(config.name, feeds.combined, '/feed.xml').rss2(), type: RSS_TYPE }];
  for (const f of FEEDS) {
    // A feed's date is that of its newest item: the corrections feed's, of its newest correction.
    const updated = (f.items === 'corrections' ? feeds.corrections[0]?.pubDate : undefined) ?? feeds.updated;
    const feed = feedOf(config, updated, `${config.name}${f.titleSuffix}`, feeds[f.items], f.file, f.format);
    routes.push({ kind: 'file', url: f.file, body: f.format === 'Atom 1.0' ? feed.atom1() : feed.rss2(), type: feedType(f) });
  }
  return routes;
}

/** The spec's `/feeds/{name}` URLs as pages that point to the feed files. */
export function feedPageRoutes(site: Pick<BuiltSite, 'config' | 'feeds'>): HtmlRoute[] {
  const { config } = site;
  return FEEDS.map((f) => {
    const title = `${f.label} feed`;
    const feedTitle = `${config.name}${f.titleSuffix}`;
    return {
      kind: 'html', url: f.page, template: 'feed', unlisted: true, lastmod: site.feeds.updated,
      props: {
        title: `${title} (${f.format})`, format: f.format, description: f.description, href: f.file, url: `${config.baseUrl}${f.file}`,
        others: FEEDS.filter((o) => o !== f).map((o) => ({ title: `${o.label} feed`, href: o.file, format: o.format })),
      },
      meta: {
        ...makeMeta(config, { title, description: `${f.description} Subscribe with ${config.baseUrl}${f.file}.`, url: f.page, noindex: true }),
        alternates: [{ type: feedType(f).split(';')[0], href: f.file, title: feedTitle }],
      },
    };
  });
}

/**
 * One feed, for either format. Titles and summaries are plain text, and both formats declare them
 * HTML (Atom's `type="html"`, RSS's description by custom): so they are HTML-escaped, or a `<Tools>`
 * in a title would be read as a tag and vanish (RFC 4287 §3.1.1.2: "Any markup within MUST be
 * escaped"). An RSS title is plain text to most readers, and stays as written there. An entry's
 * `updated` is when it last changed (an article corrected months later is updated), `published`
 * (RSS's pubDate) when it first appeared, where the content says (a term's item has only `updated`,
 * its RSS pubDate that date); the feed's date is the newest of either.
 */
function feedOf(config: SiteConfig, updated: string, title: string, items: FeedItem[], self: string, format: FeedInfo['format']): Feed {
  const u = (p: string) => `${config.baseUrl}${p}`;
  const atom = format === 'Atom 1.0';
  const day = (date: string) => new Date(`${date}T00:00:00Z`);
  const newest = items.reduce((latest, it) => (it.updated > latest ? it.updated : latest), updated);
  const feed = new Feed({
    title, description: config.description.trim(), id: u('/'), link: u('/'), language: config.language, ttl: FEED_TTL_MINUTES,
    copyright: `${config.license.name} ${config.license.url}`, updated: day(newest), generator: 'legalsite',
    feedLinks: { rss: u(self), atom: u('/feeds/atom.xml') }, author: { name: config.publisher.name, email: config.editorialEmail },
  });
  for (const it of items) {
    feed.addItem({
      title: atom ? escapeHtml(it.title) : it.title, id: it.guid, link: it.link, description: escapeHtml(it.description),
      date: day(it.updated), ...(it.published ? { published: day(it.published) } : {}), author: [{ name: it.author, email: config.editorialEmail }],
      // Atom's category is its `term` (required), with the same words as its label.
      category: it.category.map((name) => ({ name, term: name })),
    });
  }
  return feed;
}
