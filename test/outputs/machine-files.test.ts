/** The machine-readable outputs of the shipped site: feeds parse with a real feed parser, sitemaps
 * validate against the sitemaps.org schema (xmllint), every JSON file parses and has its documented
 * shape, and every URL in sitemaps and feeds resolves to a file in dist/. */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fileForUrl, shippedBuild } from '../helpers/shipped-build.js';
import { listFiles, readJson, ROOT } from '../helpers/sites.js';

const test = suite('machine-readable files');
const BASE = 'https://reference.example.com';

const resolves = (dist: string, url: string) => fileForUrl(dist, url.replace(BASE, '')).some((f) => existsSync(f));

test('the combined RSS feed parses, holds at most 50 items, ttl 1440, en-US', async () => {
  const { dist } = await shippedBuild();
  const xml = readFileSync(path.join(dist, 'feed.xml'), 'utf8');
  const feed = parseFeed(xml);
  assert.is(feed.meta.type, 'rss');
  assert.ok(feed.items.length > 0 && feed.items.length <= 50);
  assert.match(xml, /<ttl>1440<\/ttl>/);
  assert.match(xml, /<language>en-US<\/language>/);
  for (const item of feed.items) assert.ok(resolves(dist, item.url!), `${item.url} resolves`);
});

test('the atom, articles and glossary feeds parse; specialised feeds hold at most 25 items', async () => {
  const { dist } = await shippedBuild();
  const atom = parseFeed(readFileSync(path.join(dist, 'feeds/atom.xml'), 'utf8'));
  assert.is(atom.meta.type, 'atom');
  for (const name of ['articles', 'glossary']) {
    const feed = parseFeed(readFileSync(path.join(dist, `feeds/${name}.xml`), 'utf8'));
    assert.ok(feed.items.length > 0 && feed.items.length <= 25, name);
    for (const item of feed.items) assert.ok(resolves(dist, item.url!), `${item.url} resolves`);
  }
  assert.ok(existsSync(path.join(dist, 'feeds/rss.xml')));
});

test('sitemaps validate against the sitemaps.org schema and every URL resolves', async () => {
  const { dist } = await shippedBuild();
  const xsd = path.join(ROOT, 'test/fixtures/xsd/sitemap.xsd');
  for (const file of ['sitemap.xml', 'sitemaps/answers.xml']) {
    try {
      execFileSync('xmllint', ['--noout', '--schema', xsd, path.join(dist, file)], { stdio: 'pipe' });
    } catch (error) {
      const e = error as { code?: string; stderr?: Buffer };
      if (e.code === 'ENOENT') throw new Error('xmllint is not installed: apt-get install -y libxml2-utils (.ci/run does this)');
      throw new Error(`${file} does not validate:\n${e.stderr}`);
    }
    const locs = [...readFileSync(path.join(dist, file), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    assert.ok(locs.length > 0);
    for (const loc of locs) assert.ok(resolves(dist, loc), `${loc} resolves`);
  }
});

test('the sitemap lists every HTML page except the 404 and search pages, with lastmod dates', async () => {
  const { dist, result } = await shippedBuild();
  const xml = readFileSync(path.join(dist, 'sitemap.xml'), 'utf8');
  const pages = result.routes.filter((r) => (r.kind === 'html' || r.kind === 'page') && !r.unlisted);
  assert.is([...xml.matchAll(/<url>/g)].length, pages.length);
  assert.match(xml, /<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  assert.not.match(xml, /\/404</);
});

test('every JSON file parses, and the mirrors have their documented shape', async () => {
  const { dist } = await shippedBuild();
  for (const f of listFiles(dist).filter((f) => f.endsWith('.json'))) readJson(path.join(dist, f));
  const index = readJson(path.join(dist, 'articles/index.json'));
  for (const key of ['slug', 'title', 'summary', 'author', 'datePublished', 'dateModified', 'readingTime', 'wordCount', 'tags', 'jurisdiction', 'schemaType', 'hasAnswer']) {
    assert.ok(key in index.items[0], `index items have ${key}`);
  }
  const article = readJson(path.join(dist, `articles/${index.items[0].slug}.json`));
  for (const key of ['canonicalUrl', 'answerAtom', 'sections', 'references', 'license', 'keyTakeaways']) assert.ok(key in article, `article JSON has ${key}`);
  assert.ok(article.sections.bodyHtml.includes(`id="${article.slug}-p001"`));
  const answer = readJson(path.join(dist, 'articles/rag-for-legal-teams.answer.json'));
  assert.is(answer.id, 'answers/rag-for-legal-teams#a0');
  assert.is(answer.variant, 'primary');
  for (const key of ['title', 'summary', 'articleTitle', 'articleSlug', 'url', 'lastModified', 'pinpoints', 'jurisdictions', 'glossaryTags']) assert.ok(key in answer, `answer has ${key}`);
  // Each pinpoint keeps what identifies its source: a case known by its report citation (no URL) too.
  const withPinpoint = readJson(path.join(dist, 'articles/how-legal-ai-tools-work.json')).references.filter((r: { pinpoint?: string }) => r.pinpoint);
  assert.equal(readJson(path.join(dist, 'articles/how-legal-ai-tools-work.answer.json')).pinpoints, withPinpoint.map((r: Record<string, string>) => ({ id: r.id, title: r.title, pinpoint: r.pinpoint, ...(r.url ? { url: r.url } : {}), ...(r.source ? { source: r.source } : {}) })));
  const glossary = readJson(path.join(dist, 'glossary.json'));
  assert.ok(glossary.terms.length >= 190);
  const graph = readJson(path.join(dist, 'api/knowledge-graph.json'));
  const ids = new Set(graph.nodes.map((n: { id: string }) => n.id));
  for (const e of graph.edges) assert.ok(ids.has(e.source) && ids.has(e.target), `edge ${e.source} → ${e.target}`);
  const dataset = readJson(path.join(dist, 'datasets/chronology-fact-table.json'));
  assert.ok(dataset.distributions.every((d: { contentUrl: string; encodingFormat: string }) => d.contentUrl.startsWith(BASE) && d.encodingFormat));
  const forAi = readJson(path.join(dist, 'for-ai-systems/index.json'));
  for (const e of forAi.endpoints) if (!e.url.includes('{')) assert.ok(resolves(dist, e.url), `${e.url} resolves`);
  // The published manifest lists what a reader can fetch: not the files hosts read and never serve.
  const publishedFiles = readJson(path.join(dist, 'api/published.json')).files as string[];
  assert.ok(publishedFiles.includes('/robots.txt'));
  assert.equal(publishedFiles.filter((f) => ['/_headers', '/_redirects', '/.nojekyll'].includes(f)), []);
  // Every JSON file under /api/ is an entry point: the published manifest holds each page's anchors.
  const listed = new Set(forAi.endpoints.map((e: { url: string }) => e.url));
  for (const file of readdirSync(path.join(dist, 'api')).filter((f) => f.endsWith('.json'))) assert.ok(listed.has(`${BASE}/api/${file}`), `/api/${file} is listed`);
});

test('llms.txt follows the convention and links only to files that exist', async () => {
  const { dist } = await shippedBuild();
  const llms = readFileSync(path.join(dist, 'llms.txt'), 'utf8');
  assert.match(llms, /^# Fact-First Reference\n\n> /);
  assert.match(llms, /^## Articles$/m);
  const links = [...llms.matchAll(/\]\((https:[^)]+)\)/g)].map((m) => m[1]);
  assert.ok(links.length > 15);
  for (const l of links) assert.ok(resolves(dist, l), `${l} resolves`);
  const md = readFileSync(path.join(dist, 'articles/privilege-logs-bases-samples.md'), 'utf8');
  assert.match(md, /^---\ntitle: /);
  assert.match(md, /## References/);
  assert.not.match(md, /^:::/m, 'callouts become blockquotes');
});

test('the /api page\'s structured data links the knowledge graph (spec §7), a file of the build', async () => {
  const { dist } = await shippedBuild();
  const html = readFileSync(path.join(dist, 'api.html'), 'utf8');
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as { '@type': string; distribution?: { contentUrl: string; encodingFormat: string }[] });
  const graph = blocks.find((b) => b['@type'] === 'Dataset');
  assert.ok(graph, 'a Dataset block');
  assert.equal(graph.distribution?.map((d) => [d.contentUrl, d.encodingFormat]), [[`${BASE}/api/knowledge-graph.json`, 'application/json']]);
  assert.ok(resolves(dist, `${BASE}/api/knowledge-graph.json`));
});

test('robots.txt points at both sitemaps; the IndexNow key file holds the key', async () => {
  const { dist } = await shippedBuild();
  const robots = readFileSync(path.join(dist, 'robots.txt'), 'utf8');
  assert.match(robots, new RegExp(`Sitemap: ${BASE}/sitemap.xml`));
  assert.match(robots, new RegExp(`Sitemap: ${BASE}/sitemaps/answers.xml`));
  assert.is(readFileSync(path.join(dist, 'indexnow-key.txt'), 'utf8').trim(), '5f1c2b9e8d7a4c3b9e0f6a1d2c3b4a59');
});

test('exports: JSONL has one parseable object per line and CSV a header', async () => {
  const { dist } = await shippedBuild();
  const lines = readFileSync(path.join(dist, 'exports/articles.jsonl'), 'utf8').trim().split('\n');
  assert.ok(lines.length >= 14);
  lines.forEach((l) => JSON.parse(l));
  assert.match(readFileSync(path.join(dist, 'exports/glossary.csv'), 'utf8'), /^slug,title,jurisdiction,tags,definition.*,lastModified,jurisdictions\n/);
  // A term's jurisdictions as a list, as glossary.json has them: the shown text alone cannot be split.
  const terms = JSON.parse(readFileSync(path.join(dist, 'glossary.json'), 'utf8')).terms as { slug: string; jurisdictions: string[] }[];
  const rows = readFileSync(path.join(dist, 'exports/glossary.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { slug: string; jurisdictions: string[] });
  assert.equal(rows.map((r) => [r.slug, r.jurisdictions]), terms.map((t) => [t.slug, t.jurisdictions]));
  assert.ok(rows.some((r) => r.jurisdictions.length > 1), 'some term has more than one');
});

test.run();
