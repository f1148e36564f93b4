/**
 * The site search's build side: words (search/tokens.ts), each document's postings
 * (passes/search/postings.ts), the codec, the inverted index made whole or patched, and its split
 * into chunks by prefix (passes/search/index-files.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseArticleText } from '../../src/load/read-content.js';
import { renderArticleBody } from '../../src/passes/article-html.js';
import { renderArticleFields } from '../../src/passes/article-fields.js';
import { textWords } from '../../src/passes/recommendations/similarity.js';
import { CHUNK_TARGET, partitionWords, vocabularies } from '../../src/passes/search/index-files.js';
import { invertPostings, patchPostings, type WordLists } from '../../src/passes/search/inverted.js';
import { articlePostings, termPostings } from '../../src/passes/search/postings.js';
import { buildTermMatcher } from '../../src/passes/term-matcher.js';
import { decodePostings, encodePostings } from '../../src/search/codec.js';
import { type DocPostings, fieldOf, FIELD, MAX_KEY } from '../../src/search/format.js';
import { hasOnlyAsciiWords, initialisms, isIndexed, MAX_WORD, tokenize } from '../../src/search/tokens.js';
import { makeConfig, makeTerm } from '../helpers/make-site.js';
import { SHIPPED_CONTENT } from '../helpers/sites.js';

const test = suite('site search: the index');

/** A small random generator, so failures repeat. */
function rng(seed: number) {
  return () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
}

const weightsOf = (p: DocPostings) => new Map(p.words.split(' ').map((w, i) => [w, p.weights.charCodeAt(i)]));

test('words: letters and digits, lower case, accents removed; punctuation separates', () => {
  assert.equal(tokenize('Café CAFÉ naïve İstanbul').map((t) => t.word), ['cafe', 'cafe', 'naive', 'istanbul']);
  assert.equal(tokenize('FRE 902(14) and 26(b)(5)(A)').map((t) => t.word), ['fre', '902', '14', 'and', '26', 'b', '5', 'a']);
  assert.equal(tokenize("attorney-client party's").map((t) => t.word), ['attorney', 'client', 'party', 's']);
  const [t] = tokenize('  Privilege.');
  assert.equal([t.start, t.end], [2, 11], 'with where each stands, for highlighting');
  assert.ok(isIndexed('14') && isIndexed('5') && !isIndexed('s') && !isIndexed('a'), 'single letters are not indexed; digits are');
});

test('initialisms: single letters joined by "." or "&", indexed whole', () => {
  assert.equal(initialisms('Under 28 U.S.C. § 1782, R&D in the S.D.N.Y., e.g. at 9 a.m.'), ['usc', 'rd', 'sdny', 'eg', 'am']);
  assert.equal(initialisms('U. S. and 26(b)(5)(A), a.1, party\'s a b'), [], 'letters apart, in brackets, beside digits or alone are none');
  assert.equal(initialisms('Ü.S.A.'), ['usa'], 'accents removed, as in words');
  const config = makeConfig();
  const term = (definition: string) => weightsOf(termPostings(makeTerm({ slug: 't', title: 'T', definition }), config));
  const ascii = term('Filed in the S.D.N.Y. under 28 U.S.C. § 1782; R&D, U.S.');
  const general = term('Filed in the S.D.N.Y. under 28 U.S.C. § 1782; R&D, U.S. Café');
  for (const w of ['sdny', 'usc', 'rd', 'us']) {
    assert.ok(ascii.has(w), `${w}: the fast ASCII scan indexes it`);
    assert.is(general.get(w), ascii.get(w), `${w}: the general scan weighs it the same`);
  }
  assert.not.ok(ascii.has('s') || ascii.has('u'), 'its letters alone are not indexed');
});

test('a document counts every word once, with the best field it is in and how often', () => {
  const term = makeTerm({ slug: 'privilege', title: 'Privilege', alsoCalled: ['legal professional privilege'], definition: 'A right to withhold a communication. Privilege can be waived.', dataFields: ['privilege_basis'] });
  const weights = weightsOf(termPostings(term, makeConfig()));
  assert.is(fieldOf(weights.get('privilege')!), FIELD.title);
  assert.is(fieldOf(weights.get('professional')!), FIELD.alias);
  assert.is(fieldOf(weights.get('withhold')!), FIELD.lead);
  assert.is(fieldOf(weights.get('basis')!), FIELD.body);
  assert.ok(weights.get('privilege')! > weights.get('withhold')!, 'and more occurrences weigh more');
  assert.not.ok(weights.has('a'), 'no single letters');
});

test('every article word is indexed, body, answer, key takeaways and FAQ; the fast ASCII scan finds what the general one does', () => {
  const matcher = buildTermMatcher([]);
  const dir = path.join(SHIPPED_CONTENT, 'articles');
  let derived = 0;
  for (const file of readdirSync(dir)) {
    const { article } = parseArticleText(readFileSync(path.join(dir, file), 'utf8'), file);
    const body = renderArticleBody(article!, matcher, (s) => s);
    const fields = renderArticleFields(article!);
    const { postings, bodyWords } = articlePostings(article!, body.plainText, fields, makeConfig());
    const indexed = new Set(postings.words.split(' '));
    const expected = [body.plainText, article!.title, article!.summary, ...(fields.answer?.points ?? []), ...article!.keyTakeaways, ...fields.faq.flatMap((f) => [f.q, f.aText])];
    for (const text of expected) {
      for (const { word } of tokenize(text)) if (isIndexed(word)) assert.ok(indexed.has(word), `${file}: "${word}" is indexed`);
      for (const word of initialisms(text)) assert.ok(indexed.has(word), `${file}: the initialism "${word}" is indexed`);
    }
    assert.is(indexed.size, postings.words.split(' ').length, `${file}: each word once`);
    const overlong = tokenize(body.plainText).some((t) => t.end - t.start > MAX_WORD);
    if (bodyWords === undefined) assert.ok(!hasOnlyAsciiWords(body.plainText) || overlong, `${file}: a body whose words are ASCII, none overlong, gives its word set`);
    else (assert.is(bodyWords, textWords(body.plainText), `${file}: the body's word set, as similarity makes it`), derived++);
  }
  assert.ok(derived > 15, `${derived} articles' word sets found by the search's scan`);
});

test("an article's body word set is left to similarity when the fast scan cannot give it", () => {
  const fields = { takeaways: [], takeawaysHtml: [], faq: [], links: [] };
  const article = { title: 'T', tags: [], jurisdiction: 'Global', summary: '', description: '', references: [] } as never;
  assert.is(articlePostings(article, 'Café au lait', fields, makeConfig()).bodyWords, undefined, 'a word that is not ASCII');
  assert.is(articlePostings(article, 'Rule 26 — “the log” § 3', fields, makeConfig()).bodyWords, textWords('Rule 26 — “the log” § 3'), 'punctuation that is not ASCII only separates words');
  assert.is(articlePostings(article, `a ${'x'.repeat(45)} b`, fields, makeConfig()).bodyWords, undefined, 'a word longer than the index keeps');
  assert.is(articlePostings(article, 'The log, the LOG and 26(b) hash', fields, makeConfig()).bodyWords, textWords('The log, the LOG and 26(b) hash'));
});

test('postings round-trip through the codec', () => {
  const random = rng(7);
  for (let round = 0; round < 200; round++) {
    const pairs: number[] = [];
    let n = -1;
    for (let i = Math.floor(random() * 300); i > 0; i--) pairs.push((n += 1 + Math.floor(random() ** 4 * 5000)), Math.floor(random() * 80));
    const text = encodePostings(pairs);
    assert.equal(decodePostings(text), pairs);
    assert.ok(/^[A-Za-z0-9_.-]*$/.test(text), 'URL-safe characters only');
  }
  assert.is(encodePostings([]), '');
  assert.throws(() => decodePostings('AB'), /without their weights/);
});

/** Random documents over a small vocabulary. */
function randomDocs(random: () => number, count: number): DocPostings[] {
  const vocabulary = Array.from({ length: 60 }, (_, i) => `w${i.toString(36)}${i % 7 === 0 ? 'x'.repeat(i % 5) : ''}`);
  return Array.from({ length: count }, () => {
    const words = [...new Set(Array.from({ length: Math.floor(random() * 20) }, () => vocabulary[Math.floor(random() ** 2 * vocabulary.length)]))];
    return { words: words.join(' '), weights: words.map(() => String.fromCharCode(Math.floor(random() * 80))).join('') };
  });
}

/** The lists as the brute force makes them: per word, per type, every document holding it. */
function bruteForce(docs: Record<'article' | 'term' | 'dataset', DocPostings[]>): WordLists {
  const out = new Map<string, [string, string, string]>();
  const types = ['article', 'term', 'dataset'] as const;
  const words = new Set(types.flatMap((t) => docs[t].flatMap((d) => (d.words ? d.words.split(' ') : []))));
  for (const w of words) out.set(w, types.map((t) => encodePostings(docs[t].flatMap((d, n) => (weightsOf(d).has(w) ? [n, weightsOf(d).get(w)!] : [])))) as [string, string, string]);
  return out;
}

const sorted = (lists: WordLists) => new Map([...lists].sort(([a], [b]) => (a < b ? -1 : 1)));

test('the inverted index holds every document of every word, in order', () => {
  const random = rng(3);
  const docs = { article: randomDocs(random, 150), term: randomDocs(random, 40), dataset: randomDocs(random, 3) };
  docs.article[10] = { words: '', weights: '' };
  assert.equal(sorted(invertPostings(docs)), sorted(bruteForce(docs)));
});

test('patching the index with changed and added documents gives what inverting them afresh gives', () => {
  const random = rng(11);
  const docs = { article: randomDocs(random, 120), term: randomDocs(random, 30), dataset: randomDocs(random, 2) };
  let lists = invertPostings(docs);
  for (let round = 0; round < 30; round++) {
    const fresh = randomDocs(random, 3);
    const type = (['article', 'term', 'article'] as const)[round % 3];
    const number = round % 4 === 0 ? docs[type].length : Math.floor(random() * docs[type].length);
    const before = number < docs[type].length ? docs[type][number] : undefined;
    // Most edits change a few words; some replace the document.
    const after = round % 5 === 0 ? fresh[0] : { words: `${before?.words ?? ''} ${fresh[1].words}`.trim(), weights: `${before?.weights ?? ''}${fresh[1].weights}` };
    const afterDeduped = weightsOf(after.words ? after : { words: '', weights: '' });
    const clean = { words: [...afterDeduped.keys()].filter(Boolean).join(' '), weights: [...afterDeduped].filter(([w]) => w).map(([, c]) => String.fromCharCode(c)).join('') };
    const patched = patchPostings(lists, [{ type, number, before, after: clean }]);
    docs[type][number] = clean;
    assert.equal(sorted(patched.lists), sorted(invertPostings(docs)), `round ${round}`);
    for (const w of patched.changed) assert.ok(weightsOf(before ?? { words: '', weights: '' }).get(w) !== weightsOf(clean).get(w), 'only words whose weight changed are reported');
    lists = patched.lists;
  }
});

/** The key a reader finds a word's chunk by: the longest key it starts with. */
const keyOf = (keys: Set<string>, word: string) => {
  for (let n = Math.min(word.length, MAX_KEY); n >= 0; n--) if (keys.has(word.slice(0, n))) return word.slice(0, n);
  return undefined;
};

test('chunks: each word in one, found by the longest key it starts with, none much over the target unless one word is', () => {
  const random = rng(5);
  const lists: WordLists = new Map();
  const letters = 'abcdefghijklmnop';
  for (let i = 0; i < 3000; i++) {
    let w = '';
    for (let k = 2 + Math.floor(random() * 8); k > 0; k--) w += letters[Math.floor(random() ** 2 * letters.length)];
    lists.set(w, ['A'.repeat(Math.floor(random() ** 6 * 30_000)) + '.A', '', '']);
  }
  const chunks = partitionWords(lists);
  const keys = new Set(chunks.keys());
  const seen = new Set<string>();
  for (const [key, words] of chunks) {
    for (const w of words) {
      assert.not.ok(seen.has(w), `${w} in one chunk`);
      seen.add(w);
      assert.is(keyOf(keys, w), key, `${w} is found in chunk "${key}"`);
    }
    const size = words.reduce((n, w) => n + w.length + lists.get(w)!.join('').length + 12, 0);
    const biggest = Math.max(...words.map((w) => w.length + lists.get(w)!.join('').length + 12));
    assert.ok(size <= CHUNK_TARGET || words.length === 1 || biggest > CHUNK_TARGET / 8 || key.length === MAX_KEY, `chunk "${key}" holds ${size} characters`);
  }
  assert.is(seen.size, lists.size);
  const vocab = vocabularies(lists);
  assert.is([...vocab.values()].flat().length, lists.size, 'the vocabulary files hold every word once');
});

test("one word's postings growing changes only the chunks around it", () => {
  const random = rng(9);
  const lists = new Map<string, readonly [string, string, string]>();
  for (let i = 0; i < 2000; i++) lists.set(`${'abcdef'[i % 6]}${Math.floor(random() * 1e6).toString(36)}`, ['A'.repeat(200 + Math.floor(random() * 400)) + '.A', '', '']);
  const before = partitionWords(lists);
  const word = [...lists.keys()].sort()[700];
  lists.set(word, ['A'.repeat(CHUNK_TARGET) + '.A', '', '']);
  const after = partitionWords(lists);
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((k) => JSON.stringify(before.get(k)) !== JSON.stringify(after.get(k)));
  assert.ok(changed.length >= 1 && changed.every((k) => word.startsWith(k) || k.startsWith(word.slice(0, k.length))), `changed: ${changed.join(', ')}`);
  assert.ok(changed.length <= 3, `${changed.length} chunks changed`);
});

test.run();
