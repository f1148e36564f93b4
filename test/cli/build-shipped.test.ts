/** `legalsite build` on the shipped content, end to end through the CLI: the pages and JSON files of
 * the spec exist and carry its exact texts, metadata is complete, and two builds are byte-identical. */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseHtml } from '../helpers/html.js';
import { listFiles, readJson, ROOT, runCli, tempDir } from '../helpers/sites.js';

const test = suite('build the shipped site');
const out = path.join(tempDir(), 'dist');
const page = (rel: string) => parseHtml(readFileSync(path.join(out, rel), 'utf8'));

test.before(async () => {
  const run = await runCli(['build', '--out', out], ROOT);
  assert.is(run.exitCode, 0, run.stderr);
  assert.match(run.stdout, /^Built \d+ pages, \d+ files in [\d.]+s → /m);
});

test('every page has one h1, a title in the spec format, canonical, OG, Twitter, lang and the note', () => {
  for (const rel of listFiles(out).filter((f) => f.endsWith('.html'))) {
    const doc = page(rel);
    assert.is(doc.byTag('h1').length, 1, `${rel}: one h1`);
    const title = doc.text(doc.byTag('title')[0]);
    if (rel !== 'index.html') assert.match(title, / \| Fact-First Reference$/, rel);
    const canonical = doc.all.find((e) => e.tagName === 'link' && doc.attr(e, 'rel') === 'canonical');
    assert.match(doc.attr(canonical!, 'href')!, /^https:\/\/reference\.example\.com\//, rel);
    for (const prop of ['og:title', 'og:description', 'og:url', 'og:type']) assert.ok(doc.withAttr('property', prop).length, `${rel}: ${prop}`);
    assert.ok(doc.withAttr('name', 'twitter:card').length, `${rel}: twitter card`);
    assert.ok(doc.withAttr('name', 'description').length, `${rel}: description`);
    assert.is(doc.attr(doc.byTag('html')[0], 'lang'), 'en-US');
    assert.ok(doc.bodyText().includes('Educational material only. Not legal advice.'), `${rel}: educational note`);
    for (const data of doc.jsonLd()) assert.ok(data['@type'], `${rel}: JSON-LD has a type`);
  }
});

test('home: title is the site name, hero buttons, Latest Articles with three cards, resource cards, SearchAction', () => {
  const doc = page('index.html');
  assert.is(doc.text(doc.byTag('title')[0]), 'Fact-First Reference');
  const text = doc.bodyText();
  for (const s of ['Facts, methods, materials.', 'Browse Articles', 'Search Glossary', 'Latest Articles', 'View all articles', 'Browse Templates', 'View Full Glossary', 'Explore Data']) assert.ok(text.includes(s), s);
  assert.is(doc.all.filter((e) => doc.attr(e, 'class')?.includes('article-card')).length, 3);
  const site = doc.jsonLd().find((d) => d['@type'] === 'WebSite');
  assert.is(site.potentialAction.target.urlTemplate, 'https://reference.example.com/search?q={q}');
});

test('articles list: every article as a card with badge, 2 tags + "+N more", date and "N min read"', () => {
  const doc = page('articles.html');
  const index = readJson(path.join(out, 'articles/index.json'));
  const cards = doc.all.filter((e) => doc.attr(e, 'class')?.includes('article-card'));
  assert.is(cards.length, index.items.length);
  const text = doc.bodyText();
  assert.match(text, /\+\d+ more/);
  assert.match(text, /\d+ min read/);
  assert.match(text, /(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}/);
  assert.ok(doc.all.some((e) => doc.attr(e, 'placeholder') === 'Search articles...'));
});

test('article page: breadcrumbs, answer box, takeaways, body anchors, FAQ accordion, references, links', () => {
  const doc = page('articles/fact-first-methodology.html');
  const text = doc.bodyText();
  for (const s of ['Answer (Summary)', 'answers/fact-first-methodology#a0', 'Jump to Answer', 'Key takeaways', 'References', 'View AI-Powered Recommendations', 'Last updated', '18 min read']) assert.ok(text.includes(s), s);
  assert.ok(doc.byId('fact-first-methodology-p001'), 'cite anchor p001');
  assert.ok(doc.all.some((e) => doc.attr(e, 'href') === '/articles/fact-first-methodology.answer.json'));
  assert.ok(doc.all.some((e) => doc.attr(e, 'href') === '/articles/fact-first-methodology.json'));
  assert.ok(doc.all.some((e) => doc.attr(e, 'href') === 'https://creativecommons.org/licenses/by/4.0/'));
  const details = doc.byTag('details');
  assert.ok(details.length >= 3 && details.every((d) => doc.attr(d, 'name') === 'faq-fact-first-methodology'), 'FAQ is an exclusive accordion');
  const crumbs = doc.jsonLd().find((d) => d['@type'] === 'BreadcrumbList');
  assert.equal(crumbs.itemListElement.map((i: { name: string }) => i.name), ['Home', 'Articles', 'Fact-First Methodology: Building a Verified Fact Base Before Argument']);
  assert.ok(doc.jsonLd().some((d) => d['@type'] === 'FAQPage'));
  assert.ok(doc.all.some((e) => doc.attr(e, 'class') === 'term-link'), 'glossary terms are auto-linked');
});

test('the privilege-log article renders its answer object with its own title and citation', () => {
  const text = page('articles/privilege-logs-bases-samples.html').bodyText();
  assert.ok(text.includes('FRCP 26(b)(5)(A)'));
  assert.ok(text.includes('Citation:'));
});

test('the privilege-log page heads its references "Citations" and links to /content-recommendations (spec §2)', () => {
  const doc = page('articles/privilege-logs-bases-samples.html');
  assert.is(doc.text(doc.byId('references-title')!), 'Citations');
  assert.ok(doc.all.some((e) => doc.attr(e, 'href') === '/content-recommendations'));
  assert.is(page('articles/fact-first-methodology.html').text(page('articles/fact-first-methodology.html').byId('references-title')!), 'References', 'other articles keep "References"');
});

test('one Downloads section per article, whether the body has its own or not', () => {
  for (const file of listFiles(path.join(out, 'articles')).filter((f) => f.endsWith('.html'))) {
    const doc = page(`articles/${file}`);
    const headings = doc.byTag('h2').filter((h) => doc.text(h).trim() === 'Downloads');
    assert.ok(headings.length <= 1, `${file}: ${headings.length} Downloads sections`);
    const ids = doc.all.map((e) => doc.attr(e, 'id')).filter(Boolean);
    assert.is(new Set(ids).size, ids.length, `${file}: ids are unique`);
  }
  for (const slug of ['privilege-logs-bases-samples', 'ai-vendor-due-diligence-for-legal', 'rag-for-legal-teams', 'lawyers-using-ai-tools-safely-playbook']) {
    assert.ok(page(`articles/${slug}.html`).byTag('h2').some((h) => page(`articles/${slug}.html`).text(h) === 'Downloads'), `${slug} keeps its Downloads`);
  }
});

test('/content/articles/privilege-logs-bases-samples.json is the privilege-log article file (spec §7)', () => {
  assert.equal(readJson(path.join(out, 'content/articles/privilege-logs-bases-samples.json')), readJson(path.join(out, 'articles/privilege-logs-bases-samples.json')));
});

test('recommendations, integrations and analytics pages carry breadcrumb structured data', () => {
  for (const rel of ['recommendations/article/privilege-logs-bases-samples.html', 'recommendations/term/chain-of-custody.html', 'integrations.html', 'analytics.html']) {
    const crumbs = page(rel).jsonLd().find((d) => d['@type'] === 'BreadcrumbList');
    assert.ok(crumbs, rel);
    assert.is(crumbs.itemListElement[0].name, 'Home', rel);
  }
});

test('/api names topic clusters as site.yaml names their tags: AI, not Ai', () => {
  const clusters = page('api.html').byTag('h3').map((h) => page('api.html').text(h));
  assert.ok(clusters.includes('AI'), clusters.join(', '));
  assert.not.ok(clusters.includes('Ai'));
});

test('recommendations: one difficulty level, no complexity band that contradicts it', () => {
  const text = page('recommendations/article/privilege-logs-bases-samples.html').bodyText();
  assert.match(text, /\d \/ 5 · (Beginner|Intermediate|Advanced|Expert)/);
  assert.not.match(text, /\((beginner|intermediate|advanced)\)/);
});

test('/templates: every template is a card with a download button naming its file type and size', () => {
  const doc = page('templates.html');
  const cards = doc.all.filter((e) => e.tagName === 'li' && doc.attr(e, 'class') === 'card');
  assert.ok(cards.length >= 10);
  const buttons = doc.all.filter((e) => e.tagName === 'a' && doc.attr(e, 'class') === 'button download-button');
  assert.is(buttons.length, cards.length);
  for (const b of buttons) {
    assert.ok(doc.attr(b, 'download') !== undefined && doc.attr(b, 'href')!.startsWith('/templates/'));
    assert.match(doc.text(b).replace(/\s+/g, ' '), /^Download .+ as (CSV|JSON|Markdown|PDF|Text|File) · [\d.]+ (bytes|KB|MB)$/);
  }
});

test('glossary: "N of N terms", A–Z index, letter groups, JSON export link', () => {
  const doc = page('glossary.html');
  const total = readJson(path.join(out, 'glossary.json')).terms.length;
  assert.ok(doc.bodyText().includes(`${total} of ${total} terms`));
  assert.ok(doc.byId('letter-A') && doc.byId('letter-P'));
  assert.ok(doc.all.some((e) => doc.attr(e, 'href') === '/glossary.json'));
  assert.ok(doc.all.some((e) => doc.attr(e, 'placeholder') === 'Search terms...'));
  const set = doc.jsonLd().find((d) => d['@type'] === 'DefinedTermSet');
  assert.is(set.hasDefinedTerm.length, Math.min(50, total));
});

test('term page: every field, back link, "Referenced by" backlinks', () => {
  const doc = page('glossary/chain-of-custody.html');
  const text = doc.bodyText();
  for (const s of ['Chain of custody', 'Back to glossary', 'Referenced by', 'Related content']) assert.ok(text.includes(s), s);
  assert.ok(!text.includes('No backlinks found.'), 'a core term has backlinks');
});

test('404 page: the spec texts and buttons', () => {
  const doc = page('404.html');
  const text = doc.bodyText();
  for (const s of ['404', 'Page Not Found', "Sorry, we couldn't find the page you're looking for. It might have been moved, deleted, or you entered the wrong URL.", 'Go Home', 'Browse Articles']) assert.ok(text.includes(s), s);
  assert.is(doc.text(doc.byTag('title')[0]), 'Page Not Found | Fact-First Reference');
});

test('static pages carry their sections and the editorial email', () => {
  const about = page('about.html').bodyText();
  for (const s of ['Mission', 'Publishing principles', 'Editorial independence', 'Corrections and updates', 'editorial@reference.example.com']) assert.ok(about.includes(s), s);
  assert.ok(page('terms.html').bodyText().includes('30 days'));
  assert.ok(page('privacy.html').bodyText().toLowerCase().includes('data portability'));
});

test('JSON mirrors exist for every article', () => {
  const index = readJson(path.join(out, 'articles/index.json'));
  assert.ok(index.items.length >= 14);
  const files = new Set(listFiles(out));
  for (const item of index.items) {
    assert.ok(files.has(`articles/${item.slug}.json`) && files.has(`articles/${item.slug}.html`), item.slug);
    if (item.hasAnswer) assert.ok(files.has(`articles/${item.slug}.answer.json`), `${item.slug} answer`);
  }
});

test('pages without islands ship at most 5 KB of JavaScript (gzip) and no React', () => {
  for (const rel of ['about.html', 'glossary/chain-of-custody.html', 'answers.html', '404.html']) {
    const doc = page(rel);
    const urls = [...doc.byTag('script'), ...doc.byTag('link')].map((e) => doc.attr(e, 'src') ?? (doc.attr(e, 'rel') === 'modulepreload' ? doc.attr(e, 'href') : undefined)).filter((u): u is string => Boolean(u));
    const bodies = urls.map((u) => readFileSync(path.join(out, u.slice(1))));
    const gzip = bodies.reduce((n, b) => n + gzipSync(b).byteLength, 0);
    assert.ok(gzip <= 5 * 1024, `${rel}: ${gzip} bytes gzip`);
    assert.not.ok(bodies.some((b) => b.includes('react.transitional.element')), `${rel} loads no React`);
  }
  const islands = page('articles.html');
  assert.ok(islands.all.some((e) => islands.attr(e, 'data-island') === 'ArticleFilters'));
});

test('two builds of the same content are byte-identical', async () => {
  const again = path.join(tempDir(), 'dist');
  const run = await runCli(['build', '--quiet', '--out', again], ROOT);
  assert.is(run.exitCode, 0, run.stderr);
  assert.is(run.stdout, '', '--quiet prints nothing');
  const a = listFiles(out);
  assert.equal(listFiles(again), a);
  for (const f of a) assert.ok(readFileSync(path.join(out, f)).equals(readFileSync(path.join(again, f))), `${f} differs`);
});

test.run();
