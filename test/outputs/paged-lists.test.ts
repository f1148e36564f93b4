/** Lists a reader can open at any size (issue 18): past one page (100 cards), /articles and /answers
 * go on over numbered pages, each under the page budget, with its own address, title and rel=prev/next,
 * a pager, and (on /articles) the spec's search box and chips sending the reader to /search. A site
 * that fits one page (the shipped one) keeps the spec's single pages and single files. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FILTER_CHIPS, HTML_PAGE_BUDGET_BYTES, OUTPUT_LIMITS } from '../../src/constants.js';
import { hasAnswer } from '../../src/passes/article-fields.js';
import { generatedBuild } from '../helpers/generated-site.js';
import { parseHtml } from '../helpers/html.js';
import { shippedBuild } from '../helpers/shipped-build.js';
import { listFiles } from '../helpers/sites.js';

const test = suite('lists over numbered pages');
const PER_PAGE = OUTPUT_LIMITS.listPageItems;

/** The pages of the list at `list` in dist/, in order: its own file, then {list}/page/2 … */
function pagesOf(dist: string, list: string): { url: string; html: string }[] {
  const pages = [{ url: list, html: readFileSync(path.join(dist, `${list.slice(1)}.html`), 'utf8') }];
  for (let n = 2; existsSync(path.join(dist, `${list.slice(1)}/page/${n}.html`)); n++) pages.push({ url: `${list}/page/${n}`, html: readFileSync(path.join(dist, `${list.slice(1)}/page/${n}.html`), 'utf8') });
  return pages;
}

const linkRel = (doc: ReturnType<typeof parseHtml>, rel: string) => doc.byTag('link').filter((l) => doc.attr(l, 'rel') === rel).map((l) => doc.attr(l, 'href'));

test('/articles: every article once, newest first, at most 100 a page, each page under the budget', async () => {
  const { dist, result } = await generatedBuild();
  const pages = pagesOf(dist, '/articles');
  assert.is(pages.length, Math.ceil(result.site!.articles.length / PER_PAGE));
  assert.not.ok(existsSync(path.join(dist, 'articles/page/1.html')), 'page 1 is /articles itself');
  const slugs = pages.flatMap((p) => {
    const doc = parseHtml(p.html);
    const cards = doc.withAttr('data-slug').map((c) => doc.attr(c, 'data-slug')!);
    assert.ok(cards.length <= PER_PAGE);
    assert.ok(Buffer.byteLength(p.html) <= HTML_PAGE_BUDGET_BYTES, `${p.url} is ${Buffer.byteLength(p.html)} bytes`);
    return cards;
  });
  assert.equal(slugs, result.site!.articles.map((a) => a.slug));
});

test('each page has its own canonical address and title, rel=prev/next, and a pager marking it current', async () => {
  const { dist, result } = await generatedBuild();
  const base = result.site!.config.baseUrl;
  const pages = pagesOf(dist, '/articles');
  pages.forEach((p, i) => {
    const doc = parseHtml(p.html);
    assert.equal(linkRel(doc, 'canonical'), [`${base}${p.url}`]);
    assert.equal(linkRel(doc, 'prev'), i > 0 ? [`${base}${pages[i - 1].url}`] : []);
    assert.equal(linkRel(doc, 'next'), i < pages.length - 1 ? [`${base}${pages[i + 1].url}`] : []);
    assert.is(doc.text(doc.byTag('title')[0]), i === 0 ? `Articles | ${result.site!.config.name}` : `Articles, page ${i + 1} of ${pages.length} | ${result.site!.config.name}`);
    const nav = doc.byTag('nav').find((n) => doc.attr(n, 'aria-label') === 'Pages of articles');
    assert.ok(nav, 'a pager named for what it pages');
    const current = doc.withAttr('aria-current', 'page');
    assert.is(current.length, 1);
    assert.is(doc.text(current[0]), String(i + 1));
    assert.is(doc.attr(current[0], 'href'), p.url);
  });
});

test('every page keeps the search box and filter chips, which send the reader to /search with the query', async () => {
  const { dist, result } = await generatedBuild();
  const articles = result.site!.articles;
  const jurisdictions = new Set<string>(articles.map((a) => a.jurisdiction));
  const options = [...new Set([...jurisdictions, ...articles.flatMap((a) => a.tags)])];
  for (const p of pagesOf(dist, '/articles')) {
    const doc = parseHtml(p.html);
    const form = doc.byTag('form').find((f) => doc.attr(f, 'role') === 'search')!;
    assert.equal([doc.attr(form, 'action'), doc.attr(form, 'method')], ['/search', 'get']);
    const box = doc.byId('article-search')!;
    assert.equal([doc.attr(box, 'name'), doc.attr(box, 'placeholder')], ['q', 'Search articles...']);
    const hidden = doc.byTag('input').filter((i) => doc.attr(i, 'type') === 'hidden');
    assert.equal(hidden.map((i) => [doc.attr(i, 'name'), doc.attr(i, 'value')]), [['type', 'article']]);
    const chips = doc.byTag('a').filter((a) => doc.attr(a, 'class') === 'chip');
    assert.equal(chips.map((c) => doc.text(c)), options, 'every filter: the first 7 shown, the rest behind Filters');
    for (const c of chips) {
      const params = new URL(doc.attr(c, 'href')!, 'https://x.invalid').searchParams;
      const label = doc.text(c);
      assert.equal(Object.fromEntries(params), jurisdictions.has(label) ? { type: 'article', jurisdiction: label } : { type: 'article', tag: label });
    }
    const more = doc.byTag('details').find((d) => doc.attr(d, 'class') === 'more-filters')!;
    assert.is(doc.text(doc.byTag('summary').find((s) => more.childNodes.includes(s))!), 'Filters');
    assert.is(chips.filter((c) => !isInside(c, more)).length, FILTER_CHIPS);
    assert.is(doc.withAttr('data-island').length, 0, 'no island: the list pages need no JavaScript');
  }
});

function isInside(node: { parentNode?: unknown }, ancestor: unknown): boolean {
  for (let n = node.parentNode; n; n = (n as { parentNode?: unknown }).parentNode) if (n === ancestor) return true;
  return false;
}

test('/answers: every answered article once, at most 100 a page, with its pager', async () => {
  const { dist, result } = await generatedBuild();
  const answered = result.site!.articles.filter(hasAnswer);
  assert.ok(answered.length > PER_PAGE, 'the generated site has more answers than a page holds');
  const pages = pagesOf(dist, '/answers');
  assert.is(pages.length, Math.ceil(answered.length / PER_PAGE));
  const slugs = pages.flatMap((p) => {
    const doc = parseHtml(p.html);
    assert.ok(doc.byTag('nav').some((n) => doc.attr(n, 'aria-label') === 'Pages of answers'));
    return doc.byTag('a').filter((a) => doc.text(a) === 'Full Article').map((a) => doc.attr(a, 'href')!.replace('/articles/', ''));
  });
  assert.equal(slugs, answered.map((a) => a.slug));
});

test('the sitemap lists every page of the lists', async () => {
  const { dist, result } = await generatedBuild();
  const sitemap = readFileSync(path.join(dist, 'sitemap.xml'), 'utf8');
  for (const list of ['/articles', '/answers']) for (const p of pagesOf(dist, list)) assert.ok(sitemap.includes(`<loc>${result.site!.config.baseUrl}${p.url}</loc>`), p.url);
});

test('a site that fits one page keeps the spec\'s single pages and single files (the shipped site)', async () => {
  const { dist, result } = await shippedBuild();
  const files = listFiles(dist);
  assert.not.ok(files.some((f) => /\/page\/\d+\.html$/.test(f) || f.startsWith('glossary/letter/') || f.startsWith('llms/') || f.startsWith('llms-full/') || f.startsWith('api/knowledge-graph/') || /^sitemaps\/(pages|answers)-\d+\.xml$/.test(f)));
  const articles = parseHtml(readFileSync(path.join(dist, 'articles.html'), 'utf8'));
  assert.is(articles.withAttr('data-island', 'ArticleFilters').length, 1, 'the in-page filters');
  assert.is(articles.withAttr('data-slug').length, result.site!.articles.length, 'every article on the one page');
  assert.equal(linkRel(articles, 'next'), []);
  const glossary = parseHtml(readFileSync(path.join(dist, 'glossary.html'), 'utf8'));
  assert.is(glossary.withAttr('data-search').length, result.site!.terms.length, 'every term on the one page');
  assert.ok(glossary.byId('glossary-search'), "the glossary's own search box");
  const graph = JSON.parse(readFileSync(path.join(dist, 'api/knowledge-graph.json'), 'utf8'));
  assert.ok(Array.isArray(graph.nodes) && Array.isArray(graph.edges), 'one knowledge-graph file');
  assert.match(readFileSync(path.join(dist, 'sitemap.xml'), 'utf8'), /<urlset /);
  const llms = readFileSync(path.join(dist, 'llms.txt'), 'utf8');
  for (const a of result.site!.articles) assert.ok(llms.includes(`/articles/${a.slug}.md)`), `llms.txt lists ${a.slug}`);
  const full = readFileSync(path.join(dist, 'llms-full.txt'), 'utf8');
  assert.ok(full.endsWith(readFileSync(path.join(dist, 'glossary.md'), 'utf8')), 'llms-full.txt is the joined text, the glossary last');
  for (const f of files.filter((x) => x.endsWith('.html'))) assert.ok(statSync(path.join(dist, f)).size <= HTML_PAGE_BUDGET_BYTES, `${f} is under the page budget`);
});

test.run();
