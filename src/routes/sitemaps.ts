/**
 * Sitemaps (sitemaps.org 0.9): /sitemap.xml lists every HTML page with its lastmod (a sitemap index
 * over numbered files past 50,000 URLs), /sitemaps/answers.xml every answer.
 * Written as text in xmlbuilder2's pretty-printed layout: at 24,000 URLs building xmlbuilder2's
 * document took over a second, for a format this small (test/outputs/sitemaps.test.ts checks the
 * two agree). Text is escaped as XML requires: every &, < and >.
 */
import type { BuiltSite } from '../pipeline.js';
import { fileInputs } from './file-inputs.js';
import { hasAnswer } from '../passes/article-fields.js';
import { articleAnswerUrl } from './article-files.js';
import type { FileRoute, HtmlRoute, PageRef } from './types.js';

export const MAX_URLS_PER_SITEMAP = 50000;
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML = 'application/xml; charset=utf-8';
const HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const text = (s: string) => s.replace(/[&<>]/g, (c) => ESCAPES[c]);

export function urlset(entries: { loc: string; lastmod?: string }[]): string {
  if (!entries.length) return `${HEADER}<urlset xmlns="${NS}"/>\n`;
  const parts = [`${HEADER}<urlset xmlns="${NS}">`];
  for (const e of entries) parts.push(`  <url>\n    <loc>${text(e.loc)}</loc>${e.lastmod ? `\n    <lastmod>${text(e.lastmod)}</lastmod>` : ''}\n  </url>`);
  parts.push('</urlset>\n');
  return parts.join('\n');
}

export function sitemapIndex(locs: string[]): string {
  if (!locs.length) return `${HEADER}<sitemapindex xmlns="${NS}"/>\n`;
  const parts = [`${HEADER}<sitemapindex xmlns="${NS}">`];
  for (const loc of locs) parts.push(`  <sitemap>\n    <loc>${text(loc)}</loc>\n  </sitemap>`);
  parts.push('</sitemapindex>\n');
  return parts.join('\n');
}

export function sitemapRoutes(site: BuiltSite, pages: (HtmlRoute | PageRef)[]): FileRoute[] {
  const base = site.config.baseUrl;
  const entries = pages.filter((p) => !p.unlisted).map((p) => ({ loc: `${base}${p.url === '/' ? '/' : p.url}`, lastmod: p.lastmod || undefined }));
  const routes: FileRoute[] = [];
  if (entries.length <= MAX_URLS_PER_SITEMAP) {
    routes.push({ kind: 'file', url: '/sitemap.xml', body: () => urlset(entries), type: XML });
  } else {
    const locs: string[] = [];
    for (let i = 0; i * MAX_URLS_PER_SITEMAP < entries.length; i++) {
      const url = `/sitemaps/pages-${i + 1}.xml`;
      routes.push({ kind: 'file', url, body: () => urlset(entries.slice(i * MAX_URLS_PER_SITEMAP, (i + 1) * MAX_URLS_PER_SITEMAP)), type: XML });
      locs.push(`${base}${url}`);
    }
    routes.push({ kind: 'file', url: '/sitemap.xml', body: () => sitemapIndex(locs), type: XML });
  }
  const answers = site.articles.filter(hasAnswer);
  routes.push({
    kind: 'file', url: '/sitemaps/answers.xml', type: XML,
    inputs: () => JSON.stringify([base, fileInputs(site).articles()]),
    body: () => urlset([{ loc: `${base}/answers`, lastmod: answers.reduce((d, a) => (a.dateModified > d ? a.dateModified : d), '') || undefined }, ...answers.map((a) => ({ loc: `${base}${articleAnswerUrl(a.slug)}`, lastmod: a.dateModified }))]),
  });
  return routes;
}
