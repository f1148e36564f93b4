/**
 * What the site-wide passes need of an article's plain text, taken once where the body is rendered
 * (the plain text itself stays there): its word set for similarity, its length and technical words
 * for difficulty, and its start for the search index.
 * Reads: one plain text. Writes: TextFeatures. Needs: article-html. Spec §9 (similarity, difficulty).
 */
import type { TextFeatures } from '../model.js';
import { difficultyText } from './recommendations/difficulty.js';
import { textWords } from './recommendations/similarity.js';
import { BODY_CHARS } from './search-index.js';

export function textFeatures(plainText: string): TextFeatures {
  return {
    words: textWords(plainText),
    ...difficultyText(plainText),
    searchText: plainText.slice(0, BODY_CHARS),
  };
}
