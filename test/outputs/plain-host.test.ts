/** Issue 22's acceptance test: the shipped site's dist/, served by a static host that knows only `x`,
 * `x.html` and `x/index.html` (test/helpers/static-host.ts, no legalsite rule), answers every internal
 * link and every spec URL with 200 and the content type legalsite declares for it (the one publish
 * stores on S3), and its feeds reach a feed reader as XML that parses as RSS or Atom. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import fg from 'fast-glob';
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { contentTypeFor } from '../../src/publish/content-types.js';
import { shippedBuild } from '../helpers/shipped-build.js';
import { startStaticHost, type StaticHost } from '../helpers/static-host.js';

const test = suite('plain static host');
const BASE = 'https://reference.example.com';
let host: StaticHost;
let dist = '';

type Node = DefaultTreeAdapterMap['node'];

/** Every href and src of a page that points inside the site, without fragment or query. */
function internalLinks(html: string): string[] {
  const links: string[] = [];
  const visit = (n: Node) => {
    if ('attrs' in n) {
      for (const a of n.attrs) {
        if ((a.name === 'href' || a.name === 'src') && /^\/(?!\/)/.test(a.value)) links.push(a.value.split(/[?#]/)[0]);
        if ((a.name === 'href' || a.name === 'src') && a.value.startsWith(BASE)) links.push(a.value.slice(BASE.length).split(/[?#]/)[0] || '/');
      }
    }
    if ('childNodes' in n) n.childNodes.forEach(visit);
    if ('content' in n && n.content) (n.content as DefaultTreeAdapterMap['documentFragment']).childNodes.forEach(visit);
  };
  visit(parse(html));
  return links;
}

const essence = (type: string | null) => (type ?? '').split(';')[0].trim();
const isXml = (t: string) => /^(application|text)\/([a-z.+-]+\+)?xml$/.test(t);

/** The type legalsite declares for a URL: HTML for extensionless pages, else what publish stores. */
const declaredType = (url: string) => (/\.[a-z0-9]+$/i.test(url) ? essence(contentTypeFor(url.slice(1))) : 'text/html');

/** True when the host's type is the declared one; XML types are one family to a feed reader. JSON
 * Lines and BibTeX have no type a host knows by name (mime-db lists none): hosts send octet-stream,
 * the recipes in docs/hosting.md and publish set application/jsonl and application/x-bibtex. */
function typeFits(url: string, got: string): boolean {
  const want = declaredType(url);
  if (want === 'application/jsonl' || want === 'application/x-bibtex') return got === 'application/octet-stream';
  return got === want || (isXml(want) && isXml(got));
}

/** The spec's URLs (site-spec.md §2 route table and "Also linked", §7 reads and linked downloads) and
 * DESIGN.md's output contract, with every slug of the shipped content. */
async function specUrls(): Promise<string[]> {
  const { result } = await shippedBuild();
  const site = result.site!;
  const articles = site.articles.map((a) => a.slug);
  const terms = site.terms.map((t) => t.slug);
  const datasets = site.source.datasets.map((d) => d.slug);
  return [
    '/', '/articles', '/glossary', '/answers', '/about', '/api', '/integrations', '/analytics', '/privacy', '/terms', '/legal-disclaimer',
    '/for-ai-systems', '/for-ai-systems/index.json', '/templates', '/datasets', '/content-recommendations', '/feed.xml', '/sitemap.xml',
    '/sitemaps/answers.xml', '/search', '/feeds/rss', '/feeds/atom', '/feeds/articles', '/feeds/glossary',
    '/articles/privilege-logs-bases-samples', '/articles/fact-first-methodology', '/articles/what-is-mary-technology',
    '/articles/ai-vendor-due-diligence-for-legal', '/articles/rag-for-legal-teams', '/articles/lawyers-using-ai-tools-safely-playbook',
    '/articles/index.json', '/glossary.json', '/datasets/index.json', '/api/knowledge-graph.json',
    '/templates/privilege-log.csv', '/templates/privilege-log.sample.json', '/templates/ai-vendor-ddq.csv', '/templates/ai-vendor-comparison.csv',
    '/templates/ai-vendor-eval-log.csv', '/templates/ai-use-log.csv', '/templates/ai-policy-checklist.pdf', '/templates/source-grounded-patterns.md',
    '/robots.txt', '/llms.txt', '/llms-full.txt', '/indexnow-key.txt', '/glossary.md',
    '/exports/articles.jsonl', '/exports/articles.csv', '/exports/glossary.jsonl', '/exports/glossary.csv',
    ...articles.flatMap((s) => [`/articles/${s}`, `/articles/${s}.json`, `/articles/${s}.md`, `/recommendations/article/${s}`]),
    ...site.articles.filter((a) => a.answer).map((a) => `/articles/${a.slug}.answer.json`),
    ...terms.flatMap((s) => [`/glossary/${s}`, `/recommendations/term/${s}`]),
    ...datasets.flatMap((s) => [`/datasets/${s}`, `/datasets/${s}.json`]),
  ];
}

/** URLs that the machine files point to: sitemaps, feeds, llms.txt and the AI index. */
function machineUrls(): string[] {
  const read = (f: string) => readFileSync(path.join(dist, f), 'utf8');
  const local = (u: string) => (u.startsWith(BASE) ? u.slice(BASE.length).split(/[?#]/)[0] || '/' : undefined);
  const found = [
    ...[...read('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]),
    ...[...read('sitemaps/answers.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]),
    ...[...read('llms.txt').matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]),
    ...(JSON.parse(read('for-ai-systems/index.json')).endpoints as { url: string }[]).map((e) => e.url).filter((u) => !u.includes('{')),
  ];
  return found.map(local).filter((u): u is string => u !== undefined);
}

test.before(async () => {
  ({ dist } = await shippedBuild());
  host = await startStaticHost(dist);
});

test.after(async () => {
  await host?.close();
});

test('every internal link and every spec URL answers 200 with the declared content type', async () => {
  const pages = await fg('**/*.html', { cwd: dist });
  const urls = new Set<string>([...(await specUrls()), ...machineUrls()]);
  for (const page of pages) for (const link of internalLinks(readFileSync(path.join(dist, page), 'utf8'))) urls.add(link);
  assert.ok(urls.size > 400, `${urls.size} URLs checked`);
  const problems: string[] = [];
  const list = [...urls].sort();
  for (let i = 0; i < list.length; i += 16) {
    await Promise.all(
      list.slice(i, i + 16).map(async (url) => {
        const res = await fetch(host.url + url, { redirect: 'manual' });
        await res.arrayBuffer();
        const type = essence(res.headers.get('content-type'));
        if (res.status !== 200) problems.push(`${url}: HTTP ${res.status}`);
        else if (!typeFits(url, type)) problems.push(`${url}: ${type}, declared ${declaredType(url)}`);
      }),
    );
  }
  assert.equal(problems.sort(), []);
});

test("the spec's feed URLs lead a feed reader to XML that parses as RSS or Atom", async () => {
  for (const [name, kind] of [['rss', 'rss'], ['atom', 'atom'], ['articles', 'rss'], ['glossary', 'rss']] as const) {
    const page = await fetch(`${host.url}/feeds/${name}`);
    assert.is(page.status, 200, name);
    // Feed autodiscovery: the first feed a page declares in its head is the one a reader subscribes to.
    const head = (await page.text()).split('</head>')[0];
    const href = /<link rel="alternate" type="application\/(?:rss|atom)\+xml" href="([^"]+)"/.exec(head)?.[1];
    assert.is(href, `/feeds/${name}.xml`, name);
    const feed = await fetch(host.url + href);
    assert.is(feed.status, 200, name);
    assert.ok(isXml(essence(feed.headers.get('content-type'))), `${name}: served as XML`);
    const parsed = parseFeed(await feed.text());
    assert.is(parsed.meta.type, kind, name);
    assert.ok(parsed.items.length > 0, name);
  }
  const combined = await fetch(`${host.url}/feed.xml`);
  assert.ok(isXml(essence(combined.headers.get('content-type'))));
  assert.is(parseFeed(await combined.text()).meta.type, 'rss');
});

test('_headers gives the files whose names do not say their exact type the type publish stores', async () => {
  const rules = readFileSync(path.join(dist, '_headers'), 'utf8').split('\n\n').map((block) => block.trim().split('\n'));
  const typed = new Map(rules.filter(([, ...h]) => h.some((l) => l.trim().startsWith('Content-Type:'))).map(([p, ...h]) => [p, h.find((l) => l.trim().startsWith('Content-Type:'))!.split(': ')[1]]));
  const jsonl = (await fg('**/*.jsonl', { cwd: dist })).map((f) => `/${f}`);
  assert.ok(jsonl.length >= 2);
  for (const url of [...jsonl, '/feed.xml', '/feeds/rss.xml', '/feeds/atom.xml', '/feeds/articles.xml', '/feeds/glossary.xml', '/feeds/corrections.xml']) {
    assert.is(typed.get(url), contentTypeFor(url.slice(1)), url);
  }
  // Every article's BibTeX and RIS file, by one pattern each.
  for (const ext of ['bib', 'ris']) assert.is(typed.get(`/articles/*.${ext}`), contentTypeFor(`articles/x.${ext}`), ext);
});

test('an unknown URL is the 404 page with status 404 (the host error page every recipe sets)', async () => {
  const res = await fetch(`${host.url}/no/such/page`);
  assert.is(res.status, 404);
  assert.match(await res.text(), /Page Not Found/);
});

test.run();
