/**
 * Recommendations for every article and term (spec §2 recommendations page, §4 labels, §9 constants):
 * similar (similarity > 0.3, up to 10), related (0.1 < similarity ≤ 0.3, up to 10), prerequisites
 * (terms sharing a tag, up to 5), advanced (articles sharing more than one tag, up to 5), difficulty,
 * level, key factors and a learning path. Candidates come from recommendations/candidates.ts (tag
 * groups and inverted indexes over words); exact similarity is computed only for the best
 * CANDIDATES_PER_ITEM of them, never all pairs.
 * Reads: articles, terms, article text features and stats. Writes: Map node key → Recommendations.
 * Needs: article-html (text features), reading-time.
 */
import type { ArticleMeta, ArticleStats, Term, TextFeatures } from '../model.js';
import { nodeKey } from './backlinks.js';
import { complexity, complexityBand, difficultyLevel, difficultyText, MODERATE_TAGS, pageDifficulty, TECHNICAL_TAGS, type Level } from './recommendations/difficulty.js';
import { buildLearningPath, type LearningPath, type PathCandidate } from './recommendations/learning-path.js';
import { createVocabulary, type Features, jaccard, JaccardTable, textWords, WEIGHTS } from './recommendations/similarity.js';
import { selectCandidates } from './recommendations/candidates.js';

export const SIMILAR_THRESHOLD = 0.3;
export const RELATED_THRESHOLD = 0.1;
export const MAX_SIMILAR = 10;
export const MAX_RELATED = 10;
export const MAX_PREREQUISITES = 5;
export const MAX_ADVANCED = 5;

export interface RecItem {
  id: string;
  slug: string;
  title: string;
  type: 'article' | 'term';
  summary: string;
  tags: string[];
  jurisdiction: string;
  lastModified: string;
  readingTime?: string;
  wordCount: number;
}

export interface RecResult {
  item: RecItem;
  score: number;
  sharedTags: string[];
  reasons: string[];
  relationship: 'related' | 'similar' | 'advanced' | 'prerequisite';
}

export interface Recommendations {
  item: RecItem;
  difficulty: number;
  level: Level;
  complexity: number;
  complexityBand: 'beginner' | 'intermediate' | 'advanced';
  keyFactors: string[];
  similar: RecResult[];
  related: RecResult[];
  prerequisites: RecResult[];
  advanced: RecResult[];
  path?: LearningPath;
}

interface Node extends RecItem {
  key: string;
  features: Features;
  textLength: number;
  difficulty: number;
}

const NO_TEXT: TextFeatures = { words: '', length: 0, technicalWords: 0, searchText: '' };

export function buildRecommendations(articles: ArticleMeta[], terms: Term[], texts: Map<string, TextFeatures>, stats: Map<string, ArticleStats>): Map<string, Recommendations> {
  const vocab = createVocabulary();
  const nodes: Node[] = [
    ...articles.map((a): Node => {
      const text = texts.get(a.slug) ?? NO_TEXT;
      return {
        key: nodeKey('article', a.slug), id: a.slug, slug: a.slug, title: a.title, type: 'article', summary: a.summary, tags: a.tags, jurisdiction: a.jurisdiction,
        lastModified: a.dateModified, readingTime: stats.get(a.slug)?.readingTime, wordCount: stats.get(a.slug)?.wordCount ?? 0, textLength: text.length,
        features: { tags: vocab.toSet(a.tags.map((t) => `#${t}`)), title: vocab.wordSet(a.title), text: vocab.wordsSet(text.words) },
        difficulty: pageDifficulty({ tags: a.tags, textLength: text.length, technicalWords: text.technicalWords, isArticle: true }),
      };
    }),
    ...terms.map((t): Node => ({
      key: nodeKey('glossary', t.slug), id: t.slug, slug: t.slug, title: t.title, type: 'term', summary: t.definition, tags: t.tags, jurisdiction: t.jurisdiction,
      lastModified: t.lastModified, wordCount: t.definition.split(/\s+/).length, textLength: t.definition.length,
      features: { tags: vocab.toSet(t.tags.map((x) => `#${x}`)), title: vocab.wordSet(t.title), text: vocab.wordsSet(textWords(t.definition)) },
      difficulty: pageDifficulty({ tags: t.tags, ...difficultyText(t.definition), isArticle: false }),
    })),
  ];
  // Tie-break order of prerequisites and advanced: easier first, then by key.
  const rank = new Int32Array(nodes.length);
  nodes.map((_, i) => i).sort((a, b) => nodes[a].difficulty - nodes[b].difficulty || (nodes[a].key < nodes[b].key ? -1 : nodes[a].key > nodes[b].key ? 1 : 0)).forEach((i, r) => (rank[i] = r));
  const candidates = selectCandidates(nodes.map((n) => n.features), { isTerm: (i) => nodes[i].type === 'term', rank, maxPrerequisites: MAX_PREREQUISITES, maxAdvanced: MAX_ADVANCED, words: vocab.words });
  const byKey = new Map(nodes.map((n) => [n.key, n]));
  const out = new Map<string, Recommendations>();
  const textTable = new JaccardTable(vocab.size());
  nodes.forEach((node, i) => {
    const best = candidates.best[i];
    textTable.load(node.features.text);
    const scored = best.map((j) => ({ other: nodes[j], score: round(WEIGHTS.tags * jaccard(node.features.tags, nodes[j].features.tags) + WEIGHTS.title * jaccard(node.features.title, nodes[j].features.title) + WEIGHTS.text * textTable.jaccardWith(nodes[j].features.text)) }));
    scored.sort((a, b) => b.score - a.score || a.other.key.localeCompare(b.other.key));
    const result = (other: Node, score: number): RecResult => {
      const sharedTags = other.tags.filter((t) => node.tags.includes(t));
      const relationship = score > SIMILAR_THRESHOLD ? 'similar' : other.difficulty > node.difficulty ? 'advanced' : other.difficulty < node.difficulty ? 'prerequisite' : 'related';
      const reasons = [
        ...(sharedTags.length ? [`Shares tags: ${sharedTags.join(', ')}`] : []),
        ...(jaccard(node.features.title, other.features.title) > 0 ? ['Similar title'] : []),
        ...(other.jurisdiction === node.jurisdiction ? [`Same jurisdiction (${other.jurisdiction})`] : []),
      ];
      return { item: publicItem(other), score, sharedTags, reasons, relationship };
    };
    const similar = scored.filter((s) => s.score > SIMILAR_THRESHOLD).slice(0, MAX_SIMILAR).map((s) => result(s.other, s.score));
    const related = scored.filter((s) => s.score > RELATED_THRESHOLD && s.score <= SIMILAR_THRESHOLD).slice(0, MAX_RELATED).map((s) => result(s.other, s.score));
    const prerequisites = candidates.prerequisites[i].map((j) => ({ ...result(nodes[j], 0), relationship: 'prerequisite' as const }));
    const advanced = candidates.advanced[i].map((j) => ({ ...result(nodes[j], 0), relationship: 'advanced' as const }));
    const pathPool: PathCandidate[] = [...similar, ...related, ...prerequisites, ...advanced].map((r) => toPathCandidate(byKey.get(keyOf(r.item))!));
    const cx = complexity({ wordCount: node.wordCount, tags: node.tags });
    out.set(node.key, {
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
    });
  });
  return out;
}

const keyOf = (item: RecItem) => nodeKey(item.type === 'term' ? 'glossary' : 'article', item.slug);
const round = (n: number) => Math.round(n * 10000) / 10000;

function publicItem(n: Node): RecItem {
  const { key: _k, features: _f, textLength: _t, difficulty: _d, ...item } = n;
  return { ...item, summary: item.summary.length > 240 ? `${item.summary.slice(0, item.summary.lastIndexOf(' ', 237))}…` : item.summary };
}

function toPathCandidate(n: Node): PathCandidate {
  return { key: n.key, slug: n.slug, title: n.title, type: n.type, difficulty: n.difficulty, tags: n.tags };
}

function keyFactors(n: Node): string[] {
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
