/**
 * The site search in the browser, its parts that need no page: reading a query, one-typo matches,
 * marking words, facets, and ranking, this last over the shipped site's real index files (read from
 * a build's output folder as a browser would fetch them).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { IndexReader } from '../../templates/client/lib/search/index-reader.js';
import { applyFacets, type Hit, matchGroups, matchWord, rankDocuments } from '../../templates/client/lib/search/matcher.js';
import { markWords, marksOf } from '../../templates/client/lib/search/passages.js';
import { containsPhrase, parseQuery } from '../../templates/client/lib/search/query.js';
import { oneEditApart, typoPrefixes } from '../../templates/client/lib/search/typo.js';
import { otherNumber } from '../../templates/client/lib/search/inflections.js';
import { DEFAULT_ANSWER_TITLE } from '../../templates/client/lib/search/passages.js';
import { ANSWER_DEFAULT_TITLE } from '../../src/constants.js';
import { shippedBuild } from '../helpers/shipped-build.js';

const test = suite('site search: the browser side');

test('a query: words, quoted phrases, words joined by punctuation as phrases, the last word as typed', () => {
  const groups = parseQuery('privilege "without prejudice" 902(14) attorney-client log');
  assert.equal(groups.map((g) => [g.words.join(' '), g.phrase, g.prefix]), [
    ['privilege', false, false],
    ['without prejudice', true, false],
    ['902 14', true, false],
    ['attorney client', true, false],
    ['log', false, true],
  ]);
  assert.not.ok(parseQuery('log ')[0].prefix, 'a word followed by a space is complete');
  assert.not.ok(parseQuery('lo')[0].prefix, 'too short to stand for longer words');
  assert.equal(parseQuery('"open phrase').map((g) => g.phrase), [true], 'an unclosed quote runs to the end');
  assert.equal(parseQuery('26(b)(5)(A)')[0].words, ['26', 'b', '5', 'a']);
  assert.equal(parseQuery('26(b)(5)(A)')[0].indexed, ['26', '5'], 'single letters only narrow the phrase');
  assert.equal(parseQuery('  a  '), [], 'nothing to look up');
  const usc = parseQuery('U.S.C.')[0];
  assert.equal([usc.words, usc.indexed, usc.phrase], [['u', 's', 'c'], ['usc'], true], 'an initialism is looked up whole, its letters checked as a phrase');
  assert.equal(parseQuery('S.D.N.Y. R&D').map((g) => g.indexed), [['sdny'], ['rd']]);
  assert.equal(parseQuery('"the U.S. court"')[0].indexed, ['the', 'court', 'us']);
  assert.equal(parseQuery('"U. S."'), [], 'letters apart are no initialism');
  assert.ok(containsPhrase(['rule', '26', 'b', '5'], ['26', 'b']));
  assert.not.ok(containsPhrase(['rule', '26', 'x', 'b'], ['26', 'b']));
});

test('one typo: a letter added, dropped, changed, or two swapped', () => {
  for (const typo of ['privlege', 'priviledge', 'privilege'.replace('v', 'b'), 'pirvilege', 'rpivilege']) assert.ok(oneEditApart(typo, 'privilege'), typo);
  for (const far of ['privilege', 'privlage', 'privileges!!', 'pr']) assert.not.ok(oneEditApart(far, 'privilege'), far);
  // The vocabulary files looked in: every prefix a one-edit word can have, but a changed first two letters.
  for (const typo of ['privlege', 'pirvilege', 'rpivilege', 'xprivilege']) assert.ok(typoPrefixes(typo).includes('pr'), typo);
});

test("a word's other number: regular English plurals and singulars, nothing for what is no plural", () => {
  const cases: [string, string[]][] = [
    ['chronologies', ['chronology']],
    ['chronology', ['chronologies']],
    ['statements', ['statement']],
    ['log', ['logs']],
    ['witness', ['witnesses']],
    ['witnesses', ['witnesse', 'witness', 'witnessis']],
    ['analysis', ['analyses']],
    ['boxes', ['boxe', 'box']],
    ['keys', ['key']],
    ['status', ['statuses']],
    ['news', []],
    ['is', []],
    ['902', []],
  ];
  for (const [word, forms] of cases) assert.equal(otherNumber(word), forms, word);
});

test('marked words come back as text pieces: markup in a passage stays text', () => {
  const words = (...w: string[]) => ({ words: new Set(w), phrases: [] });
  const pieces = markWords('A <b>privilege</b> log & "claims"', words('privilege'));
  assert.equal(pieces, [{ text: 'A <b>', mark: false }, { text: 'privilege', mark: true }, { text: '</b> log & "claims"', mark: false }]);
  const long = `${'word '.repeat(100)}privilege ${'tail '.repeat(100)}`;
  const cut = markWords(long, words('privilege'));
  assert.ok(cut.some((p) => p.mark) && cut[0].text === '…' && cut[cut.length - 1].text === '…', 'a long passage is cut around its first match');
  assert.ok(cut.map((p) => p.text).join('').length < 400);
});

test('a phrase is marked where its words stand together, as one mark, single letters included', () => {
  const text = 'Under 28 U.S.C. § 1782, a U.S. court may order discovery; without it, no prejudice. Without prejudice.';
  const pieces = markWords(text, marksOf({ groups: [...parseQuery('U.S.C.'), ...parseQuery('"without prejudice"')], matched: [new Set(['usc']), new Set(['without', 'prejudice'])] }));
  assert.equal(pieces.filter((p) => p.mark).map((p) => p.text), ['U.S.C', 'Without prejudice'], 'not the words of a phrase apart, nor a shorter initialism');
  assert.is(pieces.map((p) => p.text).join(''), text, 'the text whole');
  const mixed = markWords('A privilege log, a log of privilege.', { words: new Set(['log']), phrases: [['privilege', 'log']] });
  assert.equal(mixed.filter((p) => p.mark).map((p) => p.text), ['privilege log', 'log'], 'a word inside a phrase joins its mark');
});

test('facets: each count is what choosing that value would give, the other facets as chosen', () => {
  const facets = { article: [[[0], [0, 1]], [[1], [1]], [[0], []]], term: [[[0, 1], [0]]], dataset: [[[], []]] } as never;
  const names = { jurisdictions: ['Global', 'United States'], tags: [['privilege', 'privilege'], ['evidence', 'evidence']] as [string, string][] };
  const hits: Hit[] = [{ type: 'article', n: 0, score: 3 }, { type: 'article', n: 1, score: 2 }, { type: 'article', n: 2, score: 1 }, { type: 'term', n: 0, score: 1 }, { type: 'dataset', n: 0, score: 1 }];
  const all = applyFacets(hits, facets, names, { types: [], jurisdictions: [], tags: [] });
  assert.is(all.hits.length, 5);
  assert.equal([...all.counts.types], [['article', 3], ['term', 1], ['dataset', 1]]);
  const some = applyFacets(hits, facets, names, { types: ['article'], jurisdictions: ['Global'], tags: [] });
  assert.equal(some.hits.map((h) => h.n), [0, 2]);
  assert.equal(some.counts.types.get('term'), 1, 'the type counts ignore the type chosen');
  assert.equal(some.counts.jurisdictions.get('United States'), 1, 'the jurisdiction counts ignore the jurisdiction chosen');
  assert.equal(some.counts.tags.get('privilege'), 1);
});

test('the answer box heading the results show is the one the page shows', () => {
  assert.is(DEFAULT_ANSWER_TITLE, ANSWER_DEFAULT_TITLE);
});

/** An index reader over a built site's files, as a browser would fetch them. */
async function readerOf(dist: string): Promise<{ reader: IndexReader; fetched: string[] }> {
  const fetched: string[] = [];
  const reader = await IndexReader.open(async (url) => {
    fetched.push(url);
    return JSON.parse(readFileSync(path.join(dist, url), 'utf8'));
  });
  return { reader, fetched };
}

async function search(reader: IndexReader, query: string) {
  const groups = parseQuery(query);
  const hits = rankDocuments(await matchGroups(reader, groups), reader.total);
  const slugs = await Promise.all(hits.map(async (h) => `${h.type}:${await reader.blockEntry(h).then((e) => (typeof e === 'string' ? e : e[0]))}`));
  return { hits, slugs };
}

test('"privilege" on the shipped site: the Privilege Logs article first among articles, and above every term that only mentions the word', async () => {
  const { dist } = await shippedBuild();
  const { reader } = await readerOf(dist);
  const { slugs } = await search(reader, 'privilege');
  const articles = slugs.filter((s) => s.startsWith('article:'));
  assert.is(articles[0], 'article:privilege-logs-bases-samples', slugs.slice(0, 12).join(' '));
  const glossary = JSON.parse(readFileSync(path.join(dist, 'glossary.json'), 'utf8')).terms as { slug: string; title: string; alsoCalled: string[] }[];
  const named = (slug: string) => {
    const t = glossary.find((g) => `term:${g.slug}` === slug)!;
    return /privilege/i.test([t.title, ...t.alsoCalled].join(' '));
  };
  const mentions = slugs.filter((s) => s.startsWith('term:') && !named(s));
  assert.ok(mentions.length > 5, 'terms that mention the word are found');
  for (const term of mentions) assert.ok(slugs.indexOf(term) > slugs.indexOf('article:privilege-logs-bases-samples'), `${term} comes after the article`);
});

test('on the shipped site: a typo finds the word; a phrase needs every word; the words a query downloads are few', async () => {
  const { dist } = await shippedBuild();
  const { reader, fetched } = await readerOf(dist);
  const typo = await matchWord(reader, 'privlege', false);
  assert.equal(typo.map((m) => [m.word, m.kind]), [['privilege', 'typo']]);
  const { slugs } = await search(reader, '"without prejudice"');
  assert.ok(slugs.includes('article:without-prejudice-communications'));
  assert.ok(slugs.length < 25, `${slugs.length} documents hold both words`);
  const plural = await search(reader, 'chronologies');
  const singular = await search(reader, 'chronology');
  assert.ok(singular.slugs.length > 20 && singular.slugs.every((s) => plural.slugs.includes(s)), 'a plural finds what its singular does');
  assert.is(plural.slugs.length, singular.slugs.length);
  const quoted = await search(reader, '"chronologies"');
  assert.ok(quoted.slugs.length < plural.slugs.length, 'in quotes, a word is matched as written');
  const initialism = await search(reader, 'S.D.N.Y.');
  assert.ok(initialism.slugs.includes('article:citations-and-pinpoints'), `an initialism is found: ${initialism.slugs.join(' ')}`);
  const chunks = fetched.filter((u) => u.includes('/c-'));
  assert.ok(chunks.length <= 4, `${chunks.length} chunks fetched for four words (with their other number), a typo and an initialism: a word and its plural share a chunk`);
  assert.ok(reader.manifest.chunks.length > chunks.length * 4, 'out of many');
});

test.run();
