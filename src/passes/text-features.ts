/**
 * What the site-wide passes need of an article's plain text, taken once where the body is rendered
 * (the plain text itself stays there): its word set for similarity, its length and technical words
 * for difficulty, and its words for the site search (made with its fields: search/postings.ts).
 * Reads: one plain text. Writes: TextFeatures. Needs: article-html. Spec §9 (similarity, difficulty).
 */
import type { TextFeatures } from '../model.js';
import type { DocPostings } from '../search/format.js';
import { difficultyText } from './recommendations/difficulty.js';
import { textWords } from './recommendations/similarity.js';

/** `words`: the text's word set when the search's postings found it (search/postings.ts). */
export function textFeatures(plainText: string, search: DocPostings, words?: string): TextFeatures {
  return {
    words: words ?? textWords(plainText),
    ...difficultyText(plainText),
    search,
  };
}
