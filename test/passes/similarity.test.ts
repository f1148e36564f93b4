import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createVocabulary, jaccard, similarity, words } from '../../src/passes/recommendations/similarity.js';

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

test.run();
