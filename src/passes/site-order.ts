/**
 * Orders that every list shares: articles newest first (then by title), terms by title, and the
 * prev/next neighbours of each article in that order. Sorted so output is byte-identical.
 * Reads: articles, terms. Writes: ordered lists, neighbours, glossary letter groups. Spec §2.
 */
import type { ArticleMeta, Term } from '../model.js';

export function orderArticles<A extends ArticleMeta>(articles: A[]): A[] {
  return [...articles].sort((a, b) => b.datePublished.localeCompare(a.datePublished) || a.title.localeCompare(b.title) || a.slug.localeCompare(b.slug));
}

export function orderTerms(terms: Term[]): Term[] {
  return [...terms].sort((a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) || a.slug.localeCompare(b.slug));
}

export interface Neighbours {
  prev?: { slug: string; title: string };
  next?: { slug: string; title: string };
}

/** prev = the newer article, next = the older one, in list order. */
export function findNeighbours(ordered: ArticleMeta[]): Map<string, Neighbours> {
  return new Map(
    ordered.map((a, i) => {
      const prev = ordered[i - 1];
      const next = ordered[i + 1];
      return [a.slug, { prev: prev && { slug: prev.slug, title: prev.title }, next: next && { slug: next.slug, title: next.title } }];
    }),
  );
}

export interface LetterGroup {
  letter: string;
  slugs: string[];
}

/** Groups terms by the first letter of their title; anything not A–Z goes under "#". */
export function groupTermsByLetter(ordered: Term[]): LetterGroup[] {
  const groups = new Map<string, string[]>();
  for (const t of ordered) {
    const first = t.title.normalize('NFKD').charAt(0).toUpperCase();
    const letter = /[A-Z]/.test(first) ? first : '#';
    if (!groups.has(letter)) groups.set(letter, []);
    groups.get(letter)!.push(t.slug);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b))).map(([letter, slugs]) => ({ letter, slugs }));
}
