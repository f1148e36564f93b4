/**
 * Similarity (spec §9): 0.4 × tag Jaccard + 0.3 × title-word Jaccard + 0.3 × text-word Jaccard.
 * Words are lowercase letters/digits runs of at least 3 characters, as a set; word sets are stored
 * as sorted integer ids so a Jaccard is one merge.
 */

import { scanRuns } from '../word-scan.js';
import { sortIds, WordIds } from './word-ids.js';

export interface Features {
  tags: Int32Array;
  title: Int32Array;
  text: Int32Array;
}

export const WEIGHTS = { tags: 0.4, title: 0.3, text: 0.3 } as const;

/** The distinct words of a text: runs of at least 3 letters or digits, lowercased, in order of first use. */
export function words(text: string): string[] {
  const lower = text.toLowerCase();
  const seen = new Set<string>();
  scanRuns(lower, 3, (start, end) => seen.add(lower.slice(start, end)));
  return [...seen];
}

/** The distinct words of a text, joined by spaces in order of first use: a text's word set in a form
 * that is cheap to send between threads and to keep in a cache (text-features.ts). */
export function textWords(text: string): string {
  return words(text).join(' ');
}

/**
 * Interns strings as integers; one per run, so ids are comparable within it. Ids follow first use
 * (after the words of `start`, an earlier run's vocabulary being reused), so anything that orders
 * words must compare `word(id)`, never ids, to be independent of the order items were interned in.
 */
export function createVocabulary(start: readonly string[] = []) {
  const ids = new WordIds(start);
  const id = (w: string) => ids.idOf(w);
  const toSet = (list: string[]) => Int32Array.from(new Set(list.map(id))).sort();
  /** The word set of a text. */
  const wordSet = (text: string) => Int32Array.from(words(text), id).sort();
  /** The word set of `textWords(text)` output (distinct words joined by spaces), read in place. */
  const wordsSet = (joined: string) => (joined === '' ? new Int32Array(0) : sortIds(ids.idsOfJoined(joined)));
  return { toSet, wordSet, wordsSet, words: ids.words as readonly string[], size: () => ids.size };
}

/** |A ∩ B| / |A ∪ B| over sorted id arrays; 0 when both are empty. */
export function jaccard(a: Int32Array, b: Int32Array): number {
  if (a.length === 0 && b.length === 0) return 0;
  let i = 0;
  let j = 0;
  let common = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) (common++, i++, j++);
    else if (a[i] < b[j]) i++;
    else j++;
  }
  return common / (a.length + b.length - common);
}

export function similarity(a: Features, b: Features): number {
  return WEIGHTS.tags * jaccard(a.tags, b.tags) + WEIGHTS.title * jaccard(a.title, b.title) + WEIGHTS.text * jaccard(a.text, b.text);
}
