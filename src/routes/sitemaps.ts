/**
 * Sitemaps (sitemaps.org 0.9): /sitemap.xml lists every HTML page with its lastmod,
 * /sitemaps/answers.xml every answer. A file holds at most 50,000 URLs and 50 MB (OutputLimits
 * sitemapUrls, sitemapBytes: the protocol's limits); past either, the sitemap's address holds a
 * sitemap index instead, over numbered files (/sitemaps/pages-1.xml …, /sitemaps/answers-1.xml …).
 * robots.txt names both addresses, which are right in either form.
 * Written as text in xmlbuilder2's pretty-printed layout: at 24,000 URLs building xmlbuilder2's
 * document took over a second, for a format this small (test/outputs/sitemaps.test.ts checks the
 * two agree). Text is escaped as XML requires: every &, < and >.
 */
import type { OutputLimits } from '../constants.js';
import type { BuiltSite } from '../pipeline.js';
import { fileInputs, sharedInputs } from './file-inputs.js';
import { hasAnswer } from '../passes/article-fields.js';
import { articleAnswerUrl } from './article-files.js';
import type { FileRoute, HtmlRoute, PageRef } from './types.js';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML = 'application/xml; charset=utf-8';
const HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const text = (s: string) => s.replace(/[&<>]/g, (c) => ESCAPES[c]);

export interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

const urlEntry = (e: SitemapEntry) => `  <url>\n    <loc>${text(e.loc)}</loc>${e.lastmod ? `\n    <lastmod>${text(e.lastmod)}</lastmod>` : ''}\n  </url>`;

export function urlset(entries: SitemapEntry[]): string {
  if (!entries.length) return `${HEADER}<urlset xmlns="${NS}"/>\n`;
  return [`${HEADER}<urlset xmlns="${NS}">`, ...entries.map(urlEntry), '</urlset>\n'].join('\n');
}

export function sitemapIndex(locs: string[]): string {
  if (!locs.length) return `${HEADER}<sitemapindex xmlns="${NS}"/>\n`;
  const parts = [`${HEADER}<sitemapindex xmlns="${NS}">`];
  for (const loc of locs) parts.push(`  <sitemap>\n    <loc>${text(loc)}</loc>\n  </sitemap>`);
  parts.push('</sitemapindex>\n');
  return parts.join('\n');
}

/** `entries` in runs that each make a urlset within `limits` (a run holds one entry at least). */
export function sitemapRuns(entries: SitemapEntry[], limits: Pick<OutputLimits, 'sitemapUrls' | 'sitemapBytes'>): SitemapEntry[][] {
  const frame = Buffer.byteLength(urlset([{ loc: '' }])) - Buffer.byteLength(urlEntry({ loc: '' }));
  const runs: SitemapEntry[][] = [];
  let run: SitemapEntry[] = [];
  let bytes = frame;
  for (const e of entries) {
    const size = Buffer.byteLength(urlEntry(e)) + 1;
    if (run.length && (run.length >= limits.sitemapUrls || bytes + size > limits.sitemapBytes)) {
      runs.push(run);
      run = [];
      bytes = frame;
    }
    run.push(e);
    bytes += size;
  }
  if (run.length || !runs.length) runs.push(run);
  return runs;
}

/**
 * A sitemap at `url`: one urlset while `entries` fit one file, else an index there of the numbered
 * files `numbered(i)`. `inputs`: what the entries are made from (their files are then made only
 * when it changed).
 */
export function sitemapFiles(url: string, numbered: (i: number) => string, entries: () => SitemapEntry[], base: string, limits: OutputLimits, inputs?: () => string): FileRoute[] {
  const runs = sitemapRuns(entries(), limits);
  const shared = inputs && sharedInputs(() => JSON.stringify([inputs(), limits.sitemapUrls, limits.sitemapBytes]));
  const file = (path: string, body: () => string): FileRoute => ({ kind: 'file', url: path, body, type: XML, ...(shared ? { inputs: shared } : {}) });
  if (runs.length === 1) return [{ ...file(url, () => urlset(runs[0])), ...(inputs ? { inputs } : {}) }];
  const urls = runs.map((_, i) => numbered(i + 1));
  return [...runs.map((run, i) => file(urls[i], () => urlset(run))), file(url, () => sitemapIndex(urls.map((u) => `${base}${u}`)))];
}

export function sitemapRoutes(site: BuiltSite, pages: (HtmlRoute | PageRef)[], limits: OutputLimits): FileRoute[] {
  const base = site.config.baseUrl;
  const entries = pages.filter((p) => !p.unlisted).map((p) => ({ loc: `${base}${p.url === '/' ? '/' : p.url}`, lastmod: p.lastmod || undefined }));
  const answers = site.articles.filter(hasAnswer);
  const answerEntries = () => [
    { loc: `${base}/answers`, lastmod: answers.reduce((d, a) => (a.dateModified > d ? a.dateModified : d), '') || undefined },
    ...answers.map((a) => ({ loc: `${base}${articleAnswerUrl(a.slug)}`, lastmod: a.dateModified })),
  ];
  return [
    // Fingerprinted by its entries, so an unchanged sitemap is not made to be hashed (13 MB of XML
    // at 50,000 articles, where its entries' text is half that).
    ...sitemapFiles('/sitemap.xml', (i) => `/sitemaps/pages-${i}.xml`, () => entries, base, limits, () => JSON.stringify(entries)),
    ...sitemapFiles('/sitemaps/answers.xml', (i) => `/sitemaps/answers-${i}.xml`, answerEntries, base, limits, () => JSON.stringify([base, fileInputs(site).articles()])),
  ];
}
