import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { complexity, complexityBand, difficultyLevel, difficultyText, pageDifficulty } from '../../src/passes/recommendations/difficulty.js';

const test = suite('difficulty');

const term = (tags: string[], text = 'Short text.') => pageDifficulty({ tags, ...difficultyText(text), isArticle: false });
const article = (tags: string[], text = 'Short text.') => pageDifficulty({ tags, ...difficultyText(text), isArticle: true });

test('a short untagged term starts at 1', () => {
  assert.is(term([]), 1);
});

test('a technical tag adds 2; evidence, procedure or analysis add 1 only when no technical tag', () => {
  assert.is(term(['ai']), 3); // 1 + 2
  assert.is(term(['forensics']), 3); // 1 + 2
  assert.is(term(['evidence']), 2); // 1 + 1
  assert.is(term(['analysis', 'procedure']), 2); // 1 + 1 (once, not per tag)
  assert.is(term(['technology', 'evidence']), 3); // 1 + 2, the +1 is an "else"
  assert.is(term(['workflow']), 1); // neither list
});

test('text longer than 1000 characters adds 1', () => {
  assert.is(term([], 'x'.repeat(1000)), 1); // exactly 1000 does not exceed
  assert.is(term([], 'x'.repeat(1001)), 2); // 1 + 1
});

test('more than 2 distinct technical words add 1', () => {
  assert.is(term([], 'Record the hash and the metadata.'), 1); // 2 words: not more than 2
  assert.is(term([], 'Record the hash, the metadata and the JSON export.'), 2); // 3 words → 1 + 1
  assert.is(term([], 'hash hash hash'), 1); // one distinct word
});

test('technical words are whole words; hyphenated words stay whole', () => {
  assert.is(term([], 'SHA-256 checksum in UTC.'), 2); // sha-256, checksum, utc
  assert.is(term([], 'An api-key, a hashing step, a modeller and a checksum.'), 1); // only "checksum" is a technical word
  assert.is(term([], 'The token-based vector-store uses UTC, JSON and metadata-'), 2); // utc, json, metadata (a trailing hyphen joins nothing)
});

test('articles add 0.5 and the score is rounded half up', () => {
  assert.is(article([]), 2); // 1 + 0.5 = 1.5 → Math.round → 2
  assert.is(article(['evidence']), 3); // 1 + 1 + 0.5 = 2.5 → Math.round(2.5) = 3
  assert.is(article(['ai']), 4); // 1 + 2 + 0.5 = 3.5 → 4
});

test('the score is kept within 1 to 5', () => {
  const long = `hash metadata json ${'x'.repeat(1000)}`;
  // 1 + 2 (ai) + 1 (long) + 1 (3 technical words) + 0.5 (article) = 5.5 → 6 → clamped to 5
  assert.is(article(['ai'], long), 5);
  // 1 + 2 + 1 + 1 = 5 for a term
  assert.is(term(['ai'], long), 5);
});

test('difficulty levels: 2 or less Beginner, 3 Intermediate, 4 Advanced, 5 Expert', () => {
  assert.is(difficultyLevel(1), 'Beginner');
  assert.is(difficultyLevel(2), 'Beginner');
  assert.is(difficultyLevel(3), 'Intermediate');
  assert.is(difficultyLevel(4), 'Advanced');
  assert.is(difficultyLevel(5), 'Expert');
});

test('complexity is words/1000 up to 3, +2 per advanced tag, -1 per basic tag, clamped 1 to 5', () => {
  assert.is(complexity({ wordCount: 500, tags: [] }), 1); // 0.5 → clamped up to 1
  assert.is(complexity({ wordCount: 2500, tags: [] }), 2.5); // 2.5
  assert.is(complexity({ wordCount: 5000, tags: [] }), 3); // min(5, 3) = 3
  assert.is(complexity({ wordCount: 2000, tags: ['ai'] }), 4); // 2 + 2
  assert.is(complexity({ wordCount: 3000, tags: ['ai', 'forensics'] }), 5); // 3 + 4 = 7 → 5
  assert.is(complexity({ wordCount: 2500, tags: ['workflow'] }), 1.5); // 2.5 - 1
  assert.is(complexity({ wordCount: 3000, tags: ['workflow', 'ethics', 'methodology'] }), 1); // 3 - 3 = 0 → 1
});

test('complexity bands: beginner up to 2, intermediate up to 3.5, advanced above', () => {
  assert.is(complexityBand(1), 'beginner');
  assert.is(complexityBand(2), 'beginner');
  assert.is(complexityBand(2.01), 'intermediate');
  assert.is(complexityBand(3.5), 'intermediate');
  assert.is(complexityBand(3.51), 'advanced');
  assert.is(complexityBand(5), 'advanced');
});

test.run();
