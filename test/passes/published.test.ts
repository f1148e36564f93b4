/** The published manifest (passes/published.ts): compact runs of paragraph ids, and what a later
 * build lost of an earlier one's URLs and anchors, through redirects and tombstones. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildPublished, compactIds, expandIds, formatPublishedLines, lostSince, movedSince, type PublishedManifest, publishedFrom, publishedPageLines, splicePublishedLines } from '../../src/passes/published.js';

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

test('a rebuild\'s manifest made from the last one is the one made whole, whichever pages changed', () => {
  let seed = 3;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const base = 'https://example.org';
  for (let n = 0; n < 200; n++) {
    const urls = Array.from({ length: 1 + Math.floor(random() * 30) }, (_, i) => `/p${Math.floor(random() * 1000)}-${i}${random() < 0.1 ? '"q' : ''}`);
    const lines = new Map(urls.map((u) => [u, JSON.stringify(compactIds([`${u.length}-p001`, random() < 0.5 ? 'main' : 'why']))]));
    // Files kept, gone and new between the two builds, some whose names JSON escapes.
    const names = ['/a.json', '/b.csv', '/c"q.json', '/d\\e.txt', '/e\u0001.bin', '/f\ud800.txt', '/\u00e9t\u00e9.md', '/z.xml'];
    const files = () => names.filter(() => random() < 0.5).concat(Array.from({ length: Math.floor(random() * 6) }, () => `/f${Math.floor(random() * 8)}.xml`));
    const redirects = () => new Map<string, string>(random() < 0.5 ? [['/old', urls[0]]] : []);
    const last = formatPublishedLines(base, lines, files(), redirects());
    const changed = new Map(urls.filter(() => random() < 0.2).map((u) => [u, JSON.stringify(compactIds(['new', `${n}-p001`, `${n}-p002`]))]));
    const next = new Map([...lines, ...changed]);
    const sorted = [...next.keys()].sort();
    const [nextFiles, nextRedirects] = [files(), redirects()];
    assert.is(splicePublishedLines(last, base, sorted, (u) => changed.get(u), nextFiles, nextRedirects), formatPublishedLines(base, next, nextFiles, nextRedirects));
  }
});

test('a manifest is not made from the last one when its pages or site differ, or it is damaged', () => {
  const base = 'https://example.org';
  const lines = new Map([['/a', '{"ids":["main"]}'], ['/b', '{"ids":["why"]}']]);
  const redirects = new Map([['/old', '/a']]);
  const last = formatPublishedLines(base, lines, ['/x.json'], redirects);
  const none = () => undefined;
  assert.is(splicePublishedLines(last, base, ['/a', '/b'], none, ['/x.json'], redirects), last, 'the same site, nothing made: the same text');
  assert.is(splicePublishedLines(last, base, ['/a', '/b', '/c'], none, ['/x.json'], redirects), undefined, 'a page more');
  assert.is(splicePublishedLines(last, base, ['/a'], none, ['/x.json'], redirects), undefined, 'a page fewer');
  assert.is(splicePublishedLines(last, base, ['/a', '/c'], none, ['/x.json'], redirects), undefined, 'a page replaced');
  assert.is(splicePublishedLines(last, base, ['/a', '/b'], none, ['/x.json', '/y.json'], new Map([['/old', '/b']])), formatPublishedLines(base, lines, ['/x.json', '/y.json'], new Map([['/old', '/b']])), 'a file more, a redirect changed: written anew');
  assert.is(splicePublishedLines(last, 'https://example.com', ['/a', '/b'], none, ['/x.json'], redirects), undefined, 'another site');
  assert.is(splicePublishedLines(last.replace('"why"', '"why"\n'), base, ['/a', '/b'], none, ['/x.json'], redirects), undefined, 'a line broken in two');
  assert.is(splicePublishedLines(last.slice(0, last.indexOf('{"ids":["why"]}')), base, ['/a', '/b'], none, ['/x.json'], redirects), undefined, 'cut short in its pages');
  assert.is(splicePublishedLines(last.slice(0, -2), base, ['/a', '/b'], none, ['/x.json'], redirects), last, 'cut short after them: what follows the pages is written anew');
  assert.is(splicePublishedLines(formatPublishedLines(base, new Map(), ['/x.json'], redirects), base, [], none, ['/x.json'], redirects), undefined, 'no pages: made whole');
});

test('a page, a file or an anchor gone is lost; each is named', () => {
  const before = site({ '/articles/x': ['x-p001', 'x-p002', 'why'], '/articles/y': ['y-p001'] }, ['/articles/x.json', '/articles/y.json']);
  const now = site({ '/articles/x': ['x-p001', 'why-it-matters'] }, ['/articles/x.json']);
  assert.equal(lostSince(before, now), ['/articles/x#why', '/articles/x#x-p002', '/articles/y', '/articles/y.json']);
});

test('on pages made from the site\'s relations only the address is compared: their sections come and go with the content', () => {
  const generated = { '/': ['latest'], '/api': ['cluster-chronology'], '/content-recommendations': ['topic-chronology'], '/recommendations/term/waiver': ['advanced-title'], '/glossary/waiver': ['advanced-title'], '/articles/page/2': ['x'] };
  const cited = { '/about': ['publishing-principles'], '/glossary': ['waiver'], '/glossary/letter/w': ['waiver'], '/datasets/log': ['fields'], '/articles/x': ['faq'] };
  const before = site({ ...generated, ...cited });
  const now = site(Object.fromEntries(Object.keys({ ...generated, ...cited }).map((url) => [url, []])));
  assert.equal(lostSince(before, now), ['/about#publishing-principles', '/articles/x#faq', '/datasets/log#fields', '/glossary#waiver', '/glossary/letter/w#waiver']);
  // A generated page gone is still lost.
  assert.equal(lostSince(site({ '/api': ['cluster-chronology'] }), site({})), ['/api']);
});

test('files named by their content (/assets/) are replaced by design and not compared; other files are', () => {
  const before = site({ '/': ['main'] }, ['/assets/site-1a2b3c4d.css', '/assets/search/c-e7de74f9.json', '/exports/articles.csv']);
  const now = site({ '/': ['main'] }, ['/assets/site-5e6f7a8b.css', '/assets/search/c-0badf00d.json']);
  assert.equal(lostSince(before, now), ['/exports/articles.csv']);
});

test('files for static hosts are not compared: manifests made before they were left out list them', () => {
  assert.equal(lostSince(site({ '/': ['main'] }, ['/_headers', '/_redirects', '/.nojekyll', '/robots.txt']), site({ '/': ['main'] }, [])), ['/robots.txt']);
});

test('a paragraph number moved: its words under another number, or a removed number holding words; an edit in place is no move', () => {
  const page = (texts: string) => ({ ids: [], paragraphs: { x: texts.length / 6 }, texts: { x: texts } });
  const manifest = (texts: string) => ({ ...site({}), pages: { '/articles/x': page(texts) } });
  // p001 aaaaaa, p002 bbbbbb, p003 removed.
  const before = manifest('aaaaaabbbbbb------');
  assert.equal(movedSince(before, manifest('aaaaaa999999------cccccc')), [], 'p002 edited in place, p004 new');
  assert.equal(movedSince(before, manifest('bbbbbbaaaaaacccccc')), ['/articles/x#x-p001 (its text is now at #x-p002)', '/articles/x#x-p002 (its text is now at #x-p001)'], 'p003 holds words no number held: its own, back');
  assert.equal(movedSince(before, manifest('aaaaaaccccccbbbbbb')), ['/articles/x#x-p002 (its text is now at #x-p003)', '/articles/x#x-p003 (removed, it now holds the words of #x-p002)']);
  assert.equal(movedSince({ ...site({}), pages: { '/articles/x': { ids: [] } } }, manifest('bbbbbb')), [], 'a manifest without texts compares nothing');
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
