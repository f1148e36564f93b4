/** The published manifest (passes/published.ts): compact runs of paragraph ids, and what a later
 * build lost of an earlier one's URLs and anchors, through redirects and tombstones. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildPublished, compactIds, expandIds, formatPublishedLines, lostSince, type PublishedManifest, publishedFrom, publishedPageLines } from '../../src/passes/published.js';

const test = suite('published manifest');

const site = (pages: Record<string, string[]>, files: string[] = [], redirects: Record<string, string> = {}) =>
  buildPublished('https://example.org', new Map(Object.entries(pages).map(([url, ids]) => [url, compactIds(ids)])), files, new Map(Object.entries(redirects)));

test('an unbroken run of paragraph ids is one number; anything else is listed', () => {
  const ids = ['main', 'x-p002', 'x-p001', 'x-p003', 'old-x-p001', 'old-x-p003', 'why', 'main', 'y-p0001', 'z-p01', 'w-p1000', 'v-p001'];
  const page = compactIds(ids);
  assert.equal(page, { ids: ['main', 'old-x-p001', 'old-x-p003', 'w-p1000', 'why', 'y-p0001', 'z-p01'], paragraphs: { v: 1, x: 3 } });
  assert.equal([...expandIds(page)].sort(), [...new Set(ids)].sort());
});

/** The manifest's text as a build writes it, from its pages' lines. */
const formatted = (m: PublishedManifest) => formatPublishedLines(m.site, new Map(Object.entries(m.pages).map(([url, p]) => [url, JSON.stringify(p)])), m.files, new Map(Object.entries(m.redirects)));

test('the manifest reads back as written', () => {
  const m = site({ '/': ['main'], '/articles/x': ['x-p001', 'answer'] }, ['/articles/x.json'], { '/articles/old': '/articles/x' });
  assert.equal(publishedFrom(JSON.parse(formatted(m))), m);
  assert.equal([...publishedPageLines(formatted(m))], Object.entries(m.pages).map(([url, p]) => [url, JSON.stringify(p)]), 'each page is one line, read back by URL');
  assert.type(publishedFrom({ format: 'something else' }), 'string');
});

test('the manifest is the same whatever order its parts come in, and escapes what JSON must', () => {
  const m = site({ '/b': ['main'], '/a': ['a-p001'], '/quote"and\\slash': ['main'], '/z\u0001': ['main'] }, ['/y.json', '/x.json', '/x.json'], { '/old-b': '/b', '/old-a': '/a' });
  const lines = [...Object.entries(m.pages)].reverse().map(([url, p]) => [url, JSON.stringify(p)] as [string, string]);
  const text = formatPublishedLines(m.site, new Map(lines), ['/x.json', '/y.json', '/x.json'].reverse(), new Map([['/old-b', '/b'], ['/old-a', '/a']]));
  assert.is(text, formatted(m));
  assert.equal(Object.keys(JSON.parse(text).pages), ['/a', '/b', '/quote"and\\slash', '/z\u0001'], 'pages sorted by code unit, their URLs read back');
  assert.equal(JSON.parse(text).files, ['/x.json', '/y.json'], 'files once each, sorted');
  assert.equal(Object.keys(JSON.parse(text).redirects), ['/old-a', '/old-b']);
});

test('a page, a file or an anchor gone is lost; each is named', () => {
  const before = site({ '/articles/x': ['x-p001', 'x-p002', 'why'], '/articles/y': ['y-p001'] }, ['/articles/x.json', '/articles/y.json']);
  const now = site({ '/articles/x': ['x-p001', 'why-it-matters'] }, ['/articles/x.json']);
  assert.equal(lostSince(before, now), ['/articles/x#why', '/articles/x#x-p002', '/articles/y', '/articles/y.json']);
});

test('files named by their content (/assets/) are replaced by design and not compared; other files are', () => {
  const before = site({ '/': ['main'] }, ['/assets/site-1a2b3c4d.css', '/assets/search/c-e7de74f9.json', '/exports/articles.csv']);
  const now = site({ '/': ['main'] }, ['/assets/site-5e6f7a8b.css', '/assets/search/c-0badf00d.json']);
  assert.equal(lostSince(before, now), ['/exports/articles.csv']);
});

test('nothing is lost when the anchors stay, as ids, second anchors or tombstones', () => {
  const before = site({ '/articles/x': ['x-p001', 'x-p002', 'why'] });
  const now = site({ '/articles/x': ['x-p001', 'x-p002', 'x-p003', 'why-it-matters', 'why'] });
  assert.equal(lostSince(before, now), []);
});

test('a URL that now redirects is followed: its anchors are looked up on the page it leads to', () => {
  const before = site({ '/articles/old': ['old-p001', 'old-p002', 'scope'] }, ['/articles/old.json']);
  const moved = site({ '/articles/new': ['new-p001', 'new-p002', 'old-p001', 'old-p002', 'scope'] }, ['/articles/new.json'], { '/articles/old': '/articles/new', '/articles/old.json': '/articles/new.json' });
  assert.equal(lostSince(before, moved), []);
  const partly = site({ '/articles/new': ['new-p001', 'old-p001'] }, ['/articles/new.json'], { '/articles/old': '/articles/new', '/articles/old.json': '/articles/new.json' });
  assert.equal(lostSince(before, partly), ['/articles/old#old-p002', '/articles/old#scope']);
  const loop = site({}, [], { '/articles/old': '/articles/older', '/articles/older': '/articles/old' });
  assert.equal(lostSince(before, loop), ['/articles/old', '/articles/old.json'], 'a redirect that leads nowhere is no redirect');
});

test.run();
