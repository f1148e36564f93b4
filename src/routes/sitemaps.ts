/**
 * Sitemaps (sitemaps.org 0.9) serialised by xmlbuilder2: /sitemap.xml lists every HTML page with its
 * lastmod (a sitemap index over numbered files past 50,000 URLs), /sitemaps/answers.xml every answer.
 */
import { create } from 'xmlbuilder2';
import type { BuiltSite } from '../pipeline.js';
import type { FileRoute, HtmlRoute, PageRef } from './types.js';

export const MAX_URLS_PER_SITEMAP = 50000;
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML = 'application/xml; charset=utf-8';

function urlset(entries: { loc: string; lastmod?: string }[]): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(NS, 'urlset');
  for (const e of entries) {
    const url = root.ele('url');
    url.ele('loc').txt(e.loc);
    if (e.lastmod) url.ele('lastmod').txt(e.lastmod);
  }
  return root.end({ prettyPrint: true }) + '\n';
}

export function sitemapRoutes(site: BuiltSite, pages: (HtmlRoute | PageRef)[]): FileRoute[] {
  const base = site.config.baseUrl;
  const entries = pages.filter((p) => !p.unlisted).map((p) => ({ loc: `${base}${p.url === '/' ? '/' : p.url}`, lastmod: p.lastmod || undefined }));
  const routes: FileRoute[] = [];
  if (entries.length <= MAX_URLS_PER_SITEMAP) {
    routes.push({ kind: 'file', url: '/sitemap.xml', body: () => urlset(entries), type: XML });
  } else {
    const index = create({ version: '1.0', encoding: 'UTF-8' }).ele(NS, 'sitemapindex');
    for (let i = 0; i * MAX_URLS_PER_SITEMAP < entries.length; i++) {
      const url = `/sitemaps/pages-${i + 1}.xml`;
      routes.push({ kind: 'file', url, body: () => urlset(entries.slice(i * MAX_URLS_PER_SITEMAP, (i + 1) * MAX_URLS_PER_SITEMAP)), type: XML });
      index.ele('sitemap').ele('loc').txt(`${base}${url}`);
    }
    routes.push({ kind: 'file', url: '/sitemap.xml', body: index.end({ prettyPrint: true }) + '\n', type: XML });
  }
  const answers = site.articles.filter((a) => site.fields.get(a.slug)!.answer);
  routes.push({
    kind: 'file', url: '/sitemaps/answers.xml', type: XML,
    body: () => urlset([{ loc: `${base}/answers`, lastmod: answers.reduce((d, a) => (a.dateModified > d ? a.dateModified : d), '') || undefined }, ...answers.map((a) => ({ loc: `${base}/articles/${a.slug}.answer.json`, lastmod: a.dateModified }))]),
  });
  return routes;
}
