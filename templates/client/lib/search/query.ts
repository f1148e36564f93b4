/**
 * A search query as the reader typed it, read into groups that must all match: single words, and
 * phrases (in quotes, or a word joined by punctuation, such as "902(14)" or "attorney-client"),
 * whose words must stand together in a passage. The last word, while the reader is still typing it
 * (no space after it), also matches longer words it starts.
 */
import { initialisms, isIndexed, tokenize } from '../../../../src/search/tokens.js';

export interface QueryGroup {
  /** Every word, single letters included (a phrase is checked against the text with them). */
  words: string[];
  /** The words the index is asked for: those it holds (search/tokens.ts isIndexed), and each
   * initialism whole ("U.S.C." is "usc"), its letters then checked as a phrase. */
  indexed: string[];
  phrase: boolean;
  /** The last word of the query, still being typed: longer words it starts match too. */
  prefix: boolean;
}

/** The groups of a query; none for one with no words. */
export function parseQuery(query: string): QueryGroup[] {
  const groups: QueryGroup[] = [];
  const add = (text: string, quoted: boolean) => {
    const words = tokenize(text).map((t) => t.word);
    if (words.length === 0) return;
    const indexed = [...new Set([...words.filter(isIndexed), ...initialisms(text)])];
    groups.push({ words, indexed, phrase: quoted || words.length > 1, prefix: false });
  };
  // Quoted parts are phrases (an unclosed quote runs to the end); the rest is split at spaces.
  const parts = query.split('"');
  parts.forEach((part, i) => {
    if (i % 2 === 1) add(part, true);
    else for (const raw of part.split(/\s+/)) add(raw, false);
  });
  const last = groups[groups.length - 1];
  const open = parts.length % 2 === 0;
  if (last && !last.phrase && !open && !/\s$/.test(query) && last.words[0].length >= 3) last.prefix = true;
  // A group of single letters alone ("a", "U. S.") cannot be looked up: it only narrows a phrase.
  return groups.filter((g) => g.indexed.length > 0);
}

/** Whether `words` stand together, in order, in `passage` (the words of a passage). */
export function containsPhrase(passage: readonly string[], words: readonly string[]): boolean {
  outer: for (let i = 0; i + words.length <= passage.length; i++) {
    for (let k = 0; k < words.length; k++) if (passage[i + k] !== words[k]) continue outer;
    return true;
  }
  return false;
}
