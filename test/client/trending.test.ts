/** Trending Content from the build's candidates (templates/client/lib/analytics.ts): on any day, the
 * ranking of the candidates is the ranking of every article and term, and the candidates are few. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createRng } from '../../bench/corpus/random.js';
import { trendingCandidates, trendingContent, type TrendItem } from '../../templates/client/lib/analytics.js';

const test = suite('trending content');

const DAY = 86_400_000;
const START = Date.parse('2024-01-01T00:00:00Z');
const day = (n: number) => new Date(START + n * DAY).toISOString().slice(0, 10);

/** Items with few distinct dates, tag counts, word counts and titles, so that ties of every kind occur. */
function items(seed: number, n: number, days: number): TrendItem[] {
  const rng = createRng(seed);
  const r = () => rng.next();
  const pick = (k: number) => Math.floor(r() * k);
  return Array.from({ length: n }, (_, i): TrendItem => {
    const term = r() < 0.3;
    return {
      type: term ? 'term' : 'article',
      slug: `item-${i}`,
      title: `Title ${pick(n / 4)}`,
      tags: Array.from({ length: pick(4) }, (_, k) => `t${k}`),
      dateModified: day(pick(days)),
      ...(term || r() < 0.1 ? {} : { wordCount: [0, 800, 1500, 1501, 2000, 4000][pick(6)] + (r() < 0.5 ? pick(300) : 0) }),
    };
  });
}

const keysOf = (list: TrendItem[]) => list.map((t) => `${t.type}:${t.slug}`);

test('on every day, before the dates, among them and long after, the candidates rank as all items do', () => {
  for (let seed = 1; seed <= 40; seed++) {
    const all = items(seed, 20 + seed * 10, 1 + (seed % 7) * 60);
    const candidates = trendingCandidates(all);
    for (const offset of [-30, 0, 1, 15, 45, 99, 100, 101, 150, 250, 420, 800, 5000]) {
      const now = START + offset * DAY + (seed % 3) * 3_600_000;
      assert.equal(keysOf(trendingContent(candidates, now)), keysOf(trendingContent(all, now)), `seed ${seed}, day ${offset}`);
    }
  }
});

test('the candidates of a large site are a few dozen', () => {
  const all = items(7, 12_000, 730).map((t, i) => ({ ...t, title: `Title ${i}` }));
  const candidates = trendingCandidates(all);
  assert.ok(candidates.length >= 8 && candidates.length < 200, `${candidates.length} candidates`);
});

test('a site smaller than the list keeps every item; the order of equal scores is by title, type and slug', () => {
  const few = items(3, 5, 10);
  assert.is(trendingCandidates(few).length, 5);
  const same = { tags: [], dateModified: '2025-01-01', wordCount: 1000 };
  const ranked = trendingContent([{ ...same, type: 'term', slug: 'b', title: 'Beta' }, { ...same, type: 'article', slug: 'a', title: 'beta' }, { ...same, type: 'article', slug: 'c', title: 'Beta' }], Date.parse('2025-01-02'));
  assert.equal(keysOf(ranked), ['article:c', 'term:b', 'article:a']);
});

test.run();
