/** Outputs split at any size (issue 18), on a generated site with the limits lowered so that each is
 * split: the glossary's page per letter, the knowledge graph's parts, llms.txt's index and files,
 * the full text's parts, the sitemap index, the recommendations index and the AI entry points'
 * article lists. Each split output holds
 * exactly what the single one holds (the same site built with the shipped limits). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { LLMS_TXT_BUDGET_BYTES } from '../../src/constants.js';
import { auditDist, formatGates } from '../../src/verify/audit-dist.js';
import { generatedBuild, LOW_LIMITS, WHOLE_LIMITS } from '../helpers/generated-site.js';
import { parseHtml } from '../helpers/html.js';
import { fileForUrl } from '../helpers/shipped-build.js';
import { listFiles } from '../helpers/sites.js';
import { SITEINDEX_XSD, SITEMAP_XSD, validateXml } from '../helpers/xmllint.js';

const test = suite('outputs split into parts');
const low = () => generatedBuild(LOW_LIMITS);
/** The same site with every output in one file. */
const whole = () => generatedBuild(WHOLE_LIMITS);
const read = (dist: string, rel: string) => readFileSync(path.join(dist, rel), 'utf8');
const resolves = (dist: string, base: string, url: string) => fileForUrl(dist, url.replace(base, '')).some((f) => existsSync(f));

test('/glossary: the A–Z index leads to a page per letter; every term on exactly one, in glossary order', async () => {
  const { dist, result } = await low();
  const site = result.site!;
  const index = parseHtml(read(dist, 'glossary.html'));
  const form = index.byTag('form').find((f) => index.attr(f, 'role') === 'search')!;
  assert.is(index.attr(form, 'action'), '/search');
  assert.equal(index.byTag('input').filter((i) => index.attr(i, 'type') === 'hidden').map((i) => index.attr(i, 'value')), ['term']);
  assert.equal(index.attr(index.byId('glossary-search')!, 'placeholder'), 'Search terms...');
  const letterLinks = index.byTag('nav').find((n) => index.attr(n, 'class') === 'az-index')!;
  const hrefs = [...new Set(index.byTag('a').filter((a) => /^\/glossary\/letter\/[a-z]+$/.test(index.attr(a, 'href') ?? '')).map((a) => index.attr(a, 'href')!))];
  assert.ok(letterLinks && hrefs.length === site.letterGroups.length, 'a link to every letter that has terms');
  const seen: string[] = [];
  for (const g of site.letterGroups) {
    const list = `/glossary/letter/${g.letter === '#' ? 'other' : g.letter.toLowerCase()}`;
    const pages = [`${list.slice(1)}.html`];
    for (let n = 2; existsSync(path.join(dist, `${list.slice(1)}/page/${n}.html`)); n++) pages.push(`${list.slice(1)}/page/${n}.html`);
    assert.is(pages.length, Math.ceil(g.slugs.length / LOW_LIMITS.glossaryPageTerms!), `${g.letter}: pages of at most ${LOW_LIMITS.glossaryPageTerms} terms`);
    for (const [i, file] of pages.entries()) {
      const doc = parseHtml(read(dist, file));
      assert.is(doc.text(doc.byTag('h1')[0]), `Glossary: ${g.letter}`);
      assert.is(doc.attr(doc.withAttr('aria-current', 'page').find((a) => doc.attr(a, 'href') === list)!, 'href'), list, 'the A–Z index marks this letter');
      if (pages.length > 1) {
        assert.ok(doc.byTag('nav').some((n) => doc.attr(n, 'aria-label') === `Pages of terms under ${g.letter}`), 'a pager for a letter over several pages');
        assert.ok(doc.withAttr('aria-current', 'page').some((a) => doc.text(a) === String(i + 1)), 'marking this page');
      }
      seen.push(...doc.byTag('article').filter((a) => doc.attr(a, 'class') === 'term').map((a) => doc.attr(a, 'id')!));
    }
  }
  assert.equal(seen, site.terms.map((t) => t.slug));
  assert.ok(seen.length > 0);
});

test('the knowledge graph: an index of parts within the limits that reassemble to the single file', async () => {
  const { dist, result } = await low();
  const single = JSON.parse(read((await whole()).dist, 'api/knowledge-graph.json'));
  assert.ok(Array.isArray(single.nodes), 'the whole graph in one file');
  const index = JSON.parse(read(dist, 'api/knowledge-graph.json'));
  const base = result.site!.config.baseUrl;
  assert.is(index.nodeCount, single.nodes.length);
  assert.is(index.edgeCount, single.edges.length);
  assert.ok(index.parts.length > 3);
  const parts = index.parts.map((p: { url: string; nodes: number; edges: number }) => {
    const part = JSON.parse(read(dist, p.url.replace(`${base}/`, '')));
    assert.equal([part.nodes.length, part.edges.length], [p.nodes, p.edges], 'the index counts what each part holds');
    assert.ok(part.nodes.length <= LOW_LIMITS.graphPartNodes!);
    assert.ok(part.edges.length <= LOW_LIMITS.graphPartEdges! || part.nodes.length === 1, `${p.url}: ${part.edges.length} edges`);
    return part;
  });
  assert.equal(parts.flatMap((p: { edges: unknown[] }) => p.edges), single.edges, 'every edge, in the single file\'s order');
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
  assert.equal(parts.flatMap((p: { nodes: { id: string }[] }) => p.nodes), [...single.nodes].sort(byId), 'every node, in id order');
  assert.equal(listFiles(path.join(dist, 'api/knowledge-graph')).length, index.parts.length, 'no stray part');
});

test('llms.txt: an index under the budget in the llms.txt format, every link resolving; every article in one list, in order', async () => {
  const { dist, result } = await low();
  const base = result.site!.config.baseUrl;
  const llms = read(dist, 'llms.txt');
  assert.ok(Buffer.byteLength(llms) <= LLMS_TXT_BUDGET_BYTES);
  assert.match(llms, /^# .+\n\n> .+\n\n[^#]/, 'an H1, a blockquote summary, then guidance without headings');
  assert.equal([...llms.matchAll(/^## (.+)$/gm)].map((m) => m[1]), ['Topics', 'Articles', 'Glossary', 'Datasets', 'Optional']);
  for (const line of llms.split('\n').filter((l) => l.startsWith('- '))) assert.match(line, /^- \[[^\]]+\]\(https:\/\/[^)]+\)(: .+)?$/);
  const links = [...llms.matchAll(/\]\((https:[^)]+)\)/g)].map((m) => m[1]);
  for (const l of links) assert.ok(resolves(dist, base, l), `${l} resolves`);
  const lists = links.filter((l) => /\/llms\/articles-\d+\.txt$/.test(l));
  const topics = links.filter((l) => /\/llms\/topics\/[a-z0-9-]+\.txt$/.test(l));
  assert.is(topics.length, result.site!.clusters.length);
  const listed = lists.flatMap((l) => {
    const text = read(dist, l.replace(`${base}/`, ''));
    assert.match(text, /^# .+\n\n> /);
    const inList = [...text.matchAll(/\]\((https:[^)]+)\)/g)].map((m) => m[1]).filter((u) => u.endsWith('.md'));
    assert.ok(inList.length <= LOW_LIMITS.llmsLinksPerFile!);
    for (const u of inList) assert.ok(resolves(dist, base, u), `${u} resolves`);
    return inList;
  });
  assert.equal(listed, result.site!.articles.map((a) => `${base}/articles/${a.slug}.md`));
  for (const t of topics) for (const m of read(dist, t.replace(`${base}/`, '')).matchAll(/\]\((https:[^)]+)\)/g)) assert.ok(resolves(dist, base, m[1]), `${m[1]} (in ${t}) resolves`);
});

test('llms-full.txt: an index of parts that, joined with the glossary, are the single file', async () => {
  const { dist, result } = await low();
  const base = result.site!.config.baseUrl;
  const index = read(dist, 'llms-full.txt');
  const parts = [...index.matchAll(/\]\((https:[^)]+\/llms-full\/part-\d+\.txt)\)/g)].map((m) => m[1].replace(`${base}/`, ''));
  assert.ok(parts.length > 3);
  assert.equal(parts.length, readdirSync(path.join(dist, 'llms-full')).length, 'the index names every part');
  assert.ok(index.includes(`](${base}/glossary.md)`), 'and the glossary, last');
  const words = new Map(result.site!.articles.map((a) => [a.slug, result.site!.stats.get(a.slug)!.wordCount]));
  for (const p of parts) {
    const slugs = [...read(dist, p).matchAll(/^slug: (.+)$/gm)].map((m) => m[1]);
    const total = slugs.reduce((n, s) => n + words.get(s)!, 0);
    assert.ok(total <= LOW_LIMITS.llmsFullPartWords! || slugs.length === 1, `${p}: ${total} words`);
  }
  const joined = [...parts.map((p) => read(dist, p)), read(dist, 'glossary.md')].join('\n\n');
  assert.is(joined, read((await whole()).dist, 'llms-full.txt'));
});

test('sitemap.xml: an index of files within the URL limit, valid against the sitemaps.org schemas, listing every page once', async () => {
  const { dist, result } = await low();
  const base = result.site!.config.baseUrl;
  const index = read(dist, 'sitemap.xml');
  validateXml(path.join(dist, 'sitemap.xml'), SITEINDEX_XSD);
  const children = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  assert.ok(children.length > 1);
  const locs = children.flatMap((c) => {
    const file = path.join(dist, c.replace(`${base}/`, ''));
    validateXml(file, SITEMAP_XSD);
    const inFile = [...readFileSync(file, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    assert.ok(inFile.length <= LOW_LIMITS.sitemapUrls!);
    return inFile;
  });
  const pages = result.routes.filter((r) => (r.kind === 'html' || r.kind === 'page') && !r.unlisted);
  assert.is(locs.length, pages.length);
  assert.is(new Set(locs).size, locs.length, 'no page twice');
  for (const l of locs) assert.ok(resolves(dist, base, l), `${l} resolves`);
  assert.ok(locs.includes(`${base}/articles/page/2`) && locs.includes(`${base}/glossary/letter/a`));
  const robots = read(dist, 'robots.txt');
  assert.equal([...robots.matchAll(/^Sitemap: (.+)$/gm)].map((m) => m[1]), [`${base}/sitemap.xml`, `${base}/sitemaps/answers.xml`]);
});

test('/content-recommendations: every recommendation page linked once over numbered pages; topics show their first articles and a search for all', async () => {
  const { dist, result } = await low();
  const site = result.site!;
  const files = ['content-recommendations.html', ...listFiles(path.join(dist, 'content-recommendations/page')).sort((a, b) => parseInt(a) - parseInt(b)).map((f) => `content-recommendations/page/${f}`)];
  const links = files.flatMap((f) => {
    const doc = parseHtml(read(dist, f));
    return doc.byTag('a').map((a) => doc.attr(a, 'href')!).filter((h) => h.startsWith('/recommendations/'));
  });
  const first = parseHtml(read(dist, files[0]));
  const topicLinks = site.clusters.reduce((n, c) => n + Math.min(c.articles.length, LOW_LIMITS.recommendationTopicPreview!), 0);
  assert.equal(links.slice(topicLinks), [...site.articles.map((a) => `/recommendations/article/${a.slug}`), ...site.terms.map((t) => `/recommendations/term/${t.slug}`)]);
  for (const c of site.clusters.filter((x) => x.articles.length > LOW_LIMITS.recommendationTopicPreview!)) {
    assert.ok(first.byTag('a').some((a) => first.attr(a, 'href') === `/search?type=article&tag=${c.id}` && first.text(a) === `All ${c.articles.length} articles on ${c.name}`), c.id);
  }
});

test("the AI entry points name lists of the articles that together are the single file's list, in order", async () => {
  const { dist } = await low();
  const single = JSON.parse(read((await whole()).dist, 'for-ai-systems/index.json'));
  const index = JSON.parse(read(dist, 'for-ai-systems/index.json'));
  assert.is(index.articles, undefined, 'no list of its own');
  assert.is(index.articleCount, single.articles.length);
  const base = single.url.replace(/\/$/, '');
  const lists = index.articleLists as { url: string; count: number; newest: string; oldest: string }[];
  assert.is(lists.length, Math.ceil(single.articles.length / LOW_LIMITS.aiIndexArticles!));
  const joined = lists.flatMap((l, i) => {
    const file = JSON.parse(read(dist, l.url.replace(`${base}/`, '')));
    assert.equal([file.list, file.lists, file.articles.length], [i + 1, lists.length, l.count], l.url);
    assert.equal([file.articles[0].slug, file.articles.at(-1).slug], [l.newest, l.oldest]);
    assert.ok(Buffer.byteLength(read(dist, l.url.replace(`${base}/`, ''))) < 40_000, 'each list small');
    return file.articles;
  });
  assert.equal(joined, single.articles);
  const { articles: _whole, ...rest } = single;
  const { articleCount: _count, articleLists: _lists, ...restSplit } = index;
  assert.equal(Object.keys(restSplit), Object.keys(rest), 'the rest of the file as it was');
});

test('the entry points name the parts; every page, link and structured datum of the split site passes the quality gates', async () => {
  const { dist, result } = await low();
  const base = result.site!.config.baseUrl;
  const endpoints = JSON.parse(read(dist, 'for-ai-systems/index.json')).endpoints.map((e: { url: string }) => e.url);
  for (const u of ['/api/knowledge-graph/part-{n}.json', '/llms-full/part-{n}.txt', '/llms/articles-{n}.txt', '/for-ai-systems/articles-{n}.json']) assert.ok(endpoints.includes(`${base}${u}`), u);
  for (const e of endpoints.filter((u: string) => !u.includes('{'))) assert.ok(resolves(dist, base, e), `${e} resolves`);
  const gates = auditDist(dist);
  assert.ok(gates.every((g) => g.problems.length === 0), formatGates(gates));
});

test.run();
