/**
 * Checks a term's auto-link rules (term-matcher.ts): each noLink phrase is either one of the
 * phrasings that would link to the term (which it then stops from linking) or a longer phrase
 * holding one; otherwise it protects nothing (usually a typo, or a phrase meant for another term).
 * Reads: one term. Writes: problems through `report`.
 */
import type { FieldPath } from '../load/field-path.js';
import type { Term } from '../model.js';
import { buildTermMatcher, termPhrases, tokenize } from '../passes/term-matcher.js';

type Report = (path: FieldPath, message: string, hint?: string) => void;

export function checkLinkRules(term: Pick<Term, 'slug' | 'title' | 'alsoCalled' | 'noLink' | 'linkOnly'>, report: Report): void {
  const linking = { ...term, noLink: [] };
  const own = buildTermMatcher([linking]);
  term.noLink.forEach((phrase, i) => {
    if (own.find(phrase).length === 0) {
      const linksBy = termPhrases(linking).map((p) => `"${p.phrase}"`).join(', ');
      report(['noLink', i], `"${phrase}" is not and does not contain a phrasing that links to this term (${linksBy})`, 'List the title, an alias or a linkOnly phrase, or one of them with the words around it that change its sense, e.g. "relevance score".');
    }
  });
  term.linkOnly.forEach((phrase, i) => {
    if (tokenize(phrase).length === 0) report(['linkOnly', i], `"${phrase}" has no words`, 'Write the qualified phrase that should link, e.g. "search precision".');
  });
}
