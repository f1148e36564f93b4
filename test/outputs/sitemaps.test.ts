/** The sitemaps are written as text in xmlbuilder2's layout: they must be exactly what xmlbuilder2
 * writes for the same entries, escaping included. A sitemap past the protocol's limits (URLs or
 * bytes; lowered here) becomes an index of numbered files, each valid against the sitemaps.org
 * schemas. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { create } from 'xmlbuilder2';
import { OUTPUT_LIMITS } from '../../src/constants.js';
import { fileBody } from '../../src/routes/types.js';
import { sitemapFiles, sitemapIndex, sitemapRoutes, sitemapRuns, urlset } from '../../src/routes/sitemaps.js';
import type { BuiltSite } from '../../src/pipeline.js';
import type { HtmlRoute } from '../../src/routes/types.js';
import { makeConfig } from '../helpers/make-site.js';
import { validateSitemapText } from '../helpers/xmllint.js';

const test = suite('sitemap writing');
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const entries = [
  { loc: 'https://example.org/', lastmod: '2025-01-02' },
  { loc: 'https://example.org/articles/a-b?x=1&y=2', lastmod: undefined },
  { loc: 'https://example.org/search?q=<x>&lang=en-GB', lastmod: '2025-03-04' },
  { loc: 'https://example.org/café/ünïcode—ok', lastmod: '2025-05-06' },
];

test('a urlset is what xmlbuilder2 writes', () => {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(NS, 'urlset');
  for (const e of entries) {
    const url = root.ele('url');
    url.ele('loc').txt(e.loc);
    if (e.lastmod) url.ele('lastmod').txt(e.lastmod);
  }
  assert.is(urlset(entries), root.end({ prettyPrint: true }) + '\n');
  assert.is(urlset([]), create({ version: '1.0', encoding: 'UTF-8' }).ele(NS, 'urlset').end({ prettyPrint: true }) + '\n');
});

test('a sitemap index is what xmlbuilder2 writes', () => {
  const locs = ['https://example.org/sitemaps/pages-1.xml', 'https://example.org/sitemaps/pages-2.xml?a=1&b=2'];
  const index = create({ version: '1.0', encoding: 'UTF-8' }).ele(NS, 'sitemapindex');
  for (const loc of locs) index.ele('sitemap').ele('loc').txt(loc);
  assert.is(sitemapIndex(locs), index.end({ prettyPrint: true }) + '\n');
});

const many = Array.from({ length: 23 }, (_, i) => ({ loc: `https://example.org/articles/article-${i}`, lastmod: `2025-01-${String((i % 28) + 1).padStart(2, '0')}` }));

test('within the limits a sitemap is one urlset at its address', () => {
  const files = sitemapFiles('/sitemap.xml', (i) => `/sitemaps/pages-${i}.xml`, () => many, 'https://example.org', OUTPUT_LIMITS);
  assert.equal(files.map((f) => f.url), ['/sitemap.xml']);
  const xml = String(fileBody(files[0]));
  assert.is(xml, urlset(many));
  validateSitemapText(xml);
});

test('past the URL limit: an index at the address over numbered files, each within the limit, every URL once in order', () => {
  const limits = { ...OUTPUT_LIMITS, sitemapUrls: 10 };
  const files = sitemapFiles('/sitemap.xml', (i) => `/sitemaps/pages-${i}.xml`, () => many, 'https://example.org', limits);
  assert.equal(files.map((f) => f.url), ['/sitemaps/pages-1.xml', '/sitemaps/pages-2.xml', '/sitemaps/pages-3.xml', '/sitemap.xml']);
  const index = String(fileBody(files[3]));
  assert.is(index, sitemapIndex(['https://example.org/sitemaps/pages-1.xml', 'https://example.org/sitemaps/pages-2.xml', 'https://example.org/sitemaps/pages-3.xml']));
  validateSitemapText(index);
  const locs: string[] = [];
  for (const f of files.slice(0, 3)) {
    const xml = String(fileBody(f));
    validateSitemapText(xml);
    const inFile = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    assert.ok(inFile.length <= 10);
    locs.push(...inFile);
  }
  assert.equal(locs, many.map((e) => e.loc));
});

test('past the byte limit: files split so each stays within it', () => {
  const oneFile = Buffer.byteLength(urlset(many));
  const limits = { ...OUTPUT_LIMITS, sitemapBytes: Math.ceil(oneFile / 3) };
  const runs = sitemapRuns(many, limits);
  assert.ok(runs.length >= 3);
  for (const run of runs) assert.ok(Buffer.byteLength(urlset(run)) <= limits.sitemapBytes, `${Buffer.byteLength(urlset(run))} bytes`);
  assert.equal(runs.flat(), many);
  const files = sitemapFiles('/sitemaps/answers.xml', (i) => `/sitemaps/answers-${i}.xml`, () => many, 'https://example.org', limits);
  assert.is(files.at(-1)!.url, '/sitemaps/answers.xml', 'the index keeps the address');
  for (const f of files) validateSitemapText(String(fileBody(f)));
});

test('an entry larger than the byte limit still gets a file of its own', () => {
  assert.equal(sitemapRuns(many.slice(0, 2), { sitemapUrls: 10, sitemapBytes: 10 }), [[many[0]], [many[1]]]);
  assert.equal(sitemapRuns([], OUTPUT_LIMITS), [[]]);
});

test('the pages\' sitemap is fingerprinted by its entries: every listed page\'s address and lastmod', () => {
  const site = { config: makeConfig({ baseUrl: 'https://example.org' }), articles: [] } as unknown as BuiltSite;
  const page = (url: string, lastmod?: string, unlisted?: boolean) => ({ kind: 'html', url, lastmod, unlisted }) as HtmlRoute;
  const pages = [page('/'), page('/articles/a', '2025-01-02'), page('/hidden', undefined, true)];
  const inputsOf = (list: HtmlRoute[]) => {
    const file = sitemapRoutes(site, list, OUTPUT_LIMITS).find((f) => f.url === '/sitemap.xml')!;
    return { inputs: file.inputs!(), body: String(fileBody(file)) };
  };
  const made = inputsOf(pages);
  assert.is(made.body, urlset([{ loc: 'https://example.org/' }, { loc: 'https://example.org/articles/a', lastmod: '2025-01-02' }]));
  assert.is(inputsOf([...pages]).inputs, made.inputs, 'the same pages, the same inputs');
  assert.is.not(inputsOf([pages[0], page('/articles/a', '2025-01-03'), pages[2]]).inputs, made.inputs, 'a lastmod changed');
  assert.is.not(inputsOf([pages[0], page('/articles/b', '2025-01-02'), pages[2]]).inputs, made.inputs, 'an address changed');
  assert.is(inputsOf([pages[0], pages[1], page('/hidden-too', undefined, true)]).inputs, made.inputs, 'unlisted pages are not in it');
});

test.run();
