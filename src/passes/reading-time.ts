/**
 * Word count and reading time: ceil(words / 200), shown "N min read" (spec §9). Words are those a
 * reader reads on the page: the body, the answer, the key takeaways and the FAQ.
 * Reads: article bodies and fields. Writes: ArticleStats per slug. Needs: article-html, article-fields.
 */
import { WORDS_PER_MINUTE } from '../constants.js';
import type { ArticleStats } from '../model.js';
import type { ArticleBody } from './article-html.js';
import type { ArticleFields } from './article-fields.js';
import { countWordsOf } from './word-scan.js';

/** Words as a reader counts them: "attorney's", "e-mail" and "3.5" are one word each. */
export const countWords = (text: string): number => countWordsOf(text, "'’.-");

export function readingStats(body: ArticleBody, fields: ArticleFields): ArticleStats {
  const parts = [
    body.plainText,
    ...(fields.answer?.points ?? []),
    ...fields.takeaways,
    ...fields.faq.flatMap((f) => [f.q, f.aText]),
  ];
  const wordCount = parts.reduce((sum, p) => sum + countWords(p), 0);
  const minutes = Math.max(1, Math.ceil(wordCount / WORDS_PER_MINUTE));
  return { wordCount, minutes, readingTime: `${minutes} min` };
}
