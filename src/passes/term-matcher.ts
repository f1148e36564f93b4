/**
 * One combined matcher for every glossary term, so auto-linking makes a single pass over a text
 * whatever the number of terms (DESIGN.md "Scale"). A term is matched by its title (a trailing
 * parenthetical dropped, "Retrieval-augmented generation (RAG)" also matching the acronym "RAG") and
 * its aliases (alsoCalled), or, when it has `linkOnly` phrases, by those alone. Whole words only,
 * case-insensitively except for acronyms, longest match first, with a simple plural. The punctuation
 * between and after a phrase's words must be the phrase's own ("502(d) order" matches "502(d) order",
 * not "502 d order"); any run of whitespace matches any other.
 * A term's `noLink` phrases are matched too, as stops: where one is the longest match, its words
 * stay plain text ("relevance score" never links to relevance), unless another term has that very
 * phrase as its own.
 * Reads: terms. Writes: TermMatcher (an immutable trie).
 */
import type { Term } from '../model.js';
import { scanWords, wordEndAt, wordStartFrom } from './word-scan.js';

/** What the matcher reads of a term (the link rules are optional, for tests and small callers). */
export type LinkTerm = Pick<Term, 'slug' | 'title'> & Partial<Pick<Term, 'alsoCalled' | 'noLink' | 'linkOnly' | 'formerSlugs'>>;

/** Only what the matcher reads of a term, so that (in a build's setup key) an edit to a definition
 * does not count as a change to what bodies are linked against. */
export function linkTermOf(t: LinkTerm): LinkTerm {
  return { slug: t.slug, title: t.title, alsoCalled: t.alsoCalled ?? [], noLink: t.noLink ?? [], linkOnly: t.linkOnly ?? [], formerSlugs: t.formerSlugs ?? [] };
}

interface Entry {
  slug: string;
  /** For acronyms: the exact tokens that must appear. */
  exact?: string[];
  /** Punctuation that must follow the last word ("26(f)" ends in ")"). */
  tail: string;
  /** Lower wins at one node: a title, then an alias or linkOnly phrase, then a stop (noLink). */
  rank: 0 | 1 | 2;
}

interface TrieNode {
  next: Map<string, TrieNode>;
  entries: Entry[];
}

export interface TermMatch {
  slug: string;
  start: number;
  end: number;
}

export interface TermMatcher {
  /** All non-overlapping links in `text`, left to right, longest first at each position. */
  find(text: string): TermMatch[];
  readonly size: number;
  /** The slug a term has now, for one it had before (`formerSlugs`): an editor's link to the old
   * address still mentions the term. Any other slug as given. */
  currentSlug(slug: string): string;
}

// Words with inner hyphens or apostrophes stay one token: "retrieval-augmented", "attorney's".
const JOINERS = "'’-";

export function tokenize(text: string): { word: string; start: number; end: number }[] {
  const out: { word: string; start: number; end: number }[] = [];
  scanWords(text, JOINERS, (start, end) => out.push({ word: text.slice(start, end), start, end }));
  return out;
}

/** The text between two words as phrases compare it: each run of whitespace one space. */
export const normalizeGap = (gap: string) => (gap.length === 1 && gap === ' ' ? gap : gap.replace(/\s+/g, ' '));

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over the lowercased code units of an ASCII word, as mayStart computes it for a scanned word. */
function asciiHash(text: string, start: number, end: number): number {
  let h = FNV_OFFSET;
  for (let k = start; k < end; k++) {
    let c = text.charCodeAt(k);
    if (c >= 65 && c <= 90) c += 32;
    h = Math.imul(h ^ c, FNV_PRIME);
  }
  return h;
}

const ACRONYM = /^[A-Z][A-Z0-9-]{1,}$/;

export interface TermPhrase {
  phrase: string;
  /** Matched with the exact capitals (acronyms). */
  exact: boolean;
  kind: 'title' | 'alias' | 'stop';
}

/** The phrases a term links by (its linkOnly phrases, or else its title and aliases, less any listed
 * under noLink), then its stops: the noLink phrases that are not one of those names. */
export function termPhrases(term: LinkTerm): TermPhrase[] {
  const names: TermPhrase[] = term.linkOnly?.length ? term.linkOnly.map((phrase) => ({ phrase, exact: ACRONYM.test(phrase), kind: 'alias' })) : ownPhrases(term);
  if (!term.noLink?.length) return names;
  const unlinked = new Set((term.noLink ?? []).map(phraseKey));
  const phrases = names.filter((p) => !unlinked.has(phraseKey(p.phrase)));
  const named = new Set(names.map((p) => phraseKey(p.phrase)));
  for (const phrase of term.noLink ?? []) if (!named.has(phraseKey(phrase))) phrases.push({ phrase, exact: false, kind: 'stop' });
  return phrases;
}

/** Two phrasings are the same phrase when their words (in any case) and punctuation are. */
export function phraseKey(phrase: string): string {
  const parsed = phraseKeys(phrase);
  return parsed ? `${parsed.keys.join('\u0000')}\u0000${parsed.tail}` : '';
}

/** A term's own names: its title (and a trailing acronym in parentheses) and its aliases. */
export function ownPhrases(term: Pick<LinkTerm, 'title' | 'alsoCalled'>): TermPhrase[] {
  const phrases: TermPhrase[] = [];
  // "… (RAG)": a parenthetical after a space is an acronym or a gloss, not part of the name; "Rule 26(f)" keeps its "(f)".
  const base = term.title.replace(/\s+\([^)]*\)\s*$/, '').trim();
  if (base) phrases.push({ phrase: base, exact: false, kind: 'title' });
  const paren = /\s\(([^)]*)\)\s*$/.exec(term.title)?.[1]?.trim();
  if (paren && ACRONYM.test(paren)) phrases.push({ phrase: paren, exact: true, kind: 'title' });
  for (const alias of term.alsoCalled ?? []) if (alias.trim()) phrases.push({ phrase: alias.trim(), exact: ACRONYM.test(alias.trim()), kind: 'alias' });
  return phrases;
}

/** A phrase as trie keys: its first word, then each gap and word; and what must follow its last word. */
function phraseKeys(phrase: string): { keys: string[]; words: string[]; tail: string } | undefined {
  const tokens = tokenize(phrase);
  if (tokens.length === 0) return undefined;
  const keys = tokens.map((t, k) => (k === 0 ? '' : normalizeGap(phrase.slice(tokens[k - 1].end, t.start))) + t.word.toLowerCase());
  return { keys, words: tokens.map((t) => t.word), tail: phrase.slice(tokens[tokens.length - 1].end).trimEnd() };
}

export function buildTermMatcher(terms: LinkTerm[]): TermMatcher {
  const root = phraseTrie(terms);
  const renamed = new Map(terms.flatMap((t) => (t.formerSlugs ?? []).map((former) => [former, t.slug] as const)));
  return { find: finderOver(root, firstWordHashes(root)), size: terms.length, currentSlug: (slug) => renamed.get(slug) ?? slug };
}

/** Every term's phrases in one trie of words (and the gaps between them), entries ranked at each end. */
function phraseTrie(terms: LinkTerm[]): TrieNode {
  const root: TrieNode = { next: new Map(), entries: [] };
  const rankOf = { title: 0, alias: 1, stop: 2 } as const;
  // Sorted so that when two terms share a phrase, the same one wins on every build.
  for (const term of [...terms].sort((a, b) => a.slug.localeCompare(b.slug))) {
    for (const { phrase, exact, kind } of termPhrases(term)) {
      const parsed = phraseKeys(phrase);
      if (!parsed) continue;
      let node = root;
      for (const key of parsed.keys) {
        let child = node.next.get(key);
        if (!child) node.next.set(key, (child = { next: new Map(), entries: [] }));
        node = child;
      }
      const entry: Entry = { slug: term.slug, exact: exact ? parsed.words : undefined, tail: parsed.tail, rank: rankOf[kind] };
      if (!node.entries.some((e) => e.slug === entry.slug && e.rank === entry.rank && e.tail === entry.tail && String(e.exact) === String(entry.exact))) node.entries.push(entry);
    }
  }
  // Stable: by rank, then in slug order.
  const sortEntries = (node: TrieNode): void => {
    node.entries.sort((a, b) => a.rank - b.rank);
    for (const child of node.next.values()) sortEntries(child);
  };
  sortEntries(root);
  return root;
}

/**
 * The hashes of the phrases' first words (asciiHash), for mayStart: of those of ASCII letters and
 * digits only (a word with other characters takes the full path).
 */
function firstWordHashes(root: TrieNode): Set<number> {
  const firstWords = new Set<number>();
  for (const key of root.next.keys()) if (/^[\x00-\x7f]*$/.test(key)) firstWords.add(asciiHash(key, 0, key.length));
  return firstWords;
}

/**
 * Whether the word at text[start, end) may start a match: only if it (or, for a plural, it without
 * its "s") is a phrase's first word. The word is hashed in place, so the many that cannot start one
 * are never sliced or lowercased.
 */
function mayStart(firstWords: Set<number>, text: string, start: number, end: number): boolean {
  let h = FNV_OFFSET;
  let beforeLast = h;
  for (let k = start; k < end; k++) {
    let c = text.charCodeAt(k);
    if (c >= 128) return true;
    if (c >= 65 && c <= 90) c += 32;
    beforeLast = h;
    h = Math.imul(h ^ c, FNV_PRIME);
  }
  if (firstWords.has(h)) return true;
  return end - start > 3 && (text.charCodeAt(end - 1) | 32) === 115 && firstWords.has(beforeLast);
}

/** The matcher's one pass over a text: the longest phrase at each word, left to right. Words are
 * read one at a time (as scanWords would find them), and those after a word that may start a phrase
 * only as far as the trie asks for them. */
function finderOver(root: TrieNode, firstWords: Set<number>): (text: string) => TermMatch[] {
  return (text) => {
    const matches: TermMatch[] = [];
    // The words of one walk down the trie, from the word it starts at.
    const starts: number[] = [];
    const ends: number[] = [];
    for (let start = wordStartFrom(text, 0); start !== -1; ) {
      let next = wordEndAt(text, start, JOINERS);
      if (mayStart(firstWords, text, start, next)) {
        starts.length = 0;
        ends.length = 0;
        starts.push(start);
        ends.push(next);
        const best = longestFrom(root, text, starts, ends);
        if (best) {
          // A stop (noLink phrase) keeps its words as plain text.
          if (best.entry.rank !== 2) matches.push({ slug: best.entry.slug, start, end: ends[best.endWord] + best.entry.tail.length });
          next = ends[best.endWord];
        }
      }
      start = wordStartFrom(text, next);
    }
    return matches;
  };
}

/** The longest phrase that starts at the word starts[0]: its entry and the index of its last word.
 * Reads the following words into `starts` and `ends` as the walk needs them. */
function longestFrom(root: TrieNode, text: string, starts: number[], ends: number[]): { entry: Entry; endWord: number } | undefined {
  let node: TrieNode | undefined = root;
  let best: { entry: Entry; endWord: number } | undefined;
  for (let j = 0; node; j++) {
    if (j === starts.length) {
      const start = wordStartFrom(text, ends[j - 1]);
      if (start === -1) break;
      starts.push(start);
      ends.push(wordEndAt(text, start, JOINERS));
    }
    const gap = j === 0 ? '' : normalizeGap(text.slice(ends[j - 1], starts[j]));
    const lower = text.slice(starts[j], ends[j]).toLowerCase();
    const exactNode: TrieNode | undefined = node.next.get(gap + lower);
    // A plural ("privilege logs") may end a phrase but not continue one.
    const pluralNode = lower.length > 3 && lower.endsWith('s') ? node.next.get(gap + lower.slice(0, -1)) : undefined;
    // An entry's exact words are the phrase's, one per word of the walk so far (a node's depth).
    const accept = (at: TrieNode | undefined) => {
      const hit = at?.entries.find((e) => text.startsWith(e.tail, ends[j]) && (!e.exact || e.exact.every((w, k) => text.slice(starts[k], ends[k]) === w)));
      if (hit) best = { entry: hit, endWord: j };
    };
    if (pluralNode) accept(pluralNode);
    if (exactNode) accept(exactNode);
    node = exactNode;
  }
  return best;
}
