/**
 * Finds and ranks the documents of a query: every group of the query must match (a word, or each
 * word of a phrase); a word matches itself, longer words it starts while it is being typed, and
 * words one typo away when it is in no document. A document's score adds, per word, its weight
 * there: the field it is in counts most (a title far above a passing mention), then how often it
 * occurs, times how rare the word is; a word found by its start or by a typo counts less.
 * Facets narrow the results, and their counts are those each value would give with the other
 * facets as they are.
 */
import { decodeFacets } from '../../../../src/search/codec.js';
import { DOC_TYPES, type DocType, fieldOf, type FacetsFile, frequencyOf } from '../../../../src/search/format.js';
import type { DocRef, IndexReader, WordPostings } from './index-reader.js';
import type { QueryGroup } from './query.js';
import { otherNumber } from './inflections.js';
import { oneEditApart, typoPrefixes } from './typo.js';

/** What each field adds to a word's score (search/format.ts FIELD: body, lead, tag, alias, title). */
const FIELD_BOOST = [0, 2, 3, 6, 10];
const KIND_FACTOR = { exact: 1, number: 0.9, prefix: 0.7, typo: 0.6 } as const;
const PREFIX_WORDS = 12;
const TYPO_WORDS = 3;
const MIN_TYPO_LENGTH = 4;

export interface WordMatch {
  word: string;
  kind: keyof typeof KIND_FACTOR;
  postings: WordPostings;
}

export interface Hit extends DocRef {
  score: number;
}

export interface Filters {
  types: DocType[];
  jurisdictions: string[];
  tags: string[];
}

export interface FacetCounts {
  types: Map<DocType, number>;
  jurisdictions: Map<string, number>;
  tags: Map<string, number>;
}

const countOf = (p: WordPostings) => DOC_TYPES.reduce((n, t) => n + p[t].length / 2, 0);

/** The index's words a query word matches: itself, its singular or plural (inflections.ts; not for
 * a word of a phrase, which is matched as written), longer words it starts (while typed), or, when
 * none is in any document, words one typo away (the most common first). */
export async function matchWord(reader: IndexReader, word: string, prefix: boolean, inflect = true): Promise<WordMatch[]> {
  const forms = [word, ...(inflect ? otherNumber(word) : [])];
  const found = await Promise.all(forms.map((w) => reader.postings(w)));
  const out: WordMatch[] = [];
  forms.forEach((w, i) => found[i] && out.push({ word: w, kind: i === 0 ? 'exact' : 'number', postings: found[i]! }));
  if (prefix) {
    const longer = await reader.wordsStarting(word, PREFIX_WORDS);
    const found = await Promise.all(longer.map((w) => reader.postings(w)));
    longer.forEach((w, i) => found[i] && !forms.includes(w) && out.push({ word: w, kind: 'prefix', postings: found[i]! }));
  }
  if (out.length === 0 && word.length >= MIN_TYPO_LENGTH) {
    const near = (await reader.vocabulary(typoPrefixes(word))).filter((w) => oneEditApart(word, w));
    const found = (await Promise.all(near.map(async (w) => ({ word: w, kind: 'typo' as const, postings: (await reader.postings(w))! })))).filter((m) => m.postings);
    out.push(...found.sort((a, b) => countOf(b.postings) - countOf(a.postings) || (a.word < b.word ? -1 : 1)).slice(0, TYPO_WORDS));
  }
  return out;
}

const keyOf = (type: DocType, n: number) => DOC_TYPES.indexOf(type) * 2 ** 26 + n;
const refOf = (key: number): DocRef => ({ type: DOC_TYPES[Math.floor(key / 2 ** 26)], n: key % 2 ** 26 });

/** Per document, the score of one query word: the best of its matches there. */
function wordScores(matches: WordMatch[], total: number): Map<number, number> {
  const scores = new Map<number, number>();
  for (const m of matches) {
    const idf = Math.log(1 + total / Math.max(1, countOf(m.postings)));
    for (const type of DOC_TYPES) {
      const pairs = m.postings[type];
      for (let i = 0; i < pairs.length; i += 2) {
        const score = KIND_FACTOR[m.kind] * idf * (FIELD_BOOST[fieldOf(pairs[i + 1])] + frequencyOf(pairs[i + 1]));
        const key = keyOf(type, pairs[i]);
        if (score > (scores.get(key) ?? 0)) scores.set(key, score);
      }
    }
  }
  return scores;
}

/** The documents every group matches, best first. `matches`: per group, per indexed word, its matches. */
export function rankDocuments(matches: WordMatch[][][], total: number): Hit[] {
  let combined: Map<number, number> | undefined;
  for (const group of matches) {
    for (const word of group) {
      const scores = wordScores(word, total);
      if (!combined) combined = scores;
      else {
        const next = new Map<number, number>();
        for (const [key, score] of combined) {
          const s = scores.get(key);
          if (s !== undefined) next.set(key, score + s);
        }
        combined = next;
      }
    }
  }
  return [...(combined ?? [])].map(([key, score]) => ({ ...refOf(key), score })).sort(byRank);
}

/** Higher score first; then articles, terms, datasets; newer articles first, the rest in order. */
export function byRank(a: Hit, b: Hit): number {
  return b.score - a.score || DOC_TYPES.indexOf(a.type) - DOC_TYPES.indexOf(b.type) || (a.type === 'article' ? b.n - a.n : a.n - b.n);
}

/** Every document, as results with no query (facets alone): in the byRank order. */
export function allDocuments(counts: Record<DocType, number>): Hit[] {
  return DOC_TYPES.flatMap((type) => Array.from({ length: counts[type] }, (_, n) => ({ type, n, score: 0 }))).sort(byRank);
}

/** Per type, per document: its jurisdiction and tag numbers. */
export type DocFacets = Record<DocType, [number[], number[]][]>;

/** The facets file, read. */
export const readFacets = (file: FacetsFile): DocFacets => Object.fromEntries(DOC_TYPES.map((t) => [t, decodeFacets(file[t])])) as DocFacets;

/** The hits the filters keep, and the count of each facet value. */
export function applyFacets(hits: Hit[], facets: DocFacets, names: { jurisdictions: string[]; tags: [string, string][] }, filters: Filters): { hits: Hit[]; counts: FacetCounts } {
  const jurisdictionNo = new Set(filters.jurisdictions.map((j) => names.jurisdictions.indexOf(j)));
  const tagNo = new Set(filters.tags.map((t) => names.tags.findIndex(([slug]) => slug === t)));
  const counts: FacetCounts = { types: new Map(), jurisdictions: new Map(), tags: new Map() };
  const add = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
  const kept: Hit[] = [];
  for (const hit of hits) {
    const [jurisdictions, tags] = facets[hit.type][hit.n];
    const typeOk = filters.types.length === 0 || filters.types.includes(hit.type);
    const jurisdictionOk = jurisdictionNo.size === 0 || jurisdictions.some((j) => jurisdictionNo.has(j));
    const tagOk = tagNo.size === 0 || tags.some((t) => tagNo.has(t));
    if (jurisdictionOk && tagOk) add(counts.types, hit.type);
    if (typeOk && tagOk) for (const j of jurisdictions) add(counts.jurisdictions, names.jurisdictions[j]);
    if (typeOk && jurisdictionOk) for (const t of tags) add(counts.tags, names.tags[t][0]);
    if (typeOk && jurisdictionOk && tagOk) kept.push(hit);
  }
  return { hits: kept, counts };
}

/** Each group's words matched in the index (per word, its matches): what rankDocuments reads. */
export async function matchGroups(reader: IndexReader, groups: QueryGroup[]): Promise<WordMatch[][][]> {
  return Promise.all(groups.map((g) => Promise.all(g.indexed.map((w) => matchWord(reader, w, g.prefix, !g.phrase)))));
}
