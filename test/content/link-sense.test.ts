/**
 * Issue 20's wrong-sense auto-links, checked against the shipped glossary and the built articles:
 * each phrase the review found linked in the wrong sense no longer links to that term, qualified
 * phrases and aliases with parentheses do, and the editor's no-link markers stop their one link and
 * leave no trace in the page or its Markdown mirror.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readContent } from '../../src/load/read-content.js';
import { buildTermMatcher } from '../../src/passes/term-matcher.js';
import { parseHtml } from '../helpers/html.js';
import { shippedBuild } from '../helpers/shipped-build.js';
import { ROOT } from '../helpers/sites.js';

const test = suite('auto-links keep their legal sense');

const { site } = readContent({ contentDir: 'content', cwd: ROOT });
const matcher = buildTermMatcher(site!.terms);
const linksIn = (text: string) => matcher.find(text).map((m) => `${m.slug}:${text.slice(m.start, m.end)}`);

/** Sentences from the shipped articles, and the term each must not link to. */
const WRONG_SENSE: [sentence: string, term: string][] = [
  ['Local ISO 8601 value truncated to the declared precision.', 'precision'],
  ['If a source says "in early 2023", the precision is year.', 'precision'],
  ['Do not rely on it in work product.', 'work-product'],
  ['A sensible default for court-facing work product is verified rows with confidence 4 or 5.', 'work-product'],
  ['Apply the same redactions to exact duplicates, near-duplicates and every message in an email thread.', 'duplicate'],
  ['retired: withdrawn, for example because it was a duplicate or rested on a misread source.', 'duplicate'],
  ['Rule 1.6(c) requires reasonable efforts to prevent the inadvertent or unauthorized disclosure of, or unauthorized access to, information relating to a representation.', 'disclosure'],
  ['Formal Opinion 512 notes that disclosure risk is not only external.', 'disclosure'],
  ['How privilege law treats disclosure to a service provider varies by jurisdiction and turns on the facts.', 'disclosure'],
  ['Content on this site is licensed under Creative Commons Attribution 4.0 (CC BY 4.0).', 'attribution'],
  ['Set a minimum relevance score below which the system should say it found nothing.', 'relevance'],
  ['Whenever retrieval falls below the relevance threshold, refuse.', 'relevance'],
  ['Where the line falls depends on the facts and the forum.', 'fact'],
  ['It may be a lead, a hypothesis or an instruction to investigate.', 'prompt'],
  ['What changes between them is the weight each criterion carries.', 'evidential-weight'],
  ['Encryption in transit and at rest, single sign-on and multi-factor authentication.', 'authentication'],
];

for (const [sentence, term] of WRONG_SENSE) {
  test(`"${sentence.slice(0, 60)}…" does not link to ${term}`, () => {
    assert.not.ok(linksIn(sentence).some((l) => l.startsWith(`${term}:`)), linksIn(sentence).join(', '));
  });
}

test('qualified phrases and aliases with parentheses do link', () => {
  assert.equal(linksIn('Measured search precision was 0.82.'), ['precision:search precision']);
  assert.equal(linksIn('FRE 502 limits waiver of work-product protection.').filter((l) => l.startsWith('work-product:')), ['work-product:work-product protection']);
  assert.ok(linksIn('Ask for a 502(d) order early.').includes('fre-502d-order:502(d) order'));
  assert.ok(linksIn('Raise it at the Rule 26(f) conference.').includes('rule-26f-conference:Rule 26(f) conference'));
  assert.ok(linksIn('Raise it at the 26(f) conference.').includes('rule-26f-conference:26(f) conference'));
  assert.ok(linksIn('That is why 902(14) certifications rest on hashes.').includes('certification-of-records:902(14) certifications'));
  assert.ok(linksIn('Relevance is the first condition of admissibility.').includes('relevance:Relevance'));
});

/** The text of the block (p, li, td) of an article page that holds `words`, and the glossary terms it links. */
function blockOf(html: string, words: string) {
  const doc = parseHtml(html);
  const block = doc.all.find((e) => ['p', 'li', 'td'].includes(e.tagName) && doc.text(e).replace(/\s+/g, ' ').includes(words));
  assert.ok(block, `a block holds "${words}"`);
  const links: string[] = [];
  const walk = (n: typeof block) => {
    if (n!.tagName === 'a') links.push(doc.attr(n!, 'href') ?? '');
    for (const c of n!.childNodes) if ('tagName' in c) walk(c);
  };
  walk(block);
  return { text: doc.text(block!), links };
}

test('the no-link markers stop their one link in the built pages and leave no trace there or in the mirrors', async () => {
  const { dist } = await shippedBuild();
  const page = (slug: string) => readFileSync(path.join(dist, `articles/${slug}.html`), 'utf8');
  for (const [slug, words, term] of [
    ['authenticating-electronic-evidence', 'make the record and certification available for inspection', 'inspection'],
    ['rag-for-legal-teams', 'the system first searches a chosen collection', 'collection'],
    ['rag-for-legal-teams', 'For evidence collections, ingestion should leave the original untouched', 'collection'],
  ] as const) {
    const { text, links } = blockOf(page(slug), words);
    assert.not.ok(links.includes(`/glossary/${term}`), `${slug}: "${words}" links ${links.join(', ')}`);
    assert.not.match(text, /\{\.nolink\}|\[collection\]|\[inspection\]/);
    assert.not.match(page(slug), /nolink/);
    assert.not.match(readFileSync(path.join(dist, `articles/${slug}.md`), 'utf8'), /\{\.nolink\}/);
  }
  // The same words still link where they carry the term's sense.
  assert.ok(blockOf(page('authenticating-electronic-evidence'), 'Where the item came from').links.includes('/glossary/collection'));
});

test.run();
