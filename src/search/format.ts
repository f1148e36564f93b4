/**
 * The files of the site search and what they hold, shared by the build (src/passes/search/, which
 * writes them) and the browser (templates/client/site-search.ts, which reads them). The index is
 * split so a query downloads only what it needs; docs/search.md describes the files and their costs.
 *
 *   /search-index.json                     the manifest: counts, facet names, every file's hash
 *   /assets/search/c-{hash}.json           a chunk: the postings of the words under one prefix
 *   /assets/search/v-{hash}.json           the vocabulary under a prefix (to match typos)
 *   /assets/search/b-{hash}.json           a block of documents: number → slug (and for terms and
 *                                          datasets what a result shows)
 *   /assets/search/f-{hash}.json           every document's facets (jurisdictions, tags)
 *
 * What an article result shows comes from its JSON mirror (/articles/{slug}.json), whose body HTML
 * carries every paragraph's pinpoint id.
 *
 * Browser-safe: no Node imports.
 */

export const DOC_TYPES = ['article', 'term', 'dataset'] as const;
export type DocType = (typeof DOC_TYPES)[number];

/** Where each type's pages and text files are. */
export const DOC_FOLDERS: Record<DocType, string> = { article: 'articles', term: 'glossary', dataset: 'datasets' };

export const MANIFEST_URL = '/search-index.json';
export const FILES_URL = '/assets/search/';
export type FileKind = 'c' | 'v' | 'b' | 'f';
export const fileUrl = (kind: FileKind, hash: string) => `${FILES_URL}${kind}-${hash}.json`;

/** Documents per block file: articles' hold slugs; terms' and datasets' also what a result shows. */
export const BLOCK_SIZES: Record<DocType, number> = { article: 64, term: 16, dataset: 16 };

/** Chunk keys are never longer: a word's chunk is found by looking up its first characters. */
export const MAX_KEY = 12;

/** Where a word matched, best first: what a posting's weight says besides how often. */
export const FIELD = { title: 4, alias: 3, tag: 2, lead: 1, body: 0 } as const;

/** A posting's weight: the best field the word is in, and how often it occurs (a log scale:
 * 1 → 2, 3 → 4, 7 → 6, 15 → 8, … at most 15). */
export const weightOf = (field: number, count: number) => field * 16 + Math.min(15, Math.round(2 * Math.log2(1 + count)));
export const fieldOf = (weight: number) => weight >> 4;
/** About log2(1 + count). */
export const frequencyOf = (weight: number) => (weight & 15) / 2;

/** One document's postings as the build makes them (passes/search/postings.ts) and keeps them. */
export interface DocPostings {
  /** Its indexed words, in order of first use, joined by spaces. */
  words: string;
  /** The weight of each word (weightOf), one character each (its char code). */
  weights: string;
}

/** What a result shows of one document: its title and passages (read in the browser from what the
 * site publishes: templates/client/lib/search/passages.ts). */
export interface DocText {
  title: string;
  /** [id, text] of the headings its passages sit under. */
  headings: [id: string, text: string][];
  /** In page order: [anchor id ('' is the top of the page), index of its heading (-1: none), text]. */
  passages: [anchor: string, heading: number, text: string][];
}

export interface TypeManifest {
  count: number;
  /** The hash of each block file, in order. */
  blocks: string[];
}

export interface SearchManifest {
  format: 'legalsite-search-1';
  types: Record<DocType, TypeManifest>;
  /** [key, hash], sorted by key: a word's postings are in the chunk of the longest key it starts
   * with ("" holds the words no other key covers). */
  chunks: [key: string, hash: string][];
  /** [key, hash], sorted: the vocabulary split by prefix like the chunks, for typo matching. */
  vocab: [key: string, hash: string][];
  /** The hash of the facets file. */
  facets: string;
  /** Names of the facet values the facets file numbers. */
  jurisdictions: string[];
  tags: [slug: string, name: string][];
}

/** A chunk file: word → its postings, one list per type (postings.ts). */
export type ChunkFile = Record<string, [article: string, term: string, dataset: string]>;
/** A vocabulary file: the words under its prefix, sorted, joined by spaces. */
export type VocabFile = string;
/** A block file: documents in number order, by slug; for terms and datasets with what a result
 * shows of them (their title and passages). */
export type BlockFile = (string | [slug: string, title: string, passages: string[]])[];
/** The facets file: per type, every document's jurisdiction and tag numbers (codec.ts encodeFacets). */
export type FacetsFile = Record<DocType, string>;
