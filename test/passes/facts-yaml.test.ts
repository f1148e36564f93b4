/** The Markdown mirror's front matter written without building a yaml document
 * (src/passes/facts-yaml.ts) is byte for byte what the yaml package writes. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { stringify } from 'yaml';
import { generateCorpus } from '../../bench/generate-corpus.js';
import { parseArticleText } from '../../src/load/read-content.js';
import { type Fact, factsYaml, fastFacts } from '../../src/passes/facts-yaml.js';
import { ROOT, tempDir } from '../helpers/sites.js';

const test = suite('facts yaml');

/** A seeded generator (mulberry32), so a failure can be reproduced. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function same(facts: Record<string, Fact>, note = ''): void {
  assert.is(factsYaml(facts), stringify(facts), `${note} ${JSON.stringify(facts)}`);
}

test('every shipped and generated article: the mirror facts, taken the fast way, as yaml writes them', () => {
  const dir = path.join(tempDir(), 'content');
  generateCorpus({ dir, articles: 60, seed: 9 });
  const files = [
    ...readdirSync(path.join(ROOT, 'content/articles')).map((f) => path.join(ROOT, 'content/articles', f)),
    ...readdirSync(path.join(dir, 'articles')).map((f) => path.join(dir, 'articles', f)),
  ];
  let fast = 0;
  for (const file of files) {
    const { article: a } = parseArticleText(readFileSync(file, 'utf8'), file);
    assert.ok(a, file);
    const facts = { title: a!.title, slug: a!.slug, url: `https://example.org/articles/${a!.slug}`, summary: a!.summary, author: a!.author, datePublished: a!.datePublished, dateModified: a!.dateModified, jurisdiction: a!.jurisdiction, tags: a!.tags, readingTime: '7 min', wordCount: 1451, license: 'https://creativecommons.org/licenses/by/4.0/' };
    if (fastFacts(facts) !== undefined) fast++;
    same(facts, file);
  }
  assert.ok(fast >= files.length - 2, `nearly every article takes the fast way (${fast} of ${files.length})`);
});

test('strings at and around every folding width, with every kind of quoting, and lists', () => {
  const pieces = ['word', 'a', 'longerwordwithoutspaces', ':', ': ', ' #', '#', '"', "'", 'x"y', "it's", '-', '?', '&', '*', '!', '|', '>', '%', '@', '`', ',', '[', ']', '{', '}', '...', '---', '1', '0x1F', '1e3', '.5', 'true', 'null', '~', ' ', '  ', 'é', '—', '😀'];
  const next = rng(23);
  const text = () => {
    let s = '';
    const n = 1 + Math.floor(next() * 40);
    for (let k = 0; k < n; k++) s += pieces[Math.floor(next() * pieces.length)] + (next() < 0.7 ? ' ' : '');
    return next() < 0.5 ? s.trim() : s;
  };
  let fast = 0;
  for (let k = 0; k < 3000; k++) {
    const facts = { title: text(), k: text(), aVeryLongKeyNameThatPushesTheValueFarToTheRightOfTheLine: text(), tags: [text(), text()] };
    if (fastFacts(facts) !== undefined) fast++;
    same(facts);
  }
  assert.ok(fast > 2500, `the random texts take the fast way (${fast} of 3000), so the two ways are compared`);
  for (let len = 60; len <= 200; len++) {
    const spaced = 'ab '.repeat(len).slice(0, len);
    same({ summary: spaced, q: `${spaced}: x`, s: `"${spaced}"`, solid: 'x'.repeat(len), tags: [spaced] });
  }
});

test('scalars that read back as other types, empty values and numbers', () => {
  for (const v of ['', '123', '-1', '+2', '0o17', '0x1f', '1.5', '.5', '1e5', '-.inf', '.nan', 'true', 'False', 'NULL', '~', '2025-01-01', 'yes', 'no', 'on', '12:30', '1_000']) same({ v, list: [v] });
  same({ n: 0, m: -12, big: 12345678, none: null, gone: undefined, empty: [] });
  same({ f: 1.5 });
  same({ multi: 'two\nlines', tab: 'a\tb', back: 'a\\b', nbsp: 'a\u00a0b' });
});

test.run();
