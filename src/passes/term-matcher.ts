/**
 * One combined matcher for every glossary term, so auto-linking makes a single pass over a text
 * whatever the number of terms (DESIGN.md "Scale"). Terms are matched by title (a trailing
 * parenthetical dropped, "Retrieval-augmented generation (RAG)" also matching the acronym "RAG"),
 * whole words only, case-insensitively except for acronyms, longest match first, with a simple plural.
 * Reads: terms. Writes: TermMatcher (an immutable trie).
 */
import type { Term } from '../model.js';
import { scanWords } from './word-scan.js';

interface Entry {
  slug: string;
  /** For acronyms: the exact tokens that must appear. */
  exact?: string[];
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
  /** All non-overlapping matches in `text`, left to right, longest first at each position. */
  find(text: string): TermMatch[];
  readonly size: number;
}

// Words with inner hyphens or apostrophes stay one token: "retrieval-augmented", "attorney's".
const JOINERS = "'’-";

export function tokenize(text: string): { word: string; start: number; end: number }[] {
  const out: { word: string; start: number; end: number }[] = [];
  scanWords(text, JOINERS, (start, end) => out.push({ word: text.slice(start, end), start, end }));
  return out;
}

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

/** The phrases a term is recognised by. */
export function termPhrases(term: Pick<Term, 'title'>): { phrase: string; exact: boolean }[] {
  const phrases: { phrase: string; exact: boolean }[] = [];
  const base = term.title.replace(/\s*\([^)]*\)\s*$/, '').trim();
  if (base) phrases.push({ phrase: base, exact: false });
  const paren = /\(([^)]*)\)\s*$/.exec(term.title)?.[1]?.trim();
  if (paren && /^[A-Z][A-Z0-9-]{1,}$/.test(paren)) phrases.push({ phrase: paren, exact: true });
  return phrases;
}

export function buildTermMatcher(terms: Pick<Term, 'slug' | 'title'>[]): TermMatcher {
  const root: TrieNode = { next: new Map(), entries: [] };
  // Sorted so that when two terms share a phrase, the same one wins on every build.
  for (const term of [...terms].sort((a, b) => a.slug.localeCompare(b.slug))) {
    for (const { phrase, exact } of termPhrases(term)) {
      const words = tokenize(phrase).map((t) => t.word);
      if (words.length === 0) continue;
      let node = root;
      for (const w of words) {
        const key = w.toLowerCase();
        let child = node.next.get(key);
        if (!child) node.next.set(key, (child = { next: new Map(), entries: [] }));
        node = child;
      }
      if (!node.entries.some((e) => e.slug === term.slug)) node.entries.push({ slug: term.slug, exact: exact ? words : undefined });
    }
  }

  // A word can start a match only if it (or, for a plural, it without its "s") is a phrase's first
  // word. Each scanned word is hashed in place first, so the many that cannot start one are never
  // sliced or lowercased; only words of ASCII letters and digits are hashed (the rest take the full path).
  const firstWords = new Set<number>();
  for (const key of root.next.keys()) if (/^[\x00-\x7f]*$/.test(key)) firstWords.add(asciiHash(key, 0, key.length));
  const mayStart = (text: string, start: number, end: number): boolean => {
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
  };

  const find = (text: string): TermMatch[] => {
    const starts: number[] = [];
    const ends: number[] = [];
    scanWords(text, JOINERS, (start, end) => (starts.push(start), ends.push(end)));
    const n = starts.length;
    // Lowercased tokens, made as the trie asks for them.
    const lowers: (string | undefined)[] = new Array(n);
    const lowerAt = (k: number) => (lowers[k] ??= text.slice(starts[k], ends[k]).toLowerCase());
    const matches: TermMatch[] = [];
    for (let i = 0; i < n; ) {
      if (!mayStart(text, starts[i], ends[i])) {
        i += 1;
        continue;
      }
      let node: TrieNode | undefined = root;
      let best: { slug: string; endToken: number } | undefined;
      for (let j = i; j < n && node; j++) {
        const lower = lowerAt(j);
        const exactNode: TrieNode | undefined = node.next.get(lower);
        // A plural ("privilege logs") may end a phrase but not continue one.
        const pluralNode = lower.length > 3 && lower.endsWith('s') ? node.next.get(lower.slice(0, -1)) : undefined;
        const accept = (n: TrieNode | undefined) => {
          const hit = n?.entries.find((e) => !e.exact || e.exact.every((w, k) => i + k < ends.length && text.slice(starts[i + k], ends[i + k]) === w));
          if (hit) best = { slug: hit.slug, endToken: j };
        };
        if (pluralNode) accept(pluralNode);
        if (exactNode) accept(exactNode);
        node = exactNode;
      }
      if (best) {
        matches.push({ slug: best.slug, start: starts[i], end: ends[best.endToken] });
        i = best.endToken + 1;
      } else {
        i += 1;
      }
    }
    return matches;
  };

  return { find, size: terms.length };
}
