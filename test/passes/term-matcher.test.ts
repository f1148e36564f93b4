/**
 * The glossary matcher skips words that cannot start a phrase by hashing them as it scans. It must
 * find exactly what trying every word finds: checked against that plain reference on random texts of
 * term words, plurals, mixed case, acronyms, non-ASCII letters and joiners.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTermMatcher, termPhrases, tokenize } from '../../src/passes/term-matcher.js';

const test = suite('term matcher');

const terms = [
  { slug: 'hash-value', title: 'Hash value' },
  { slug: 'privilege-log', title: 'Privilege log' },
  { slug: 'privilege', title: 'Privilege' },
  { slug: 'rag', title: 'Retrieval-augmented generation (RAG)' },
  { slug: 'e-discovery', title: 'E-discovery' },
  { slug: 'attorneys-eyes', title: "Attorney's eyes only" },
  { slug: 'cafe', title: 'Café rule' },
  { slug: 'ess', title: 'Access' },
  { slug: 'log', title: 'Log' },
];

/** Tries every word as a start, as the matcher is specified. */
function reference(text: string) {
  const tokens = tokenize(text);
  const phrases = [...terms].sort((a, b) => a.slug.localeCompare(b.slug)).flatMap((t) => termPhrases(t).map((p) => ({ slug: t.slug, words: tokenize(p.phrase).map((w) => w.word), exact: p.exact })));
  const out: { slug: string; start: number; end: number }[] = [];
  for (let i = 0; i < tokens.length; ) {
    let best: { slug: string; endToken: number } | undefined;
    for (let len = 1; i + len <= tokens.length; len++) {
      const words = tokens.slice(i, i + len);
      for (const p of phrases) {
        if (p.words.length !== len) continue;
        const same = p.words.every((w, k) => {
          const lower = words[k].word.toLowerCase();
          if (p.exact) return words[k].word === w;
          if (lower === w.toLowerCase()) return true;
          return k === len - 1 && lower.length > 3 && lower.endsWith('s') && lower.slice(0, -1) === w.toLowerCase();
        });
        if (same && (!best || best.endToken < i + len - 1)) best = { slug: p.slug, endToken: i + len - 1 };
        if (same && best.endToken === i + len - 1) break;
      }
    }
    if (best) {
      out.push({ slug: best.slug, start: tokens[i].start, end: tokens[best.endToken].end });
      i = best.endToken + 1;
    } else i += 1;
  }
  return out;
}

test('finds what trying every word finds, on random texts', () => {
  const matcher = buildTermMatcher(terms);
  const words = ['hash', 'Hash', 'HASH', 'value', 'values', 'privilege', 'Privileges', 'log', 'logs', 'LOG', 'RAG', 'rag', 'Rags', 'retrieval-augmented', 'generation', 'e-discovery', "attorney's", 'attorney’s', 'eyes', 'only', 'café', 'CAFÉ', 'rule', 'access', 'accesss', 'the', 'a', 'İstanbul', 'naïve', '3.5', 'x'];
  const glue = [' ', ' ', ' ', ', ', '. ', '\n', ' — ', '-', "'"];
  let seed = 9;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let n = 0; n < 3000; n++) {
    const text = Array.from({ length: 1 + Math.floor(random() * 12) }, () => words[Math.floor(random() * words.length)] + glue[Math.floor(random() * glue.length)]).join('');
    assert.equal(matcher.find(text), reference(text), JSON.stringify(text));
  }
});

test.run();
