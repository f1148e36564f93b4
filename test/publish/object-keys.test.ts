/** Object keys, content types and cache policies for each kind of file in dist/. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cacheControlFor, contentTypeFor } from '../../src/publish/content-types.js';
import { normalizePrefix, objectKeyFor } from '../../src/publish/object-keys.js';

const test = suite('object keys and headers');

test('HTML routes lose .html except the home and 404 pages; the rest, feeds included, keep their names', () => {
  const cases: [string, string][] = [
    ['index.html', 'index.html'],
    ['404.html', '404.html'],
    ['articles.html', 'articles'],
    ['articles/foo.html', 'articles/foo'],
    ['recommendations/term/hash-value.html', 'recommendations/term/hash-value'],
    ['feeds/rss.html', 'feeds/rss'],
    ['feeds/rss.xml', 'feeds/rss.xml'],
    ['feeds/atom.xml', 'feeds/atom.xml'],
    ['feed.xml', 'feed.xml'],
    ['sitemap.xml', 'sitemap.xml'],
    ['sitemaps/answers.xml', 'sitemaps/answers.xml'],
    ['articles/foo.answer.json', 'articles/foo.answer.json'],
    ['templates/checklist.pdf', 'templates/checklist.pdf'],
    ['_legalsite/manifest.json', '_legalsite/manifest.json'],
  ];
  for (const [file, key] of cases) assert.is(objectKeyFor(file), key, file);
});

test('prefixes get one trailing slash and no leading slash', () => {
  assert.is(normalizePrefix(undefined), '');
  assert.is(normalizePrefix(''), '');
  assert.is(normalizePrefix('/'), '');
  assert.is(normalizePrefix('staging'), 'staging/');
  assert.is(normalizePrefix('/sites/legal//'), 'sites/legal/');
});

test('every kind of output gets its content type', () => {
  const cases: [string, string][] = [
    ['articles/foo.html', 'text/html; charset=utf-8'],
    ['articles/foo.json', 'application/json; charset=utf-8'],
    ['exports/articles.jsonl', 'application/jsonl; charset=utf-8'],
    ['exports/articles.csv', 'text/csv; charset=utf-8'],
    ['feeds/rss.xml', 'application/rss+xml; charset=utf-8'],
    ['feeds/articles.xml', 'application/rss+xml; charset=utf-8'],
    ['feeds/atom.xml', 'application/atom+xml; charset=utf-8'],
    ['feed.xml', 'application/rss+xml; charset=utf-8'],
    ['sitemap.xml', 'application/xml; charset=utf-8'],
    ['sitemaps/answers.xml', 'application/xml; charset=utf-8'],
    ['templates/checklist.pdf', 'application/pdf'],
    ['glossary.md', 'text/markdown; charset=utf-8'],
    ['llms.txt', 'text/plain; charset=utf-8'],
    ['assets/js/chunk-7YZJKLAD.js', 'text/javascript; charset=utf-8'],
    ['assets/site.f5f507ba77.css', 'text/css; charset=utf-8'],
    ['favicon.svg', 'image/svg+xml'],
    ['data.bin', 'application/octet-stream'],
  ];
  for (const [file, type] of cases) assert.is(contentTypeFor(file), type, file);
});

test('hashed assets are immutable for a year; everything else is short and revalidated', () => {
  const immutable = 'public, max-age=31536000, immutable';
  const short = 'public, max-age=300, must-revalidate';
  assert.is(cacheControlFor('assets/site.f5f507ba77.css'), immutable);
  assert.is(cacheControlFor('assets/js/chunk-7YZJKLAD.js'), immutable);
  assert.is(cacheControlFor('assets/js/SiteSearch-MH7IYZGA.js'), immutable);
  assert.is(cacheControlFor('assets/logo.svg'), short, 'an asset without a hash can change');
  assert.is(cacheControlFor('assets/js/chronology-builder.js'), short);
  for (const file of ['index.html', 'articles/foo.html', 'feeds/rss.xml', 'sitemap.xml', 'articles/index.json', 'templates/x.csv']) assert.is(cacheControlFor(file), short, file);
  assert.is(cacheControlFor('_legalsite/manifest.json'), 'no-cache');
});

test.run();
