/**
 * Issue 17's outputs, on the minimal site with a renamed article that has dated changes (a
 * correction among them) and a law-stated-as-at date (helpers/cited-site.ts), and on the shipped
 * site: the citation files parse with an independent reader (citation-js) and carry the right
 * fields; the page has its citation_* tags, "Cite this", "Changes", the byline's date and a JSON-LD
 * correction; the mirrors carry the changes; the corrections feed parses and points at the entries;
 * every former address has its redirect page or copy and a `_redirects` line, and none is listed
 * anywhere a reader or crawler finds pages.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../src/build.js';
import { CITED_TITLE, copyCited } from '../helpers/cited-site.js';
import { shippedBuild } from '../helpers/shipped-build.js';
import { listFiles } from '../helpers/sites.js';

// citation-js is CommonJS; its plugins register the BibTeX, RIS and CSL formats with the core.
const require = createRequire(import.meta.url);
const { Cite } = require('@citation-js/core') as { Cite: new (data: unknown, opts?: { forceType?: string }) => { data: Record<string, any>[]; format(f: string, o: object): string } };
require('@citation-js/plugin-bibtex');
require('@citation-js/plugin-ris');
require('@citation-js/plugin-csl');

const test = suite('citations, changes and redirects');
const BASE = 'https://test.example.org';
let dist = '';
const read = (rel: string) => readFileSync(path.join(dist, rel), 'utf8');

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];
function elements(html: string): Element[] {
  const out: Element[] = [];
  const visit = (n: Node) => {
    if ('tagName' in n) out.push(n);
    if ('childNodes' in n) n.childNodes.forEach(visit);
    if ('content' in n && n.content) (n.content as DefaultTreeAdapterMap['documentFragment']).childNodes.forEach(visit);
  };
  visit(parse(html));
  return out;
}
const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
const textOf = (n: Node): string => (n.nodeName === '#text' ? (n as DefaultTreeAdapterMap['textNode']).value : 'childNodes' in n ? n.childNodes.map(textOf).join('') : '');
const byId = (html: string, id: string) => elements(html).find((el) => attr(el, 'id') === id);

test.before(async () => {
  const cwd = copyCited();
  dist = path.join(cwd, 'dist');
  const result = await build({ contentDir: 'content', outDir: dist, cwd, write: true });
  assert.ok(result.ok, JSON.stringify(result.diagnostics));
});

/** Each citation file, read back by citation-js as the format it claims to be. */
function parsed(slug: string): Record<string, Record<string, any>> {
  const one = (text: string, type: string) => {
    const items = new Cite(type === '@csl/list+object' ? JSON.parse(text) : text, { forceType: type }).data;
    assert.is(items.length, 1, `${slug}: one ${type} record`);
    return items[0];
  };
  return {
    bib: one(read(`articles/${slug}.bib`), '@biblatex/text'),
    ris: one(read(`articles/${slug}.ris`), '@ris/file'),
    csl: one(read(`articles/${slug}.csl.json`), '@csl/list+object'),
  };
}

test('BibTeX, RIS and CSL-JSON parse with citation-js and carry title, author, date, URL, publisher and the site', () => {
  const { bib, ris, csl } = parsed('hashing-evidence');
  for (const [format, item] of Object.entries({ bib, ris, csl })) {
    assert.is(item.title, CITED_TITLE, `${format}: the title, its special characters read back as written`);
    assert.is(item.URL, `${BASE}/articles/hashing-evidence`, `${format}: the canonical URL`);
    assert.equal(item.issued, { 'date-parts': [[2025, 8, 25]] }, `${format}: the publication date`);
    assert.is(item.type, 'webpage', `${format}: a web page`);
    assert.match(item.note, /Last updated: 2025-08-26\. Law stated as at: 2025-08-20/, `${format}: last updated and law-stated dates`);
    const author = item.author?.[0];
    assert.is(author?.literal ?? author?.family, 'Editorial Team', `${format}: the author, as one name`);
    assert.is(item.abstract, 'Why a hash value is taken when evidence is collected.', `${format}: the summary`);
  }
  assert.is(ris.publisher, 'Test Publisher');
  assert.is(ris['collection-title'], 'Test Reference', 'RIS: the site (T2)');
  assert.is(csl.publisher, 'Test Publisher');
  assert.is(csl['container-title'], 'Test Reference');
  assert.is(bib.publisher, 'Test Publisher');
  // A citation processor (citeproc-js, through citation-js) makes a reference of the CSL-JSON.
  const apa = new Cite(JSON.parse(read('articles/hashing-evidence.csl.json'))).format('bibliography', { template: 'apa' });
  assert.match(apa, /^Editorial Team\. \(2025, August 25\)\. Hashing evidence: 100% & \{braces\} #1\. .*Test Reference\. https:\/\/test\.example\.org\/articles\/hashing-evidence/);
});

test('the RIS file is tagged lines ending CR LF, from TY to ER', () => {
  const lines = read('articles/hashing-evidence.ris').split('\r\n');
  assert.is(lines[0], 'TY  - ELEC');
  assert.is(lines.at(-2), 'ER  - ');
  assert.is(lines.at(-1), '');
  assert.ok(lines.slice(0, -1).every((l) => /^[A-Z][A-Z0-9]  - /.test(l)), 'every line is a tag');
});

test('the article page: citation_* tags, Cite this with its files, the law-stated date, Changes newest first, a JSON-LD correction', () => {
  const html = read('articles/hashing-evidence.html');
  const els = elements(html);
  const metas = new Map<string, string[]>();
  for (const m of els.filter((e) => e.tagName === 'meta' && attr(e, 'name')?.startsWith('citation_'))) metas.set(attr(m, 'name')!, [...(metas.get(attr(m, 'name')!) ?? []), attr(m, 'content')!]);
  assert.equal(metas.get('citation_title'), [CITED_TITLE]);
  assert.equal(metas.get('citation_author'), ['Editorial Team']);
  assert.equal(metas.get('citation_publication_date'), ['2025/8/25']);
  assert.equal(metas.get('citation_online_date'), ['2025/8/25']);
  assert.equal(metas.get('citation_public_url'), [`${BASE}/articles/hashing-evidence`]);
  assert.equal(metas.get('citation_abstract_html_url'), [`${BASE}/articles/hashing-evidence`]);
  assert.equal(metas.get('citation_publisher'), ['Test Publisher']);
  assert.equal(metas.get('citation_language'), ['en-US']);

  assert.ok(byId(html, 'cite-this'), 'a Cite this section');
  const citation = els.find((e) => attr(e, 'class') === 'citation-text')!;
  assert.is(textOf(citation), `${CITED_TITLE} — Test Reference, ${BASE}/articles/hashing-evidence (Last updated: 2025-08-26)`);
  const downloads = els.filter((e) => e.tagName === 'a' && attr(e, 'download') !== undefined && /\.(bib|ris|csl\.json)$/.test(attr(e, 'href') ?? ''));
  assert.equal(downloads.map((a) => `${textOf(a)} ${attr(a, 'href')}`), ['BibTeX /articles/hashing-evidence.bib', 'RIS /articles/hashing-evidence.ris', 'CSL-JSON /articles/hashing-evidence.csl.json']);

  assert.match(textOf(els.find((e) => attr(e, 'class') === 'byline')!), /Law stated as at Aug 20, 2025/);
  const changes = byId(html, 'changes');
  const items = els.filter((e) => e.tagName === 'li' && /^change-/.test(attr(e, 'id') ?? ''));
  assert.equal(items.map((li) => `${attr(li, 'id')} ${textOf(li)}`), [
    'change-2025-08-26 Aug 26, 2025 · Correction: Corrected the name of the NIST guide.',
    'change-2025-08-26-2 Aug 26, 2025 · Change in the law: Noted a change in the rules on copies.',
    'change-2025-08-25 Aug 25, 2025 · Update: First published with a section on copies.',
  ]);
  assert.ok(changes, 'a Changes section');
  // "Changes" comes right before the "Last updated" line.
  assert.ok(html.indexOf('id="changes"') < html.indexOf('class="last-updated"') && html.indexOf('class="last-updated"') - html.indexOf('id="changes"') < 1500);

  const ld = els.filter((e) => attr(e, 'type') === 'application/ld+json').map((e) => JSON.parse(textOf(e)));
  const article = ld.find((d) => d['@type'] === 'Article');
  assert.equal(article.correction, [{ '@type': 'CorrectionComment', text: 'Corrected the name of the NIST guide.', datePublished: '2025-08-26' }]);
});

test('an article without changes or a law-stated date shows neither, and its JSON-LD has no correction', () => {
  const html = read('articles/privilege-basics.html');
  assert.not.ok(byId(html, 'changes'));
  assert.not.match(html, /Law stated as at/);
  assert.not.match(html, /CorrectionComment/);
  assert.ok(byId(html, 'cite-this'), 'every article has Cite this');
});

test('the JSON, answer and Markdown mirrors carry the changes and the law-stated date', () => {
  const json = JSON.parse(read('articles/hashing-evidence.json'));
  assert.is(json.lawStatedAt, '2025-08-20');
  assert.equal(json.changes.map((c: { id: string; kind: string }) => `${c.id} ${c.kind}`), ['change-2025-08-26 correction', 'change-2025-08-26-2 legal-change', 'change-2025-08-25 update']);
  assert.is(JSON.parse(read('articles/hashing-evidence.answer.json')).lawStatedAt, '2025-08-20');
  assert.not.match(json.sections.bodyHtml, /para-link|¶/, 'the mirror holds the body, not the page controls');
  const md = read('articles/hashing-evidence.md');
  assert.match(md, /^lawStatedAt: "2025-08-20"$/m);
  assert.match(md, /## Changes\n\n- 2025-08-26 · Correction: Corrected the name of the NIST guide\.\n- 2025-08-26 · Change in the law: .*\n- 2025-08-25 · Update: .*\n/);
  assert.match(md, /Last updated 2025-08-26 · Law stated as at 2025-08-20/);
});

test('the corrections feed parses, holds the correction alone, and links to its entry on the page', () => {
  const feed = parseFeed(read('feeds/corrections.xml'));
  assert.is(feed.meta.type, 'rss');
  assert.equal(feed.items.map((i) => [i.title, i.url, i.description]), [[`Correction: ${CITED_TITLE}`, `${BASE}/articles/hashing-evidence#change-2025-08-26`, 'Corrected the name of the NIST guide.']]);
  assert.ok(byId(read('articles/hashing-evidence.html'), 'change-2025-08-26'), 'the fragment is an element of the page');
  // Its extensionless address is a page that points feed readers to it, as for the other feeds.
  const page = elements(read('feeds/corrections.html'));
  assert.ok(page.some((e) => e.tagName === 'link' && attr(e, 'rel') === 'alternate' && attr(e, 'href') === '/feeds/corrections.xml' && attr(e, 'type') === 'application/rss+xml'));
  assert.match(read('_headers'), /^\/feeds\/corrections\.xml\n {2}Content-Type: application\/rss\+xml; charset=utf-8$/m);
});

test('_redirects sends every former address, pages and mirrors, to the new one with a 301', () => {
  assert.is(
    read('_redirects'),
    [
      '# Former addresses of renamed articles and glossary terms (formerSlugs), made by legalsite build.',
      '/articles/hash-basics /articles/hashing-evidence 301',
      '/articles/hash-basics.answer.json /articles/hashing-evidence.answer.json 301',
      '/articles/hash-basics.bib /articles/hashing-evidence.bib 301',
      '/articles/hash-basics.csl.json /articles/hashing-evidence.csl.json 301',
      '/articles/hash-basics.json /articles/hashing-evidence.json 301',
      '/articles/hash-basics.md /articles/hashing-evidence.md 301',
      '/articles/hash-basics.ris /articles/hashing-evidence.ris 301',
      '/glossary/hash-digest /glossary/hash-value 301',
      '/recommendations/article/hash-basics /recommendations/article/hashing-evidence 301',
      '/recommendations/term/hash-digest /recommendations/term/hash-value 301',
      '',
    ].join('\n'),
  );
});

test('each former page address has a redirect page: canonical, noindex, a visible link, the script, and a meta refresh for no JavaScript', () => {
  for (const [file, target] of [['articles/hash-basics.html', '/articles/hashing-evidence'], ['glossary/hash-digest.html', '/glossary/hash-value'], ['recommendations/article/hash-basics.html', '/recommendations/article/hashing-evidence'], ['recommendations/term/hash-digest.html', '/recommendations/term/hash-value']]) {
    const html = read(file);
    const els = elements(html);
    assert.equal(els.filter((e) => e.tagName === 'link' && attr(e, 'rel') === 'canonical').map((e) => attr(e, 'href')), [`${BASE}${target}`], file);
    assert.ok(els.some((e) => e.tagName === 'meta' && attr(e, 'name') === 'robots' && attr(e, 'content') === 'noindex'), `${file}: noindex`);
    assert.ok(els.some((e) => e.tagName === 'a' && attr(e, 'href') === target && attr(e, 'data-redirect-target') !== undefined), `${file}: a visible link`);
    assert.match(html, new RegExp(`<noscript><meta http-equiv="refresh" content="0; url=${target}"/></noscript>`), `${file}: the refresh, without JavaScript only`);
    const scripts = els.filter((e) => e.tagName === 'script' && attr(e, 'src')).map((e) => attr(e, 'src')!);
    assert.equal(scripts.map((s) => s.replace(/-[A-Z0-9]{8}\.js$/, '')), ['/assets/js/redirect'], `${file}: the redirect script alone (no tracker)`);
    assert.match(readFileSync(path.join(dist, scripts[0]), 'utf8'), /location\.replace\(.*location\.hash/);
  }
});

test("a renamed article's mirrors are copied to its former addresses, byte for byte", () => {
  for (const suffix of ['.json', '.answer.json', '.md', '.bib', '.ris', '.csl.json']) {
    assert.is(read(`articles/hash-basics${suffix}`), read(`articles/hashing-evidence${suffix}`), suffix);
  }
  assert.match(read('articles/hash-basics.json'), /"canonicalUrl": "https:\/\/test\.example\.org\/articles\/hashing-evidence"/, 'the copy names the canonical URL');
});

test('no former address is listed or linked: sitemaps, feeds, search index, llms.txt, for-ai-systems, indexes, knowledge graph, pages', () => {
  // _redirects and the published manifest (api/published.json) list the redirects by design.
  const files = listFiles(dist).filter((f) => !/hash-basics|hash-digest/.test(f) && f !== '_redirects' && f !== 'api/published.json' && /\.(xml|json|txt|md|jsonl|csv|html)$/.test(f));
  assert.ok(files.includes('articles/index.json') && files.includes('sitemap.xml') && files.includes('search-index.json') && files.includes('llms.txt'));
  // The renamed page carries its former slug's anchors as second anchors (old pinpoints, the feedback
  // heading's id, a term's entry on the glossary's lists land on it): anchors, not addresses.
  const withoutOldAnchors = (text: string) => text.replace(/ id=\\?"(?:feedback-(?:article|glossary):)?(?:hash-basics|hash-digest)(?:-[^"\\]*)?\\?"/g, '');
  // A feed item keeps the address it was first published under as its id (RSS guid isPermaLink="false",
  // Atom id), so a rename does not show it to subscribers again as new (RFC 4287 §4.2.6: an entry's
  // id MUST NOT change when it is relocated): an identifier no reader follows, not a listed address.
  const withoutFeedIds = (text: string) => text.replace(/<guid isPermaLink="false">[^<]*<\/guid>|<id>[^<]*<\/id>/g, '');
  for (const file of files) assert.not.match(withoutFeedIds(withoutOldAnchors(read(file))), /hash-basics|hash-digest/, `${file} names a former slug`);
  const feed = read('feed.xml');
  assert.match(feed, /<link>https:\/\/test\.example\.org\/articles\/hashing-evidence<\/link>\s*<guid isPermaLink="false">https:\/\/test\.example\.org\/articles\/hash-basics<\/guid>/, 'linked at its address, known by its first one');
});

test('on the shipped site every article has Cite this, its citation_* tags and citation files that parse to its title and URL', async () => {
  const { dist: shipped, result } = await shippedBuild();
  const saved = dist;
  dist = shipped;
  try {
    for (const a of result.site!.articles) {
      const html = read(`articles/${a.slug}.html`);
      assert.ok(byId(html, 'cite-this'), `${a.slug}: Cite this`);
      assert.match(html, new RegExp(`<meta name="citation_public_url" content="https://reference\\.example\\.com/articles/${a.slug}"/>`));
      for (const item of Object.values(parsed(a.slug))) {
        assert.is(item.title, a.title, a.slug);
        assert.is(item.URL, `https://reference.example.com/articles/${a.slug}`);
      }
    }
  } finally {
    dist = saved;
  }
});

test.run();
