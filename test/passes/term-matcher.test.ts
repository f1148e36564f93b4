/**
 * The glossary matcher skips words that cannot start a phrase by hashing them as it scans. It must
 * find exactly what trying every phrase at every word finds: checked against that plain reference
 * on random texts of term words, aliases with punctuation, stop phrases, plurals, mixed case,
 * acronyms, non-ASCII letters and joiners. Then the link rules, one by one.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTermMatcher, type LinkTerm, normalizeGap, termPhrases, tokenize } from '../../src/passes/term-matcher.js';

const test = suite('term matcher');

const terms: LinkTerm[] = [
  { slug: 'hash-value', title: 'Hash value', alsoCalled: ['message digest'] },
  { slug: 'privilege-log', title: 'Privilege log' },
  { slug: 'privilege', title: 'Privilege', noLink: ['privilege log review'] },
  { slug: 'rag', title: 'Retrieval-augmented generation (RAG)' },
  { slug: 'e-discovery', title: 'E-discovery' },
  { slug: 'attorneys-eyes', title: "Attorney's eyes only" },
  { slug: 'cafe', title: 'Café rule' },
  { slug: 'ess', title: 'Access' },
  { slug: 'log', title: 'Log' },
  { slug: 'order', title: 'Rule 502(d) order', alsoCalled: ['502(d) order'] },
  { slug: 'conf', title: 'Rule 26(f)' },
  { slug: 'precision', title: 'Precision', linkOnly: ['search precision'] },
];

/** Tries every phrase at every word, as the matcher is specified. */
function reference(text: string) {
  const tokens = tokenize(text);
  const rank = { title: 0, alias: 1, stop: 2 };
  const phrases = [...terms]
    .sort((a, b) => a.slug.localeCompare(b.slug))
    .flatMap((t) => termPhrases(t).map((p) => {
      const words = tokenize(p.phrase);
      return { slug: t.slug, words: words.map((w) => w.word), gaps: words.slice(1).map((w, k) => normalizeGap(p.phrase.slice(words[k].end, w.start))), tail: p.phrase.slice(words[words.length - 1].end).trimEnd(), exact: p.exact, rank: rank[p.kind] };
    }))
    .sort((a, b) => a.rank - b.rank);
  const out: { slug: string; start: number; end: number }[] = [];
  for (let i = 0; i < tokens.length; ) {
    let best: { slug: string; endToken: number; stop: boolean; tail: string } | undefined;
    for (let len = 1; i + len <= tokens.length; len++) {
      const words = tokens.slice(i, i + len);
      const gapsOk = (p: (typeof phrases)[number]) => p.gaps.every((g, k) => normalizeGap(text.slice(words[k].end, words[k + 1].start)) === g);
      for (const p of phrases) {
        if (p.words.length !== len || !gapsOk(p) || !text.startsWith(p.tail, words[len - 1].end)) continue;
        const same = p.words.every((w, k) => {
          const lower = words[k].word.toLowerCase();
          if (p.exact) return words[k].word === w;
          if (lower === w.toLowerCase()) return true;
          return k === len - 1 && lower.length > 3 && lower.endsWith('s') && lower.slice(0, -1) === w.toLowerCase();
        });
        if (same) {
          best = { slug: p.slug, endToken: i + len - 1, stop: p.rank === 2, tail: p.tail };
          break;
        }
      }
    }
    if (best) {
      if (!best.stop) out.push({ slug: best.slug, start: tokens[i].start, end: tokens[best.endToken].end + best.tail.length });
      i = best.endToken + 1;
    } else i += 1;
  }
  return out;
}

test('finds what trying every phrase at every word finds, on random texts', () => {
  const matcher = buildTermMatcher(terms);
  const words = ['hash', 'Hash', 'HASH', 'value', 'values', 'message', 'digests', 'privilege', 'Privileges', 'log', 'logs', 'LOG', 'review', 'RAG', 'rag', 'Rags', 'retrieval-augmented', 'generation', 'e-discovery', "attorney's", 'attorney’s', 'eyes', 'only', 'café', 'CAFÉ', 'rule', 'Rule', '502(d)', '502', '(d)', 'order', '26(f)', 'precision', 'search', 'access', 'accesss', 'the', 'a', 'İstanbul', 'naïve', '3.5', 'x'];
  const glue = [' ', ' ', ' ', '  ', ', ', '. ', '\n', ' — ', '-', "'", '(', ') '];
  let seed = 9;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let n = 0; n < 4000; n++) {
    const text = Array.from({ length: 1 + Math.floor(random() * 12) }, () => words[Math.floor(random() * words.length)] + glue[Math.floor(random() * glue.length)]).join('');
    assert.equal(matcher.find(text), reference(text), JSON.stringify(text));
  }
});

const linked = (list: LinkTerm[], text: string) => buildTermMatcher(list).find(text).map((m) => `${m.slug}:${text.slice(m.start, m.end)}`);

test('aliases link like the title, punctuation and all', () => {
  const list = [{ slug: 'fre-502d-order', title: 'Rule 502(d) order', alsoCalled: ['502(d) order', 'FRE 502(d) order'] }, { slug: 'rule-26f', title: 'Rule 26(f) conference', alsoCalled: ['26(f) conference'] }];
  assert.equal(linked(list, 'Ask for a 502(d) order at the 26(f) conference.'), ['fre-502d-order:502(d) order', 'rule-26f:26(f) conference']);
  assert.equal(linked(list, 'Two FRE 502(d) orders were entered.'), ['fre-502d-order:FRE 502(d) orders']);
  // The punctuation is part of the phrase: these are not the alias.
  assert.equal(linked(list, 'A 502 d order, a 502(d)order, a 26 (f) conference.'), []);
});

test('a phrase that ends in punctuation must end with it', () => {
  const list = [{ slug: 'r', title: 'Rule 26(f)' }];
  assert.equal(linked(list, 'Under Rule 26(f), the parties confer.'), ['r:Rule 26(f)']);
  assert.equal(linked(list, 'Under Rule 26 f the parties confer.'), []);
});

test('a noLink phrase keeps its words plain, and the term still links elsewhere', () => {
  const list = [{ slug: 'relevance', title: 'Relevance', noLink: ['relevance score'] }];
  assert.equal(linked(list, 'A minimum relevance score. Relevance under FRE 401.'), ['relevance:Relevance']);
});

test('a noLink phrase that is one of the term\'s names stops that name linking, not the others', () => {
  const list = [{ slug: 'work-product', title: 'Work product', alsoCalled: ['work-product protection'], noLink: ['work product'] }];
  assert.equal(linked(list, 'Internal work product; work-product protection.'), ['work-product:work-product protection']);
});

test('linkOnly: only the qualified phrases link, not the title alone', () => {
  const list = [{ slug: 'precision', title: 'Precision', linkOnly: ['search precision', 'review precision'] }];
  assert.equal(linked(list, 'Write the date to its precision. Search precision was 0.8.'), ['precision:Search precision']);
});

test('another term\'s own phrase wins over a stop phrase of the same words', () => {
  const list = [{ slug: 'relevance', title: 'Relevance', noLink: ['relevance score'] }, { slug: 'relevance-score', title: 'Relevance score' }];
  assert.equal(linked(list, 'The relevance score.'), ['relevance-score:relevance score']);
});

test('an acronym alias matches only in capitals', () => {
  const list = [{ slug: 'tar', title: 'Technology-assisted review', alsoCalled: ['TAR'] }];
  assert.equal(linked(list, 'TAR and tar.'), ['tar:TAR']);
});

test.run();
