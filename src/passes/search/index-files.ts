/**
 * The site search's files (search/format.ts) from its inverted index and documents: chunks of words
 * by prefix, small enough that a query downloads only the few it needs; the vocabulary by two-letter
 * prefix (for typos); blocks of document slugs; every document's facets; the manifest that names
 * them all by content hash.
 * Chunks are split by prefix where they grow past CHUNK_TARGET, so a word's chunk depends only on
 * the words around it: one article's edit changes the chunks of the words it changed and, rarely,
 * a split near them.
 * Reads: WordLists, the documents. Writes: file bodies.
 */
import { BLOCK_SIZES, type BlockFile, type ChunkFile, DOC_TYPES, type DocPostings, type DocType, type FacetsFile, MAX_KEY, type SearchManifest } from '../../search/format.js';
import { encodeFacets } from '../../search/codec.js';
import type { WordLists } from './inverted.js';

/** About how many characters a chunk holds before it is split (gzip makes about a quarter of it). */
export const CHUNK_TARGET = 16_000;
/** The same for a vocabulary file, which is fetched only to match a typo. */
export const VOCAB_TARGET = 6_000;

/** One file of the index: its URL, what is in it (made when it is written), and its content hash. */
export interface SearchFile {
  url: string;
  body: () => string;
  hash: string;
}

export interface SearchFiles {
  /** The manifest, /search-index.json. */
  manifest: string;
  files: SearchFile[];
}

/** One document of the index, in its type's order. */
export interface IndexedDoc {
  slug: string;
  /** Its postings: read only when needed (an unchanged article's are in the build cache's deferred
   * fields, which a rebuild after a small edit never reads). */
  postings: () => DocPostings;
  /** A hash of its postings. */
  key: string;
  /** Terms and datasets: a hash of the fields their postings and what a result shows are made from. */
  source?: string;
  jurisdictions: string[];
  tags: string[];
  /** Terms and datasets: what a result shows (articles show their own JSON file). */
  shown?: { title: string; passages: string[] };
}

export type IndexedDocs = Record<DocType, IndexedDoc[]>;

const sizeOf = (word: string, lists: readonly string[]) => word.length + lists[0].length + lists[1].length + lists[2].length + 12;

/** The chunk key of every word: chunks split by prefix where they grow past CHUNK_TARGET. */
export function partitionWords(lists: WordLists): Map<string, string[]> {
  return partition([...lists.keys()].sort(), (w) => sizeOf(w, lists.get(w)!), CHUNK_TARGET);
}

/** The vocabulary in files of about VOCAB_TARGET characters, split by prefix like the chunks. */
export function vocabularies(lists: WordLists): Map<string, string[]> {
  return partition([...lists.keys()].sort(), (w) => w.length + 1, VOCAB_TARGET);
}

/**
 * Groups sorted words by prefix: a prefix whose words weigh more than `target` is split by the next
 * character, a group that is small (under target / 8) staying with the prefix's own words while they
 * fit. A word belongs to the longest key it starts with ("" holds the words no other key covers), so
 * a group depends only on the words around it, never on the rest.
 */
function partition(words: string[], sizeOf: (word: string) => number, target: number): Map<string, string[]> {
  const sizes = words.map(sizeOf);
  const before = [0];
  for (const s of sizes) before.push(before[before.length - 1] + s);
  const groups = new Map<string, string[]>();
  place({ words, sizes, before, target }, 0, words.length, '', groups);
  return groups;
}

interface Placing {
  words: string[];
  sizes: number[];
  /** Sum of the sizes before each index. */
  before: number[];
  target: number;
}

/** Places words[lo, hi), which all start with `prefix`, into groups. */
function place(p: Placing, lo: number, hi: number, prefix: string, groups: Map<string, string[]>): void {
  const { words, sizes, before, target } = p;
  const depth = prefix.length;
  if (before[hi] - before[lo] <= target || depth >= MAX_KEY) {
    groups.set(prefix, words.slice(lo, hi));
    return;
  }
  // The words that are the prefix itself sort first; the rest by their next character.
  const own: string[] = [];
  let i = lo;
  if (words[i].length === depth) own.push(words[i++]);
  let ownSize = lo === i ? 0 : sizes[lo];
  while (i < hi) {
    const next = words[i][depth];
    let j = i + 1;
    while (j < hi && words[j][depth] === next) j++;
    const size = before[j] - before[i];
    // A small group stays with the prefix's own words while they fit; the rest are chunks of theirs.
    if (size < target / 8 && ownSize + size <= target) {
      own.push(...words.slice(i, j));
      ownSize += size;
    } else place(p, i, j, prefix + next, groups);
    i = j;
  }
  if (own.length) groups.set(prefix, own);
}

/** A chunk file: its words (sorted) with their lists. */
export function chunkBody(words: readonly string[], lists: WordLists): string {
  const file: ChunkFile = {};
  for (const w of words) file[w] = lists.get(w)! as ChunkFile[string];
  return JSON.stringify(file);
}

export const vocabBody = (words: readonly string[]) => JSON.stringify(words.join(' '));

/** The block files of one type, each with what it is made from (its documents' slugs, and for terms
 * and datasets the hashes of what their results show, `source`) and a way to make it. */
export function blocks(type: DocType, docs: readonly IndexedDoc[]): { madeFrom: string; body: () => string }[] {
  const size = BLOCK_SIZES[type];
  const out: { madeFrom: string; body: () => string }[] = [];
  for (let at = 0; at < docs.length; at += size) {
    const these = docs.slice(at, at + size);
    out.push({
      madeFrom: these.map((d) => (d.source ? `${d.slug} ${d.source}` : d.slug)).join('\n'),
      body: () => JSON.stringify(these.map((d): BlockFile[number] => (d.shown ? [d.slug, d.shown.title, d.shown.passages] : d.slug))),
    });
  }
  return out;
}

/** The facet values the facets file numbers: jurisdictions sorted, tags in site.yaml's order. */
export interface FacetNames {
  jurisdictions: string[];
  tags: [slug: string, name: string][];
}

/** Every document's jurisdictions and tags, by the numbers of `names` (in the content's order: the
 * same content gives the same file). */
export function facetsBody(docs: IndexedDocs, names: FacetNames): string {
  const jurisdiction = new Map(names.jurisdictions.map((j, i) => [j, i]));
  const tag = new Map(names.tags.map(([slug], i) => [slug, i]));
  const file = Object.fromEntries(DOC_TYPES.map((type) => [type, encodeFacets(docs[type], jurisdiction, tag)])) as FacetsFile;
  return JSON.stringify(file);
}

export function manifestBody(m: SearchManifest): string {
  return JSON.stringify(m);
}
