/** The sitemaps are written as text in xmlbuilder2's layout: they must be exactly what xmlbuilder2
 * writes for the same entries, escaping included. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { create } from 'xmlbuilder2';
import { sitemapIndex, urlset } from '../../src/routes/sitemaps.js';

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

test.run();
