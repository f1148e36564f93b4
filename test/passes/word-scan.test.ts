/** The word scanners give exactly what their regular expressions give, on random text drawn from
 * ASCII, accented and non-Latin letters, digits, joiners, punctuation, emoji and lone surrogates. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { countWordsOf, scanRuns, scanWords } from '../../src/passes/word-scan.js';

const test = suite('word scanning');

const ALPHABET = ['a', 'Z', '7', 'é', 'ß', 'Σ', 'ж', '中', '٣', '𝔘', '😀', ' ', '\n', "'", '’', '-', '.', ',', '“', '—', '\u00a0', '\ud800', '\udc00', '_', '#'];
let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const texts = Array.from({ length: 3000 }, () => Array.from({ length: Math.floor(random() * 40) }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join(''));

const byRegex = (re: RegExp, text: string) => [...text.matchAll(re)].map((m) => [m.index!, m.index! + m[0].length]);
const byScan = (scan: (text: string, add: (s: number, e: number) => void) => void, text: string) => {
  const out: number[][] = [];
  scan(text, (s, e) => out.push([s, e]));
  return out;
};

test("words with ' ’ - joiners: as [\\p{L}\\p{N}]+(?:['’\\-][\\p{L}\\p{N}]+)*", () => {
  for (const t of texts) assert.equal(byScan((x, add) => scanWords(x, "'’-", add), t), byRegex(/[\p{L}\p{N}]+(?:['’\-][\p{L}\p{N}]+)*/gu, t), JSON.stringify(t));
});

test("words with ' ’ . - joiners: as [\\p{L}\\p{N}]+(?:['’.\\-][\\p{L}\\p{N}]+)*", () => {
  for (const t of texts) assert.equal(byScan((x, add) => scanWords(x, "'’.-", add), t), byRegex(/[\p{L}\p{N}]+(?:['’.\-][\p{L}\p{N}]+)*/gu, t), JSON.stringify(t));
});

test('counting words finds as many as the regular expression', () => {
  for (const t of texts) assert.is(countWordsOf(t, "'’.-"), byRegex(/[\p{L}\p{N}]+(?:['’.\-][\p{L}\p{N}]+)*/gu, t).length, JSON.stringify(t));
});

test('runs of three or more: as [\\p{L}\\p{N}]{3,}', () => {
  for (const t of texts) assert.equal(byScan((x, add) => scanRuns(x, 3, add), t), byRegex(/[\p{L}\p{N}]{3,}/gu, t), JSON.stringify(t));
});

test.run();
