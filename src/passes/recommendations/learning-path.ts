/**
 * Learning pathway (spec §3 "Learning path", §9): from the item and what it recommends, keep the
 * items up to the user's level + 1 (the recommendations page asks for Intermediate), order them by
 * difficulty with terms before articles at equal difficulty, at most 8 steps, at least 2 needed;
 * 5 minutes per step.
 */
import type { LearningPath, LearningStep, Level } from '../../model/recommendations.js';
import { difficultyLevel, USER_LEVEL } from './difficulty.js';

export const MAX_STEPS = 8;
export const MIN_MATCHES = 2;
export const MINUTES_PER_STEP = 5;

export interface PathCandidate {
  key: string;
  slug: string;
  title: string;
  type: 'article' | 'term';
  difficulty: number;
  tags: string[];
}


export function buildLearningPath(target: PathCandidate, candidates: PathCandidate[], userLevel: Level = 'Intermediate'): LearningPath | undefined {
  const ceiling = USER_LEVEL[userLevel] + 1;
  const seen = new Set<string>();
  const pool = [target, ...candidates].filter((c) => c.difficulty <= ceiling && !seen.has(c.key) && seen.add(c.key));
  if (pool.length < MIN_MATCHES) return undefined;
  const typeRank = (c: PathCandidate) => (c.type === 'term' ? 0 : 1);
  pool.sort((a, b) => a.difficulty - b.difficulty || typeRank(a) - typeRank(b) || a.title.localeCompare(b.title) || a.key.localeCompare(b.key));
  const steps = pool.slice(0, MAX_STEPS).map((c, i): LearningStep => ({
    order: i + 1,
    id: c.key,
    title: c.title,
    type: c.type,
    slug: c.slug,
    difficulty: c.difficulty,
    reasoning: c.key === target.key
      ? `The item you are studying (${difficultyLevel(c.difficulty)}).`
      : `${c.type === 'term' ? 'A term' : 'An article'} at ${difficultyLevel(c.difficulty).toLowerCase()} level${sharedTagText(target, c)}.`,
  }));
  const tags = [...new Set(pool.slice(0, MAX_STEPS).flatMap((c) => c.tags))].sort().slice(0, 6);
  return {
    title: `Learning path: ${target.title}`,
    description: `${steps.length} steps from the basics to ${target.title}, ordered by difficulty for an ${userLevel.toLowerCase()} reader.`,
    steps,
    estimatedMinutes: steps.length * MINUTES_PER_STEP,
    estimatedTime: `${steps.length * MINUTES_PER_STEP} min`,
    tags,
  };
}

function sharedTagText(target: PathCandidate, c: PathCandidate): string {
  const shared = c.tags.filter((t) => target.tags.includes(t));
  return shared.length ? `, sharing ${shared.join(', ')}` : '';
}
