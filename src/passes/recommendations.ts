/**
 * Recommendations for every article and term (spec §2 recommendations page, §4 labels, §9 constants):
 * similar (similarity > 0.3, up to 10), related (0.1 < similarity ≤ 0.3, up to 10), prerequisites
 * (terms sharing a tag, up to 5), advanced (articles sharing more than one tag, up to 5), difficulty,
 * level, key factors and a learning path. Candidates come from recommendations/candidates.ts (tag
 * groups and inverted indexes over words); exact similarity is computed only for the best
 * CANDIDATES_PER_ITEM of them, never all pairs.
 * Reads: articles, terms, article text features and stats. Writes: RecFeatures (the build; each
 * page's recommendations are made where it is rendered, routes/page-families.ts), or a Map node key →
 * Recommendations (buildRecommendations).
 * Needs: article-html (text features), reading-time.
 */
import { hashOf } from '../hash.js';
import type { ArticleMeta, ArticleStats, Term, TextFeatures } from '../model.js';
import type { RecItem, RecResult, Recommendations } from '../model/recommendations.js';
import { nodeKey } from './backlinks.js';
import { complexity, complexityBand, difficultyLevel, difficultyText, MODERATE_TAGS, pageDifficulty, TECHNICAL_TAGS } from './recommendations/difficulty.js';
import { buildLearningPath, type PathCandidate } from './recommendations/learning-path.js';
import { createVocabulary, type Features } from './recommendations/similarity.js';
import { type CandidateLists, type FeatureChange, selectCandidates } from './recommendations/candidates.js';
import { packLists, type PackedLists, sharedLists } from './recommendations/packed-lists.js';
import { sharedCopy, sharedText, textOf } from '../parallel/shared-memory.js';
import { PairScores } from './recommendations/pair-scores.js';

export const SIMILAR_THRESHOLD = 0.3;
export const RELATED_THRESHOLD = 0.1;
export const MAX_SIMILAR = 10;
export const MAX_RELATED = 10;
export const MAX_PREREQUISITES = 5;
export const MAX_ADVANCED = 5;

/** One item as recommendations see it: what pages show of it, and what scores it. */
export interface RecNode extends RecItem {
  key: string;
  textLength: number;
  difficulty: number;
}

/**
 * What every item's recommendations are made from: every item, its word and tag sets (as ids of one
 * vocabulary), its rank in the tie-break order of prerequisites and advanced, and the words behind
 * the ids. Plain data: it is sent to the threads that render recommendation pages.
 */
export interface RecFeatures {
  nodes: RecNode[];
  /** Views of `packed`. */
  features: Features[];
  /** Item i's tag, title and text sets are its lists 3i, 3i + 1 and 3i + 2. */
  packed: PackedLists;
  /** The number of distinct words and tags (ids are below it). */
  universe: number;
  /** The word of each id (candidates.ts breaks ties on rare words in word order). */
  words: readonly string[];
  /** The size of the vocabulary when it was last made afresh (FeatureReuse). */
  freshSize: number;
  rank: Int32Array;
  /** Per item, a version of everything it is made from (an article's unit key, a hash of a term):
   * equal versions, equal items, whatever build they come from. */
  versions: string[];
}

/** Features with the candidates of (some of) the items: enough for recommendationsFor them. */
export interface RecContext extends RecFeatures {
  candidates: CandidateLists;
}

const NO_TEXT: TextFeatures = { words: '', textLength: 0, technicalWords: 0, search: { words: '', weights: '' } };

export function buildRecommendations(articles: ArticleMeta[], terms: Term[], texts: Map<string, TextFeatures>, stats: Map<string, ArticleStats>): Map<string, Recommendations> {
  const ctx = withCandidates(recommendationFeatures(articles, terms, texts, stats));
  return new Map(ctx.nodes.map((n, i) => [n.key, recommendationsFor(ctx, i)]));
}

/** What recommendationFeatures can reuse of an earlier build's features: each item's word and tag
 * sets by key and version (same version, same sets), as ids of that build's vocabulary. */
export interface FeatureReuse {
  keys: string[];
  versions: string[];
  packed: PackedLists;
  vocabulary: readonly string[];
  /** The vocabulary's size when it was last made afresh: reused vocabularies keep words no item has any
   * more (ids must stay stable), so one that has doubled since is made afresh. */
  freshSize: number;
}

/** The site-wide part every item's recommendations share (articles first, then terms).
 * `articleVersions`: each article's unit key (a hash of its features otherwise). `reuse`: the
 * features of an earlier build, taken for the items whose version is the same. */
export function recommendationFeatures(articles: ArticleMeta[], terms: Term[], texts: Map<string, TextFeatures>, stats: Map<string, ArticleStats>, articleVersions?: Map<string, string>, reuse?: FeatureReuse): RecFeatures {
  const nodes: RecNode[] = [];
  for (const a of articles) {
    const text = texts.get(a.slug) ?? NO_TEXT;
    nodes.push({
      key: nodeKey('article', a.slug), id: a.slug, slug: a.slug, title: a.title, type: 'article', summary: a.summary, tags: a.tags, jurisdiction: a.jurisdiction,
      lastModified: a.dateModified, readingTime: stats.get(a.slug)?.readingTime, wordCount: stats.get(a.slug)?.wordCount ?? 0, textLength: text.textLength,
      difficulty: pageDifficulty({ tags: a.tags, textLength: text.textLength, technicalWords: text.technicalWords, isArticle: true }),
    });
  }
  for (const t of terms) {
    nodes.push({
      key: nodeKey('glossary', t.slug), id: t.slug, slug: t.slug, title: t.title, type: 'term', summary: t.definition, tags: t.tags, jurisdiction: t.jurisdiction,
      lastModified: t.lastModified, wordCount: t.definition.split(/\s+/).length, textLength: t.definition.length,
      difficulty: pageDifficulty({ tags: t.tags, ...difficultyText(t.definition), isArticle: false }),
    });
  }
  const versions = [
    ...articles.map((a, i) => articleVersions?.get(a.slug) ?? hashOf(JSON.stringify(nodes[i]), texts.get(a.slug)?.words ?? '')),
    ...terms.map((t) => hashOf(JSON.stringify(t))),
  ];
  const reusable = reuse && reuse.vocabulary.length <= 2 * reuse.freshSize ? reuse : undefined;
  const vocab = createVocabulary(reusable?.vocabulary);
  const before = reusable && new Map(reusable.keys.map((key, k) => [key, k]));
  const lists: Int32Array[] = [];
  nodes.forEach((node, i) => {
    const k = before?.get(node.key);
    if (k !== undefined && reusable!.versions[k] === versions[i]) {
      for (let l = 3 * k; l < 3 * k + 3; l++) lists.push(reusable!.packed.data.subarray(reusable!.packed.offsets[l], reusable!.packed.offsets[l + 1]));
    } else if (i < articles.length) {
      lists.push(vocab.toSet(node.tags.map((t) => `#${t}`)), vocab.wordSet(node.title), vocab.wordsSet((texts.get(node.slug) ?? NO_TEXT).words));
    } else {
      lists.push(vocab.toSet(node.tags.map((t) => `#${t}`)), vocab.wordSet(node.title), vocab.wordSet(node.summary));
    }
  });
  // In shared memory: the shards are sent them (featuresToWire).
  const packed = packLists(lists, true);
  // Tie-break order of prerequisites and advanced: easier first, then by key.
  const rank = new Int32Array(nodes.length);
  nodes.map((_, i) => i).sort((a, b) => nodes[a].difficulty - nodes[b].difficulty || (nodes[a].key < nodes[b].key ? -1 : nodes[a].key > nodes[b].key ? 1 : 0)).forEach((i, r) => (rank[i] = r));
  return { nodes, features: featureViews(packed), packed, universe: vocab.size(), words: vocab.words, freshSize: reusable ? reusable.freshSize : vocab.size(), rank, versions };
}

/** Item i's sets as views of `packed` (its lists 3i, 3i + 1 and 3i + 2). */
function featureViews(packed: PackedLists): Features[] {
  const list = (l: number) => packed.data.subarray(packed.offsets[l], packed.offsets[l + 1]);
  return Array.from({ length: (packed.offsets.length - 1) / 3 }, (_, i) => ({ tags: list(3 * i), title: list(3 * i + 1), text: list(3 * i + 2) }));
}

/** Features as sent to another thread: two arrays and a JSON text instead of 50,000 objects. */
export type WireFeatures = Omit<RecFeatures, 'features' | 'nodes'> & { nodes: Uint8Array };

/** The features as the shards are sent them: the nodes as JSON, it and the largest arrays in shared
 * memory, which every shard reads where they lie rather than each being sent a copy (87 MB at 50,000
 * articles: its two copies took 0.7 s of the main thread in a rebuild). */
export function featuresToWire(f: RecFeatures): WireFeatures {
  const { features: _features, nodes, packed, rank, ...rest } = f;
  return { ...rest, packed: sharedLists(packed), rank: sharedCopy(rank), nodes: sharedText(JSON.stringify(nodes)) };
}

export function featuresFromWire(w: WireFeatures): RecFeatures {
  return { ...w, nodes: JSON.parse(textOf(w.nodes)) as RecNode[], features: featureViews(w.packed) };
}

/**
 * A fingerprint of everything recommendationsFor(ctx, i) is made from: the item, its candidate lists,
 * and the items in them, by version. Equal fingerprints, equal recommendations.
 */
export function recommendationsFingerprint(ctx: RecContext, i: number): string {
  const { versions, candidates } = ctx;
  const of = (list: number[]) => list.map((j) => versions[j]).join(',');
  return hashOf(versions[i], of(candidates.best[i]), of(candidates.prerequisites[i]), of(candidates.advanced[i]));
}

/**
 * Which of `count` threads selects item i's candidates (and renders its pages): decided by its tag
 * set, so all the items of a tag group, which share their selection's setup, go to one thread.
 */
export function recommendationShard(f: RecFeatures, i: number, count: number): number {
  let h = 0x811c9dc5;
  for (const tag of f.features[i].tags) h = Math.imul(h ^ tag, 0x01000193);
  return (h >>> 0) % count;
}

/** The candidates of the items `only` keeps (all by default), added to the features; after a change
 * (`plan`), selected again only for the items it can reach, the others keeping their lists. */
export function withCandidates(f: RecFeatures, only?: (i: number) => boolean, plan: { change?: FeatureChange } = {}): RecContext {
  const candidates = selectCandidates(f.features, { isTerm: (i) => f.nodes[i].type === 'term', rank: f.rank, maxPrerequisites: MAX_PREREQUISITES, maxAdvanced: MAX_ADVANCED, words: f.words, only, change: plan.change });
  return { ...f, candidates };
}

const termRecommendations = new WeakMap<RecContext, Map<number, Recommendations>>();

/** The recommendations of item `i` of the context. A term's are shown on two pages (its own and its
 * recommendations page, rendered by the same thread: recommendationShard), so they are made once;
 * pages only read them. */
export function recommendationsFor(ctx: RecContext, i: number): Recommendations {
  if (ctx.nodes[i].type !== 'term') return makeRecommendations(ctx, i);
  let made = termRecommendations.get(ctx);
  if (!made) termRecommendations.set(ctx, (made = new Map()));
  let recommendations = made.get(i);
  if (!recommendations) made.set(i, (recommendations = makeRecommendations(ctx, i)));
  return recommendations;
}

function makeRecommendations(ctx: RecContext, i: number): Recommendations {
  const { nodes, candidates } = ctx;
  const node = nodes[i];
  const pairs = pairScoresOf(ctx);
  const scores = pairs.similarities(i, candidates.best[i]);
  const scored = candidates.best[i].map((j, k) => ({ j, score: round(scores[k]) }));
  // Keys are "article:" or "glossary:" and a slug (lowercase letters, digits, hyphens), where code
  // unit order is collation order.
  scored.sort((a, b) => b.score - a.score || (nodes[a.j].key < nodes[b.j].key ? -1 : nodes[a.j].key > nodes[b.j].key ? 1 : 0));
  const result = (j: number, score: number, listed?: RecResult['relationship']): RecResult => {
    const other = nodes[j];
    const sharedTags = other.tags.filter((t) => node.tags.includes(t));
    const relationship = listed ?? (score > SIMILAR_THRESHOLD ? 'similar' : other.difficulty > node.difficulty ? 'advanced' : other.difficulty < node.difficulty ? 'prerequisite' : 'related');
    const reasons = [
      ...(sharedTags.length ? [`Shares tags: ${sharedTags.join(', ')}`] : []),
      ...(pairs.titlesMeet(i, j) ? ['Similar title'] : []),
      ...(other.jurisdiction === node.jurisdiction ? [`Same jurisdiction (${other.jurisdiction})`] : []),
    ];
    return { item: publicItemOf(ctx, j), score, sharedTags, reasons, relationship };
  };
  const similarJ = scored.filter((s) => s.score > SIMILAR_THRESHOLD).slice(0, MAX_SIMILAR);
  const relatedJ = scored.filter((s) => s.score > RELATED_THRESHOLD && s.score <= SIMILAR_THRESHOLD).slice(0, MAX_RELATED);
  const similar = similarJ.map((s) => result(s.j, s.score));
  const related = relatedJ.map((s) => result(s.j, s.score));
  const prerequisites = candidates.prerequisites[i].map((j) => result(j, 0, 'prerequisite'));
  const advanced = candidates.advanced[i].map((j) => result(j, 0, 'advanced'));
  const pathPool: PathCandidate[] = [...similarJ.map((s) => s.j), ...relatedJ.map((s) => s.j), ...candidates.prerequisites[i], ...candidates.advanced[i]].map((j) => toPathCandidate(nodes[j]));
  const cx = complexity({ wordCount: node.wordCount, tags: node.tags });
  return {
    item: publicItem(node),
    difficulty: node.difficulty,
    level: difficultyLevel(node.difficulty),
    complexity: round(cx),
    complexityBand: complexityBand(cx),
    keyFactors: keyFactors(node),
    similar,
    related,
    prerequisites,
    advanced,
    path: buildLearningPath(toPathCandidate(node), pathPool),
  };
}

const round = (n: number) => Math.round(n * 10000) / 10000;

const pairScores = new WeakMap<RecContext, PairScores>();

function pairScoresOf(ctx: RecContext): PairScores {
  let scores = pairScores.get(ctx);
  if (!scores) pairScores.set(ctx, (scores = new PairScores(ctx.packed, ctx.universe)));
  return scores;
}

const publicItems = new WeakMap<RecContext, RecItem[]>();

/** publicItem(nodes[j]), made once per item: an item is in the lists of dozens of others. The same
 * object is shared by all of them (pages only read it). */
function publicItemOf(ctx: RecContext, j: number): RecItem {
  let items = publicItems.get(ctx);
  if (!items) publicItems.set(ctx, (items = []));
  return (items[j] ??= publicItem(ctx.nodes[j]));
}

function publicItem(n: RecNode): RecItem {
  const { key: _k, textLength: _t, difficulty: _d, ...item } = n;
  return { ...item, summary: item.summary.length > 240 ? `${item.summary.slice(0, item.summary.lastIndexOf(' ', 237))}…` : item.summary };
}

function toPathCandidate(n: RecNode): PathCandidate {
  return { key: n.key, slug: n.slug, title: n.title, type: n.type, difficulty: n.difficulty, tags: n.tags };
}

function keyFactors(n: RecNode): string[] {
  const factors: string[] = [];
  const technical = n.tags.filter((t) => TECHNICAL_TAGS.includes(t));
  const moderate = n.tags.filter((t) => MODERATE_TAGS.includes(t));
  if (technical.length) factors.push(`Technical topic: ${technical.join(', ')}`);
  else if (moderate.length) factors.push(`Specialist topic: ${moderate.join(', ')}`);
  if (n.textLength > 1000) factors.push('Long, detailed text');
  if (n.type === 'article') factors.push('Full article rather than a definition');
  if (factors.length === 0) factors.push('Short, general definition');
  return factors;
}
