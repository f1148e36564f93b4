/** The article body's pinpoints (article-html/pinpoint-ids.ts): ids from the record, second anchors
 * for reworded headings and former slugs, and tombstones that only a link's target shows. */
import { createHash } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderArticleBody } from '../../src/passes/article-html.js';
import { renderArticleFields } from '../../src/passes/article-fields.js';
import { readingStats } from '../../src/passes/reading-time.js';
import { buildTermMatcher } from '../../src/passes/term-matcher.js';
import type { Article } from '../../src/model.js';
import type { ArticlePins } from '../../src/model/pinpoints.js';

const test = suite('pinpoint ids');
const matcher = buildTermMatcher([]);
const render = (body: string, pins?: ArticlePins, more: Partial<Article> = {}) =>
  renderArticleBody({ slug: 'demo', body, bodyLine: 1, formerSlugs: [], dateModified: '2025-03-04', ...more }, matcher, (s) => s, { pins });

const ONE = 'Privilege protects confidential communications between a lawyer and a client.';
const TWO = 'A privilege log lists each withheld document with its date, author and the basis claimed.';
const THREE = 'Courts may order production when the log does not let the other side assess the claim.';

test('a removed paragraph leaves a hidden, dated tombstone where it stood, outside every text count', () => {
  const first = render(`${ONE}\n\n${TWO}\n\n${THREE}`);
  const next = render(`${ONE}\n\n${THREE}`, first.pins);
  assert.match(next.html, /<p id="demo-p001">[^<]*<\/p>\n?<div class="tombstone" id="demo-p002" role="note" hidden="">This paragraph was removed on <time datetime="2025-03-04">Mar 4, 2025<\/time>\.<\/div>/);
  assert.match(next.html, /<p id="demo-p003">/);
  assert.not.match(next.mirrorHtml, /tombstone/, 'the JSON mirror lists removed ids apart, not in its bodyHtml');
  assert.not.match(next.plainText, /removed/);
  assert.equal(next.paragraphs.map((p) => p.id), ['demo-p001', 'demo-p003']);
  const stats = (b: typeof next) => readingStats(b, renderArticleFields({ keyTakeaways: [], faq: [] } as unknown as Article)).wordCount;
  assert.is(stats(next), stats(render(`${ONE}\n\n${THREE}`)), 'the word count is that of the text a reader reads');
});

test('a tombstone links to the paragraph that replaced it', () => {
  const first = render(`${ONE}\n\n${TWO}`);
  const next = render(`${ONE}\n\nEach withheld document goes on the privilege log with the basis claimed; a vague log invites an order.`, first.pins);
  assert.match(next.html, /<p id="demo-p001">[^<]*<\/p><div class="tombstone" id="demo-p002"[^>]*>This paragraph was removed on <time[^>]*>Mar 4, 2025<\/time>\. It was replaced by <a href="#demo-p003">paragraph 3<\/a>\.<\/div>\n<p id="demo-p003">/);
});

test('a reworded heading keeps its old id as an empty anchor inside it; a removed one leaves a tombstone', () => {
  const first = render(`## When privilege applies\n\n${ONE}\n\n## Logs\n\n${TWO}\n\n## Remedies\n\n${THREE}`);
  const next = render(`## When legal privilege applies\n\n${ONE}\n\n## Logs\n\n${TWO}\n\n${THREE}`, first.pins);
  assert.match(next.html, /<h2 id="when-legal-privilege-applies"><span id="when-privilege-applies"><\/span>When legal privilege applies<\/h2>/);
  assert.equal(next.headings.map((h) => [h.id, h.text]), [['when-legal-privilege-applies', 'When legal privilege applies'], ['logs', 'Logs']]);
  assert.match(next.html, /<div class="tombstone" id="remedies"[^>]*>This heading was removed on <time[^>]*>Mar 4, 2025<\/time>\. Its text is now under <a href="#logs">“Logs”<\/a>\.<\/div>/);
});

test("paragraphs carry their ids under the article's former slugs, tombstones too", () => {
  const first = render(`${ONE}\n\n${TWO}`, undefined, { slug: 'old-demo' });
  const next = render(`${TWO}`, first.pins, { formerSlugs: ['old-demo'] });
  assert.match(next.html, /<p id="demo-p002"><span id="old-demo-p002"><\/span>A privilege log/);
  assert.match(next.html, /<div class="tombstone" id="demo-p001"[^>]*><span id="old-demo-p001"><\/span>This paragraph was removed/);
  assert.is(next.pins.slug, 'demo');
});

test('paragraphs are listed with their normalised text and its SHA-256', () => {
  const { paragraphs } = render('Line one\nline  *two*   &amp; more.');
  const text = 'Line one line two & more.';
  assert.equal(paragraphs, [{ id: 'demo-p001', text, sha256: createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex') }]);
});

test.run();
