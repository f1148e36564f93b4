/**
 * Difficulty and complexity (spec §4, §9).
 * Page difficulty: start 1; +2 for a technical tag (technology, ai, forensics, advanced-methodology),
 * else +1 for evidence, procedure or analysis; +1 when the text exceeds 1000 characters; +1 for more
 * than 2 technical words; +0.5 for articles; rounded, kept within 1–5.
 * Levels: 2 or less Beginner, 3 Intermediate, 4 Advanced, 5 Expert.
 * Complexity (learning-path bands): word count / 1000 up to 3, +2 per advanced keyword in tags,
 * −1 per basic keyword, clamped 1–5; bands beginner ≤ 2, intermediate ≤ 3.5, advanced above.
 */
import type { TextFeatures } from '../../model.js';
import type { Level } from '../../model/recommendations.js';

export const TECHNICAL_TAGS = ['technology', 'ai', 'forensics', 'advanced-methodology'];
export const MODERATE_TAGS = ['evidence', 'procedure', 'analysis'];
/** Words that mark technical text; "more than 2" distinct ones add a point. */
export const TECHNICAL_WORDS = ['algorithm', 'api', 'checksum', 'embedding', 'embeddings', 'encryption', 'forensic', 'hash', 'json', 'metadata', 'model', 'schema', 'sha-256', 'token', 'vector', 'retrieval', 'database', 'timestamp', 'utc'];
export const ADVANCED_KEYWORDS = ['advanced-methodology', 'forensics', 'ai', 'technology'];
export const BASIC_KEYWORDS = ['workflow', 'methodology', 'ethics'];

/** What difficulty reads of a text: its length and its distinct technical words (countTechnicalWords). */
export type DifficultyText = Pick<TextFeatures, 'textLength' | 'technicalWords'>;

export function pageDifficulty(input: { tags: string[]; isArticle: boolean } & DifficultyText): number {
  let score = 1;
  if (input.tags.some((t) => TECHNICAL_TAGS.includes(t))) score += 2;
  else if (input.tags.some((t) => MODERATE_TAGS.includes(t))) score += 1;
  if (input.textLength > 1000) score += 1;
  if (input.technicalWords > 2) score += 1;
  if (input.isArticle) score += 0.5;
  return Math.min(5, Math.max(1, Math.round(score)));
}

// A technical word counts as a whole word, hyphenated words kept whole ("sha-256" counts, "api" in
// "api-key" does not): not preceded by a letter/digit or "letter/digit-", not followed by one or "-letter/digit".
const TECHNICAL_WORD = new RegExp(`(?<![a-z0-9]|[a-z0-9]-)(?:${[...TECHNICAL_WORDS].sort((a, b) => b.length - a.length).join('|')})(?!-?[a-z0-9])`, 'gi');

/** The difficulty inputs of a text. */
export const difficultyText = (text: string): DifficultyText => ({ textLength: text.length, technicalWords: countTechnicalWords(text) });

/** How many distinct TECHNICAL_WORDS the text uses, counted up to 3: all that difficulty asks is "more than 2". */
function countTechnicalWords(text: string): number {
  const seen = new Set<string>();
  for (const m of text.matchAll(TECHNICAL_WORD)) {
    seen.add(m[0].toLowerCase());
    if (seen.size >= 3) break;
  }
  return seen.size;
}

export function difficultyLevel(score: number): Level {
  if (score <= 2) return 'Beginner';
  if (score === 3) return 'Intermediate';
  if (score === 4) return 'Advanced';
  return 'Expert';
}

/** The user levels a pathway can be asked for, and the highest difficulty each admits (level + 1). */
export const USER_LEVEL: Record<Level, number> = { Beginner: 2, Intermediate: 3, Advanced: 4, Expert: 5 };

export function complexity(input: { wordCount: number; tags: string[] }): number {
  let score = Math.min(3, input.wordCount / 1000);
  score += 2 * input.tags.filter((t) => ADVANCED_KEYWORDS.includes(t)).length;
  score -= input.tags.filter((t) => BASIC_KEYWORDS.includes(t)).length;
  return Math.min(5, Math.max(1, score));
}

export function complexityBand(value: number): 'beginner' | 'intermediate' | 'advanced' {
  if (value <= 2) return 'beginner';
  if (value <= 3.5) return 'intermediate';
  return 'advanced';
}
