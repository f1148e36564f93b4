/**
 * What an item's recommendations page shows (spec §2 recommendations page, §4 labels): its
 * difficulty and level, similar and related content, prerequisites, advanced reading and a learning
 * path. Made by passes/recommendations.ts, presented by templates/pages/RecommendationsPage.tsx.
 */

/** Spec §4: 2 or less Beginner, 3 Intermediate, 4 Advanced, 5 Expert (passes/recommendations/difficulty.ts). */
export type Level = 'Beginner' | 'Intermediate' | 'Advanced' | 'Expert';

/** An article or a term as recommendations show it. */
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

/** One recommended item, with why it is recommended. */
export interface RecResult {
  item: RecItem;
  score: number;
  sharedTags: string[];
  reasons: string[];
  relationship: 'related' | 'similar' | 'advanced' | 'prerequisite';
}

/** Everything one item's recommendations page shows. */
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

/** Spec §3 "Learning path" (passes/recommendations/learning-path.ts): its steps, easiest first. */
export interface LearningStep {
  order: number;
  id: string;
  title: string;
  type: 'article' | 'term';
  slug: string;
  difficulty: number;
  reasoning: string;
}

export interface LearningPath {
  title: string;
  description: string;
  steps: LearningStep[];
  estimatedTime: string;
  estimatedMinutes: number;
  tags: string[];
}
