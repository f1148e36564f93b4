import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { linkGlossaryTerms, snippet } from '../../src/passes/article-html/glossary-links.js';
import { buildTermMatcher } from '../../src/passes/term-matcher.js';
import { readMarkup, writeMarkup } from '../../src/html/markup.js';
import { renderMarkdown } from '../../src/passes/markdown.js';

const test = suite('glossary-links');
const terms = [
  { slug: 'hash-value', title: 'Hash value' },
  { slug: 'privilege-log', title: 'Privilege log' },
  { slug: 'privilege', title: 'Privilege' },
  { slug: 'rag', title: 'Retrieval-augmented generation (RAG)' },
];
const matcher = buildTermMatcher(terms);

function link(markdown: string) {
  const { markup, mentions } = linkGlossaryTerms(readMarkup(renderMarkdown(markdown, 1).html), matcher, (s) => s);
  const html = writeMarkup(markup);
  return { html, mentions, links: [...html.matchAll(/href="\/glossary\/([^"]+)"/g)].map((m) => m[1]) };
}

test('links a term at its first occurrence, whole words only, case-insensitively', () => {
  const { html } = link('A hash value. Hashvalue is not a word.');
  assert.match(html, /A <a href="\/glossary\/hash-value" class="term-link" title="hash-value">hash value<\/a>\./);
});

test('links at most twice per article, once per paragraph', () => {
  const { links } = link('Hash value and hash value.\n\nAnother hash value.\n\nA third hash value.');
  assert.equal(links, ['hash-value', 'hash-value']);
});

test('never links inside headings, links, code or pre', () => {
  const { links } = link('## Hash value\n\n[hash value](/x) and `hash value`\n\n```\nhash value\n```\n');
  assert.equal(links, []);
});

test('prefers the longest phrase and accepts a plural', () => {
  const { links } = link('Two privilege logs were served.');
  assert.equal(links, ['privilege-log']);
});

test('matches a parenthetical acronym only in capitals', () => {
  assert.equal(link('Use RAG carefully.').links, ['rag']);
  assert.equal(link('An old rag.').links, []);
});

test('every term met is a mention with a plain-text context snippet', () => {
  const { mentions } = link('Before the match there is *some* text, then a hash value appears, and text continues for a good while after it.');
  assert.is(mentions.length, 1);
  assert.is(mentions[0].termSlug, 'hash-value');
  assert.ok(mentions[0].linked);
  assert.ok(mentions[0].context.includes('some text, then a hash value appears'));
  assert.not.match(mentions[0].context, /</);
});

test('snippets keep about 50 characters either side, cut at words', () => {
  const text = `${'word '.repeat(30)}TARGET${' word'.repeat(30)}`;
  const start = text.indexOf('TARGET');
  const s = snippet(text, start, start + 6);
  assert.ok(s.startsWith('…') && s.endsWith('…'));
  assert.ok(s.length <= 6 + 2 * 50 + 2);
});

test.run();
