/**
 * /articles and /answers once a site has more articles than one page holds (OutputLimits
 * listPageItems): numbered pages (/articles, /articles/page/2 …: pagination.ts), each with its own
 * canonical URL, title and rel=prev/next, listed in the sitemap. On a site that fits one page, the
 * spec's single page is made instead (site-pages.ts, reference-pages.ts). Spec §2, issue 18.
 */
import { FILTER_CHIPS, STRUCTURED_LIST_ITEMS } from '../constants.js';
import type { ArticleMeta, SiteConfig } from '../model.js';
import type { BuiltSite, OrderedSite } from '../pipeline.js';
import { breadcrumbLd, itemListLd } from '../structured-data.js';
import type { FilterLink, PagerData, PageRange } from '../../templates/types.js';
import { makeMeta } from './meta.js';
import { chunk, pagerOf, pageUrl, rangeOf } from './pagination.js';
import { searchUrl } from './search-links.js';
import type { HtmlRoute } from './types.js';
import { articleCard } from './view-data.js';

/** One page of a split list, as the route of that page is made from it. */
export interface ListPage<T> {
  n: number;
  pages: number;
  url: string;
  items: T[];
  range: PageRange;
  pager: PagerData;
  /** The page's own title: the list's, then "page n of N" past the first. */
  title: string;
  /** The newest date of the page's items (the first page: of the whole list, as its single page had). */
  lastmod: string;
}

/** Every page of the list at `list` of `items`, `size` a page. */
export function listPages<T extends { dateModified: string }>(list: string, items: T[], size: number, name: string, newest: string): ListPage<T>[] {
  const runs = chunk(items, size);
  return runs.map((run, i) => {
    const n = i + 1;
    return {
      n, pages: runs.length, url: pageUrl(list, n), items: run,
      range: rangeOf(n, size, run.length, items.length),
      pager: pagerOf(list, n, runs.length, `Pages of ${name.toLowerCase()}`),
      title: n === 1 ? name : `${name}, page ${n} of ${runs.length}`,
      lastmod: n === 1 ? newest : run.reduce((d, a) => (a.dateModified > d ? a.dateModified : d), ''),
    };
  });
}

/** A split list's page metadata: its own canonical URL, rel=prev/next, breadcrumbs past the first. */
export function listPageMeta(config: SiteConfig, page: ListPage<unknown>, description: string, list: { label: string; href: string }, items: { url: string; name: string }[]) {
  const crumbs = [{ label: 'Home', href: '/' }, list, ...(page.n > 1 ? [{ label: `Page ${page.n}`, href: page.url }] : [])];
  return {
    ...makeMeta(config, { title: page.title, description, url: page.url, jsonLd: [breadcrumbLd(config, crumbs), itemListLd(config, page.title, items.slice(0, STRUCTURED_LIST_ITEMS))] }),
    prev: page.pager.prev && `${config.baseUrl}${page.pager.prev}`,
    next: page.pager.next && `${config.baseUrl}${page.pager.next}`,
  };
}

/**
 * A list page's route whose props and meta are made when first read, with its inputs: everything
 * they are made from, its articles by their fields' hash (metaKey) and reading time (the only stat
 * a card shows, view-data.ts articleCard). A rebuild leaves a page whose inputs are unchanged alone
 * without making its route (HtmlRoute.inputs): after one edit, one page of the hundreds at 50,000
 * articles.
 */
function lazyListRoute(site: OrderedSite, page: ListPage<ArticleMeta>, template: HtmlRoute['template'], rest: unknown, make: () => Pick<HtmlRoute, 'props' | 'meta'>): HtmlRoute {
  let made: Pick<HtmlRoute, 'props' | 'meta'> | undefined;
  const route = { kind: 'html', url: page.url, template, lastmod: page.lastmod } as HtmlRoute;
  Object.defineProperties(route, {
    props: { enumerable: true, get: () => (made ??= make()).props },
    meta: { enumerable: true, get: () => (made ??= make()).meta },
  });
  route.inputs = () => JSON.stringify([site.config, template, page.url, page.n, page.pages, page.range, page.lastmod, page.title, rest, page.items.map((a) => `${site.metaKeys.get(a.slug)} ${site.stats.get(a.slug)!.readingTime}`)]);
  return route;
}

/** /articles over numbered pages; its search box and chips search the whole site. */
export function articleListRoutes(site: BuiltSite, newest: string, size: number): HtmlRoute[] {
  const { config } = site;
  const filters = filterLinks(site.articles);
  return listPages('/articles', site.articles, size, 'Articles', newest).map((page) => lazyListRoute(site, page, 'article-list', filters, () => ({
    props: { articles: page.items.map((a) => articleCard(site, a)), range: page.range, pager: page.pager, chips: filters.slice(0, FILTER_CHIPS), moreFilters: filters.slice(FILTER_CHIPS) },
    meta: listPageMeta(
      config, page,
      page.n === 1
        ? `Articles on fact-first legal practice from ${config.name}: chronologies, evidence, privilege logs, disclosure and AI tools.`
        : `Articles ${page.range.first} to ${page.range.last} of ${page.range.total} on fact-first legal practice from ${config.name}, newest first.`,
      { label: 'Articles', href: '/articles' },
      page.items.map((a) => ({ url: `/articles/${a.slug}`, name: a.title })),
    ),
  })));
}

/** /answers over numbered pages (`answered`: the articles with an answer, in list order). */
export function answerListRoutes(site: BuiltSite, answered: ArticleMeta[], newest: string, size: number): HtmlRoute[] {
  const { config } = site;
  return listPages('/answers', answered, size, 'Answers', newest).map((page) => lazyListRoute(site, page, 'answers', answered.length, () => ({
    props: { items: page.items.map((a) => articleCard(site, a)), range: page.range, pager: page.pager },
    meta: listPageMeta(
      config, page,
      `Structured, citable short answers from ${answered.length} articles, with IDs and JSON downloads${page.n === 1 ? '' : ` (answers ${page.range.first} to ${page.range.last})`}.`,
      { label: 'Answers', href: '/answers' },
      page.items.map((a) => ({ url: `/articles/${a.slug}`, name: a.title })),
    ),
  })));
}

/** The filters of the articles list (spec §5: the union of jurisdictions and tags, jurisdictions
 * first), each a link to the site search with it. */
export function filterLinks(articles: ArticleMeta[]): FilterLink[] {
  const jurisdictions = new Set<string>(articles.map((a) => a.jurisdiction));
  const options = [...new Set([...jurisdictions, ...articles.flatMap((a) => a.tags)])];
  return options.map((f) => ({ label: f, href: searchUrl(jurisdictions.has(f) ? { type: 'article', jurisdiction: f } : { type: 'article', tag: f }) }));
}
