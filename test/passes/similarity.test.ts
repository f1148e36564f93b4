import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createVocabulary, jaccard, similarity, words } from '../../src/passes/recommendations/similarity.js';
import { sortIds } from '../../src/passes/recommendations/word-ids.js';

const test = suite('similarity');

const close = (actual: number, expected: number, label?: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${label ?? 'value'}: expected ${expected}, got ${actual}`);

test('words are lowercase, distinct, and ignore words under 3 characters', () => {
  // "A", "is", "on" are under 3 characters; "Cat" and "cat" are the same word.
  assert.equal(words('A Cat is on the big mat, cat!').sort(), ['big', 'cat', 'mat', 'the']);
  assert.equal(words('AI in IT'), []);
});

test('jaccard is shared size over union size', () => {
  const v = createVocabulary();
  // {a,b,c} ∩ {b,c,d} = {b,c} → 2; union {a,b,c,d} → 4; 2/4 = 0.5
  close(jaccard(v.toSet(['a', 'b', 'c']), v.toSet(['b', 'c', 'd'])), 0.5);
  // identical sets → 1; disjoint → 0
  close(jaccard(v.toSet(['a', 'b']), v.toSet(['b', 'a'])), 1);
  close(jaccard(v.toSet(['a']), v.toSet(['d'])), 0);
  // order of ids does not matter: {d,a} vs {a} → 1/2
  close(jaccard(v.toSet(['d', 'a']), v.toSet(['a'])), 0.5);
});

test('jaccard of two empty sets is 0, and of one empty set is 0', () => {
  const v = createVocabulary();
  assert.is(jaccard(v.toSet([]), v.toSet([])), 0);
  assert.is(jaccard(v.toSet([]), v.toSet(['a'])), 0);
});

test('the vocabulary interns each distinct string once', () => {
  const v = createVocabulary();
  v.toSet(['x', 'y', 'x']);
  v.toSet(['y', 'z']);
  assert.is(v.size(), 3);
});

test('similarity is 0.4 × tag + 0.3 × title-word + 0.3 × text-word Jaccard', () => {
  const v = createVocabulary();
  const feat = (tags: string[], title: string, text: string) => ({ tags: v.toSet(tags), title: v.toSet(words(title)), text: v.toSet(words(text)) });
  const a = feat(['evidence', 'hash'], 'Hash chain custody', 'verify the hash value');
  const b = feat(['evidence'], 'Chain of custody log', 'log the hash');
  // tags:  {evidence,hash} vs {evidence}                       → 1/2 = 0.5
  // title: {hash,chain,custody} vs {chain,custody,log} ("of" < 3) → 2/4 = 0.5
  // text:  {verify,the,hash,value} vs {log,the,hash}           → 2/5 = 0.4
  // 0.4×0.5 + 0.3×0.5 + 0.3×0.4 = 0.2 + 0.15 + 0.12 = 0.47
  close(similarity(a, b), 0.47, 'a~b');
  close(similarity(b, a), 0.47, 'b~a');
});

test('identical items score 1 and items with nothing in common score 0', () => {
  const v = createVocabulary();
  const feat = (tags: string[], title: string, text: string) => ({ tags: v.toSet(tags), title: v.toSet(words(title)), text: v.toSet(words(text)) });
  const a = feat(['ai'], 'Vendor review', 'score each vendor');
  // 0.4×1 + 0.3×1 + 0.3×1 = 1
  close(similarity(a, feat(['ai'], 'Vendor review', 'score each vendor')), 1);
  close(similarity(a, feat(['privilege'], 'Waiver rules', 'inadvertent disclosure')), 0);
});

test('short words do not count towards title overlap', () => {
  const v = createVocabulary();
  const feat = (title: string) => ({ tags: v.toSet([]), title: v.toSet(words(title)), text: v.toSet([]) });
  // "AI in law" → {law}; "AI or law" → {law}: title Jaccard 1; tags and text empty → 0
  // 0.4×0 + 0.3×1 + 0.3×0 = 0.3
  close(similarity(feat('AI in law'), feat('AI or law')), 0.3);
});

/** The vocabulary as it was made before it read words in place: a Map from word to id. */
function mapVocabulary(start: readonly string[]) {
  const list = [...start];
  const ids = new Map(list.map((word, n) => [word, n]));
  const id = (w: string) => {
    let n = ids.get(w);
    if (n === undefined) (ids.set(w, (n = list.length)), list.push(w));
    return n;
  };
  return { wordsSet: (joined: string) => (joined === '' ? new Int32Array(0) : Int32Array.from(joined.split(' '), id).sort()), toSet: (l: string[]) => Int32Array.from(new Set(l.map(id))).sort(), list };
}

test('word ids are those of a Map from word to id, after an earlier vocabulary and past many table growths (seeded)', () => {
  // mulberry32: a seeded stream of numbers in [0, 1).
  let state = 7;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const letters = 'abcdefghijklmnopqrstuvwxyz0123456789éßж';
  // 20,000 distinct words of 3 to 30 characters (long ones share long prefixes, short ones collide).
  const pool = [...new Set(Array.from({ length: 20_000 }, (_, k) => (k % 7 === 0 ? 'prefixofsomelength' : '') + Array.from({ length: 3 + Math.floor(random() * 12) }, () => letters[Math.floor(random() * letters.length)]).join('')))];
  const texts = Array.from({ length: 2_000 }, () => [...new Set(Array.from({ length: Math.floor(random() * 60) }, () => pool[Math.floor(random() * pool.length)]))].join(' '));
  // An earlier build's vocabulary (with a word listed twice: the later id holds, as in a Map).
  const start = [...pool.slice(0, 300), pool[5]];
  const [now, before] = [createVocabulary(start), mapVocabulary(start)];
  texts.forEach((text, i) => {
    assert.equal([...now.wordsSet(text)], [...before.wordsSet(text)], `text ${i}`);
    if (i % 10 === 0) assert.equal([...now.toSet(text.split(' ').slice(0, 3))], [...before.toSet(text.split(' ').slice(0, 3))], `tags of text ${i}`);
  });
  assert.equal([...now.words], before.list);
  assert.is(now.size(), before.list.length);
  assert.ok(now.size() > 10_000, 'the table grew several times');
});

test('ids are sorted as Int32Array.sort sorts them, whatever their number and size (seeded)', () => {
  let state = 11;
  const random = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 4294967296);
  for (const [length, below] of [[0, 10], [5, 10], [63, 1000], [64, 1000], [223, 6600], [500, 60_000], [300, 2 ** 24 + 5], [1000, 2 ** 31 - 1], [3000, 300]]) {
    const ids = Int32Array.from({ length }, () => Math.floor(random() * below));
    const expected = ids.slice().sort();
    assert.equal([...sortIds(ids)], [...expected], `${length} ids below ${below}`);
  }
});

test.run();
