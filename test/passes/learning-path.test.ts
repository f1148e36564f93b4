import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildLearningPath, type PathCandidate } from '../../src/passes/recommendations/learning-path.js';

const test = suite('learning path');

const item = (slug: string, type: 'article' | 'term', difficulty: number, title = slug): PathCandidate => ({
  key: `${type === 'term' ? 'glossary' : 'article'}:${slug}`,
  slug,
  title,
  type,
  difficulty,
  tags: ['evidence'],
});
const slugs = (path: ReturnType<typeof buildLearningPath>) => path!.steps.map((s) => s.slug);

test('an Intermediate reader (level 3) gets items up to difficulty 4; harder ones are left out', () => {
  const target = item('target', 'article', 3);
  const path = buildLearningPath(target, [item('easy', 'term', 1), item('four', 'term', 4), item('five', 'article', 5)], 'Intermediate');
  // ceiling = 3 + 1 = 4 → "five" (difficulty 5) excluded
  assert.equal(slugs(path), ['easy', 'target', 'four']);
  assert.equal(path!.steps.map((s) => s.difficulty), [1, 3, 4]);
});

test('the reader level defaults to Intermediate', () => {
  const path = buildLearningPath(item('target', 'article', 2), [item('easy', 'term', 1), item('four', 'term', 4), item('five', 'term', 5)]);
  assert.equal(slugs(path), ['easy', 'target', 'four']); // ceiling 3 + 1 = 4
});

test('a Beginner reader (level 2) gets items up to difficulty 3', () => {
  const path = buildLearningPath(item('target', 'article', 2), [item('easy', 'term', 1), item('three', 'term', 3), item('four', 'term', 4)], 'Beginner');
  assert.equal(slugs(path), ['easy', 'target', 'three']); // ceiling 2 + 1 = 3
});

test('steps go from easiest to hardest, terms before articles at equal difficulty', () => {
  const target = item('target', 'article', 3);
  const path = buildLearningPath(target, [item('alpha-article', 'article', 2, 'Alpha'), item('zulu-term', 'term', 2, 'Zulu'), item('basic', 'article', 1)]);
  // difficulty 1: basic; difficulty 2: the term "Zulu" before the article "Alpha" despite the titles; then 3
  assert.equal(slugs(path), ['basic', 'zulu-term', 'alpha-article', 'target']);
  assert.equal(path!.steps.map((s) => s.order), [1, 2, 3, 4]);
});

test('a path has at most 8 steps', () => {
  const many = Array.from({ length: 10 }, (_, i) => item(`t${i}`, 'term', 1));
  const path = buildLearningPath(item('target', 'article', 2), many)!;
  // 11 eligible items → 8 steps, 8 × 5 min = 40 min
  assert.is(path.steps.length, 8);
  assert.is(path.estimatedTime, '40 min');
});

test('fewer than 2 matching items give no path', () => {
  assert.is(buildLearningPath(item('target', 'article', 3), []), undefined);
  // the target itself is too hard (5 > 4) and leaves only one match
  assert.is(buildLearningPath(item('target', 'article', 5), [item('easy', 'term', 1)]), undefined);
  // duplicates of one item count once
  assert.is(buildLearningPath(item('target', 'article', 3), [item('target', 'article', 3)]), undefined);
});

test('estimated time is 5 minutes per step', () => {
  const path = buildLearningPath(item('target', 'article', 3), [item('a', 'term', 1), item('b', 'term', 2)])!;
  // 3 steps × 5 min = 15 min
  assert.is(path.steps.length, 3);
  assert.is(path.estimatedTime, '15 min');
  assert.is(path.estimatedMinutes, 15);
});

test.run();
