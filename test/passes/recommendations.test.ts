import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Article, ArticleStats } from '../../src/model.js';
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { buildRecommendations, featuresFromWire, featuresToWire, recommendationFeatures, type RecFeatures, recommendationsFor, RELATED_THRESHOLD, SIMILAR_THRESHOLD, withCandidates } from '../../src/passes/recommendations.js';
import { similarity } from '../../src/passes/recommendations/similarity.js';
import { textFeatures } from '../../src/passes/text-features.js';
import { makeArticle, makeTerm } from '../helpers/make-site.js';

const test = suite('recommendations');

const stats = (articles: Article[]) => new Map<string, ArticleStats>(articles.map((a) => [a.slug, { wordCount: 100, readingTime: '1 min', minutes: 1 }]));
const scores = (list: { item: { slug: string }; score: number }[]) => list.map((r) => [r.item.slug, r.score]);

// A small site whose pairwise similarities are worked out by hand (word sets ignore words under 3 chars).
const articles = [
  makeArticle({ slug: 'hash-chain', title: 'Hash chain custody', tags: ['evidence', 'hash'] }), // text {verify,the,hash,value}
  makeArticle({ slug: 'custody-log', title: 'Chain of custody log', tags: ['evidence'] }), //          text {log,the,hash}
  makeArticle({ slug: 'privilege', title: 'Privilege review', tags: ['evidence', 'privilege'] }), //  text {privilege,calls}
  makeArticle({ slug: 'imaging', title: 'Forensic imaging', tags: ['evidence', 'hash', 'forensics'] }), // text {disk,image,copy}
];
const terms = [
  makeTerm({ slug: 'hash-value', title: 'Hash value', tags: ['hash'], definition: 'A fixed-length digest of a file.' }), // {fixed,length,digest,file}
  makeTerm({ slug: 'privilege-log', title: 'Privilege log', tags: ['privilege'], definition: 'Withheld documents listed.' }),
];
/** Recommendations read an article's words, not its search postings. */
const NO_SEARCH = { words: '', weights: '' };
const features = (texts: [string, string][]) => new Map(texts.map(([slug, text]) => [slug, textFeatures(text, NO_SEARCH)]));
const texts = features([
  ['hash-chain', 'Verify the hash value.'],
  ['custody-log', 'Log the hash.'],
  ['privilege', 'Privilege calls.'],
  ['imaging', 'Disk image copy.'],
]);
const recs = buildRecommendations(articles, terms, texts, stats(articles));

test('the map is keyed "article:{slug}" and "glossary:{slug}"', () => {
  assert.equal([...recs.keys()].sort(), [
    'article:custody-log', 'article:hash-chain', 'article:imaging', 'article:privilege', 'glossary:hash-value', 'glossary:privilege-log',
  ]);
  assert.is(recs.get('glossary:hash-value')!.item.type, 'term');
});

test('a pair above 0.3 is "similar" with the Jaccard-weighted score', () => {
  // hash-chain ~ custody-log:
  //   tags {evidence,hash} vs {evidence} = 1/2; title {hash,chain,custody} vs {chain,custody,log} = 2/4;
  //   text {verify,the,hash,value} vs {log,the,hash} = 2/5
  //   0.4×0.5 + 0.3×0.5 + 0.3×0.4 = 0.2 + 0.15 + 0.12 = 0.47
  const similar = recs.get('article:hash-chain')!.similar;
  assert.equal(scores(similar), [['custody-log', 0.47]]);
  assert.is(similar[0].relationship, 'similar');
});

test('pairs above 0.1 and up to 0.3 are "related", best first', () => {
  // hash-chain ~ hash-value: tags 1/2 → 0.2; title {hash,chain,custody} vs {hash,value} 1/4 → 0.075; text 0 → 0.275
  // hash-chain ~ imaging: tags {evidence,hash} vs {evidence,hash,forensics} 2/3 → 0.26667; title 0; text 0 → 0.2667
  // hash-chain ~ privilege: tags {evidence,hash} vs {evidence,privilege} 1/3 → 0.1333; title 0; text 0 → 0.1333
  const related = recs.get('article:hash-chain')!.related;
  assert.equal(scores(related), [['hash-value', 0.275], ['imaging', 0.2667], ['privilege', 0.1333]]);
  assert.ok(related.every((r) => r.relationship !== 'similar'));
});

test('prerequisites are terms sharing a tag; advanced are articles sharing more than one tag', () => {
  const r = recs.get('article:hash-chain')!;
  // terms with "evidence" or "hash": only hash-value
  assert.equal(r.prerequisites.map((p) => [p.item.slug, p.relationship]), [['hash-value', 'prerequisite']]);
  // articles sharing ≥ 2 of {evidence,hash}: imaging (2); custody-log and privilege share 1
  assert.equal(r.advanced.map((p) => [p.item.slug, p.relationship]), [['imaging', 'advanced']]);
});

test('a pair at exactly 0.3 is related, not similar', () => {
  // tags {p,q} vs {p} = 1/2 → 0.2; titles share nothing; text {alpha,beta} vs {alpha,gamma} = 1/3 → 0.1; total 0.3
  const a = [makeArticle({ slug: 'one', title: 'First', tags: ['p', 'q'] }), makeArticle({ slug: 'two', title: 'Second', tags: ['p'] })];
  const r = buildRecommendations(a, [], features([['one', 'alpha beta'], ['two', 'alpha gamma']]), stats(a)).get('article:one')!;
  assert.equal(r.similar, []);
  assert.equal(scores(r.related), [['two', 0.3]]);
});

test('at most 5 prerequisites and 5 advanced', () => {
  const a = Array.from({ length: 8 }, (_, i) => makeArticle({ slug: `a${i}`, title: `Article ${i}`, tags: ['evidence', 'hash'] }));
  const t = Array.from({ length: 8 }, (_, i) => makeTerm({ slug: `t${i}`, title: `Term ${i}`, tags: ['evidence'] }));
  const r = buildRecommendations(a, t, new Map(), stats(a)).get('article:a0')!;
  // 8 terms share "evidence" and 7 other articles share 2 tags: both capped at 5
  assert.is(r.prerequisites.length, 5);
  assert.is(r.advanced.length, 5);
  assert.ok(r.prerequisites.every((p) => p.item.type === 'term'));
  assert.ok(r.advanced.every((p) => p.item.type === 'article' && p.item.slug !== 'a0'));
});

test('a pair that overlaps only in text words still counts as related (spec §9: related is 0.1 < similarity ≤ 0.3)', () => {
  // Different tags, titles sharing no word of 3+ characters, identical text:
  // tags {p} vs {q} = 0; title {first} vs {second} = 0; text {alpha,beta,gamma} both = 3/3 = 1 → 0.3×1 = 0.3
  const a = [makeArticle({ slug: 'one', title: 'First', tags: ['p'] }), makeArticle({ slug: 'two', title: 'Second', tags: ['q'] })];
  const r = buildRecommendations(a, [], features([['one', 'alpha beta gamma'], ['two', 'alpha beta gamma']]), stats(a)).get('article:one')!;
  assert.equal(scores(r.related), [['two', 0.3]]);
});

test('features reused from an earlier build are those made afresh, and unchanged items keep their word ids', () => {
  const versions = (v: string) => new Map(articles.map((a) => [a.slug, `${a.slug}@${a.slug === 'privilege' ? v : '1'}`]));
  const first = recommendationFeatures(articles, terms, texts, stats(articles), versions('1'));
  const edited = new Map(texts);
  edited.set('privilege', textFeatures('Privilege calls for a careful waiver review.', NO_SEARCH));
  const reuse = { keys: first.nodes.map((n) => n.key), versions: first.versions, packed: first.packed, vocabulary: first.words, freshSize: first.freshSize };
  const again = recommendationFeatures(articles, terms, edited, stats(articles), versions('2'), reuse);
  const fresh = recommendationFeatures(articles, terms, edited, stats(articles), versions('2'));
  const wordsOf = (f: RecFeatures) => f.features.map((x) => [x.tags, x.title, x.text].map((set) => Array.from(set, (id) => f.words[id]).sort()));
  assert.equal(wordsOf(again), wordsOf(fresh));
  assert.equal(Array.from(again.features[0].text), Array.from(first.features[0].text), 'an unchanged article keeps its ids');
  assert.equal(again.words.slice(0, first.words.length), first.words, 'the vocabulary grows, ids kept');
});

test('features sent to a thread as the shards get them give the same recommendations, their largest parts shared, not copied', () => {
  const named = [...articles, makeArticle({ slug: 'uber', title: 'Über die Verwertung “of” evidence', tags: ['evidence'] })];
  const f = recommendationFeatures(named, terms, texts, stats(named));
  const wire = featuresToWire(f);
  assert.is(wire.packed.data, f.packed.data, 'the word and tag sets are made in shared memory: sent without a copy');
  assert.is(wire.packed.offsets, f.packed.offsets);
  const { port1, port2 } = new MessageChannel();
  port1.postMessage(wire);
  const received = receiveMessageOnPort(port2)!.message as typeof wire;
  port1.close();
  for (const shared of [received.nodes, received.rank, received.packed.data, received.packed.offsets]) assert.ok(shared.buffer instanceof SharedArrayBuffer);
  const first = received.packed.data[0];
  received.packed.data[0] = -7;
  assert.is(wire.packed.data[0], -7, 'the receiver reads the very memory sent');
  wire.packed.data[0] = first;
  const there = featuresFromWire(received);
  assert.equal(there.nodes, f.nodes, 'nodes, titles outside ASCII included');
  const [here, away] = [withCandidates(f), withCandidates(there)];
  f.nodes.forEach((_, i) => assert.equal(recommendationsFor(away, i), recommendationsFor(here, i)));
});

/** A seeded random site: `words` words (few: most texts share most of them, and scores tie). */
function randomSite(seed: number, words: number) {
  let s = seed;
  const random = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const word = () => `w${Math.floor(random() ** 2 * words)}x`;
  const tags = () => [...new Set(Array.from({ length: Math.floor(random() * 4) }, () => `tag${Math.floor(random() * 5)}`))];
  const a = Array.from({ length: 70 }, (_, i) => makeArticle({ slug: `a${i}`, title: `${word()} ${word()}`, tags: tags() }));
  const t = Array.from({ length: 25 }, (_, i) => makeTerm({ slug: `t${i}`, title: word(), tags: tags(), definition: Array.from({ length: 6 }, word).join(' ') }));
  return { a, t, texts: features(a.map((x) => [x.slug, Array.from({ length: Math.floor(random() * 40) }, word).join(' ')])) };
}

// Small vocabularies are scored through bitsets, large ones through a membership table.
for (const [seed, words] of [[1, 30], [2, 60], [3, 5000]]) {
  test(`random site ${seed} (${words} words): similar and related are the candidates scored by similarity(), best first, ties by key`, () => {
    const { a, t, texts: x } = randomSite(seed, words);
    const ctx = withCandidates(recommendationFeatures(a, t, x, stats(a)));
    ctx.nodes.forEach((node, i) => {
      const reference = ctx.candidates.best[i]
        .map((j) => ({ key: ctx.nodes[j].key, slug: ctx.nodes[j].slug, score: Math.round(similarity(ctx.features[i], ctx.features[j]) * 10000) / 10000 }))
        .sort((p, q) => q.score - p.score || (p.key < q.key ? -1 : 1));
      const r = recommendationsFor(ctx, i);
      assert.equal(scores(r.similar), reference.filter((c) => c.score > SIMILAR_THRESHOLD).slice(0, 10).map((c) => [c.slug, c.score]), `similar of ${node.key}`);
      assert.equal(scores(r.related), reference.filter((c) => c.score > RELATED_THRESHOLD && c.score <= SIMILAR_THRESHOLD).slice(0, 10).map((c) => [c.slug, c.score]), `related of ${node.key}`);
    });
  });
}

test.run();
