/**
 * Candidate selection must pick exactly what a scan of every pair would pick, only faster: the best
 * CANDIDATES_PER_ITEM by partial score, and prerequisites and advanced by shared tags then rank.
 * Checked against a brute-force reference on seeded corpora where most pairs share a tag.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CANDIDATES_PER_ITEM, type FeatureChange, MAX_POSTING, RARE_POSTINGS_BUDGET, RARE_WORDS, selectCandidates } from '../../src/passes/recommendations/candidates.js';
import { createVocabulary, type Features, jaccard, WEIGHTS } from '../../src/passes/recommendations/similarity.js';

const test = suite('recommendation candidates');

function seeded(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

function corpus(size: number, tagCount: number, seed: number, words = 400) {
  const random = seeded(seed);
  const pick = <T>(list: T[], n: number) => [...list].sort(() => random() - 0.5).slice(0, n);
  const tags = Array.from({ length: tagCount }, (_, i) => `#tag${i}`);
  const vocabulary = Array.from({ length: words }, (_, i) => `word${i}`);
  const v = createVocabulary();
  const items: Features[] = Array.from({ length: size }, () => ({
    tags: v.toSet(pick(tags, Math.floor(random() * 4))),
    title: v.toSet(pick(vocabulary.slice(0, 60), 1 + Math.floor(random() * 3))),
    // Skewed toward the first words, so some words are common and some rare.
    text: v.toSet(Array.from({ length: 30 }, () => vocabulary[Math.floor(random() ** 2 * vocabulary.length)])),
  }));
  const isTerm = items.map(() => random() < 0.3);
  const rank = Int32Array.from(items.map((_, i) => i).sort(() => random() - 0.5));
  return { items, isTerm, rank, words: v.words };
}

/** The reference: every other item scored, as the module documents it. */
function bruteForce(items: Features[], isTerm: boolean[], rank: Int32Array, words: readonly string[]) {
  const df = new Map<number, number>();
  for (const f of items) for (const w of f.text) df.set(w, (df.get(w) ?? 0) + 1);
  const titleDf = new Map<number, number>();
  for (const f of items) for (const w of f.title) titleDf.set(w, (titleDf.get(w) ?? 0) + 1);
  const rare = items.map((f) => {
    const sorted = [...f.text].filter((w) => df.get(w)! <= MAX_POSTING).sort((a, b) => df.get(a)! - df.get(b)! || (words[a] < words[b] ? -1 : 1)).slice(0, RARE_WORDS);
    const kept: number[] = [];
    for (const w of sorted) {
      if (kept.reduce((n, x) => n + df.get(x)!, 0) + df.get(w)! > RARE_POSTINGS_BUDGET) break;
      kept.push(w);
    }
    return kept;
  });
  const shared = (a: Int32Array, b: Int32Array) => [...a].filter((x) => b.includes(x)).length;
  return items.map((item, i) => {
    const others = items.map((_, j) => j).filter((j) => j !== i);
    const scored = others
      .filter((j) => shared(item.tags, items[j].tags) > 0 || [...item.title].some((w) => titleDf.get(w)! <= MAX_POSTING && items[j].title.includes(w)) || rare[i].some((w) => items[j].text.includes(w)))
      .map((j) => ({ j, partial: WEIGHTS.tags * jaccard(item.tags, items[j].tags) + WEIGHTS.title * jaccard(item.title, items[j].title) + (WEIGHTS.text * rare[i].filter((w) => items[j].text.includes(w)).length) / Math.max(1, rare[i].length) }))
      .sort((a, b) => b.partial - a.partial || a.j - b.j);
    const byShared = (keep: (j: number) => boolean, min: number, k: number) =>
      others
        .filter((j) => keep(j) && shared(item.tags, items[j].tags) >= min)
        .sort((a, b) => shared(item.tags, items[b].tags) - shared(item.tags, items[a].tags) || rank[a] - rank[b])
        .slice(0, k);
    return {
      best: scored.slice(0, CANDIDATES_PER_ITEM).map((s) => s.j),
      prerequisites: byShared((j) => isTerm[j], 1, 5),
      advanced: byShared((j) => !isTerm[j], 2, 5),
    };
  });
}

for (const [size, tagCount, seed, words] of [
  [300, 6, 1, 400],
  [400, 12, 2, 400],
  [250, 3, 3, 400],
  // Few words over many items: even the rarest words are common, so the postings budget binds.
  [700, 8, 4, 120],
  // Two tags and forty words: most scores tie exactly (tied items in index order), hundreds of items
  // share only tags, over a few Jaccard levels.
  [600, 2, 5, 40],
  [500, 5, 6, 25],
]) {
  test(`${size} items over ${tagCount} tags and ${words} words: the same candidates as a scan of every pair`, () => {
    const { items, isTerm, rank, words: vocabulary } = corpus(size, tagCount, seed, words);
    const fast = selectCandidates(items, { isTerm: (i) => isTerm[i], rank, maxPrerequisites: 5, maxAdvanced: 5, words: vocabulary });
    const slow = bruteForce(items, isTerm, rank, vocabulary);
    items.forEach((_, i) => {
      assert.equal(fast.best[i], slow[i].best, `best candidates of item ${i}`);
      assert.equal(fast.prerequisites[i], slow[i].prerequisites, `prerequisites of item ${i}`);
      assert.equal(fast.advanced[i], slow[i].advanced, `advanced of item ${i}`);
    });
  });
}

test('an item without tags still gets candidates through its words, and no tag-based lists', () => {
  const v = createVocabulary();
  const items: Features[] = [
    { tags: v.toSet([]), title: v.toSet(['chronology']), text: v.toSet(['dates', 'events']) },
    { tags: v.toSet(['#a']), title: v.toSet(['chronology', 'tools']), text: v.toSet(['dates']) },
    { tags: v.toSet(['#a']), title: v.toSet(['privilege']), text: v.toSet(['waiver']) },
  ];
  const lists = selectCandidates(items, { isTerm: () => true, rank: Int32Array.from([0, 1, 2]), maxPrerequisites: 5, maxAdvanced: 5, words: v.words });
  assert.equal(lists.best[0], [1]);
  assert.equal(lists.prerequisites[0], []);
  assert.equal(lists.prerequisites[1], [2]);
});

/** The change between two feature lists over the same items, as engine/candidate-memo.ts describes it. */
function changeBetween(before: Features[], after: Features[], words: readonly string[]): FeatureChange {
  const items: number[] = [];
  const delta = new Map<string, number>();
  const titleWords = new Set<string>();
  before.forEach((old, i) => {
    const now = after[i];
    const same = (a: Int32Array, b: Int32Array) => a.length === b.length && a.every((x, k) => x === b[k]);
    if (same(old.text, now.text) && same(old.title, now.title)) return;
    items.push(i);
    for (const w of now.text) if (!old.text.includes(w)) delta.set(words[w], (delta.get(words[w]) ?? 0) + 1);
    for (const w of old.text) if (!now.text.includes(w)) delta.set(words[w], (delta.get(words[w]) ?? 0) - 1);
    if (!same(old.title, now.title)) for (const w of [...old.title, ...now.title]) titleWords.add(words[w]);
  });
  return { items, textWords: [...delta], titleWords: [...titleWords] };
}

for (const [size, tagCount, seed, words, edits, edit] of [
  [300, 6, 11, 400, 1, 'text'],
  [400, 12, 12, 400, 3, 'text and title'],
  // Few words: a changed word's item count crosses MAX_POSTING and the postings budget binds.
  [700, 8, 13, 120, 2, 'text and title'],
  [500, 4, 14, 250, 6, 'text and title'],
  [400, 6, 15, 400, 3, 'title'],
  // A large vocabulary: most items share no changed word, and only those that do are selected again.
  [600, 6, 16, 3000, 2, 'text'],
] as const) {
  test(`after ${edits} item(s) of ${size} changed their ${edit}, selecting again only for the items the change reaches gives the lists of a full selection`, () => {
    const { items, isTerm, rank, words: vocabulary } = corpus(size, tagCount, seed, words);
    const options = { isTerm: (i: number) => isTerm[i], rank, maxPrerequisites: 5, maxAdvanced: 5 };
    const before = selectCandidates(items, { ...options, words: vocabulary });
    const random = seeded(seed * 31);
    const v = createVocabulary();
    // Re-intern in the same order, so ids agree, then edit: drop words, add others (new ones too), change a title.
    for (const w of vocabulary) v.toSet([w]);
    const after = items.map((f) => ({ ...f }));
    for (let e = 0; e < edits; e++) {
      const i = Math.floor(random() * size);
      const newTitle = () => v.toSet([`word${Math.floor(random() * 60)}`, `word${Math.floor(random() * 60)}`]);
      if (edit === 'title') {
        after[i] = { ...after[i], title: newTitle() };
        continue;
      }
      const kept = [...after[i].text].filter(() => random() < 0.7).map((id) => vocabulary[id]);
      const added = Array.from({ length: 8 }, (_, k) => (k < 2 ? `fresh${seed}x${e}x${k}` : `word${Math.floor(random() * words)}`));
      after[i] = { ...after[i], text: v.toSet([...kept, ...added]) };
      if (e % 2 === 1) after[i] = { ...after[i], title: newTitle() };
    }
    const change = changeBetween(items, after, v.words);
    const again = selectCandidates(after, { ...options, words: v.words, change });
    const full = selectCandidates(after, { ...options, words: v.words });
    let reselected = 0;
    after.forEach((_, i) => {
      if (again.best[i]) reselected++;
      assert.equal(again.best[i] ?? before.best[i], full.best[i], `best candidates of item ${i}`);
      assert.equal(again.prerequisites[i] ?? before.prerequisites[i], full.prerequisites[i], `prerequisites of item ${i}`);
      assert.equal(again.advanced[i] ?? before.advanced[i], full.advanced[i], `advanced of item ${i}`);
    });
    assert.ok(reselected >= change.items.length, 'the edited items are selected again');
    // With a large vocabulary most items share no changed word, and keep their lists.
    if (words >= 3000) assert.ok(reselected < size / 2, `selected again for ${reselected} of ${size} items`);
  });
}

test('an edit adding words no other item carries reaches the edited item alone', () => {
  const { items, isTerm, rank, words: vocabulary } = corpus(300, 6, 21, 400);
  const v = createVocabulary();
  for (const w of vocabulary) v.toSet([w]);
  const after = items.map((f, i) => (i === 7 ? { ...f, text: v.toSet([...Array.from(f.text, (id) => vocabulary[id]), 'unheardof', 'neverseen']) } : f));
  const change = changeBetween(items, after, v.words);
  const again = selectCandidates(after, { isTerm: (i) => isTerm[i], rank, maxPrerequisites: 5, maxAdvanced: 5, words: v.words, change });
  assert.equal(again.best.flatMap((list, i) => (list ? [i] : [])), [7]);
});

test.run();
