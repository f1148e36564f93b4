import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderArticleBody } from '../../src/passes/article-html.js';
import { buildTermMatcher } from '../../src/passes/term-matcher.js';
import { readingStats, countWords } from '../../src/passes/reading-time.js';
import { renderArticleFields } from '../../src/passes/article-fields.js';
import type { Article } from '../../src/model.js';

const test = suite('article-html');
const matcher = buildTermMatcher([]);
const render = (body: string) => renderArticleBody({ slug: 'demo', body, bodyLine: 10, formerSlugs: [], dateModified: '2025-01-01' }, matcher, (s) => s);

test('headings get unique ids slugified from their text, never a reserved id', () => {
  const { headings, html } = render('## Why it matters\n\n## Why it matters\n\n## Answer\n\n### Sub-point (a)');
  assert.equal(headings.map((h) => h.id), ['why-it-matters', 'why-it-matters-2', 'answer-2', 'sub-point-a']);
  assert.match(html, /<h2 id="why-it-matters">/);
});

test('body paragraphs get cite anchors -p001, -p002 in order', () => {
  const { html } = render('First.\n\nSecond.\n\n- item\n\n> Quoted.');
  assert.match(html, /<p id="demo-p001">First\.<\/p>/);
  assert.match(html, /<p id="demo-p002">Second\.<\/p>/);
  assert.match(html, /<blockquote>\n<p id="demo-p003">Quoted\.<\/p>/);
});

test('callouts render as labelled asides', () => {
  const { html } = render(':::warning\nCheck the offset.\n:::\n\n:::tip Pro tip\nHash first.\n:::');
  assert.match(html, /<aside class="callout callout-warning" aria-label="Warning"><strong class="callout-title">Warning<\/strong>/);
  assert.match(html, /<strong class="callout-title">Pro tip<\/strong>/);
});

test('tables are wrapped in a focusable scroll region, named after the heading they stand under', () => {
  const { html } = render('| a | b |\n|---|---|\n| 1 | 2 |');
  assert.match(html, /<div class="table-wrap" tabindex="0" role="region" aria-label="Table"><table>/);
  const table = '| a | b |\n|---|---|\n| 1 | 2 |\n';
  const named = render(`## Minimum *fields*\n\n${table}\nText.\n\n${table}\n### Where it applies\n\n${table}`).html;
  const labels = [...named.matchAll(/<div class="table-wrap"[^>]*aria-label="([^"]*)"/g)].map((m) => m[1]);
  assert.equal(labels, ['Table: Minimum fields', 'Table 2: Minimum fields', 'Table: Where it applies']);
});

test('raw HTML in Markdown is escaped, not rendered', () => {
  const { html } = render('<script>alert(1)</script>');
  assert.not.match(html, /<script>/);
});

test('links are listed with their file line and column', () => {
  const { links } = render('Intro.\n\nSee [x](/glossary/x) and [y](https://example.org).');
  assert.equal(links, [{ href: '/glossary/x', line: 12, column: 9 }, { href: 'https://example.org', line: 12, column: 30 }]);
});

test('reading time is ceil(words / 200) over body, answer, takeaways and FAQ', () => {
  const body = render(`${'word '.repeat(390)}`);
  const article = { answer: ['one two three four five'], keyTakeaways: ['six seven'], faq: [{ id: 'f', q: 'eight nine?', a: 'ten **eleven**' }] } as unknown as Article;
  const stats = readingStats(body, renderArticleFields(article));
  // 390 body words + 5 answer + 2 takeaways + 2 question + 2 answer = 401 → ceil(401 / 200) = 3
  assert.is(stats.wordCount, 401);
  assert.is(stats.readingTime, '3 min');
  assert.is(countWords("The attorney's e-mail, sent 3.5 hours late."), 7); // The | attorney's | e-mail | sent | 3.5 | hours | late
});

test.run();
