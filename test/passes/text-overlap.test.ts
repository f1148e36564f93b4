/**
 * The shared-word counts recommendation scores are made from: bitsets (small vocabularies) and the
 * membership table (large ones) must both count exactly what a plain set intersection counts, for
 * ids on either side of every 32-bit word boundary (bit 31 is the sign bit of an Int32Array).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { packLists } from '../../src/passes/recommendations/packed-lists.js';
import { TextOverlap } from '../../src/passes/recommendations/text-overlap.js';

const test = suite('text overlap');

function seeded(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

/** Items as RecFeatures packs them (tags, title, text per item), with random sorted text sets. */
function corpus(items: number, universe: number, seed: number) {
  const random = seeded(seed);
  const texts = Array.from({ length: items }, () => {
    const density = random();
    return Int32Array.from(new Set(Array.from({ length: Math.floor(random() * universe * 0.6) }, () => Math.floor(random() ** (1 + density) * universe)))).sort();
  });
  // Some empty texts, and one that has every word.
  texts[3] = new Int32Array(0);
  texts[5] = Int32Array.from({ length: universe }, (_, k) => k);
  const packed = packLists(texts.flatMap((text) => [new Int32Array(0), new Int32Array(0), text]));
  return { texts, packed };
}

for (const [items, universe, seed] of [[60, 31, 1], [80, 64, 2], [120, 100, 3], [50, 700, 4]]) {
  for (const bitsets of [true, false]) {
    test(`${items} items over ${universe} words, ${bitsets ? 'bitsets' : 'membership table'}: every pair's shared words counted`, () => {
      const { texts, packed } = corpus(items, universe, seed);
      const overlap = new TextOverlap(packed, universe, bitsets);
      for (let i = 0; i < items; i++) {
        overlap.load(i);
        const own = new Set(texts[i]);
        assert.is(overlap.size(i), texts[i].length);
        for (let j = 0; j < items; j++) assert.is(overlap.common(j), texts[j].filter((w) => own.has(w)).length, `items ${i} and ${j}`);
      }
    });
  }
}

test('bitsets are chosen only when they take no more room than the word lists', () => {
  // 8 items of 40 words over 64 words: 2 words of bits each, smaller than the lists.
  const dense = packLists(Array.from({ length: 8 }, () => [[], [], Array.from({ length: 40 }, (_, k) => k)]).flat());
  // 8 items of 3 words over 10,000: 313 words of bits each, far bigger.
  const sparse = packLists(Array.from({ length: 8 }, () => [[], [], [1, 500, 9000]]).flat());
  assert.ok((new TextOverlap(dense, 64) as unknown as { bits?: Int32Array }).bits, 'dense: bitsets');
  assert.not.ok((new TextOverlap(sparse, 10000) as unknown as { bits?: Int32Array }).bits, 'sparse: membership table');
});

test.run();
