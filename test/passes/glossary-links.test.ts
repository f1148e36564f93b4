import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { linkGlossaryTerms } from '../../src/passes/article-html/glossary-links.js';
import { sentenceAround } from '../../src/passes/article-html/sentence.js';
import { buildTermMatcher, type LinkTerm } from '../../src/passes/term-matcher.js';
import { readMarkup, writeMarkup } from '../../src/html/markup.js';
import { renderMarkdown } from '../../src/passes/markdown.js';
import { ROOT } from '../helpers/sites.js';

const test = suite('glossary-links');
const terms = [
  { slug: 'hash-value', title: 'Hash value' },
  { slug: 'privilege-log', title: 'Privilege log' },
  { slug: 'privilege', title: 'Privilege' },
  { slug: 'rag', title: 'Retrieval-augmented generation (RAG)' },
];

function link(markdown: string, list: LinkTerm[] = terms, sourceLines = false) {
  const { markup, mentions, autoLinks } = linkGlossaryTerms(readMarkup(renderMarkdown(markdown, 1, { sourceLines }).html), buildTermMatcher(list), (s) => s);
  const html = writeMarkup(markup);
  return { html, mentions, autoLinks, links: [...html.matchAll(/href="\/glossary\/([^"]+)" class="term-link"/g)].map((m) => m[1]) };
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

test('every linked term is a mention quoting the sentence of its first link, as plain text', () => {
  const { mentions } = link('Before it there is *some* text. Then a hash value appears, and text continues. Another sentence.');
  assert.equal(mentions, [{ termSlug: 'hash-value', context: 'Then a hash value appears, and text continues.', via: 'auto' }]);
});

test('a link to a renamed term\'s former address is a mention of the term as it is now, and counts as its link', () => {
  const renamed = [{ slug: 'hearsay-rule', title: 'Hearsay rule', alsoCalled: ['hearsay'], formerSlugs: ['hearsay'] }];
  const { mentions, links } = link('Out-of-court statements are [hearsay](/glossary/hearsay). Hearsay again.\n\nHearsay once more.\n\nAnd hearsay a third time.', renamed);
  assert.equal(mentions, [{ termSlug: 'hearsay-rule', context: 'Out-of-court statements are hearsay.', via: 'link' }]);
  assert.equal(links, ['hearsay-rule'], 'the editor\'s link and one auto-link make the two an article may have');
});

test('a term met only where it cannot link (a heading, code) is no mention', () => {
  assert.equal(link('## Hash value\n\nSee `hash value`.').mentions, []);
});

test('auto-links are listed with their sentence and, when asked, their source line', () => {
  const { autoLinks } = link('First line.\nThe hash value is on line two.\n\n- Privilege on line four.', terms, true);
  assert.equal(autoLinks, [
    { termSlug: 'hash-value', text: 'hash value', sentence: 'The hash value is on line two.', line: 2 },
    { termSlug: 'privilege', text: 'Privilege', sentence: 'Privilege on line four.', line: 4 },
  ]);
});

test('source lines change nothing but the attributes the listing reads', () => {
  const md = 'A hash value.\n\n| a | b |\n|---|---|\n| privilege | x |\n';
  assert.equal(link(md).html, link(md, terms, true).html.replace(/ data-source-line="\d+"/g, ''));
});

test('a sentence ends at a full stop, not after an abbreviation or a pinpoint', () => {
  const text = 'See Mata v. Avianca, Inc., No. 22-cv-1461 (S.D.N.Y. 2023), on the hash value of U.S. filings. Next one.';
  const at = text.indexOf('hash value');
  assert.is(sentenceAround(text, at, at + 10), 'See Mata v. Avianca, Inc., No. 22-cv-1461 (S.D.N.Y. 2023), on the hash value of U.S. filings.');
});

test('a very long sentence is cut around the link, at words', () => {
  const text = `${'word '.repeat(80)}TARGET${' word'.repeat(80)}.`;
  const at = text.indexOf('TARGET');
  const s = sentenceAround(text, at, at + 6);
  assert.ok(s.startsWith('…') && s.endsWith('…') && s.includes('TARGET'), s);
  assert.ok(s.length < 260, `${s.length} characters`);
});

// Fixture folders: test/fixtures/glossary-links/<case>/{terms.json, input.md, expected.json}.
const fixtures = path.join(ROOT, 'test/fixtures/glossary-links');
for (const name of readdirSync(fixtures).sort()) {
  const dir = path.join(fixtures, name);
  test(`fixture ${name}`, () => {
    const list = JSON.parse(readFileSync(path.join(dir, 'terms.json'), 'utf8')) as LinkTerm[];
    const expected = JSON.parse(readFileSync(path.join(dir, 'expected.json'), 'utf8')) as { links: string[]; mentions?: unknown; html?: string };
    const { html, mentions, autoLinks } = link(readFileSync(path.join(dir, 'input.md'), 'utf8'), list);
    assert.equal(autoLinks.map((l) => `${l.termSlug}:${l.text}`), expected.links);
    if (expected.mentions) assert.equal(mentions, expected.mentions);
    if (expected.html) assert.ok(html.includes(expected.html), html);
  });
}

test.run();
